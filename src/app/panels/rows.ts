/** Table rows and their sorting (the filters are filters/model.ts's). Pure, so the table and tests share it. */
import { categoryOf, type Annotation } from '../../core/contract.ts';
import { statusOf, type Status } from '../format/labels.ts';
import { readableTimex } from '../format/timex.ts';
import type { SortColumn } from '../state/store.ts';
import { formatQuantity } from '../../core/export/quantity.ts';

export interface Row {
  readonly annotation: Annotation;
  readonly category: string;
  readonly status: Status;
}

export function toRows(annotations: readonly Annotation[]): Row[] {
  return annotations.map((annotation) => ({ annotation, category: categoryOf(annotation) ?? '', status: statusOf(annotation) }));
}

const KEYS: Record<SortColumn, (r: Row) => string | number> = {
  begin: (r) => r.annotation.match.begin,
  text: (r) => r.annotation.match.text.toLocaleLowerCase('es'),
  category: (r) => r.category,
  cui: (r) => r.annotation.code.umls,
  status: (r) => r.status,
};

export function sortRows(rows: readonly Row[], sort: { column: SortColumn; descending: boolean }): Row[] {
  const key = KEYS[sort.column];
  const sign = sort.descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.annotation.id - b.annotation.id) * sign;
  });
}

/** The table's "Detalle" cell: what negates or hedges the concept, and what it is linked to. */
export function detailOf(a: Annotation): string {
  const c = a.characteristics;
  const parts: string[] = [];
  if (c.negative) parts.push(`por «${c.negative.trigger.text}»`);
  if (c.uncertain) parts.push(`por «${c.uncertain.trigger.text}»`);
  if (c.family_member) parts.push(`familiar «${c.family_member.match.text}»`);
  if (c.qualifier) parts.push(`calificador «${c.qualifier.match.text}»`);
  if (c.quantifier) parts.push(`valor «${c.quantifier.match.text}»`);
  if (c.quantity) parts.push(formatQuantity(c.quantity));
  if (c.timex) parts.push(`→ ${readableTimex(c.timex)}`);
  return parts.join(' · ');
}
