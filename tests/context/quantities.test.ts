import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findQuantities, parseNumber } from '../../src/core/measure/quantities/quantities.ts';
import { tokenise } from '../../src/core/text/tokenise.ts';
import { createAnnotator } from '../../src/core/annotate.ts';
import { validateAnnotationRequest } from '../../src/core/request.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

function quantities(text: string): { span: string; value: number; unit: string }[] {
  return findQuantities(text, tokenise(text)).map((q) => ({
    span: text.slice(q.start, q.end),
    value: q.characteristics.quantity?.value ?? NaN,
    unit: q.characteristics.quantity?.unit ?? '',
  }));
}

describe('numbers', () => {
  it('read a decimal comma or point, and "." before groups of three digits as thousands', () => {
    expect(parseNumber('38,5')).toBe(38.5);
    expect(parseNumber('1.2')).toBe(1.2);
    expect(parseNumber('15.000')).toBe(15000);
    expect(parseNumber('1.250.000')).toBe(1250000);
    expect(parseNumber('0,25')).toBe(0.25);
  });

  it('read back any integer written with thousands points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 999_999_999 }), (n) => {
        expect(parseNumber(n.toLocaleString('de-DE'))).toBe(n);
      }),
    );
  });
});

describe('quantities', () => {
  it('take the unit as written, with or without a space', () => {
    expect(quantities('Glucosa 126 mg/dL, SatO2 94%, T 37,9 °C, 38,5ºC')).toEqual([
      { span: '126 mg/dL', value: 126, unit: 'mg/dL' },
      { span: '94%', value: 94, unit: '%' },
      { span: '37,9 °C', value: 37.9, unit: '°C' },
      { span: '38,5ºC', value: 38.5, unit: 'ºC' },
    ]);
  });

  it('read a pressure pair, a range and counts per volume as one quantity each', () => {
    expect(quantities('TA 120/80 mmHg. Dosis 10-20 mg. Leucocitos 15.000/mm3, plaquetas 250 x10^3/µl.')).toEqual([
      { span: '120/80 mmHg', value: 120, unit: 'mmHg' },
      { span: '10-20 mg', value: 10, unit: 'mg' },
      { span: '15.000/mm3', value: 15000, unit: '/mm3' },
      { span: '250 x10^3/µl', value: 250, unit: 'x10^3/µl' },
    ]);
  });

  it('read colony counts of a culture, a comparison sign before them left out', () => {
    expect(quantities('Urocultivo: >100.000 UFC/ml de E. coli.')).toEqual([{ span: '100.000 UFC/ml', value: 100000, unit: 'UFC/ml' }]);
  });

  it('read doses and rates per interval or per kilo, and troponin in ng/L', () => {
    expect(quantities('Bisoprolol 2,5 mg/12h, paracetamol 1 g/8 h, noradrenalina 0,1 µg/kg/min, troponina T 250 ng/L.')).toEqual([
      { span: '2,5 mg/12h', value: 2.5, unit: 'mg/12h' },
      { span: '1 g/8 h', value: 1, unit: 'g/8 h' },
      { span: '0,1 µg/kg/min', value: 0.1, unit: 'µg/kg/min' },
      { span: '250 ng/L', value: 250, unit: 'ng/L' },
    ]);
  });

  it('leave out numbers with no unit, durations, dates and ordinals', () => {
    expect(quantities('Hace 3 días, 2 veces, el 12/06/2024, 1º episodio, 7 u 8 horas, DM2.')).toEqual([]);
  });

  it('never join a number to a unit on the next line', () => {
    expect(quantities('Peso 70\nkg')).toEqual([]);
  });
});

describe('the parseQuantities option and config flag', () => {
  const text = 'LDL 64 mg/dl';
  const kinds = (on: boolean | undefined, option = true): string[] =>
    createAnnotator(fixtureDictionary(), { parseQuantities: option })
      .annotate(text, on === undefined ? undefined : { parse_quantities: on })
      .annotations.map((a) => a.type['vendor'] ?? '');

  it('find quantities by default and skip them when turned off', () => {
    expect(kinds(undefined)).toEqual(['Laboratory Procedure', 'Quantitative Concept']);
    expect(kinds(false)).toEqual(['Laboratory Procedure']);
    expect(kinds(undefined, false)).toEqual(['Laboratory Procedure']);
    expect(kinds(true, false)).toEqual(['Laboratory Procedure', 'Quantitative Concept']);
  });
});

describe('config.parse_quantities in a request', () => {
  it('is accepted as a boolean and refused otherwise, with a clear message', () => {
    expect(validateAnnotationRequest({ text: 'LDL 64 mg/dl', config: { parse_quantities: false } }).ok).toBe(true);
    const refused = validateAnnotationRequest({ text: 'LDL 64 mg/dl', config: { parse_quantities: 'no' } });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toContain('parse_quantities');
  });
});

describe('whole measurements', () => {
  const first = (text: string) => findQuantities(text, tokenise(text)).map((q) => [text.slice(q.start, q.end), q.characteristics.quantity]);

  it('keep both numbers of a blood pressure, named, with value still the first', () => {
    expect(first('TA 150/90 mmHg')).toEqual([['150/90 mmHg', { value: 150, unit: 'mmHg', systolic: 150, diastolic: 90 }]]);
    expect(first('PA 120/80 mm Hg')).toEqual([['120/80 mm Hg', { value: 120, unit: 'mm Hg', systolic: 120, diastolic: 80 }]]);
  });

  it('keep every amount of a combination dose and the upper end of a range', () => {
    expect(first('Amoxicilina/clavulánico 875/125 mg')).toEqual([['875/125 mg', { value: 875, unit: 'mg', amounts: [875, 125] }]]);
    expect(first('O2 a 2-3 lpm')).toEqual([['2-3 lpm', { value: 2, unit: 'lpm', high: 3 }]]);
    expect(first('Dosis 5-3 mg')).toEqual([['5-3 mg', { value: 5, unit: 'mg' }]]);
  });

  it('keep a comparator before the number, outside the span', () => {
    expect(first('Urocultivo >100.000 UFC/ml')).toEqual([['100.000 UFC/ml', { value: 100000, unit: 'UFC/ml', comparator: '>' }]]);
    expect(first('PCR < 5 mg/l, glucosa ≥ 126 mg/dl, LDL ≤ 70 mg/dl, hasta 4 g, TG >= 150 mg/dl')).toEqual([
      ['5 mg/l', { value: 5, unit: 'mg/l', comparator: '<' }],
      ['126 mg/dl', { value: 126, unit: 'mg/dl', comparator: '>=' }],
      ['70 mg/dl', { value: 70, unit: 'mg/dl', comparator: '<=' }],
      ['4 g', { value: 4, unit: 'g', comparator: '<=' }],
      ['150 mg/dl', { value: 150, unit: 'mg/dl', comparator: '>=' }],
    ]);
  });

  it('take no comparator from the line before, nor from a word that is none', () => {
    expect(first('Valor >\n5 mg/l')).toEqual([['5 mg/l', { value: 5, unit: 'mg/l' }]]);
    expect(first('Dosis de 5 mg')).toEqual([['5 mg', { value: 5, unit: 'mg' }]]);
  });

  it('read a numbered list item as no quantity ("1-0-1" has no unit)', () => {
    expect(first('Enalapril 1-0-1')).toEqual([]);
  });
});

describe('quantity links', () => {
  it('never reach over a line break, even when a sign starts the next line', () => {
    const annotator = createAnnotator(fixtureDictionary());
    expect(annotator.annotate('paracetamol \n 😀 875/125 mg').relations ?? []).toEqual([]);
    expect(annotator.annotate('paracetamol 875/125 mg').relations).toEqual([{ from: 0, to: 1, rel: 'has_quantity' }]);
  });
});
