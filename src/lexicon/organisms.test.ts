/** Organisms of the default lexicon: the species notes name, and the longer concept still wins (issue 17). */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../core/index.ts';
import { loadDefaultDictionary } from './load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const found = (text: string): string[] => annotator.annotate(text).annotations.map((a) => `${a.match.text}=${a.code.umls}`);

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
