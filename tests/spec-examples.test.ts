/** The spec's two example shapes, reproduced exactly with the default dictionary. */
import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema, createAnnotator, GLOSA_VERSION } from '../src/core/index.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const span = (begin: number, end: number, text: string, preferred: unknown = expect.any(String)) => ({
  begin,
  end,
  text,
  found_as: text,
  preferred_term: preferred,
});

describe('spec examples', () => {
  it('"no refiere dolor": the verb heads the symptom, both carry the same trigger, no relations', () => {
    const result = annotator.annotate('no refiere dolor');
    const trigger = { trigger: span(0, 2, 'no', '') };
    expect(result).toEqual({
      annotations: [
        {
          id: 0,
          code: { umls: 'C0205543' },
          type: { umls: 'Functional Concept' },
          match: span(3, 10, 'refiere'),
          characteristics: { negative: trigger },
        },
        {
          id: 1,
          code: { umls: 'C0030193', snomed_ct: ['22253000'], icd9_cm: expect.arrayContaining(['338-338.99']), icd10_cm: ['R52'] },
          type: { umls: 'Sign or Symptom', vendor: 'Finding' },
          match: span(11, 16, 'dolor'),
          characteristics: { negative: trigger },
          head: 0,
        },
      ],
      version: GLOSA_VERSION,
    });
    expect('relations' in result).toBe(false);
    expect(AnnotationResultSchema.parse(result)).toEqual(result);
  });

  it('"dolor en el brazo": the site is headed by the finding and related to it', () => {
    const result = annotator.annotate('dolor en el brazo');
    expect(result.annotations).toHaveLength(2);
    const [finding, site] = result.annotations;
    expect(finding).toMatchObject({ id: 0, code: { umls: 'C0030193' }, match: span(0, 5, 'dolor'), characteristics: {} });
    expect(finding?.head).toBeUndefined();
    expect(site).toMatchObject({ id: 1, type: { vendor: 'Anatomy' }, match: span(12, 17, 'brazo'), characteristics: {}, head: 0 });
    expect(result.relations).toEqual([{ from: 0, to: 1, rel: 'has_anatomical_location' }]);
    expect(AnnotationResultSchema.parse(result)).toEqual(result);
  });

  it('"madre con alzheimer" finds the relative and the disease with the codes of the original', () => {
    const result = annotator.annotate('madre con alzheimer');
    const alzheimer = result.annotations.find((a) => a.match.text === 'alzheimer');
    expect(result.annotations.find((a) => a.match.text === 'madre')?.code.umls).toBe('C0026591');
    expect(alzheimer?.code).toEqual({ umls: 'C0002395', snomed_ct: ['26929004'], icd9_cm: ['331.0'], icd10_cm: ['G30', 'G30.9'] });
    expect(alzheimer?.type).toEqual({ umls: 'Disease or Syndrome', vendor: 'Disease or Syndrome' });
  });
});
