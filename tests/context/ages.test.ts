/** Ages: an age annotation with value and UCUM unit, never a DURATION, linked from the patient's sex. */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { AnnotationResultSchema } from '../../src/core/contract.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const annotator = createAnnotator(fixtureDictionary(), { clock: () => new Date(2024, 5, 10, 12, 0, 0), freezeMentions: true });

function ages(text: string): [string, unknown][] {
  return annotator
    .annotate(text)
    .annotations.filter((a) => a.code.umls === 'L0000500')
    .map((a) => [a.match.text, a.characteristics.age]);
}

describe('ages', () => {
  it('reads value and UCUM unit after an age holder, "edad" or before "de edad"/"de vida"', () => {
    expect(
      ages('Varón de 72 años. Lactante de 3 meses. Paciente de 80 años. Neonato de 12 horas. Edad: 45 años. 2 semanas de vida.'),
    ).toEqual([
      ['72 años', { value: 72, unit: 'a' }],
      ['3 meses', { value: 3, unit: 'mo' }],
      ['80 años', { value: 80, unit: 'a' }],
      ['12 horas', { value: 12, unit: 'h' }],
      ['45 años', { value: 45, unit: 'a' }],
      ['2 semanas', { value: 2, unit: 'wk' }],
    ]);
    expect(ages('Niña de tres años.')).toEqual([['tres años', { value: 3, unit: 'a' }]]);
  });

  it('is no DURATION timex, and a length of time stays one', () => {
    const result = annotator.annotate('Varón de 72 años con fiebre de 3 días.');
    expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
    const byText = new Map(result.annotations.map((a) => [a.match.text, a]));
    expect(byText.get('72 años')?.characteristics.timex).toBeUndefined();
    expect(byText.get('72 años')?.type).toEqual({ umls: 'Organism Attribute', vendor: 'Quantitative Concept' });
    expect(byText.get('3 días')?.characteristics).toEqual({ timex: { type: 'DURATION', value: 'P3D' } });
    expect(byText.get('3 días')?.characteristics.age).toBeUndefined();
  });

  it('is linked from the patient sex before "de" (has_age, the sex as head), and only from it', () => {
    const result = annotator.annotate('Mujer de 45 años. Paciente de 80 años.');
    const [mujer, age45, age80] = result.annotations.filter((a) => ['mujer', 'edad'].includes(a.match.preferred_term));
    expect(mujer?.match.text).toBe('Mujer');
    expect(age45?.head).toBe(mujer?.id);
    expect(age80?.head).toBeUndefined();
    expect(result.relations).toEqual([{ from: mujer?.id, to: age45?.id, rel: 'has_age' }]);
  });

  it('keeps code-point offsets past an emoji and never reads across a line', () => {
    const [age] = annotator.annotate('😀 Varón de 72 años.').annotations.filter((a) => a.code.umls === 'L0000500');
    expect([age?.match.begin, age?.match.end]).toEqual([11, 18]);
    expect(ages('Varón de 72\naños. Dolor de 3 días.')).toEqual([]);
  });
});
