/**
 * A quantity as one line of text, whole: a blood pressure's two values ("130/85 mmHg"), a bound
 * (">95 %"), a range ("2–3 lpm"), a combination's amounts ("875/125 mg"). Every view and export
 * that writes a quantity as text uses this, so none drops what `value` alone leaves out.
 */
import type { Quantity } from '../contract.ts';

const COMPARATOR_SIGNS: Record<NonNullable<Quantity['comparator']>, string> = { '<': '<', '<=': '≤', '>=': '≥', '>': '>' };

export function formatQuantity(q: Quantity): string {
  const numbers =
    q.systolic !== undefined && q.diastolic !== undefined
      ? `${q.systolic}/${q.diastolic}`
      : q.amounts
        ? q.amounts.join('/')
        : q.high !== undefined
          ? `${q.value}–${q.high}`
          : String(q.value);
  const bound = q.comparator ? COMPARATOR_SIGNS[q.comparator] : '';
  return `${bound}${numbers}${q.unit ? ` ${q.unit}` : ''}`;
}
