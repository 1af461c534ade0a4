/**
 * The annotator: text and config in, the contract's result out. Stages run in the order of
 * design.md: text (tokenise, segment), match, context, attach, emit.
 */
import { attachHeadsAndRelations } from './attach/heads.ts';
import { systemClock, type Clock } from './clock.ts';
import { applyNegation } from './context/negation.ts';
import { DEFAULT_VENDOR_KEY, type AnnotationResult, type RequestConfig } from './contract.ts';
import type { Dictionary } from './dictionary/lookup.ts';
import type { DictionaryMeta } from './dictionary/types.ts';
import { emitResult } from './emit/emit.ts';
import { extendLaterality } from './match/laterality.ts';
import { matchConcepts } from './match/matcher.ts';
import { createOffsetConverter } from './text/codepoints.ts';
import { segmentSentences } from './text/segment.ts';
import { tokenise } from './text/tokenise.ts';
import { GLOSA_VERSION } from './version.ts';

export interface AnnotatorOptions {
  /** Longest dictionary term in words (default 9, as the original). */
  readonly maxTermWords: number;
  /** Shortest dictionary term in characters, validated short terms exempt (default 3). */
  readonly minTermChars: number;
  /** How many words a negation cue's scope may reach (default 10). */
  readonly negationWindowWords: number;
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
    annotate(text) {
      const tokens = tokenise(text);
      const sentenceOf = segmentSentences(tokens);
      const mentions = matchConcepts(text, tokens, dictionary, options);
      extendLaterality(mentions, tokens);
      applyNegation(mentions, tokens, sentenceOf, { windowWords: options.negationWindowWords });
      attachHeadsAndRelations(mentions, tokens, sentenceOf);
      return emitResult(text, mentions, createOffsetConverter(text), options);
    },
  };
}
