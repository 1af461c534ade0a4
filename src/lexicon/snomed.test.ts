/** SNOMED CT ids from the mention references reach the annotation, on the exact concept (issue 17). */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../core/index.ts';
import { loadDefaultDictionary } from './load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const coded = (text: string): string[] =>
  annotator.annotate(text).annotations.map((a) => `${a.match.text}=${a.code.umls}:${(a.code.snomed_ct ?? []).join(',')}`);

describe('SNOMED CT in the default lexicon', () => {
  it('gives orotracheal intubation its own concept and id, not the endotracheal one', () => {
    expect(coded('Anestesia general con intubación orotraqueal.')).toContain('intubación orotraqueal=C0396621:232674004');
  });

  it('codes drugs with their substance id, spelling variants included', () => {
    expect(coded('Se inicia tolvaptán; antes recibió cefepime y carvedilol.')).toEqual([
      'tolvaptán=C1176308:443058000',
      'cefepime=C0055003:96048006',
      'carvedilol=C0054836:386870007',
    ]);
  });

  it('keeps a two-ingredient combination without a substance id', () => {
    expect(coded('Amoxicilina-clavulánico 875 mg.')[0]).toMatch(/^Amoxicilina-clavulánico=C0054066:$/);
  });
});
