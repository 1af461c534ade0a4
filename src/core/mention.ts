/**
 * The pipeline's working representation of one annotation before it is emitted: UTF-16 ranges and
 * token ranges. A mention is read-only: the match stage replaces one it adjusts (laterality,
 * senses), the measure stage gives quantities and dates their values as it makes them, and later
 * stages describe mentions in layers indexed by mention (see `doc.ts`).
 */
import type { Age, Quantity, Timex } from './contract.ts';
import type { ConceptEntry } from './dictionary/types.ts';
import roleTable from './roles.json' with { type: 'json' };

export type MentionKind = 'concept' | 'quantity' | 'temporal';

/** What the measure stage reads off a quantity or a date. */
export interface MentionCharacteristics {
  quantity?: Quantity;
  timex?: Timex;
  age?: Age;
}

export interface Mention {
  readonly kind: MentionKind;
  /** Token range [firstToken, endToken). */
  readonly firstToken: number;
  readonly endToken: number;
  /** UTF-16 range [start, end) in the text. */
  readonly start: number;
  readonly end: number;
  readonly concept: ConceptEntry;
  /** The concept's semantic roles as bits (see `roleBits`); none for quantities and dates. */
  readonly roles: number;
  readonly characteristics: MentionCharacteristics;
}

/** The semantic roles of `roles.json`. */
export type Role = keyof typeof roleTable.roles;
export const ROLES = Object.keys(roleTable.roles) as Role[];

interface RoleDefinition {
  readonly categories?: readonly string[];
  readonly semanticTypes?: readonly string[];
  readonly tags?: readonly string[];
}

function playsRole(definition: RoleDefinition, c: ConceptEntry): boolean {
  return (
    (c.category !== undefined && (definition.categories?.includes(c.category) ?? false)) ||
    (definition.semanticTypes?.includes(c.semanticType) ?? false) ||
    (definition.tags?.some((t) => (c.tags as readonly string[]).includes(t)) ?? false)
  );
}

const ROLE_BIT: ReadonlyMap<string, number> = new Map(ROLES.map((role, i) => [role, 1 << i]));

/** The bits of `roles` (0 for none). */
export function roleBits(roles: readonly Role[] | undefined): number {
  let bits = 0;
  for (const role of roles ?? []) {
    const bit = ROLE_BIT.get(role);
    if (bit === undefined) throw new Error(`"${role}" is no role of roles.json`);
    bits |= bit;
  }
  return bits;
}

const conceptRoles = new WeakMap<ConceptEntry, number>();

/** The roles a concept plays, worked out once per concept. */
function rolesOf(c: ConceptEntry): number {
  let bits = conceptRoles.get(c);
  if (bits === undefined) {
    bits = 0;
    for (let r = 0; r < ROLES.length; r++) if (playsRole(roleTable.roles[ROLES[r] as Role] as RoleDefinition, c)) bits |= 1 << r;
    conceptRoles.set(c, bits);
  }
  return bits;
}

export function newMention(
  kind: MentionKind,
  concept: ConceptEntry,
  firstToken: number,
  endToken: number,
  start: number,
  end: number,
): Mention {
  return { kind, concept, firstToken, endToken, start, end, roles: kind === 'concept' ? rolesOf(concept) : 0, characteristics: {} };
}

/** Freezes mentions and what they hold, so that no later stage can change them. */
export function freezeMentions(mentions: readonly Mention[]): readonly Mention[] {
  for (const m of mentions) {
    Object.freeze(m.characteristics);
    Object.freeze(m);
  }
  return Object.freeze(mentions);
}

/** Whether a mention plays `role`. */
export function hasRole(m: Mention, role: Role): boolean {
  return (m.roles & (ROLE_BIT.get(role) as number)) !== 0;
}

const FINDING = roleBits(['finding']);
const PROCEDURE = roleBits(['procedure']);
const ANATOMY = roleBits(['anatomy']);
const VISIT = roleBits(['visit']);
const QUALIFIER = roleBits(['qualifier']);
const REPORTING_VERB = roleBits(['reporting_verb']);
const FAMILY = roleBits(['family']);

export const isFinding = (m: Mention): boolean => (m.roles & FINDING) !== 0;
export const isProcedure = (m: Mention): boolean => (m.roles & PROCEDURE) !== 0;
export const isAnatomy = (m: Mention): boolean => (m.roles & ANATOMY) !== 0;
export const isVisit = (m: Mention): boolean => (m.roles & VISIT) !== 0;
export const isQualifier = (m: Mention): boolean => (m.roles & QUALIFIER) !== 0;
export const isReportingVerb = (m: Mention): boolean => (m.roles & REPORTING_VERB) !== 0;
export const isFamilyMember = (m: Mention): boolean => (m.roles & FAMILY) !== 0;

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
