import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from './annotate.ts';
import { AnnotationResultSchema, type AnnotationResult } from './contract.ts';
import { testDictionary } from './testing/test-dictionary.ts';

const dictionary = testDictionary([
  { cui: 'C0205543', terms: ['refiere'], semanticType: 'Functional Concept', tags: ['reporting_verb'] },
  { cui: 'C0030193', terms: ['dolor'], category: 'Finding' },
  { cui: 'C0000737', terms: ['dolor abdominal'], category: 'Finding' },
  { cui: 'C0015967', terms: ['fiebre'], category: 'Finding' },
  { cui: 'C0010200', terms: ['tos'], category: 'Finding' },
  { cui: 'C0446516', terms: ['brazo'], category: 'Anatomy', semanticType: 'Body Part, Organ, or Organ Component' },
  { cui: 'C0022742', terms: ['rodilla'], category: 'Anatomy', semanticType: 'Body Part, Organ, or Organ Component' },
]);
const annotator = createAnnotator(dictionary);

/** Every structural promise of the contract, for any input. */
function expectWellFormed(text: string, result: AnnotationResult): void {
  AnnotationResultSchema.parse(result);
  const points = Array.from(text);
  result.annotations.forEach((a, i) => {
    expect(a.id).toBe(i);
    expect(a.match.begin).toBeLessThanOrEqual(a.match.end);
    expect(a.match.end).toBeLessThanOrEqual(points.length);
    expect(a.match.text).toBe(points.slice(a.match.begin, a.match.end).join(''));
    for (const cue of [a.characteristics.negative?.trigger, a.characteristics.uncertain?.trigger]) {
      if (cue) expect(cue.text).toBe(points.slice(cue.begin, cue.end).join(''));
    }
    if (i > 0) {
      const previous = result.annotations[i - 1]!;
      expect(previous.match.begin < a.match.begin || (previous.match.begin === a.match.begin && previous.match.end >= a.match.end)).toBe(
        true,
      );
    }
  });
  const ids = new Set(result.annotations.map((a) => a.id));
  for (const a of result.annotations) if (a.head !== undefined) expect(ids.has(a.head)).toBe(true);
  for (const r of result.relations ?? []) {
    expect(ids.has(r.from)).toBe(true);
    expect(ids.has(r.to)).toBe(true);
  }
  if (result.relations !== undefined) expect(result.relations.length).toBeGreaterThan(0);
  const order = (result.relations ?? []).map((r) => [r.from, r.to]);
  expect(order).toEqual([...order].sort((x, y) => (x[0] as number) - (y[0] as number) || (x[1] as number) - (y[1] as number)));
}

describe('annotate', () => {
  it('orders ids by position and converts offsets to code points', () => {
    const text = '😀 tos y 😀 dolor en el brazo';
    const result = annotator.annotate(text);
    expect(result.annotations.map((a) => [a.id, a.match.text, a.match.begin, a.match.end])).toEqual([
      [0, 'tos', 2, 5],
      [1, 'dolor', 10, 15],
      [2, 'brazo', 22, 27],
    ]);
    expect(result.relations).toEqual([{ from: 1, to: 2, rel: 'has_anatomical_location' }]);
    expectWellFormed(text, result);
  });

  it('joins laterality to the site and leaves findings without a site unrelated', () => {
    const result = annotator.annotate('Dolor en rodilla derecha. Fiebre.');
    expect(result.annotations.map((a) => a.match.text)).toEqual(['Dolor', 'rodilla derecha', 'Fiebre']);
    expect(result.relations).toEqual([{ from: 0, to: 1, rel: 'has_anatomical_location' }]);
    expect(result.annotations[2]?.head).toBeUndefined();
  });

  it("lists relations by their ends' ids, whichever stage made them", () => {
    // The site is linked before the time, whose annotation comes first.
    const text = 'Desde ayer dolor en rodilla.';
    const result = annotator.annotate(text, { text_datetime: '2024-06-10T12:00:00' });
    expect(result.relations).toEqual([
      { from: 1, to: 0, rel: 'has_time' },
      { from: 1, to: 2, rel: 'has_anatomical_location' },
    ]);
    expectWellFormed(text, result);
  });

  it('negates within the clause only', () => {
    const result = annotator.annotate('Sin fiebre ni tos; dolor abdominal.');
    const negated = result.annotations.filter((a) => a.characteristics.negative).map((a) => a.match.text);
    expect(negated).toEqual(['fiebre', 'tos']);
  });

  it('puts the vendor key under the configured name', () => {
    const custom = createAnnotator(dictionary, { vendorKey: 'acme' });
    expect(custom.annotate('tos').annotations[0]?.type).toEqual({ umls: 'Sign or Symptom', acme: 'Finding' });
  });

  it('returns an empty result for empty text', () => {
    expect(annotator.annotate('')).toEqual({ annotations: [], version: annotator.options.version });
  });

  const clinicalish = fc.array(
    fc.oneof(
      fc.constantFrom('no ', 'sin ', 'refiere ', 'dolor ', 'tos', ' en el brazo', 'rodilla derecha', ', ', '. ', '\r\n', '\t', ' ni '),
      fc.string({ unit: 'grapheme-composite', maxLength: 6 }),
      fc.constantFrom('😀', '𝕏', 'e\u0301', 'n\u0303', '\u200d', '\ud800'),
    ),
    { maxLength: 40 },
  );

  it('never throws and always emits a well-formed, deterministic result (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          clinicalish.map((parts) => parts.join('')),
          fc.string({ unit: 'binary', maxLength: 80 }),
        ),
        (text) => {
          const result = annotator.annotate(text);
          expectWellFormed(text, result);
          expect(annotator.annotate(text)).toEqual(result);
        },
      ),
      { numRuns: 300 },
    );
  });
});
