/**
 * The difference between two results of the same note ("A" and "B"): which annotations B adds,
 * which it drops, and what changed in those both have, field by field; relations by their
 * endpoints' spans. Ids are numbered afresh by every run, so nothing here matches on an id: heads
 * and relations are read through the spans they point at.
 *
 * Pure and UI-free (no DOM, no React): it reads only the contract's types, so the CLI or the service
 * could use it as it is. It lives beside the app's compare view because that is its only consumer.
 *
 * Matching, within each span (begin, end): first identical annotations, then the same CUI, then the
 * same category, then whatever is left, each step in a canonical order of both sides. Every step
 * depends on each side only through its own canonical order, so diff(b, a) is diff(a, b) mirrored.
 */
import { categoryOf, type Annotation, type AnnotationResult } from '../../core/contract.ts';

/** A field of an annotation that can differ between the runs. */
export const DIFF_FIELDS = [
  'cui',
  'codes',
  'category',
  'semantic_type',
  'preferred_term',
  'negation',
  'uncertainty',
  'family',
  'quantity',
  'date',
  'age',
  'qualifier',
  'quantifier',
  'head',
  'other',
] as const;
export type DiffField = (typeof DIFF_FIELDS)[number];

/** A span without its id: what runs can be compared by. */
export interface SpanRef {
  readonly begin: number;
  readonly end: number;
  readonly text: string;
}

/** One field's value in A and in B (null: absent), as plain JSON. */
export interface FieldChange {
  readonly field: DiffField;
  readonly a: unknown;
  readonly b: unknown;
}

export interface ChangedAnnotation {
  readonly span: SpanRef;
  readonly a: Annotation;
  readonly b: Annotation;
  readonly changes: readonly FieldChange[];
}

/** A relation named by its endpoints' spans (heads are not relations here: they are a field of their annotation). */
export interface SpanRelation {
  readonly rel: string;
  readonly from: SpanRef;
  readonly to: SpanRef;
}

export interface DiffCounts {
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  readonly relationsAdded: number;
  readonly relationsRemoved: number;
  /** How many changed annotations differ in each field. */
  readonly byField: Readonly<Record<DiffField, number>>;
}

export interface ResultDiff {
  /** In B only, in reading order. */
  readonly added: readonly Annotation[];
  /** In A only, in reading order. */
  readonly removed: readonly Annotation[];
  readonly changed: readonly ChangedAnnotation[];
  readonly relationsAdded: readonly SpanRelation[];
  readonly relationsRemoved: readonly SpanRelation[];
  readonly counts: DiffCounts;
}

const spanOf = (a: { match: SpanRef }): SpanRef => ({ begin: a.match.begin, end: a.match.end, text: a.match.text });
const spanKey = (s: { begin: number; end: number }): string => `${s.begin}:${s.end}`;

/** JSON with sorted keys and no undefined: equal values give equal strings whatever their key order. */
export function stableJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const KNOWN_CHARACTERISTICS = new Set(['negative', 'uncertain', 'family_member', 'quantifier', 'qualifier', 'quantity', 'timex', 'age']);

type Cue = { trigger: SpanRef; rule?: string | undefined } | undefined;

/** A cue by its trigger's span, and the rule that fired when the result says (explain). */
function cue(c: Cue): unknown {
  return c ? { trigger: { begin: c.trigger.begin, end: c.trigger.end, text: c.trigger.text }, rule: c.rule } : null;
}

const matchRef = (m: { match: { begin: number; end: number; text: string } } | undefined): unknown => (m ? spanOf(m) : null);

/**
 * Each field's value as plain JSON. `headSpan` names the head by its span. The rule of a cue is
 * compared only when both runs name one: a run annotated without `explain` does not differ by it
 * (see alignRules).
 */
function fieldValues(a: Annotation, headSpan: SpanRef | null): Record<DiffField, unknown> {
  const c = a.characteristics;
  const { umls: _cui, ...codes } = a.code;
  const other = Object.fromEntries(Object.entries(c).filter(([k]) => !KNOWN_CHARACTERISTICS.has(k)));
  const sortedCodes = Object.fromEntries(Object.entries(codes).map(([k, v]) => [k, v ? [...v].sort() : v]));
  return {
    cui: a.code.umls,
    codes: sortedCodes,
    category: categoryOf(a) ?? null,
    semantic_type: a.type.umls,
    preferred_term: a.match.preferred_term,
    negation: cue(c.negative),
    uncertainty: cue(c.uncertain),
    family: c.family_member ? { ...spanOf(c.family_member), rule: c.family_member.rule } : null,
    quantity: c.quantity ?? null,
    date: c.timex ?? null,
    age: c.age ?? null,
    qualifier: matchRef(c.qualifier),
    quantifier: matchRef(c.quantifier),
    head: headSpan,
    other: Object.keys(other).length ? other : null,
  };
}

/** Drops `rule` from two cues when only one of them names it (a cue against none keeps its rule). */
function alignRules(a: unknown, b: unknown): [unknown, unknown] {
  const ruleOf = (v: unknown) => (v && typeof v === 'object' ? (v as { rule?: unknown }).rule : undefined);
  if (!a || !b || (ruleOf(a) === undefined) === (ruleOf(b) === undefined)) return [a, b];
  const strip = (v: unknown) => ({ ...(v as object), rule: undefined });
  return [strip(a), strip(b)];
}

const CUE_FIELDS = new Set<DiffField>(['negation', 'uncertainty', 'family']);

interface Side {
  readonly annotation: Annotation;
  readonly values: Record<DiffField, unknown>;
  /** Each field's value as stable JSON, written once: fields are compared as strings. */
  readonly json: Record<DiffField, string>;
  /** Every field as one string: the canonical order and the test for identical annotations. */
  readonly signature: string;
}

function sidesOf(result: AnnotationResult): Map<string, Side[]> {
  const byId = new Map(result.annotations.map((a) => [a.id, a]));
  const bySpan = new Map<string, Side[]>();
  for (const a of result.annotations) {
    const head = a.head === undefined ? undefined : byId.get(a.head);
    const values = fieldValues(a, head ? spanOf(head) : null);
    const json = Object.fromEntries(DIFF_FIELDS.map((f) => [f, stableJson(values[f])])) as Record<DiffField, string>;
    const side: Side = { annotation: a, values, json, signature: DIFF_FIELDS.map((f) => json[f]).join('|') };
    const key = spanKey(a.match);
    const list = bySpan.get(key);
    if (list) list.push(side);
    else bySpan.set(key, [side]);
  }
  for (const list of bySpan.values()) list.sort((x, y) => (x.signature < y.signature ? -1 : x.signature > y.signature ? 1 : 0));
  return bySpan;
}

/** The matching steps: two annotations of one span are the same one when they agree on this. */
const MATCH_STEPS: ((s: Side) => string)[] = [(s) => s.signature, (s) => String(s.values.cui), (s) => String(s.values.category), () => ''];

/** Pairs the annotations of one span (see the module comment); returns the pairs and what is left. */
function pairSpan(as: Side[], bs: Side[]): { pairs: [Side, Side][]; onlyA: Side[]; onlyB: Side[] } {
  let restA = as;
  let restB = bs;
  const pairs: [Side, Side][] = [];
  for (const step of MATCH_STEPS) {
    const waiting = new Map<string, Side[]>();
    for (const b of restB) {
      const k = step(b);
      const list = waiting.get(k);
      if (list) list.push(b);
      else waiting.set(k, [b]);
    }
    const leftA: Side[] = [];
    for (const a of restA) {
      const b = waiting.get(step(a))?.shift();
      if (b) pairs.push([a, b]);
      else leftA.push(a);
    }
    restA = leftA;
    restB = [...waiting.values()].flat().sort((x, y) => (x.signature < y.signature ? -1 : x.signature > y.signature ? 1 : 0));
  }
  return { pairs, onlyA: restA, onlyB: restB };
}

function changesBetween(a: Side, b: Side): FieldChange[] {
  const changes: FieldChange[] = [];
  if (a.signature === b.signature) return changes;
  for (const field of DIFF_FIELDS) {
    if (a.json[field] === b.json[field]) continue;
    let [va, vb] = [a.values[field], b.values[field]];
    if (CUE_FIELDS.has(field)) {
      [va, vb] = alignRules(va, vb);
      if (stableJson(va) === stableJson(vb)) continue;
    }
    changes.push({ field, a: va ?? null, b: vb ?? null });
  }
  return changes;
}

function relationsOf(result: AnnotationResult): Map<string, SpanRelation> {
  const byId = new Map(result.annotations.map((a) => [a.id, a]));
  const out = new Map<string, SpanRelation>();
  for (const r of result.relations ?? []) {
    const from = byId.get(r.from);
    const to = byId.get(r.to);
    if (!from || !to) continue;
    const relation: SpanRelation = { rel: r.rel, from: spanOf(from), to: spanOf(to) };
    out.set(`${r.rel}|${spanKey(relation.from)}|${spanKey(relation.to)}`, relation);
  }
  return out;
}

const byReadingOrder = (x: { begin: number; end: number }, y: { begin: number; end: number }) => x.begin - y.begin || y.end - x.end;

function sortedRelations(list: SpanRelation[]): SpanRelation[] {
  return list.sort((x, y) => byReadingOrder(x.from, y.from) || byReadingOrder(x.to, y.to) || (x.rel < y.rel ? -1 : x.rel > y.rel ? 1 : 0));
}

/** What B changes from A. Both must be results of the same text (the caller checks). */
export function diffResults(a: AnnotationResult, b: AnnotationResult): ResultDiff {
  const spansA = sidesOf(a);
  const spansB = sidesOf(b);
  const added: Side[] = [];
  const removed: Side[] = [];
  const changed: (ChangedAnnotation & { readonly order: string })[] = [];
  for (const key of new Set([...spansA.keys(), ...spansB.keys()])) {
    const { pairs, onlyA, onlyB } = pairSpan(spansA.get(key) ?? [], spansB.get(key) ?? []);
    removed.push(...onlyA);
    added.push(...onlyB);
    for (const [sa, sb] of pairs) {
      const changes = changesBetween(sa, sb);
      if (changes.length)
        changed.push({ span: spanOf(sb.annotation), a: sa.annotation, b: sb.annotation, changes, order: sa.signature + sb.signature });
    }
  }
  const order = (x: Side, y: Side) =>
    byReadingOrder(x.annotation.match, y.annotation.match) || (x.signature < y.signature ? -1 : x.signature > y.signature ? 1 : 0);
  const relA = relationsOf(a);
  const relB = relationsOf(b);
  const relationsAdded = sortedRelations([...relB].filter(([k]) => !relA.has(k)).map(([, r]) => r));
  const relationsRemoved = sortedRelations([...relA].filter(([k]) => !relB.has(k)).map(([, r]) => r));
  changed.sort((x, y) => byReadingOrder(x.span, y.span) || (x.order < y.order ? -1 : x.order > y.order ? 1 : 0));

  const byField = Object.fromEntries(DIFF_FIELDS.map((f) => [f, 0])) as Record<DiffField, number>;
  for (const c of changed) for (const ch of c.changes) byField[ch.field]++;
  return {
    added: added.sort(order).map((s) => s.annotation),
    removed: removed.sort(order).map((s) => s.annotation),
    changed: changed.map(({ order: _order, ...c }) => c),
    relationsAdded,
    relationsRemoved,
    counts: {
      added: added.length,
      removed: removed.length,
      changed: changed.length,
      relationsAdded: relationsAdded.length,
      relationsRemoved: relationsRemoved.length,
      byField,
    },
  };
}

/** True when B differs from A in nothing. */
export function isEmptyDiff(d: ResultDiff): boolean {
  return d.added.length + d.removed.length + d.changed.length + d.relationsAdded.length + d.relationsRemoved.length === 0;
}
