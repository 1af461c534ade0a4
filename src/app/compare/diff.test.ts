import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Annotation, AnnotationResult } from '../../core/contract.ts';
import { annotation, negatedResult, NEGATED_TEXT, span } from '../test/fixtures.ts';
import { diffResults, isEmptyDiff, stableJson, type ResultDiff } from './diff.ts';

/** The same result with every id moved (by `shift`, in another order): what another run gives. */
function renumbered(result: AnnotationResult, shift = 100): AnnotationResult {
  const id = (n: number) => n + shift;
  return {
    ...result,
    annotations: [...result.annotations]
      .reverse()
      .map((a) => ({ ...a, id: id(a.id), ...(a.head === undefined ? {} : { head: id(a.head) }) })),
    relations: result.relations?.map((r) => ({ ...r, from: id(r.from), to: id(r.to) })),
  };
}

function withAnnotations(result: AnnotationResult, map: (a: Annotation) => Annotation | undefined): AnnotationResult {
  const annotations = result.annotations.map(map).filter((a): a is Annotation => a !== undefined);
  const ids = new Set(annotations.map((a) => a.id));
  return { ...result, annotations, relations: result.relations?.filter((r) => ids.has(r.from) && ids.has(r.to)) };
}

describe('diffResults', () => {
  it('finds nothing between two runs that differ only in their ids', () => {
    const d = diffResults(negatedResult(), renumbered(negatedResult()));
    expect(isEmptyDiff(d)).toBe(true);
    expect(d.counts).toMatchObject({ added: 0, removed: 0, changed: 0, relationsAdded: 0, relationsRemoved: 0 });
  });

  it('lists an annotation B drops as removed, with the relation that went with it', () => {
    const b = renumbered(withAnnotations(negatedResult(), (a) => (a.match.text === 'brazo' ? undefined : a)));
    const d = diffResults(negatedResult(), b);
    expect(d.removed.map((a) => a.match.text)).toEqual(['brazo']);
    expect(d.added).toEqual([]);
    expect(d.relationsRemoved).toEqual([
      { rel: 'has_anatomical_location', from: { begin: 11, end: 16, text: 'dolor' }, to: { begin: 23, end: 28, text: 'brazo' } },
    ]);
    // "brazo" had dolor as its head; the others are unchanged.
    expect(d.changed).toEqual([]);
  });

  it('names a changed date value, negation and CUI of the annotation at the same span', () => {
    const t = 'Fiebre ayer, sin tos';
    const fiebre = (value: string, extra: Partial<Annotation> = {}) =>
      annotation(0, t, 0, 6, { characteristics: { timex: { type: 'DATE', value } }, ...extra });
    const a: AnnotationResult = {
      annotations: [
        fiebre('2024-05-09'),
        annotation(1, t, 17, 20, { characteristics: { negative: { trigger: span(t, 13, 16), rule: 'r1' } } }),
      ],
      version: '1',
    };
    const b: AnnotationResult = {
      annotations: [
        fiebre('2024-06-01', { id: 5 }),
        annotation(7, t, 17, 20, { code: { umls: 'C0000009' }, characteristics: { negative: { trigger: span(t, 13, 16), rule: 'r2' } } }),
      ],
      version: '1',
    };
    const d = diffResults(a, b);
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    expect(d.changed.map((c) => [c.span.text, c.changes.map((ch) => ch.field)])).toEqual([
      ['Fiebre', ['date']],
      ['tos', ['cui', 'negation']],
    ]);
    expect(d.changed[0]?.changes[0]).toEqual({
      field: 'date',
      a: { type: 'DATE', value: '2024-05-09' },
      b: { type: 'DATE', value: '2024-06-01' },
    });
    expect(d.counts.byField).toMatchObject({ date: 1, cui: 1, negation: 1, codes: 0 });
  });

  it('compares a cue by its trigger, and by its rule only when both runs name one', () => {
    const t = NEGATED_TEXT;
    const neg = (rule?: string) => ({ negative: { trigger: span(t, 0, 2), ...(rule ? { rule } : {}) } });
    const one = (c: Annotation['characteristics']): AnnotationResult => ({
      annotations: [annotation(1, t, 11, 16, { characteristics: c })],
      version: '1',
    });
    expect(isEmptyDiff(diffResults(one(neg('neg-1')), one(neg())))).toBe(true);
    expect(diffResults(one(neg('neg-1')), one(neg('neg-2'))).counts.byField.negation).toBe(1);
    expect(diffResults(one(neg('neg-1')), one({})).changed[0]?.changes[0]?.a).toEqual({
      trigger: { begin: 0, end: 2, text: 'No' },
      rule: 'neg-1',
    });
    expect(diffResults(one(neg()), one({})).changed[0]?.changes).toEqual([
      { field: 'negation', a: { trigger: { begin: 0, end: 2, text: 'No' } }, b: null },
    ]);
  });

  it('reads heads through spans: a head moved to another annotation is a change, renumbering is not', () => {
    const a = negatedResult();
    const b = renumbered(withAnnotations(a, (x) => (x.match.text === 'brazo' ? { ...x, head: 0 } : x)));
    const d = diffResults(a, b);
    expect(d.changed).toHaveLength(1);
    expect(d.changed[0]?.changes).toEqual([
      { field: 'head', a: { begin: 11, end: 16, text: 'dolor' }, b: { begin: 3, end: 10, text: 'refiere' } },
    ]);
  });

  it('pairs two concepts of one span by CUI, and lists a third as added', () => {
    const t = 'dolor';
    const ann = (id: number, cui: string, vendor = 'Finding') =>
      annotation(id, t, 0, 5, { code: { umls: cui }, type: { umls: 'Sign or Symptom', vendor } });
    const a: AnnotationResult = { annotations: [ann(0, 'C1'), ann(1, 'C2')], version: '1' };
    const b: AnnotationResult = { annotations: [ann(3, 'C2', 'Anatomy'), ann(4, 'C3'), ann(5, 'C1')], version: '1' };
    const d = diffResults(a, b);
    // C1 = C1; C2 changed category; C3 is new.
    expect(d.changed.map((c) => [c.a.code.umls, c.changes.map((x) => x.field)])).toEqual([['C2', ['category']]]);
    expect(d.added.map((x) => x.code.umls)).toEqual(['C3']);
  });

  it('compares codes whatever their order', () => {
    const t = 'dolor';
    const r = (snomed: string[]): AnnotationResult => ({
      annotations: [annotation(0, t, 0, 5, { code: { umls: 'C1', snomed_ct: snomed } })],
      version: '1',
    });
    expect(isEmptyDiff(diffResults(r(['1', '2']), r(['2', '1'])))).toBe(true);
    expect(diffResults(r(['1']), r(['1', '2'])).counts.byField.codes).toBe(1);
  });
});

// Random results over one 40-character text: few spans, CUIs and categories, so runs collide often.
const TEXT = 'abcdefghij'.repeat(4);
const arbAnnotation = fc.record({
  begin: fc.integer({ min: 0, max: 30 }),
  length: fc.integer({ min: 1, max: 6 }),
  cui: fc.constantFrom('C0000001', 'C0000002', 'C0000003'),
  category: fc.constantFrom('Finding', 'Anatomy'),
  negated: fc.option(fc.integer({ min: 0, max: 35 }), { nil: undefined }),
  date: fc.option(fc.constantFrom('2024-01-01', '2024-02-02'), { nil: undefined }),
  head: fc.option(fc.nat(), { nil: undefined }),
});
const arbResult = fc
  .record({
    annotations: fc.array(arbAnnotation, { maxLength: 12 }),
    relations: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom('has_anatomical_location', 'has_time')), { maxLength: 6 }),
    firstId: fc.nat({ max: 50 }),
  })
  .map(({ annotations, relations, firstId }): AnnotationResult => {
    const n = annotations.length;
    return {
      annotations: annotations.map((x, i) => ({
        ...annotation(firstId + i, TEXT, x.begin, x.begin + x.length, {
          code: { umls: x.cui },
          type: { umls: 'T', vendor: x.category },
          characteristics: {
            ...(x.negated === undefined ? {} : { negative: { trigger: span(TEXT, x.negated, x.negated + 2) } }),
            ...(x.date === undefined ? {} : { timex: { type: 'DATE' as const, value: x.date } }),
          },
        }),
        ...(x.head === undefined || n === 0 ? {} : { head: firstId + (x.head % n) }),
      })),
      relations: n === 0 ? [] : relations.map(([f, t, rel]) => ({ from: firstId + (f % n), to: firstId + (t % n), rel })),
      version: '1',
    };
  });

const sortedJson = (xs: readonly unknown[]) => xs.map(stableJson).sort();
const mirrored = (d: ResultDiff) =>
  d.changed.map((c) => ({ ...c, a: c.b, b: c.a, changes: c.changes.map((x) => ({ ...x, a: x.b, b: x.a })) }));

describe('diffResults properties', () => {
  it('diff(a, a) is empty, also with the ids renumbered', () => {
    fc.assert(
      fc.property(arbResult, fc.integer({ min: 1, max: 1000 }), (a, shift) => {
        expect(isEmptyDiff(diffResults(a, a))).toBe(true);
        expect(isEmptyDiff(diffResults(a, renumbered(a, shift)))).toBe(true);
      }),
    );
  });

  it('diff(a, b) is diff(b, a) mirrored: added ↔ removed, changed with A and B swapped', () => {
    fc.assert(
      fc.property(arbResult, arbResult, (a, b) => {
        const ab = diffResults(a, b);
        const ba = diffResults(b, a);
        expect(ab.added).toEqual(ba.removed);
        expect(ab.removed).toEqual(ba.added);
        expect(ab.relationsAdded).toEqual(ba.relationsRemoved);
        expect(sortedJson(ab.changed)).toEqual(sortedJson(mirrored(ba)));
      }),
    );
  });

  it('counts equal the lengths of the lists; every annotation is accounted for once', () => {
    fc.assert(
      fc.property(arbResult, arbResult, (a, b) => {
        const d = diffResults(a, b);
        expect(d.counts.added).toBe(d.added.length);
        expect(d.counts.removed).toBe(d.removed.length);
        expect(d.counts.changed).toBe(d.changed.length);
        expect(d.counts.relationsAdded).toBe(d.relationsAdded.length);
        expect(d.counts.relationsRemoved).toBe(d.relationsRemoved.length);
        const fieldTotal = Object.values(d.counts.byField).reduce((x, y) => x + y, 0);
        expect(fieldTotal).toBe(d.changed.reduce((n, c) => n + c.changes.length, 0));
        // Matched pairs use each annotation once: A's = removed + paired, B's = added + paired.
        expect(a.annotations.length - d.removed.length).toBe(b.annotations.length - d.added.length);
        expect(d.changed.every((c) => c.a.match.begin === c.b.match.begin && c.a.match.end === c.b.match.end)).toBe(true);
      }),
    );
  });
});
