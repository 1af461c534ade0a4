/**
 * A diff as the view lists and marks it: one entry per added, removed or changed annotation and per
 * added or removed relation, in reading order, with its span in the note and Spanish wording.
 */
import { categoryOf, type Annotation, type Quantity, type Timex } from '../../core/contract.ts';
import { categoryLabel, relationLabel } from '../format/labels.ts';
import { readableTimex } from '../format/timex.ts';
import type { DiffField, FieldChange, ResultDiff, SpanRef } from './diff.ts';
import { formatQuantity } from '../../core/export/quantity.ts';

export type EntryKind = 'added' | 'removed' | 'changed' | 'relation-added' | 'relation-removed';

export interface DiffEntry {
  /** Unique within one diff; made of the kind and numbers only (it ends up in DOM ids). */
  readonly key: string;
  readonly kind: EntryKind;
  /** The span the entry is marked on in the note (a relation's: its origin), in code points. */
  readonly span: SpanRef;
  /** One line: what it is. */
  readonly title: string;
  /** What differs (changed annotations), and the same in words, one line each. */
  readonly changes: readonly FieldChange[];
  readonly details: readonly string[];
}

export const KIND_LABELS: Record<EntryKind, string> = {
  added: 'añadida',
  removed: 'eliminada',
  changed: 'cambiada',
  'relation-added': 'relación añadida',
  'relation-removed': 'relación eliminada',
};

export const FIELD_LABELS: Record<DiffField, string> = {
  cui: 'CUI',
  codes: 'códigos',
  category: 'categoría',
  semantic_type: 'tipo semántico',
  preferred_term: 'término preferente',
  negation: 'negación',
  uncertainty: 'incertidumbre',
  family: 'familiar',
  quantity: 'cantidad',
  date: 'fecha',
  age: 'edad',
  qualifier: 'calificador',
  quantifier: 'cuantificador',
  head: 'núcleo',
  other: 'otras características',
};

const CODE_SYSTEMS: Record<string, string> = { snomed_ct: 'SNOMED CT', icd10_cm: 'CIE-10-CM', icd9_cm: 'CIE-9-CM', loinc: 'LOINC' };

const spanText = (s: SpanRef) => `«${s.text}» (${s.begin}–${s.end})`;

/** One field's value in words; '—' when absent. */
export function formatValue(field: DiffField, value: unknown): string {
  if (value === null || value === undefined) return '—';
  switch (field) {
    case 'category':
      return categoryLabel(value as string);
    case 'codes': {
      const parts = Object.entries(value as Record<string, string[] | undefined>)
        .filter(([, codes]) => codes?.length)
        .map(([system, codes]) => `${CODE_SYSTEMS[system] ?? system} ${(codes as string[]).join(', ')}`);
      return parts.length ? parts.join('; ') : '—';
    }
    case 'negation':
    case 'uncertainty': {
      const cue = value as { trigger: SpanRef; rule?: string };
      return `por ${spanText(cue.trigger)}${cue.rule ? `, regla ${cue.rule}` : ''}`;
    }
    case 'family':
    case 'qualifier':
    case 'quantifier':
    case 'head':
      return spanText(value as SpanRef);
    case 'date': {
      const timex = value as Timex;
      const readable = readableTimex(timex);
      return readable === timex.value ? timex.value : `${readable} (${timex.value}${timex.mod ? ` ${timex.mod}` : ''})`;
    }
    case 'quantity': {
      return formatQuantity(value as Quantity);
    }
    case 'age': {
      const age = value as { value: number; unit: string };
      return `${age.value} ${age.unit}`;
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

const describeAnnotation = (a: Annotation) =>
  `${spanText({ begin: a.match.begin, end: a.match.end, text: a.match.text })} ${a.code.umls} · ${categoryLabel(categoryOf(a))}`;

const byPosition = (x: DiffEntry, y: DiffEntry) => x.span.begin - y.span.begin || y.span.end - x.span.end;

export function diffEntries(diff: ResultDiff): DiffEntry[] {
  const entries: DiffEntry[] = [];
  const annotationEntry = (kind: 'added' | 'removed', a: Annotation, i: number): DiffEntry => ({
    key: `${kind}-${i}`,
    kind,
    span: { begin: a.match.begin, end: a.match.end, text: a.match.text },
    title: describeAnnotation(a),
    changes: [],
    details: [],
  });
  diff.added.forEach((a, i) => entries.push(annotationEntry('added', a, i)));
  diff.removed.forEach((a, i) => entries.push(annotationEntry('removed', a, i)));
  diff.changed.forEach((c, i) =>
    entries.push({
      key: `changed-${i}`,
      kind: 'changed',
      span: c.span,
      title: describeAnnotation(c.b),
      changes: c.changes,
      details: c.changes.map((ch) => `${FIELD_LABELS[ch.field]}: ${formatValue(ch.field, ch.a)} → ${formatValue(ch.field, ch.b)}`),
    }),
  );
  const relationEntries = (kind: 'relation-added' | 'relation-removed', list: ResultDiff['relationsAdded']) =>
    list.forEach((r, i) =>
      entries.push({
        key: `${kind}-${i}`,
        kind,
        span: r.from,
        title: `${spanText(r.from)} → ${relationLabel(r.rel)} → ${spanText(r.to)}`,
        changes: [],
        details: [],
      }),
    );
  relationEntries('relation-added', diff.relationsAdded);
  relationEntries('relation-removed', diff.relationsRemoved);
  return entries.sort(byPosition);
}

/** One of the two runs, as the side-by-side view shows them. */
export type RunSide = 'a' | 'b';

/** Whether the entry's annotation (or relation) is in that run: removed ones in A, added in B, changed in both. */
export function presentIn(kind: EntryKind, side: RunSide): boolean {
  if (kind === 'changed') return true;
  return kind === 'removed' || kind === 'relation-removed' ? side === 'a' : side === 'b';
}

/** What a changed entry's fields are in that run, one line each ("fecha: …"); nothing for other kinds. */
export function sideValues(entry: DiffEntry, side: RunSide): string[] {
  return entry.changes.map((ch) => `${FIELD_LABELS[ch.field]}: ${formatValue(ch.field, side === 'a' ? ch.a : ch.b)}`);
}
