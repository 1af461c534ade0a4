/**
 * The annotator: text and config in, the contract's result out. A `Doc` flows through one ordered
 * list of named stages (design.md): text (tokenise, segment), match, measure (quantities, dates),
 * context, attach, emit. Each stage reads the layers before it and adds its own; the mentions are
 * frozen once measured.
 */
import { attachHeadsAndRelations } from './attach/heads.ts';
import { referenceDateTime, systemClock, type Clock } from './clock.ts';
import { compileRules, defaultCompiledRules, type CompiledRules } from './context/compiled-rules.ts';
import { findContext } from './context/context.ts';
import { defaultRules, type ContextRule } from './context/rule-pack.ts';
import { DEFAULT_VENDOR_KEY, type AnnotationResult, type RequestConfig } from './contract.ts';
import type { Dictionary } from './dictionary/lookup.ts';
import type { DictionaryMeta } from './dictionary/types.ts';
import type { Doc } from './doc.ts';
import { withAffirmedSites } from './context/site-negation.ts';
import { createEmitter } from './emit/emit.ts';
import { extendLaterality } from './match/laterality.ts';
import { matchConcepts } from './match/matcher.ts';
import { nestedSiteFinder } from './match/nested-sites.ts';
import { withNestedSites } from './attach/nested-sites.ts';
import { applySenses, senseRules } from './match/senses.ts';
import { allergyWords } from './measure/allergy/allergy.ts';
import { findMedicationWords, MEDICATION_FIRST_TOKENS } from './measure/medication/medication.ts';
import { AGE_UNIT_TOKENS, findAges } from './measure/patient/age.ts';
import { findPatientSex, PATIENT_FIRST_TOKENS } from './measure/patient/patient.ts';
import { findQuantities, withQuantities } from './measure/quantities/quantities.ts';
import { candidateStarts, takenTokens } from './measure/rule-words.ts';
import { findTemporal, withTemporal } from './measure/time/temporal.ts';
import { byPosition, freezeMentions, type Mention } from './mention.ts';
import { createOffsetConverter } from './text/codepoints.ts';
import { findSections } from './text/sections.ts';
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
  /** Emit the sites inside concepts ("cáncer de esófago"); a request's `config.nested_sites` overrides it (default false). */
  readonly nestedSites: boolean;
  /** Name of the coarse-category key inside `type` (default "vendor"). */
  readonly vendorKey: string;
  /** Version label in every result. */
  readonly version: string;
  /** Current time, used when a request has no `text_datetime`. */
  readonly clock: Clock;
  /**
   * Freeze the mentions once measured, so that a later stage that wrote to one would throw (the
   * tests run so; the types already keep stages from it, and freezing costs about 5% of the time).
   */
  readonly freezeMentions: boolean;
  /** Context rules, validated (`defaultRules()`, or a user pack applied with `applyRulePack`). */
  readonly contextRules: readonly ContextRule[];
}

export const DEFAULT_ANNOTATOR_OPTIONS: AnnotatorOptions = {
  maxTermWords: 9,
  minTermChars: 3,
  negationWindowWords: 10,
  parseQuantities: true,
  nestedSites: false,
  vendorKey: DEFAULT_VENDOR_KEY,
  version: GLOSA_VERSION,
  clock: systemClock,
  freezeMentions: false,
  contextRules: defaultRules(),
};

/** Pipeline stages, in order, as the bench reports their share of the time. */
export const STAGES = ['text', 'match', 'measure', 'context', 'attach', 'emit'] as const;
export type Stage = (typeof STAGES)[number];

/** Runs one stage; a profiler can time it (the core has no clock of its own for that). */
export type StageRunner = <T>(stage: Stage, run: () => T) => T;

const runUntimed: StageRunner = (_stage, run) => run();

export interface RunOptions {
  /** The last stage to run (default emit). */
  readonly until?: Stage;
  /** Runs each stage, e.g. to time it. */
  readonly time?: StageRunner;
}

export interface Annotator {
  readonly dictionary: DictionaryMeta;
  readonly options: AnnotatorOptions;
  /** Annotates `text`; `config` must already be valid (see `validateAnnotationRequest`). */
  annotate(text: string, config?: RequestConfig): AnnotationResult;
  /** Runs the stages on `doc` (its text and config) in order, up to `until`; returns the document with their layers. */
  runPipeline(doc: Doc, run?: RunOptions): Doc;
}

/** A stage reads the document and returns only the layers it adds. */
interface StageDefinition {
  readonly name: Stage;
  readonly run: (doc: Doc) => Partial<Doc>;
}

/** A layer an earlier stage should have added. */
function need<T>(layer: T | undefined, name: string, stage: Stage): T {
  if (layer === undefined) throw new Error(`the ${stage} stage needs the ${name} layer: run the stages before it`);
  return layer;
}

function pipelineStages(dictionary: Dictionary, options: AnnotatorOptions, rules: CompiledRules): readonly StageDefinition[] {
  const emit = createEmitter(options);
  const senses = senseRules(dictionary);
  const nestedSites = nestedSiteFinder(dictionary, options);
  const allergies = allergyWords(dictionary);
  const isAllergy = (m: Mention): boolean => allergies.isAllergy(m.concept);
  const ruleFirstTokens = new Set([...MEDICATION_FIRST_TOKENS, ...allergies.firstTokens, ...PATIENT_FIRST_TOKENS, ...AGE_UNIT_TOKENS]);
  const context = { windowWords: options.negationWindowWords };
  return [
    {
      name: 'text',
      run: (doc) => {
        const tokens = tokenise(doc.text);
        const sentenceOf = segmentSentences(doc.text, tokens);
        return { tokens, sentenceOf, sections: findSections(doc.text, tokens, sentenceOf) };
      },
    },
    {
      name: 'match',
      run: (doc) => {
        const tokens = need(doc.tokens, 'tokens', 'match');
        const found = matchConcepts(doc.text, tokens, dictionary, options);
        applySenses(doc.text, found, tokens, senses);
        extendLaterality(found, tokens);
        return { mentions: found };
      },
    },
    {
      name: 'measure',
      run: (doc) => {
        const tokens = need(doc.tokens, 'tokens', 'measure');
        const concepts = need(doc.mentions, 'mentions', 'measure');
        const config = doc.config;
        const parseQuantities = config?.parse_quantities ?? options.parseQuantities;
        const measured = parseQuantities ? withQuantities(concepts, findQuantities(doc.text, tokens)) : concepts;
        const dated = withTemporal(
          measured,
          findTemporal(tokens, () => referenceDateTime(config?.text_datetime, options.clock), doc.text),
        );
        // Words read by rule (routes and dosing words, allergy words, the patient's sex and age) keep off
        // every mention so far and share no word with each other.
        const taken = takenTokens(tokens.length, dated);
        const starts = candidateStarts(tokens, taken, ruleFirstTokens);
        const byRule = [
          ...findMedicationWords(tokens, need(doc.sentenceOf, 'sentences', 'measure'), dated, taken, starts),
          ...allergies.find(tokens, taken, starts),
          ...findPatientSex(tokens, taken, starts),
          ...findAges(tokens, taken, starts),
        ].sort(byPosition);
        const all = withQuantities(dated, byRule);
        return { mentions: options.freezeMentions ? freezeMentions(all) : all };
      },
    },
    {
      name: 'context',
      run: (doc) => {
        const mentions = need(doc.mentions, 'mentions', 'context');
        const tokens = need(doc.tokens, 'tokens', 'context');
        const sentenceOf = need(doc.sentenceOf, 'sentences', 'context');
        const sections = need(doc.sections, 'sections', 'context');
        return { context: findContext(doc.text, mentions, tokens, sentenceOf, sections, rules, context) };
      },
    },
    {
      name: 'attach',
      run: (doc) => {
        const mentions = need(doc.mentions, 'mentions', 'attach');
        const tokens = need(doc.tokens, 'tokens', 'attach');
        const sentenceOf = need(doc.sentenceOf, 'sentences', 'attach');
        const contextLayer = need(doc.context, 'context', 'attach');
        return { attach: attachHeadsAndRelations(doc.text, mentions, tokens, sentenceOf, contextLayer, isAllergy) };
      },
    },
    {
      name: 'emit',
      run: (doc) => {
        const layers = {
          mentions: need(doc.mentions, 'mentions', 'emit'),
          context: need(doc.context, 'context', 'emit'),
          attach: need(doc.attach, 'attach', 'emit'),
        };
        // Sites inside concepts join the layers only here, so that no stage before sees overlaps.
        const nested = doc.config?.nested_sites ?? options.nestedSites;
        const withSites = nested
          ? withNestedSites(layers, nestedSites(doc.text, need(doc.tokens, 'tokens', 'emit'), layers.mentions))
          : layers;
        const joined = doc.config?.site_negation === false ? withAffirmedSites(withSites) : withSites;
        const input = { text: doc.text, ...joined, sections: need(doc.sections, 'sections', 'emit') };
        return { result: emit(input, createOffsetConverter(doc.text), doc.config?.explain === true) };
      },
    },
  ];
}

export function createAnnotator(dictionary: Dictionary, overrides: Partial<AnnotatorOptions> = {}): Annotator {
  const options: AnnotatorOptions = { ...DEFAULT_ANNOTATOR_OPTIONS, ...overrides };
  const rules =
    options.contextRules === DEFAULT_ANNOTATOR_OPTIONS.contextRules ? defaultCompiledRules() : compileRules(options.contextRules);
  const stages = pipelineStages(dictionary, options, rules);
  const runPipeline = (doc: Doc, { until = 'emit', time = runUntimed }: RunOptions = {}): Doc => {
    // One shape for every document; each stage's layers are added to it as the stage ends.
    const current: { -readonly [K in keyof Doc]: Doc[K] } = {
      text: doc.text,
      config: doc.config,
      tokens: undefined,
      sentenceOf: undefined,
      sections: undefined,
      mentions: undefined,
      context: undefined,
      attach: undefined,
      result: undefined,
    };
    for (const stage of stages) {
      Object.assign(
        current,
        time(stage.name, () => stage.run(current)),
      );
      if (stage.name === until) break;
    }
    return current;
  };
  return {
    dictionary: dictionary.meta,
    options,
    annotate: (text, config) => runPipeline(config === undefined ? { text } : { text, config }).result as AnnotationResult,
    runPipeline,
  };
}
