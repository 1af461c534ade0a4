/** The patient's sex where the note states it. */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const annotator = createAnnotator(fixtureDictionary(), { clock: () => new Date(2024, 5, 10, 12, 0, 0) });

function sexes(text: string): [string, string][] {
  return annotator
    .annotate(text)
    .annotations.filter((a) => ['L0000400', 'L0000401'].includes(a.code.umls))
    .map((a) => [a.match.text, a.match.preferred_term]);
}

describe('patient sex', () => {
  it('is read from a sex word before an age or after "paciente"', () => {
    expect(sexes('Varón de 72 años. Mujer de 45 años. Paciente varón. Niña de 4 años.')).toEqual([
      ['Varón', 'varón'],
      ['Mujer', 'mujer'],
      ['varón', 'varón'],
      ['Niña', 'mujer'],
    ]);
    const varon = annotator.annotate('Varón de 72 años.').annotations[0];
    expect(varon?.code.umls).toBe('L0000400');
    expect(varon?.type).toEqual({ umls: 'Population Group', vendor: 'Group' });
  });

  it('is not read where the word may be someone else, or across a line', () => {
    expect(sexes('Su mujer refiere tos. Niño de la habitación contigua. Mujer\nde 45 años. Paciente\nvarón.')).toEqual([]);
  });
});
