import { describe, expect, it } from 'vitest';
import { countByDomain, domainOf } from './domains.ts';
import { LexiconConceptSchema } from './source.ts';

const concept = (fields: Record<string, unknown>) =>
  LexiconConceptSchema.parse({ cui: 'C0000001', preferred_term: 'x', terms: ['x'], ...fields });

describe('domainOf', () => {
  it('counts diagnostic and therapeutic procedures, and health care activities, as procedures', () => {
    expect(domainOf(concept({ semantic_type: 'Diagnostic Procedure', category: 'Diagnostic Procedure' }))).toBe('procedures');
    expect(
      domainOf(concept({ semantic_type: 'Therapeutic or Preventive Procedure', category: 'Therapeutic or Preventive Procedure' })),
    ).toBe('procedures');
    expect(domainOf(concept({ semantic_type: 'Health Care Activity', category: 'Activity' }))).toBe('procedures');
  });

  it('keeps a reporting verb typed as a health care activity among the reporting verbs', () => {
    expect(domainOf(concept({ semantic_type: 'Health Care Activity', tags: ['reporting_verb'] }))).toBe('reporting verbs');
  });

  it('counts a measurable laboratory procedure as labs', () => {
    expect(domainOf(concept({ semantic_type: 'Laboratory Procedure', category: 'Laboratory Procedure', tags: ['measurable'] }))).toBe(
      'labs',
    );
  });
});

describe('countByDomain', () => {
  it('counts per domain the concepts that carry each code system, and names the target', () => {
    const diseases = [
      concept({ cui: 'C0000001', semantic_type: 'Disease or Syndrome', category: 'Disease or Syndrome', icd10_cm: ['I10'] }),
      concept({
        cui: 'C0000002',
        semantic_type: 'Disease or Syndrome',
        category: 'Disease or Syndrome',
        snomed_ct: ['38341003'],
        icd10_cm: ['I10'],
      }),
      concept({ cui: 'C0000003', semantic_type: 'Disease or Syndrome', category: 'Disease or Syndrome' }),
    ];
    const row = countByDomain(diseases).find((r) => r.domain === 'diseases');
    expect(row).toMatchObject({ concepts: 3, coded: { snomed_ct: 1, icd10_cm: 2, icd9_cm: 0, loinc: 0 }, target: 2000 });
  });
});
