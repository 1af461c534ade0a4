/**
 * The pipeline's working representation of one annotation before it is emitted: UTF-16 ranges and
 * token ranges. The match stage may still adjust a mention (laterality, senses); once the measure
 * stage is done the mentions are read-only, and later stages describe them in layers indexed by
 * mention (see `doc.ts`).
 */
import type { Quantity, Timex } from './contract.ts';
import type { ConceptEntry } from './dictionary/types.ts';
import roleTable from './roles.json' with { type: 'json' };

export type MentionKind = 'concept' | 'quantity' | 'temporal';

/** What the measure stage reads off a quantity or a date. */
export interface MentionCharacteristics {
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
}

export function newMention(
  kind: MentionKind,
  concept: ConceptEntry,
  firstToken: number,
  endToken: number,
  start: number,
  end: number,
): Mention {
  return { kind, concept, firstToken, endToken, start, end, characteristics: {} };
}

/** Freezes mentions and what they hold, so that no later stage can change them. */
export function freezeMentions(mentions: readonly Mention[]): readonly Mention[] {
  for (const m of mentions) {
    Object.freeze(m.characteristics);
    Object.freeze(m);
  }
  return Object.freeze(mentions);
}

/** The semantic roles of `roles.json`. */
export type Role = keyof typeof roleTable.roles;
export const ROLES = Object.keys(roleTable.roles) as Role[];

interface RoleDefinition {
  readonly categories?: readonly string[];
  readonly semanticTypes?: readonly string[];
  readonly tags?: readonly string[];
}

type ConceptTest = (c: ConceptEntry) => boolean;

function compileRole(definition: RoleDefinition): ConceptTest {
  const categories: ReadonlySet<string> = new Set(definition.categories ?? []);
  const semanticTypes: ReadonlySet<string> = new Set(definition.semanticTypes ?? []);
  const tags = definition.tags ?? [];
  return (c) =>
    (c.category !== undefined && categories.has(c.category)) ||
    semanticTypes.has(c.semanticType) ||
    (tags.length > 0 && c.tags.length > 0 && tags.some((t) => (c.tags as readonly string[]).includes(t)));
}

const ROLE_TESTS = Object.fromEntries(ROLES.map((role) => [role, compileRole(roleTable.roles[role] as RoleDefinition)])) as Record<
  Role,
  ConceptTest
>;

/** Whether a concept mention plays `role` (quantities and dates play none). */
export function hasRole(m: Mention, role: Role): boolean {
  return m.kind === 'concept' && ROLE_TESTS[role](m.concept);
}

const isFindingConcept = ROLE_TESTS.finding;
const isProcedureConcept = ROLE_TESTS.procedure;
const isAnatomyConcept = ROLE_TESTS.anatomy;
const isQualifierConcept = ROLE_TESTS.qualifier;
const isReportingVerbConcept = ROLE_TESTS.reporting_verb;
const isFamilyConcept = ROLE_TESTS.family;

export const isFinding = (m: Mention): boolean => m.kind === 'concept' && isFindingConcept(m.concept);
export const isProcedure = (m: Mention): boolean => m.kind === 'concept' && isProcedureConcept(m.concept);
export const isAnatomy = (m: Mention): boolean => m.kind === 'concept' && isAnatomyConcept(m.concept);
export const isQualifier = (m: Mention): boolean => m.kind === 'concept' && isQualifierConcept(m.concept);
export const isReportingVerb = (m: Mention): boolean => m.kind === 'concept' && isReportingVerbConcept(m.concept);
export const isFamilyMember = (m: Mention): boolean => m.kind === 'concept' && isFamilyConcept(m.concept);

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
