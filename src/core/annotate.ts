/**
 * The annotator: text and config in, the contract's result out. Stages run in the order of
 * design.md: text (tokenise, segment), match, measure (quantities, time), context, attach, emit.
 */
import { attachHeadsAndRelations } from './attach/heads.ts';
import { referenceDateTime, systemClock, type Clock } from './clock.ts';
import { applyContext } from './context/context.ts';
import { DEFAULT_VENDOR_KEY, type AnnotationResult, type RequestConfig } from './contract.ts';
import type { Dictionary } from './dictionary/lookup.ts';
import type { DictionaryMeta } from './dictionary/types.ts';
import { createEmitter } from './emit/emit.ts';
import { extendLaterality } from './match/laterality.ts';
import { matchConcepts } from './match/matcher.ts';
import { applySenses, senseRules } from './match/senses.ts';
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

/** Pipeline stages, in order, as the bench reports their share of the time. */
export const STAGES = ['text', 'match', 'measure', 'context', 'attach', 'emit'] as const;
export type Stage = (typeof STAGES)[number];

/** Runs one stage; a profiler can time it (the core has no clock of its own for that). */
export type StageRunner = <T>(stage: Stage, run: () => T) => T;

const runUntimed: StageRunner = (_stage, run) => run();

export interface Annotator {
  readonly dictionary: DictionaryMeta;
  readonly options: AnnotatorOptions;
  /** Annotates `text`; `config` must already be valid (see `validateAnnotationRequest`). */
  annotate(text: string, config?: RequestConfig): AnnotationResult;
  /** The same, with every stage run through `runStage` (for profiling). */
  annotateStaged(text: string, config: RequestConfig | undefined, runStage: StageRunner): AnnotationResult;
}

export function createAnnotator(dictionary: Dictionary, overrides: Partial<AnnotatorOptions> = {}): Annotator {
  const options: AnnotatorOptions = { ...DEFAULT_ANNOTATOR_OPTIONS, ...overrides };
  const emit = createEmitter(options);
  const senses = senseRules(dictionary);
  const annotateStaged = (text: string, config: RequestConfig | undefined, stage: StageRunner): AnnotationResult => {
    const { tokens, sentenceOf } = stage('text', () => {
      const tokens = tokenise(text);
      return { tokens, sentenceOf: segmentSentences(text, tokens) };
    });
    const concepts = stage('match', () => {
      const found = matchConcepts(text, tokens, dictionary, options);
      applySenses(text, found, tokens, senses);
      extendLaterality(found, tokens);
      return found;
    });
    const mentions = stage('measure', () => {
      const parseQuantities = config?.parse_quantities ?? options.parseQuantities;
      const measured = parseQuantities ? withQuantities(concepts, findQuantities(text, tokens)) : concepts;
      return withTemporal(
        measured,
        findTemporal(tokens, () => referenceDateTime(config?.text_datetime, options.clock), text),
      );
    });
    stage('context', () => applyContext(text, mentions, tokens, sentenceOf, { windowWords: options.negationWindowWords }));
    stage('attach', () => {
      attachHeadsAndRelations(text, mentions, tokens, sentenceOf);
      attachTimes(mentions, tokens, sentenceOf);
    });
    return stage('emit', () => emit(text, mentions, createOffsetConverter(text)));
  };
  return {
    dictionary: dictionary.meta,
    options,
    annotate: (text, config) => annotateStaged(text, config, runUntimed),
    annotateStaged,
  };
}
