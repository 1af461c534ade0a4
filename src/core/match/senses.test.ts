import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../annotate.ts';
import { testDictionary, type TestConcept } from '../testing/test-dictionary.ts';

const CRP: TestConcept = { cui: 'C0201657', abbreviations: ['PCR'], category: 'Laboratory Procedure', tags: ['measurable'] };
const POLYMERASE: TestConcept = { cui: 'C0032520', terms: ['reacción en cadena de la polimerasa'], category: 'Laboratory Procedure' };
const GERMS: TestConcept[] = [
  { cui: 'C5203676', terms: ['sars-cov-2'], category: 'Organism' },
  { cui: 'C0021400', terms: ['gripe'], category: 'Disease or Syndrome' },
  { cui: 'C0015967', terms: ['fiebre'], category: 'Finding' },
];

function cuis(concepts: TestConcept[], text: string): string[] {
  return createAnnotator(testDictionary(concepts))
    .annotate(text)
    .annotations.map((a) => `${a.match.text} ${a.code.umls}`);
}

describe('abbreviation senses', () => {
  it('"PCR" before a germ or an infection is the polymerase chain reaction', () => {
    expect(cuis([CRP, POLYMERASE, ...GERMS], 'PCR de SARS-CoV-2 negativa. PCR para gripe.')).toEqual([
      'PCR C0032520',
      'SARS-CoV-2 C5203676',
      'PCR C0032520',
      'gripe C0021400',
    ]);
  });

  it('"PCR" with a value, alone or before a finding stays C-reactive protein', () => {
    expect(cuis([CRP, POLYMERASE, ...GERMS], 'PCR 45 mg/l. PCR elevada. PCR, fiebre. PCR y gripe.')).toEqual([
      'PCR C0201657',
      '45 mg/l L0000001',
      'PCR C0201657',
      'PCR C0201657',
      'fiebre C0015967',
      'PCR C0201657',
      'gripe C0021400',
    ]);
  });

  it('leaves the abbreviation alone when the dictionary lacks the other sense', () => {
    expect(cuis([CRP, ...GERMS], 'PCR de SARS-CoV-2.')).toEqual(['PCR C0201657', 'SARS-CoV-2 C5203676']);
  });
});
