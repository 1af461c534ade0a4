/** The annotation table's review column and filter. */
import { REASON_LABELS, type Verdict } from './model.ts';
import type { VerdictFilter } from './store.ts';

export function matchesVerdictFilter(v: Verdict | undefined, filter: VerdictFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'unreviewed') return v === undefined;
  return v?.verdict === filter;
}

/** "✓ correcta", "✗ incorrecta: negación errónea · comment", or "—": a glyph and words, never colour alone. */
export function verdictCell(v: Verdict | undefined): string {
  if (!v) return '—';
  const head = v.verdict === 'correct' ? '✓ correcta' : `✗ incorrecta${v.reason ? `: ${REASON_LABELS[v.reason]}` : ''}`;
  return v.comment ? `${head} · ${v.comment}` : head;
}
