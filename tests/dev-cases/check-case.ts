/**
 * Checks one behaviour case (see CASES.md) against an annotation result. Returns the list of
 * problems; an empty list means the case passes.
 */
import { add, format, getISOWeek, getISOWeekYear } from 'date-fns';
import { categoryOf, type Annotation, type AnnotationResult, type Span } from '../../src/core/contract.ts';

export interface ExpectItem {
  span: string;
  occurrence?: number;
  negated?: boolean;
  trigger?: string;
  trigger_occurrence?: number;
  uncertain?: boolean;
  uncertainty_trigger?: string;
  uncertainty_trigger_occurrence?: number;
  family_member?: string | null;
  family_member_occurrence?: number;
  quantifier?: string;
  quantifier_occurrence?: number;
  head?: string | null;
  head_occurrence?: number;
  umls?: string;
  type_vendor?: string | null;
  timex?: { type: string; value: string };
  timex_relative?: { type: string; offset?: Record<string, number>; granularity?: 'day' | 'week' | 'month' | 'year' };
  quantity?: { value: number; unit: string };
}

export interface DevCase {
  id: string;
  text: string;
  config?: { text_datetime?: string };
  expect?: ExpectItem[];
  relations?: { from: string; to: string; rel: string }[];
  no_relations?: boolean;
  not_annotated?: string[];
  note?: string;
}

const codePointLength = (s: string): number => Array.from(s).length;

/** Code-point offset of the n-th (from 1) copy of `span` in `text`, each searched from one past the previous start. */
export function nthBegin(text: string, span: string, n = 1): number {
  let at = -1;
  for (let k = 0; k < n; k++) {
    at = text.indexOf(span, at + 1);
    if (at < 0) return -1;
  }
  return codePointLength(text.slice(0, at));
}

/** The TIMEX3 value `offset` away from `now`, written at `granularity`. */
export function relativeTimexValue(now: Date, offset: Record<string, number> = {}, granularity = 'day'): string {
  const d = add(now, offset);
  if (granularity === 'year') return format(d, 'yyyy');
  if (granularity === 'month') return format(d, 'yyyy-MM');
  if (granularity === 'week') return `${getISOWeekYear(d)}-W${String(getISOWeek(d)).padStart(2, '0')}`;
  return format(d, 'yyyy-MM-dd');
}

export function checkCase(c: DevCase, result: AnnotationResult, now: Date): string[] {
  const problems: string[] = [];
  const anns = result.annotations;
  const rels = result.relations ?? [];
  const at = (span: string, occ?: number): number => nthBegin(c.text, span, occ ?? 1);
  const spanIs = (m: Span | undefined, span: string, occ?: number): boolean =>
    m?.text === span && (occ === undefined || m.begin === at(span, occ));
  const byText = (t: string): Annotation[] => anns.filter((a) => a.match.text === t);

  for (const e of c.expect ?? []) {
    const begin = at(e.span, e.occurrence);
    const a = anns.find((x) => x.match.text === e.span && x.match.begin === begin);
    const p = (m: string): void => void problems.push(`"${e.span}": ${m}`);
    if (a === undefined) {
      p(`not annotated at ${begin}`);
      continue;
    }
    const ch = a.characteristics;
    if (e.negated === true && !ch.negative) p('expected negated');
    if (e.negated === false && ch.negative) p(`unexpected negation (trigger "${ch.negative.trigger.text}")`);
    if (e.trigger !== undefined && !spanIs(ch.negative?.trigger, e.trigger, e.trigger_occurrence)) {
      p(`negation trigger ${JSON.stringify(ch.negative?.trigger.text ?? null)} ≠ "${e.trigger}"`);
    }
    if (e.uncertain === true && !ch.uncertain) p('expected uncertain');
    if (e.uncertain === false && ch.uncertain) p(`unexpected uncertainty (trigger "${ch.uncertain.trigger.text}")`);
    if (e.uncertainty_trigger !== undefined && !spanIs(ch.uncertain?.trigger, e.uncertainty_trigger, e.uncertainty_trigger_occurrence)) {
      p(`uncertainty trigger ${JSON.stringify(ch.uncertain?.trigger.text ?? null)} ≠ "${e.uncertainty_trigger}"`);
    }
    if (e.family_member === null && ch.family_member) p(`unexpected family_member "${ch.family_member.match.text}"`);
    if (typeof e.family_member === 'string' && !spanIs(ch.family_member?.match, e.family_member, e.family_member_occurrence)) {
      p(`family_member ${JSON.stringify(ch.family_member?.match.text ?? null)} ≠ "${e.family_member}"`);
    }
    if (e.quantifier !== undefined && !spanIs(ch.quantifier?.match, e.quantifier, e.quantifier_occurrence)) {
      p(`quantifier ${JSON.stringify(ch.quantifier?.match.text ?? null)} ≠ "${e.quantifier}"`);
    }
    if (e.umls !== undefined && a.code.umls !== e.umls) p(`CUI ${a.code.umls} ≠ ${e.umls}`);
    const category = categoryOf(a);
    if (e.type_vendor === null && category !== undefined) p(`unexpected category ${category}`);
    if (typeof e.type_vendor === 'string' && category !== e.type_vendor) p(`category ${category} ≠ ${e.type_vendor}`);
    if (e.head === null && a.head !== undefined) p(`unexpected head ${a.head}`);
    if (typeof e.head === 'string') {
      const heads = byText(e.head)
        .filter((h) => e.head_occurrence === undefined || h.match.begin === at(e.head as string, e.head_occurrence))
        .map((h) => h.id);
      if (a.head === undefined || !heads.includes(a.head)) p(`head ${a.head} is not an annotation "${e.head}"`);
    }
    if (e.timex !== undefined && (ch.timex?.type !== e.timex.type || ch.timex.value !== e.timex.value)) {
      p(`timex ${JSON.stringify(ch.timex ?? null)} ≠ ${JSON.stringify(e.timex)}`);
    }
    if (e.timex_relative !== undefined) {
      const want = relativeTimexValue(now, e.timex_relative.offset, e.timex_relative.granularity);
      if (ch.timex?.type !== e.timex_relative.type || ch.timex.value !== want) {
        p(`timex ${JSON.stringify(ch.timex ?? null)} ≠ ${e.timex_relative.type} ${want}`);
      }
    }
    if (e.quantity !== undefined) {
      const q = ch.quantity;
      const ok = q !== undefined && Math.abs(q.value - e.quantity.value) < 1e-9 && q.unit.toLowerCase() === e.quantity.unit.toLowerCase();
      if (!ok) p(`quantity ${JSON.stringify(q ?? null)} ≠ ${JSON.stringify(e.quantity)}`);
    }
  }
  for (const r of c.relations ?? []) {
    const from = byText(r.from).map((a) => a.id);
    const to = byText(r.to).map((a) => a.id);
    if (!rels.some((x) => x.rel === r.rel && from.includes(x.from) && to.includes(x.to)))
      problems.push(`relation ${r.from} -${r.rel}-> ${r.to} missing`);
  }
  if (c.no_relations === true && rels.length > 0) problems.push(`expected no relations, got ${rels.length}`);
  for (const s of c.not_annotated ?? []) if (byText(s).length > 0) problems.push(`"${s}" must not be annotated`);
  return problems;
}
