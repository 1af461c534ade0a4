/**
 * `resultToJson` must write exactly what `JSON.stringify` writes for every result the annotator
 * makes: the service sends its output as is. Checked over the behaviour cases, notes with every
 * kind of characteristic, category-restricted results, and random text with quotes, backslashes,
 * control characters, lone surrogates and astral characters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, createAnnotator, resultToJson, type AnnotationResult } from '../src/core/index.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';
import { restrictToCategory } from '../src/server/restrict.ts';
import { loadCases } from './dev-cases/load-cases.ts';

const annotator = createAnnotator(loadDefaultDictionary());

function expectSameJson(result: AnnotationResult): void {
  expect(resultToJson(result)).toBe(JSON.stringify(result));
}

describe('resultToJson', () => {
  it('writes what JSON.stringify writes for every behaviour case', () => {
    const cases = loadCases().flatMap((topic) => topic.cases);
    expect(cases.length).toBeGreaterThan(200);
    for (const c of cases) expectSameJson(annotator.annotate(c.text, c.config));
  });

  it('covers negation, uncertainty, relatives, quantities, dates, heads and relations', () => {
    const note =
      'Madre con diabetes. No refiere dolor en el brazo ni fiebre. Posible neumonía. Hb 12,4 g/dl, ' +
      'creatinina 0,9 mg/dl. Dolor torácico desde hace 3 días, "tos" \\ seca\u0007 😀 \ud800 ayer a las 14:30.';
    const result = annotator.annotate(note, { text_datetime: '2024-06-10T12:00:00' });
    const characteristics = new Set(result.annotations.flatMap((a) => Object.keys(a.characteristics)));
    for (const kind of ['negative', 'uncertain', 'family_member', 'quantity', 'timex']) expect(characteristics).toContain(kind);
    expect(result.relations?.length).toBeGreaterThan(0);
    expect(result.annotations.some((a) => a.head !== undefined)).toBe(true);
    expectSameJson(result);
    // Again: code and type now come from the kept JSON of the shared objects.
    expectSameJson(annotator.annotate(note, { text_datetime: '2024-06-10T12:00:00' }));
    for (const category of CATEGORIES) expectSameJson(restrictToCategory(result, category));
  });

  it('writes what JSON.stringify writes for random text (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'no ',
        'sin ',
        'refiere ',
        'dolor ',
        'tos',
        ' en el brazo',
        'madre ',
        'fiebre ',
        '38,5 ºC ',
        'hace 2 días ',
        ', ',
        '. ',
        '\r\n',
      ),
      fc.constantFrom('"', '\\', '\u0000', '\u001f', '\u2028', '😀', '\ud800', '\udc00', 'e\u0301', '</script>'),
      fc.string({ unit: 'grapheme-composite', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (parts, quantities) => {
        expectSameJson(annotator.annotate(parts.join(''), { text_datetime: '2024-06-10T12:00:00', parse_quantities: quantities }));
      }),
      { numRuns: 300 },
    );
  });
});
