import { describe, expect, it } from 'vitest';
import type { Annotation, Relation } from '../../core/contract.ts';
import { annotation } from '../test/fixtures.ts';
import { relationRows } from './relation-rows.ts';

const TEXT = 'Apixabán 5 mg comprimidos cada 12 horas vía oral. Dolor en rodilla.';
const drug = annotation(0, TEXT, 0, 8, { type: { umls: 'Pharmacologic Substance', vendor: 'Substance' } });
const dose = annotation(1, TEXT, 9, 13, { characteristics: { quantity: { value: 5, unit: 'mg' } }, head: 0 });
const form = annotation(2, TEXT, 14, 25, { type: { umls: 'Biomedical or Dental Material', vendor: 'Manufactured Object' }, head: 0 });
const every = annotation(3, TEXT, 26, 39, { characteristics: { timex: { type: 'SET', value: 'PT12H' } }, head: 0 });
const route = annotation(4, TEXT, 40, 48, { head: 0 });
const pain = annotation(5, TEXT, 50, 55);
const knee = annotation(6, TEXT, 59, 66, { head: 5 });
const all: Annotation[] = [drug, dose, form, every, route, pain, knee];
const byId = new Map(all.map((a) => [a.id, { annotation: a }]));
// Written out of the card's order on purpose: the rows put the frame in a fixed order.
const relations: Relation[] = [
  { from: 0, to: 4, rel: 'has_route' },
  { from: 0, to: 2, rel: 'has_form' },
  { from: 0, to: 3, rel: 'has_frequency' },
  { from: 0, to: 1, rel: 'has_quantity' },
  { from: 5, to: 6, rel: 'has_anatomical_location' },
  { from: 0, to: 99, rel: 'has_route' },
];

const shown = (a: Annotation) => relationRows(a, relations, byId).map((r) => [r.label, r.other.match.text, r.detail]);

describe('concept card relation rows', () => {
  it("list a drug's frame in Spanish, dose first, with what each value reads", () => {
    expect(shown(drug)).toEqual([
      ['dosis', '5 mg', undefined],
      ['frecuencia', 'cada 12 horas', undefined],
      ['vía', 'vía oral', undefined],
      ['forma', 'comprimidos', undefined],
    ]);
  });

  it('show a link that reaches the concept from the other end, and a finding its site', () => {
    expect(shown(every)).toEqual([['frecuencia de', 'Apixabán', undefined]]);
    expect(shown(dose)).toEqual([['dosis de', 'Apixabán', undefined]]);
    expect(shown(pain)).toEqual([['localización', 'rodilla', undefined]]);
    expect(shown(knee)).toEqual([['localización de', 'Dolor', undefined]]);
  });

  it('read a value whose text says less ("c/12h" as "cada 12 horas"), and call a measured quantity no dose', () => {
    const text = 'TA 150/90 mmHg. Enalapril c/12h.';
    const ta = annotation(0, text, 0, 2, { type: { umls: 'Clinical Attribute', vendor: 'Finding' } });
    const bp = annotation(1, text, 3, 14, { characteristics: { quantity: { value: 150, unit: 'mmHg' } } });
    const enalapril = annotation(2, text, 16, 25, { type: { umls: 'Pharmacologic Substance', vendor: 'Substance' } });
    const set = annotation(3, text, 26, 31, { characteristics: { timex: { type: 'SET', value: 'PT12H' } } });
    const map = new Map([ta, bp, enalapril, set].map((a) => [a.id, { annotation: a }]));
    const rels: Relation[] = [
      { from: 0, to: 1, rel: 'has_quantity' },
      { from: 2, to: 3, rel: 'has_frequency' },
    ];
    expect(relationRows(ta, rels, map).map((r) => [r.label, r.detail])).toEqual([['cantidad', '150 mmHg']]);
    expect(relationRows(enalapril, rels, map).map((r) => [r.label, r.detail])).toEqual([['frecuencia', 'cada 12 horas']]);
  });

  it('name relations another service sends as sent, after the known ones', () => {
    const rows = relationRows(pain, [...relations, { from: 5, to: 0, rel: 'treated_by' }], byId);
    expect(rows.map((r) => r.label)).toEqual(['localización', 'treated_by']);
  });
});
