/** Small results in the contract's shape, for unit tests. */
import type { Annotation, AnnotationResult, Span } from '../../core/contract.ts';

export function span(text: string, begin: number, end: number, preferred = ''): Span {
  return {
    begin,
    end,
    text: Array.from(text).slice(begin, end).join(''),
    found_as: Array.from(text).slice(begin, end).join(''),
    preferred_term: preferred,
  };
}

export function annotation(id: number, text: string, begin: number, end: number, extra: Partial<Annotation> = {}): Annotation {
  return {
    id,
    code: { umls: `C000000${id}` },
    type: { umls: 'Sign or Symptom', vendor: 'Finding' },
    match: span(text, begin, end, 'término'),
    characteristics: {},
    ...extra,
  };
}

/** "No refiere dolor en el brazo": refiere ← dolor → brazo, all negated by "No". */
export const NEGATED_TEXT = 'No refiere dolor en el brazo';

export function negatedResult(): AnnotationResult {
  const t = NEGATED_TEXT;
  const trigger = { trigger: span(t, 0, 2) };
  return {
    annotations: [
      annotation(0, t, 3, 10, { type: { umls: 'Functional Concept' }, characteristics: { negative: trigger } }),
      annotation(1, t, 11, 16, { characteristics: { negative: trigger }, head: 0 }),
      annotation(2, t, 23, 28, { type: { umls: 'Body Part', vendor: 'Anatomy' }, characteristics: { negative: trigger }, head: 1 }),
    ],
    relations: [{ from: 1, to: 2, rel: 'has_anatomical_location' }],
    version: '0.1.0',
  };
}
