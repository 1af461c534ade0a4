/** A note with a reporting verb, a negation, a relative and a site, as the core annotates it (for tests). */
import type { AnnotationResult } from '../../core/contract.ts';
import { annotation, span } from '../test/fixtures.ts';

// "Refiere tos y fiebre desde hace 3 días. Niega disnea. Madre con diabetes. Dolor en el brazo.", as the core annotates it.
export const TEXT = 'Refiere tos y fiebre desde hace 3 días.\nNiega disnea.\nMadre con diabetes.\nDolor en el brazo.';
export function result(): AnnotationResult {
  const t = TEXT;
  const at = (s: string) => t.indexOf(s);
  const a = (id: number, s: string, extra: Parameters<typeof annotation>[4] = {}) => annotation(id, t, at(s), at(s) + s.length, extra);
  return {
    annotations: [
      a(0, 'Refiere', { type: { umls: 'Functional Concept' } }),
      a(1, 'tos', { head: 0 }),
      a(2, 'fiebre', { head: 0 }),
      a(3, 'hace 3 días', { type: { umls: 'Temporal Concept', vendor: 'Temporal Concept' }, head: 2 }),
      a(4, 'Niega', { type: { umls: 'Qualitative Concept' } }),
      a(5, 'disnea', { head: 4, characteristics: { negative: { trigger: span(t, at('Niega'), at('Niega') + 5) } } }),
      a(6, 'Madre', { type: { umls: 'Family Group', vendor: 'Group' } }),
      a(7, 'diabetes', {
        type: { umls: 'Disease or Syndrome', vendor: 'Disease or Syndrome' },
        characteristics: { family_member: { match: span(t, at('Madre'), at('Madre') + 5) } },
      }),
      a(8, 'Dolor'),
      a(9, 'brazo', { type: { umls: 'Body Part', vendor: 'Anatomy' }, head: 8 }),
    ],
    relations: [
      { from: 2, to: 3, rel: 'has_time' },
      { from: 8, to: 9, rel: 'has_anatomical_location' },
    ],
    version: '0.1.0',
  };
}
