/**
 * The negation QA lens's data: negated, uncertain and family concepts grouped by their trigger (the
 * relative). Only findings are counted: a reporting verb ("No refiere"), a site inside a negated
 * finding ("dolor abdominal") and a laboratory result ("Troponina negativa") are listed apart.
 */
import { categoryOf, type Annotation, type Span } from '../../core/contract.ts';
import { labResultOf } from '../../core/export/statements.ts';

/** What a cue reaches that is not a finding of its own. */
export type Apart = 'verb' | 'site' | 'result';

export const APART_LABELS: Record<Apart, string> = { verb: 'verbo', site: 'sitio', result: 'resultado de laboratorio' };
const APART_PLURALS: Record<Apart, string> = { verb: 'verbos', site: 'sitios', result: 'resultados de laboratorio' };

/** "2 verbos", "1 sitio". */
export const apartCount = (role: Apart, n: number): string => `${n} ${n === 1 ? APART_LABELS[role] : APART_PLURALS[role]}`;

export function apartOf(a: Annotation, chars: readonly string[]): Apart | undefined {
  const category = categoryOf(a);
  if (category === undefined) return 'verb';
  if (category === 'Anatomy') return 'site';
  return labResultOf(a, chars) ? 'result' : undefined;
}

/** What a rule's scope covered, in code points (present when the result was explained). */
export interface ScopeRange {
  readonly begin: number;
  readonly end: number;
}

export interface TriggerGroup {
  readonly kind: 'negated' | 'uncertain' | 'family';
  readonly trigger: Span;
  /** The id of the context rule that fired, and its scope (results annotated with `explain`). */
  readonly rule?: string;
  readonly scope?: ScopeRange;
  /** The findings it reaches. */
  readonly concepts: Annotation[];
  /** What else it reaches: reporting verbs, sites, laboratory results. */
  readonly apart: { annotation: Annotation; role: Apart }[];
}

/** A word that carries its own negation ("afebril"): its trigger is the concept itself. */
export function negatesItself(group: TriggerGroup): boolean {
  return (
    group.concepts.length > 0 && group.concepts.every((a) => a.match.begin === group.trigger.begin && a.match.end === group.trigger.end)
  );
}

export interface NegationSummary {
  readonly negated: number;
  readonly uncertain: number;
  readonly family: number;
  readonly total: number;
  /** How many verbs, sites and results were reached and are not counted above. */
  readonly apart: Record<Apart, number>;
  readonly groups: TriggerGroup[];
}

type Cue = Pick<NonNullable<Annotation['characteristics']['negative']>, 'trigger'> &
  Partial<NonNullable<Annotation['characteristics']['negative']>>;

/** `chars`: the note as code points (a result word after a test, "PCR positiva", is read there). */
export function summariseNegation(annotations: readonly Annotation[], chars: readonly string[] = []): NegationSummary {
  const groups = new Map<string, TriggerGroup>();
  const apart: Record<Apart, number> = { verb: 0, site: 0, result: 0 };
  let negated = 0;
  let uncertain = 0;
  let family = 0;
  const add = (kind: TriggerGroup['kind'], cue: Cue, a: Annotation, role: Apart | undefined) => {
    const key = `${kind}:${cue.trigger.begin}:${cue.trigger.end}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        kind,
        trigger: cue.trigger,
        ...(cue.rule === undefined ? {} : { rule: cue.rule }),
        ...(cue.scope === undefined ? {} : { scope: cue.scope }),
        concepts: [],
        apart: [],
      };
      groups.set(key, group);
    }
    if (role) group.apart.push({ annotation: a, role });
    else group.concepts.push(a);
  };
  for (const a of annotations) {
    const c = a.characteristics;
    const role = c.negative || c.uncertain || c.family_member ? apartOf(a, chars) : undefined;
    if (role) apart[role]++;
    if (c.negative) {
      if (!role) negated++;
      add('negated', c.negative, a, role);
    }
    if (c.uncertain) {
      if (!role) uncertain++;
      add('uncertain', c.uncertain, a, role);
    }
    if (c.family_member) {
      if (!role) family++;
      add('family', { trigger: c.family_member.match }, a, role);
    }
  }
  return {
    negated,
    uncertain,
    family,
    total: annotations.length,
    apart,
    groups: [...groups.values()].sort((x, y) => x.trigger.begin - y.trigger.begin),
  };
}

export interface ExcerptPart {
  readonly text: string;
  readonly role: 'text' | 'trigger' | 'scope';
}

/** Code points of context shown on each side of a trigger and its scope. */
const EXCERPT_CONTEXT = 24;

/**
 * The stretch of the note around a trigger and its scope, in parts: plain text, the trigger, the
 * scope (shaded in the lens). `chars` is the note as code points, as the offsets count them.
 */
export function excerpt(chars: readonly string[], trigger: ScopeRange, scope: ScopeRange | undefined): ExcerptPart[] {
  const from = Math.max(0, Math.min(trigger.begin, scope?.begin ?? trigger.begin) - EXCERPT_CONTEXT);
  const to = Math.min(chars.length, Math.max(trigger.end, scope?.end ?? trigger.end) + EXCERPT_CONTEXT);
  const roleAt = (i: number): ExcerptPart['role'] =>
    i >= trigger.begin && i < trigger.end ? 'trigger' : scope !== undefined && i >= scope.begin && i < scope.end ? 'scope' : 'text';
  const parts: ExcerptPart[] = [];
  for (let i = from; i < to;) {
    const role = roleAt(i);
    let j = i + 1;
    while (j < to && roleAt(j) === role) j++;
    parts.push({ text: chars.slice(i, j).join(''), role });
    i = j;
  }
  if (from > 0) parts.unshift({ text: '…', role: 'text' });
  if (to < chars.length) parts.push({ text: '…', role: 'text' });
  return parts;
}
