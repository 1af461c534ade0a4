import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema, type Annotation, type AnnotationResult } from '../core/index.ts';
import { restrictToCategory } from './restrict.ts';

const span = (begin: number, text: string) => ({ begin, end: begin + text.length, text, found_as: text, preferred_term: text });

function annotation(id: number, text: string, begin: number, vendor: string | undefined, head?: number): Annotation {
  return {
    id,
    code: { umls: `C000000${id}` },
    type: vendor === undefined ? { umls: 'Functional Concept' } : { umls: 'x', vendor },
    match: span(begin, text),
    characteristics: {},
    ...(head === undefined ? {} : { head }),
  };
}

// "refiere dolor en el brazo y fiebre": verb (no category) heads two findings; brazo's head is dolor.
const RESULT: AnnotationResult = {
  annotations: [
    annotation(0, 'refiere', 0, undefined),
    annotation(1, 'dolor', 8, 'Finding', 0),
    annotation(2, 'brazo', 20, 'Anatomy', 1),
    annotation(3, 'fiebre', 28, 'Finding', 0),
  ],
  relations: [{ from: 1, to: 2, rel: 'has_anatomical_location' }],
  version: '0.1.0',
};

describe('restrictToCategory', () => {
  it('keeps one category, renumbers ids from 0 and drops dangling heads and relations', () => {
    const findings = restrictToCategory(RESULT, 'Finding');
    expect(findings.annotations.map((a) => [a.id, a.match.text, a.head])).toEqual([
      [0, 'dolor', undefined],
      [1, 'fiebre', undefined],
    ]);
    expect('head' in findings.annotations[0]!).toBe(false);
    expect(findings.relations).toBeUndefined();
    expect(AnnotationResultSchema.safeParse(findings).success).toBe(true);
  });

  it('keeps heads and relations whose both ends stay, renumbered', () => {
    const twoCategories: AnnotationResult = {
      ...RESULT,
      annotations: RESULT.annotations.map((a) => (a.match.text === 'brazo' ? { ...a, type: { umls: 'x', vendor: 'Finding' } } : a)),
    };
    const restricted = restrictToCategory(twoCategories, 'Finding');
    expect(restricted.annotations.map((a) => [a.id, a.match.text, a.head])).toEqual([
      [0, 'dolor', undefined],
      [1, 'brazo', 0],
      [2, 'fiebre', undefined],
    ]);
    expect(restricted.relations).toEqual([{ from: 0, to: 1, rel: 'has_anatomical_location' }]);
    expect(AnnotationResultSchema.safeParse(restricted).success).toBe(true);
  });

  it('reads the category under any vendor key name and may return nothing', () => {
    const renamed: AnnotationResult = {
      ...RESULT,
      annotations: RESULT.annotations.map((a) => (a.type.vendor ? { ...a, type: { umls: a.type.umls, acme: a.type.vendor } } : a)),
    };
    expect(restrictToCategory(renamed, 'Anatomy').annotations.map((a) => a.match.text)).toEqual(['brazo']);
    expect(restrictToCategory(renamed, 'Substance')).toEqual({ annotations: [], version: '0.1.0' });
  });
});
