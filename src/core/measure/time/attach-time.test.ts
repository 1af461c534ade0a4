import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../annotate.ts';
import type { AnnotationResult } from '../../contract.ts';
import { testDictionary } from '../../testing/test-dictionary.ts';

const annotator = createAnnotator(
  testDictionary([
    { cui: 'C0205543', terms: ['presentó', 'refiere'], semanticType: 'Functional Concept', tags: ['reporting_verb'] },
    { cui: 'C0030193', terms: ['dolor'], category: 'Finding' },
    { cui: 'C0015967', terms: ['fiebre'], category: 'Finding' },
    { cui: 'C0010200', terms: ['tos'], category: 'Finding' },
    { cui: 'C0013404', terms: ['disnea'], category: 'Finding' },
    { cui: 'C0018989', terms: ['hemiparesia'], category: 'Finding' },
    { cui: 'C0000970', terms: ['paracetamol'], category: 'Substance', semanticType: 'Pharmacologic Substance' },
    { cui: 'C0022742', terms: ['rodilla'], category: 'Anatomy', semanticType: 'Body Part, Organ, or Organ Component' },
    { cui: 'C0000001', terms: ['intensa'], category: 'Qualitative Concept', semanticType: 'Qualitative Concept' },
    {
      cui: 'C0003611',
      terms: ['apendicectomía'],
      category: 'Therapeutic or Preventive Procedure',
      semanticType: 'Therapeutic or Preventive Procedure',
    },
    { cui: 'C1623258', terms: ['ecg'], category: 'Diagnostic Procedure', semanticType: 'Diagnostic Procedure' },
  ]),
);
const config = { text_datetime: '2024-06-10T12:00:00' };

/** The has_time links of the result as "finding -> time", and each time's head. */
function links(result: AnnotationResult): { relations: string[]; heads: Record<string, string | null> } {
  const text = (id: number): string => result.annotations[id]?.match.text ?? '?';
  const relations = (result.relations ?? []).filter((r) => r.rel === 'has_time').map((r) => `${text(r.from)} -> ${text(r.to)}`);
  const heads: Record<string, string | null> = {};
  for (const a of result.annotations) {
    if (a.characteristics.timex !== undefined) heads[a.match.text] = a.head === undefined ? null : text(a.head);
  }
  return { relations, heads };
}

describe('has_time links', () => {
  it('ties a date to the finding before it', () => {
    expect(links(annotator.annotate('Fiebre desde hace 3 días.', config))).toEqual({
      relations: ['Fiebre -> hace 3 días'],
      heads: { 'hace 3 días': 'Fiebre' },
    });
  });

  it('reaches over the finding\u2019s site', () => {
    expect(links(annotator.annotate('Refiere dolor en rodilla desde ayer.', config)).relations).toEqual(['dolor -> ayer']);
  });

  it('reaches over a qualifier of the finding', () => {
    expect(links(annotator.annotate('Fiebre intensa desde esta mañana.', config)).relations).toEqual(['Fiebre -> esta mañana']);
  });

  it('dates every coordinated finding, with the nearest as head', () => {
    expect(links(annotator.annotate('Fiebre, tos y disnea desde hace 2 días.', config))).toEqual({
      relations: ['Fiebre -> hace 2 días', 'tos -> hace 2 días', 'disnea -> hace 2 días'],
      heads: { 'hace 2 días': 'disnea' },
    });
  });

  it('dates findings coordinated after a side word of the first', () => {
    expect(links(annotator.annotate('Hemiparesia izquierda y disnea desde hace 2 horas.', config)).relations).toEqual([
      'Hemiparesia -> hace 2 horas',
      'disnea -> hace 2 horas',
    ]);
  });

  it('looks forward when the expression opens the sentence', () => {
    expect(links(annotator.annotate('Ayer presentó fiebre.', config)).relations).toEqual(['fiebre -> Ayer']);
    expect(links(annotator.annotate('Desde hace una semana, tos.', config)).relations).toEqual(['tos -> hace una semana']);
  });

  it('looks forward when the expression opens a clause', () => {
    expect(links(annotator.annotate('Sin fiebre; hace 2 semanas tuvo disnea.', config)).relations).toEqual(['disnea -> hace 2 semanas']);
    expect(links(annotator.annotate('Ahora sin tos, pero desde ayer fiebre.', config)).relations).toEqual(['fiebre -> ayer']);
    expect(links(annotator.annotate('Sin fiebre, hace 2 semanas tuvo disnea.', config)).relations).toEqual([]);
  });

  it('does not link across a clause break, another concept or a sentence end', () => {
    expect(links(annotator.annotate('Fiebre; desde ayer mejor.', config)).relations).toEqual([]);
    expect(links(annotator.annotate('Fiebre tratada con paracetamol cada 8 horas.', config)).relations).toEqual([]);
    expect(links(annotator.annotate('Fiebre. Ayer mejor.', config)).relations).toEqual([]);
    expect(links(annotator.annotate('Ingresó el día 8 por fiebre.', config)).relations).toEqual([]);
  });

  it('dates tests and treatments too, but not drugs', () => {
    expect(links(annotator.annotate('Apendicectomía en 2010.', config)).relations).toEqual(['Apendicectomía -> 2010']);
    expect(links(annotator.annotate('Ayer se realizó ECG.', config)).relations).toEqual(['ECG -> Ayer']);
    expect(links(annotator.annotate('Paracetamol desde ayer.', config)).relations).toEqual([]);
  });

  it('does not take a finding far before the expression', () => {
    expect(links(annotator.annotate('Fiebre alta que no cede con medidas físicas habituales desde ayer.', config)).relations).toEqual([]);
  });
});
