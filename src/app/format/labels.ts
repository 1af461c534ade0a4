/** Names shown for categories and statuses, and the CSS class of a category. */
import type { Annotation } from '../../core/contract.ts';

export function categoryClass(category: string | undefined): string {
  return `cat-${(category ?? 'none').toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

export type Status = 'negated' | 'uncertain' | 'affirmed';

export function statusOf(a: Annotation): Status {
  if (a.characteristics.negative) return 'negated';
  if (a.characteristics.uncertain) return 'uncertain';
  return 'affirmed';
}

export const STATUS_LABELS: Record<Status, string> = { negated: 'negado', uncertain: 'incierto', affirmed: 'afirmado' };
