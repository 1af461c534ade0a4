/**
 * The concept card's relation rows: what a concept links to (a drug's dose, frequency, route,
 * duration and form; a finding's site; an allergy's allergen; the patient's age) and what links
 * to it ("dosis de «apixabán»"), each with the linked annotation, labelled in Spanish, in a fixed
 * order: the medication frame first.
 */
import type { Annotation, Relation } from '../../core/contract.ts';
import { framedIds, relationLabelFrom } from '../format/labels.ts';
import { readableTimex } from '../format/timex.ts';
import { formatQuantity } from '../../core/export/quantity.ts';

export interface RelationRow {
  /** Spanish label: "dosis", "frecuencia", "vía", ... or "dosis de" for a link that reaches this concept. */
  readonly label: string;
  readonly rel: string;
  readonly direction: 'out' | 'in';
  /** The annotation at the other end. */
  readonly other: Annotation;
  /** What the other end says, read (a SET as "cada 12 horas", a quantity as "5 mg"), when more than its text. */
  readonly detail?: string;
}

/** Rows follow this order (frame first); other relation names come after, by name. */
const ORDER = [
  'has_quantity',
  'has_frequency',
  'has_route',
  'has_duration',
  'has_form',
  'has_anatomical_location',
  'has_allergen',
  'has_age',
  'has_time',
];
const rank = (rel: string): number => (ORDER.includes(rel) ? ORDER.indexOf(rel) : ORDER.length);

function detailOf(a: Annotation): string | undefined {
  const c = a.characteristics;
  if (c.timex) return readableTimex(c.timex);
  if (c.quantity) return formatQuantity(c.quantity);
  if (c.age) return `${c.age.value} ${c.age.unit}`;
  return undefined;
}

export function relationRows(
  annotation: Annotation,
  relations: readonly Relation[],
  byId: ReadonlyMap<number, { annotation: Annotation }>,
): RelationRow[] {
  const rows: (RelationRow & { order: number })[] = [];
  const framed = framedIds(relations);
  relations.forEach((r, order) => {
    const out = r.from === annotation.id;
    if (!out && r.to !== annotation.id) return;
    const other = byId.get(out ? r.to : r.from)?.annotation;
    if (other === undefined) return;
    const name = relationLabelFrom(r.rel, out ? annotation : other, framed);
    const detail = detailOf(other);
    rows.push({
      label: out ? name : `${name} de`,
      rel: r.rel,
      direction: out ? 'out' : 'in',
      other,
      ...(detail !== undefined && detail !== other.match.text ? { detail } : {}),
      order,
    });
  });
  rows.sort(
    (a, b) =>
      Number(a.direction === 'in') - Number(b.direction === 'in') ||
      rank(a.rel) - rank(b.rel) ||
      a.rel.localeCompare(b.rel) ||
      a.order - b.order,
  );
  return rows.map(({ order: _order, ...row }) => row);
}
