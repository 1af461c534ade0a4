import { describe, expect, it } from 'vitest';
import { domainOf } from './domains.ts';
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
