/** Allergies: allergy words and the has_allergen links to the substances after them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import type { AnnotationResult } from '../../src/core/contract.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const dictionary = fixtureDictionary();
const annotator = createAnnotator(dictionary, { clock: () => new Date(2024, 5, 10, 12, 0, 0) });

function allergens(result: AnnotationResult): string[] {
  const text = new Map(result.annotations.map((a) => [a.id, a.match.text]));
  return (result.relations ?? []).filter((r) => r.rel === 'has_allergen').map((r) => `${text.get(r.from)} -> ${text.get(r.to)}`);
}

describe('allergies', () => {
  it('read "alérgico a" as the lexicon\'s allergy concept and link the coordinated substances after it', () => {
    const result = annotator.annotate('Alérgico a penicilina y al paracetamol.');
    const word = result.annotations.find((a) => a.match.text === 'Alérgico');
    expect(word?.code.umls).toBe('C0020517');
    expect(allergens(result)).toEqual(['Alérgico -> penicilina', 'Alérgico -> paracetamol']);
    expect(result.annotations.find((a) => a.match.text === 'penicilina')?.head).toBe(word?.id);
  });

  it('link "alergia a", "RAM a" and "intolerancia a" (a Glosa-local concept)', () => {
    const result = annotator.annotate('Alergia a AINE. RAM a heparina. Intolerancia a opioides.');
    expect(allergens(result)).toEqual(['Alergia -> AINE', 'RAM -> heparina', 'Intolerancia -> opioides']);
    const intolerance = result.annotations.find((a) => a.match.text === 'Intolerancia');
    expect(intolerance?.code.umls).toBe('L0000300');
    expect(intolerance?.type).toMatchObject({ vendor: 'Finding' });
  });

  it('read the allergy words the lexicon lacks only before a link word, and cross no line or sentence', () => {
    expect(annotator.annotate('La RAM del equipo. Intolerancia.').annotations).toEqual([]);
    expect(allergens(annotator.annotate('Alergia a\npenicilina. Alergia. Penicilina.'))).toEqual([]);
    expect(allergens(annotator.annotate('Alergia\na penicilina. Alergia a penicilina,\n😀 y AINE.'))).toEqual(['Alergia -> penicilina']);
    expect(allergens(annotator.annotate('Intolerancia a la lactosa.'))).toEqual([]);
  });

  it('leave negation to the context stage: "sin alergias medicamentosas" is negated', () => {
    const result = annotator.annotate('Sin alergias medicamentosas conocidas. Niega ser alérgico a penicilina.');
    expect(result.annotations.find((a) => a.match.text === 'alergias medicamentosas')?.characteristics.negative?.trigger.text).toBe('Sin');
    expect(result.annotations.find((a) => a.match.text === 'alérgico')?.characteristics.negative?.trigger.text).toBe('Niega');
    expect(allergens(result)).toEqual(['alérgico -> penicilina']);
  });

  it('keep offsets exact on any mix of allergy words and substances', () => {
    const pieces = ['alérgico', 'alergia', 'RAM', 'intolerancia', 'a', 'al', 'y', ',', '.', 'penicilina', 'AINE', '😀', '\n'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const t = parts.join(' ');
        const result = annotator.annotate(t);
        const points = Array.from(t);
        for (const a of result.annotations) expect(points.slice(a.match.begin, a.match.end).join('')).toBe(a.match.text);
        for (const r of result.relations ?? []) {
          if (r.rel !== 'has_allergen') continue;
          const between = points.slice(result.annotations[r.from]?.match.end, result.annotations[r.to]?.match.begin).join('');
          expect(between).not.toMatch(/[.\n]/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
