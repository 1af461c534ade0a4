import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AnnotationResultSchema, categoryOf, CATEGORIES, isValidTextDatetime, QuantitySchema } from './contract.ts';

const span = { begin: 0, end: 5, text: 'dolor', found_as: 'dolor', preferred_term: 'dolor' };
const annotation = {
  id: 0,
  code: { umls: 'C0030193' },
  type: { umls: 'Sign or Symptom', vendor: 'Finding' },
  match: span,
  characteristics: {},
};

describe('the result schema', () => {
  it('accepts results with or without relations, ids from 0 or 1, and any vendor key name', () => {
    expect(AnnotationResultSchema.safeParse({ annotations: [annotation], version: '1.0' }).success).toBe(true);
    const fromOne = { ...annotation, id: 1, type: { umls: 'Sign or Symptom', acme: 'Finding' } };
    const site = { ...annotation, id: 2, head: 1, match: { ...span, begin: 9, end: 14 } };
    expect(
      AnnotationResultSchema.safeParse({
        annotations: [fromOne, site],
        relations: [{ from: 1, to: 2, rel: 'has_anatomical_location' }],
        version: '2.0.0-beta',
      }).success,
    ).toBe(true);
    expect(categoryOf(fromOne)).toBe('Finding');
    expect(categoryOf({ type: { umls: 'Functional Concept' } })).toBeUndefined();
  });

  it.each([
    ['a missing version', { annotations: [] }],
    ['a negative offset', { annotations: [{ ...annotation, match: { ...span, begin: -1 } }], version: 'x' }],
    ['end before begin', { annotations: [{ ...annotation, match: { ...span, begin: 6 } }], version: 'x' }],
    ['a malformed CUI', { annotations: [{ ...annotation, code: { umls: '0030193' } }], version: 'x' }],
    ['a head to nowhere', { annotations: [{ ...annotation, head: 7 }], version: 'x' }],
    ['a relation to nowhere', { annotations: [annotation], relations: [{ from: 0, to: 3, rel: 'x' }], version: 'x' }],
    ['duplicate ids', { annotations: [annotation, annotation], version: 'x' }],
    ['two category keys', { annotations: [{ ...annotation, type: { umls: 'x', a: 'b', c: 'd' } }], version: 'x' }],
    [
      'a trigger without offsets',
      { annotations: [{ ...annotation, characteristics: { negative: { trigger: { text: 'no' } } } }], version: 'x' },
    ],
    ['codes that are not lists', { annotations: [{ ...annotation, code: { umls: 'C0030193', snomed_ct: '22253000' } }], version: 'x' }],
  ])('rejects %s', (_what, result) => {
    expect(AnnotationResultSchema.safeParse(result).success).toBe(false);
  });

  it('names the 20 categories of the original', () => {
    expect(CATEGORIES).toHaveLength(20);
  });
});

describe('isValidTextDatetime', () => {
  it('follows %Y-%m-%dT%H:%M:%S with real calendar dates', () => {
    expect(isValidTextDatetime('2024-02-29T00:00:00')).toBe(true);
    expect(isValidTextDatetime('2100-02-29T00:00:00')).toBe(false);
    expect(isValidTextDatetime('2024-6-10T12:00:00')).toBe(false);
  });
});

describe('the quantity characteristic', () => {
  it('takes the optional fields of whole measurements beside value and unit', () => {
    expect(QuantitySchema.safeParse({ value: 150, unit: 'mmHg', systolic: 150, diastolic: 90 }).success).toBe(true);
    expect(QuantitySchema.safeParse({ value: 875, unit: 'mg', amounts: [875, 125] }).success).toBe(true);
    expect(QuantitySchema.safeParse({ value: 2, unit: 'lpm', high: 3, comparator: '<=' }).success).toBe(true);
    expect(QuantitySchema.safeParse({ value: 2, unit: 'mg', comparator: '≤' }).success).toBe(false);
    expect(QuantitySchema.safeParse({ value: 2, unit: 'mg', amounts: [2] }).success).toBe(false);
  });

  it('describes every field in the JSON Schema the OpenAPI document is made of', () => {
    const properties = (z.toJSONSchema(QuantitySchema) as { properties: Record<string, { description?: string }> }).properties;
    for (const field of ['value', 'unit', 'comparator', 'high', 'systolic', 'diastolic', 'amounts']) {
      expect(properties[field]?.description, field).toMatch(/\w/);
    }
  });
});
