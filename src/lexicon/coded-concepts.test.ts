/** Organisms and SNOMED CT ids of the default lexicon reach the annotation, on the exact concept (issue 17). */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../core/index.ts';
import { loadDefaultDictionary } from './load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const annotated = (text: string) => annotator.annotate(text).annotations;
const found = (text: string): string[] => annotated(text).map((a) => `${a.match.text}=${a.code.umls}`);
const coded = (text: string): string[] =>
  annotated(text).map((a) => `${a.match.text}=${a.code.umls}:${(a.code.snomed_ct ?? []).join(',')}`);

describe('organisms in the default lexicon', () => {
  it('names the probiotic species, not only the genus', () => {
    expect(found('Se pauta Lactobacillus reuteri y después L. rhamnosus.')).toEqual([
      'Lactobacillus reuteri=C0317625',
      'L. rhamnosus=C0317597',
    ]);
  });

  it('reads the HACEK and oral species whole', () => {
    expect(found('Hemocultivos: Aggregatibacter actinomycetemcomitans.')).toContain('Aggregatibacter actinomycetemcomitans=C0085488');
  });

  it('leaves "huésped" to the longer disease concept when it is part of it', () => {
    const graft = found('Enfermedad injerto contra huésped cutánea.');
    expect(graft.some((f) => f.startsWith('Enfermedad injerto contra huésped='))).toBe(true);
    expect(graft.some((f) => f.endsWith('=C1167395'))).toBe(false);
  });
});

describe('SNOMED CT in the default lexicon', () => {
  it('gives orotracheal intubation its own concept and id, not the endotracheal one', () => {
    expect(coded('Anestesia general con intubación orotraqueal.')).toContain('intubación orotraqueal=C0396621:232674004');
  });

  it('gives the right and left hemicolectomy their own concepts and ids', () => {
    expect(coded('Hemicolectomía derecha en 2019 e izquierda en 2021; previa hemicolectomía izquierda.')).toContain(
      'hemicolectomía izquierda=C0192865:82619000',
    );
    expect(coded('Se realizó hemicolectomía derecha.')).toEqual(['hemicolectomía derecha=C0192861:359571009']);
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
