/** The negation QA lens's data: negated and uncertain concepts grouped by their trigger. */
import type { Annotation, Span } from '../../core/contract.ts';

export interface TriggerGroup {
  readonly kind: 'negated' | 'uncertain';
  readonly trigger: Span;
  readonly concepts: Annotation[];
}

export interface NegationSummary {
  readonly negated: number;
  readonly uncertain: number;
  readonly total: number;
  readonly groups: TriggerGroup[];
}

export function summariseNegation(annotations: readonly Annotation[]): NegationSummary {
  const groups = new Map<string, TriggerGroup>();
  let negated = 0;
  let uncertain = 0;
  const add = (kind: TriggerGroup['kind'], trigger: Span, a: Annotation) => {
    const key = `${kind}:${trigger.begin}:${trigger.end}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { kind, trigger, concepts: [] }));
    group.concepts.push(a);
  };
  for (const a of annotations) {
    const c = a.characteristics;
    if (c.negative) {
      negated++;
      add('negated', c.negative.trigger, a);
    }
    if (c.uncertain) {
      uncertain++;
      add('uncertain', c.uncertain.trigger, a);
    }
  }
  return { negated, uncertain, total: annotations.length, groups: [...groups.values()].sort((x, y) => x.trigger.begin - y.trigger.begin) };
}
