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

describe('senses from the words and concepts around', () => {
  const HIV_INFECTION: TestConcept = { cui: 'C0019693', abbreviations: ['VIH'], category: 'Disease or Syndrome' };
  const HIV_VIRUS: TestConcept = { cui: 'C0019682', terms: ['virus de la inmunodeficiencia humana'], category: 'Organism' };
  const SEROLOGY: TestConcept = { cui: 'C0036743', terms: ['serología'], category: 'Laboratory Procedure' };
  const FIBRILLATION: TestConcept = { cui: 'C0004238', abbreviations: ['FA'], category: 'Disease or Syndrome' };
  const PHOSPHATASE: TestConcept = { cui: 'C0201850', terms: ['fosfatasa alcalina'], category: 'Laboratory Procedure' };
  const HEPATITIS_C_VIRUS: TestConcept = { cui: 'C0220847', abbreviations: ['VHC'], category: 'Organism' };
  const HEPATITIS_C: TestConcept = { cui: 'C0019196', terms: ['hepatitis c'], category: 'Disease or Syndrome' };
  const RESPIRATORY_RATE: TestConcept = { cui: 'C0231832', abbreviations: ['FR'], category: 'Organism Attribute' };
  const RHEUMATOID_FACTOR: TestConcept = { cui: 'C0035448', terms: ['factor reumatoide'], category: 'Substance' };
  const PREGNANT: TestConcept = { cui: 'C0549206', terms: ['embarazadas', 'embarazada'], category: 'Finding' };
  const PREGNANT_WOMEN: TestConcept = { cui: 'C0033011', terms: ['mujeres embarazadas'], category: 'Group' };
  const all = [
    HIV_INFECTION,
    HIV_VIRUS,
    SEROLOGY,
    FIBRILLATION,
    PHOSPHATASE,
    HEPATITIS_C_VIRUS,
    HEPATITIS_C,
    RESPIRATORY_RATE,
    RHEUMATOID_FACTOR,
    PREGNANT,
    PREGNANT_WOMEN,
  ];

  it('takes the sense from the concept before (a test names what it looks for)', () => {
    expect(cuis(all, 'Serología de VIH negativa. Paciente con VIH.')).toEqual(['Serología C0036743', 'VIH C0019682', 'VIH C0019693']);
  });

  it('takes the sense from a number after it', () => {
    expect(cuis(all, 'FA 250 U/l. FA con respuesta rápida.')).toEqual(['FA C0201850', '250 U/l L0000001', 'FA C0004238']);
  });

  it('takes the sense from the word before or after it', () => {
    expect(cuis(all, 'Paciente con VHC. VHC negativo.')).toEqual(['VHC C0019196', 'VHC C0220847']);
    expect(cuis(all, 'FR negativo. FR normal.')).toEqual(['FR C0035448', 'FR C0231832']);
  });

  it('reads a lower-case word in any case, an abbreviation only as written', () => {
    expect(cuis(all, 'Contraindicado en Embarazadas. Paciente embarazada.')).toEqual(['Embarazadas C0033011', 'embarazada C0549206']);
  });
});
