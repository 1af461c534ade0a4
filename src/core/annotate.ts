/**
 * The annotator: text and config in, the contract's result out. Stages run in the order of
 * design.md: text (tokenise, segment), match, context, attach, emit.
 */
import { attachHeadsAndRelations } from './attach/heads.ts';
import { referenceDateTime, systemClock, type Clock } from './clock.ts';
import { applyContext } from './context/context.ts';
import { DEFAULT_VENDOR_KEY, type AnnotationResult, type RequestConfig } from './contract.ts';
import type { Dictionary } from './dictionary/lookup.ts';
import type { DictionaryMeta } from './dictionary/types.ts';
import { emitResult } from './emit/emit.ts';
import { extendLaterality } from './match/laterality.ts';
import { matchConcepts } from './match/matcher.ts';
import { findQuantities, withQuantities } from './measure/quantities/quantities.ts';
import { attachTimes } from './measure/time/attach-time.ts';
import { findTemporal, withTemporal } from './measure/time/temporal.ts';
import { createOffsetConverter } from './text/codepoints.ts';
import { segmentSentences } from './text/segment.ts';
import { tokenise } from './text/tokenise.ts';
import { GLOSA_VERSION } from './version.ts';

export interface AnnotatorOptions {
  /** Longest dictionary term in words (default 9, as the original). */
  readonly maxTermWords: number;
  /** Shortest dictionary term in characters, validated short terms exempt (default 3). */
  readonly minTermChars: number;
  /** How many words with no concept a negation or uncertainty scope may run over (default 10). */
  readonly negationWindowWords: number;
  /** Find quantities with units ("64 mg/dl"); a request's `config.parse_quantities` overrides it (default true). */
  readonly parseQuantities: boolean;
  /** Name of the coarse-category key inside `type` (default "vendor"). */
  readonly vendorKey: string;
  /** Version label in every result. */
  readonly version: string;
  /** Current time, used when a request has no `text_datetime`. */
  readonly clock: Clock;
}

export const DEFAULT_ANNOTATOR_OPTIONS: AnnotatorOptions = {
  maxTermWords: 9,
  minTermChars: 3,
  negationWindowWords: 10,
  parseQuantities: true,
  vendorKey: DEFAULT_VENDOR_KEY,
  version: GLOSA_VERSION,
  clock: systemClock,
};

export interface Annotator {
  readonly dictionary: DictionaryMeta;
  readonly options: AnnotatorOptions;
  /** Annotates `text`; `config` must already be valid (see `validateAnnotationRequest`). */
  annotate(text: string, config?: RequestConfig): AnnotationResult;
}

export function createAnnotator(dictionary: Dictionary, overrides: Partial<AnnotatorOptions> = {}): Annotator {
  const options: AnnotatorOptions = { ...DEFAULT_ANNOTATOR_OPTIONS, ...overrides };
  return {
    dictionary: dictionary.meta,
    options,
    annotate(text, config) {
      const tokens = tokenise(text);
      const sentenceOf = segmentSentences(tokens);
      const concepts = matchConcepts(text, tokens, dictionary, options);
      extendLaterality(concepts, tokens);
      const parseQuantities = config?.parse_quantities ?? options.parseQuantities;
      const measured = parseQuantities ? withQuantities(concepts, findQuantities(text, tokens)) : concepts;
      const mentions = withTemporal(measured, findTemporal(tokens, referenceDateTime(config?.text_datetime, options.clock)));
      applyContext(mentions, tokens, sentenceOf, { windowWords: options.negationWindowWords });
      attachHeadsAndRelations(mentions, tokens);
      attachTimes(mentions, tokens, sentenceOf);
      return emitResult(text, mentions, createOffsetConverter(text), options);
    },
  };
}
