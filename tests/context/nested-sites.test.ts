/** Sites inside concepts (config.nested_sites). */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { AnnotationResultSchema, type AnnotationResult, type Category } from '../../src/core/contract.ts';
import { testDictionary, type TestConcept } from '../../src/core/testing/test-dictionary.ts';
import { loadDefaultDictionary } from '../../src/lexicon/load.ts';

let cui = 9100000;
const concept = (category: Category, semanticType: string, terms: string[]): TestConcept => ({
  cui: `C${cui++}`,
  category,
  semanticType,
  terms,
  abbreviations: [],
  tags: [],
});
const dictionary = testDictionary([
  concept('Disease or Syndrome', 'Neoplastic Process', ['cáncer de esófago']),
  concept('Diagnostic Procedure', 'Diagnostic Procedure', ['radiografía de tórax']),
  concept('Finding', 'Sign or Symptom', ['dolor torácico', 'dolor', 'soplo cardíaco']),
  concept('Finding', 'Injury or Poisoning', ['fractura de cadera derecha']),
  concept('Anatomy', 'Body Part, Organ, or Organ Component', ['esófago']),
  concept('Anatomy', 'Body Part, Organ, or Organ Component', ['tórax']),
  concept('Anatomy', 'Body Part, Organ, or Organ Component', ['corazón', 'cardíaco']),
  concept('Anatomy', 'Body Location or Region', ['cadera']),
  concept('Anatomy', 'Body Part, Organ, or Organ Component', ['brazo']),
]);
const annotator = createAnnotator(dictionary, { clock: () => new Date(2024, 5, 10, 12, 0, 0), freezeMentions: true });

/** [text, category, head's text, negated] of each annotation. */
function rows(result: AnnotationResult): [string, string | undefined, string | undefined, boolean][] {
  return result.annotations.map((a) => [
    a.match.text,
    a.type.vendor,
    a.head === undefined ? undefined : result.annotations[a.head]?.match.text,
    a.characteristics.negative !== undefined,
  ]);
}

describe('sites inside concepts', () => {
  it('emits the site after "de" or as an adjective, with its side, linked from the concept', () => {
    const text = 'Cáncer de esófago. Radiografía de tórax. Fractura de cadera derecha. Dolor torácico. Soplo cardíaco.';
    const result = annotator.annotate(text, { nested_sites: true });
    expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
    expect(rows(result)).toEqual([
      ['Cáncer de esófago', 'Disease or Syndrome', undefined, false],
      ['esófago', 'Anatomy', 'Cáncer de esófago', false],
      ['Radiografía de tórax', 'Diagnostic Procedure', undefined, false],
      ['tórax', 'Anatomy', 'Radiografía de tórax', false],
      ['Fractura de cadera derecha', 'Finding', undefined, false],
      ['cadera derecha', 'Anatomy', 'Fractura de cadera derecha', false],
      ['Dolor torácico', 'Finding', undefined, false],
      ['torácico', 'Anatomy', 'Dolor torácico', false],
      ['Soplo cardíaco', 'Finding', undefined, false],
      ['cardíaco', 'Anatomy', 'Soplo cardíaco', false],
    ]);
    // The adjective names its anatomy concept ('torácico' is the thorax); offsets are the site's own words.
    const toracico = result.annotations[7];
    expect(toracico?.match).toMatchObject({ text: 'torácico', preferred_term: 'tórax', begin: text.indexOf('torácico') });
    expect(result.relations).toEqual([0, 2, 4, 6, 8].map((from) => ({ from, to: from + 1, rel: 'has_anatomical_location' })));
  });

  it('negates a negated concept’s site with it, and keeps a site after the concept', () => {
    const result = annotator.annotate('Sin dolor torácico en brazo izquierdo.', { nested_sites: true });
    expect(rows(result)).toEqual([
      ['dolor torácico', 'Finding', undefined, true],
      ['torácico', 'Anatomy', 'dolor torácico', true],
      ['brazo izquierdo', 'Anatomy', 'dolor torácico', true],
    ]);
    expect(result.annotations[1]?.characteristics.negative?.trigger.text).toBe('Sin');
  });

  it('counts offsets in code points past an emoji', () => {
    const result = annotator.annotate('😀😀 Cáncer de esófago', { nested_sites: true });
    expect(result.annotations.map((a) => [a.match.begin, a.match.end])).toEqual([
      [3, 20],
      [13, 20],
    ]);
  });

  it('changes nothing without the option, or with it false', () => {
    const text = 'Cáncer de esófago. Sin dolor torácico en brazo izquierdo. Soplo cardíaco.';
    const plain = JSON.stringify(annotator.annotate(text));
    expect(JSON.stringify(annotator.annotate(text, { nested_sites: false }))).toBe(plain);
    expect(plain).not.toContain('"text":"esófago"');
    const byDefault = createAnnotator(dictionary, { nestedSites: true });
    expect(byDefault.annotate(text).annotations.length).toBe(annotator.annotate(text, { nested_sites: true }).annotations.length);
    expect(JSON.stringify(byDefault.annotate(text, { nested_sites: false }))).toBe(plain);
  });
});

describe('sites inside concepts with the default lexicon', () => {
  const lexicon = createAnnotator(loadDefaultDictionary(), { clock: () => new Date(2024, 5, 10, 12, 0, 0) });

  it('finds the sites of real notes', () => {
    const result = lexicon.annotate(
      'Cáncer de esófago. Radiografía de tórax. Sin dolor torácico. Soplo cardíaco. Dolor abdominal en FID.',
      {
        nested_sites: true,
      },
    );
    expect(rows(result)).toEqual([
      ['Cáncer de esófago', 'Disease or Syndrome', undefined, false],
      ['esófago', 'Anatomy', 'Cáncer de esófago', false],
      ['Radiografía de tórax', 'Diagnostic Procedure', undefined, false],
      ['tórax', 'Anatomy', 'Radiografía de tórax', false],
      ['dolor torácico', 'Finding', undefined, true],
      ['torácico', 'Anatomy', 'dolor torácico', true],
      ['Soplo cardíaco', 'Finding', undefined, false],
      ['cardíaco', 'Anatomy', 'Soplo cardíaco', false],
      ['Dolor abdominal', 'Finding', undefined, false],
      ['abdominal', 'Anatomy', 'Dolor abdominal', false],
      ['FID', 'Anatomy', 'Dolor abdominal', false],
    ]);
  });
});
