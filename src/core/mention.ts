/**
 * The pipeline's working representation of one annotation before it is emitted: UTF-16 ranges,
 * token ranges, and links as object references (ids are assigned only by the emit stage).
 */
import type { Quantity, RelationKind, Span, Timex } from './contract.ts';
import type { ConceptEntry } from './dictionary/types.ts';

export type MentionKind = 'concept' | 'quantity' | 'temporal';

/** A cue span (negation or uncertainty trigger) in UTF-16 indices of the text. */
export interface Cue {
  readonly start: number;
  readonly end: number;
}

export interface MentionCharacteristics {
  negative?: Cue;
  uncertain?: Cue;
  familyMember?: Mention;
  quantifier?: Mention;
  qualifier?: Mention;
  quantity?: Quantity;
  timex?: Timex;
}

export interface Mention {
  readonly kind: MentionKind;
  /** Token range [firstToken, endToken). */
  firstToken: number;
  endToken: number;
  /** UTF-16 range [start, end) in the text. */
  start: number;
  end: number;
  readonly concept: ConceptEntry;
  readonly characteristics: MentionCharacteristics;
  head?: Mention;
  readonly relations: { rel: RelationKind; to: Mention }[];
  /** Set by the emit stage: the annotation id (-1 before) and the match span, shared by reference. */
  id: number;
  span: Span | undefined;
}

export function newMention(
  kind: MentionKind,
  concept: ConceptEntry,
  firstToken: number,
  endToken: number,
  start: number,
  end: number,
): Mention {
  return { kind, concept, firstToken, endToken, start, end, characteristics: {}, relations: [], id: -1, span: undefined };
}

/** Categories of concepts that are findings: what negation, reporting verbs and sites apply to. */
const FINDING_CATEGORIES: ReadonlySet<string> = new Set([
  'Finding',
  'Disease or Syndrome',
  'Phenomenon',
  'Laboratory or Test Result',
  'Organism Attribute',
]);

export function isFinding(m: Mention): boolean {
  return m.concept.category !== undefined && FINDING_CATEGORIES.has(m.concept.category);
}

/** Categories of concepts that are acts done to the patient: tests and treatments. */
const PROCEDURE_CATEGORIES: ReadonlySet<string> = new Set([
  'Diagnostic Procedure',
  'Laboratory Procedure',
  'Therapeutic or Preventive Procedure',
]);

export function isProcedure(m: Mention): boolean {
  return m.concept.category !== undefined && PROCEDURE_CATEGORIES.has(m.concept.category);
}

export function isAnatomy(m: Mention): boolean {
  return m.concept.category === 'Anatomy';
}

/** A severity word ("leve", "intensa"): the lexicon gives it the category Qualitative Concept. */
export function isQualifier(m: Mention): boolean {
  return m.kind === 'concept' && m.concept.category === 'Qualitative Concept';
}

export function isReportingVerb(m: Mention): boolean {
  const tags = m.concept.tags;
  return tags.length > 0 && tags.includes('reporting_verb');
}

/** A relative ("madre", "abuela materna"): the lexicon gives it the semantic type Family Group. */
export function isFamilyMember(m: Mention): boolean {
  return m.kind === 'concept' && m.concept.semanticType === 'Family Group';
}

/** Orders mentions by text position (longer first on ties), as every stage after matching expects. */
export function byPosition(a: Mention, b: Mention): number {
  return a.start - b.start || b.end - a.end;
}

/**
 * Calls `visit` once per sentence that holds a mention, with the sentence's mention index range
 * [from, to) in `mentions` (sorted by position). Stages work sentence by sentence so that their
 * cost stays linear in the text.
 */
export function forEachSentence(
  mentions: readonly Mention[],
  sentenceOf: Uint32Array,
  visit: (sentence: number, from: number, to: number) => void,
): void {
  let from = 0;
  while (from < mentions.length) {
    const sentence = sentenceOf[(mentions[from] as Mention).firstToken] as number;
    let to = from + 1;
    while (to < mentions.length && sentenceOf[(mentions[to] as Mention).firstToken] === sentence) to++;
    visit(sentence, from, to);
    from = to;
  }
}
