/** The core's public surface: what the service, CLI, worker and lexicon tools import. */
export * from './contract.ts';
export {
  createAnnotator,
  DEFAULT_ANNOTATOR_OPTIONS,
  STAGES,
  type Annotator,
  type AnnotatorOptions,
  type RunOptions,
  type Stage,
  type StageRunner,
} from './annotate.ts';
export { validateAnnotationRequest, type RequestError, type RequestErrorCode, type RequestValidation } from './request.ts';
export { systemClock, referenceDateTime, type Clock, type LocalDateTime } from './clock.ts';
export { createOffsetConverter, sliceCodePoints, type OffsetConverter } from './text/codepoints.ts';
export { encodeDictionary, decodeDictionary, readDictionaryMeta, DictionaryFormatError, FORMAT_VERSION } from './dictionary/format.ts';
export { createDictionary, loadDictionary, type Dictionary } from './dictionary/lookup.ts';
export type { ConceptEntry, DictionaryData, DictionaryMeta, TermEntry } from './dictionary/types.ts';
export { resultToJson } from './emit/result-json.ts';
export type { Doc } from './doc.ts';
export { applyRulePack, defaultRules, loadRulePack, rulePackJson, RulePackError, type ContextRule } from './context/rule-pack.ts';
export { GLOSA_VERSION } from './version.ts';
