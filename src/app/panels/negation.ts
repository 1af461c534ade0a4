/** The negation QA lens's data: negated, uncertain and family concepts grouped by their trigger (the relative). */
import type { Annotation, Span } from '../../core/contract.ts';

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
  readonly concepts: Annotation[];
}

/** A word that carries its own negation ("afebril"): its trigger is the concept itself. */
export function negatesItself(group: TriggerGroup): boolean {
  return group.concepts.every((a) => a.match.begin === group.trigger.begin && a.match.end === group.trigger.end);
}

export interface NegationSummary {
  readonly negated: number;
  readonly uncertain: number;
  readonly family: number;
  readonly total: number;
  readonly groups: TriggerGroup[];
}

type Cue = Pick<NonNullable<Annotation['characteristics']['negative']>, 'trigger'> &
  Partial<NonNullable<Annotation['characteristics']['negative']>>;

export function summariseNegation(annotations: readonly Annotation[]): NegationSummary {
  const groups = new Map<string, TriggerGroup>();
  let negated = 0;
  let uncertain = 0;
  let family = 0;
  const add = (kind: TriggerGroup['kind'], cue: Cue, a: Annotation) => {
    const key = `${kind}:${cue.trigger.begin}:${cue.trigger.end}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        kind,
        trigger: cue.trigger,
        ...(cue.rule === undefined ? {} : { rule: cue.rule }),
        ...(cue.scope === undefined ? {} : { scope: cue.scope }),
        concepts: [],
      };
      groups.set(key, group);
    }
    group.concepts.push(a);
  };
  for (const a of annotations) {
    const c = a.characteristics;
    if (c.negative) {
      negated++;
      add('negated', c.negative, a);
    }
    if (c.uncertain) {
      uncertain++;
      add('uncertain', c.uncertain, a);
    }
    if (c.family_member) {
      family++;
      add('family', { trigger: c.family_member.match }, a);
    }
  }
  return {
    negated,
    uncertain,
    family,
    total: annotations.length,
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
