/**
 * Properties of the context stages over random clinical-ish word salad: results fit the contract,
 * cues and relatives never reach across a sentence end, a relative never reaches back, and a cue's
 * span is text of the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { AnnotationResultSchema, type Span } from '../../src/core/contract.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const WORDS = [
  'no',
  'sin',
  'ni',
  'y',
  'pero',
  'niega',
  'refiere',
  'presenta',
  'fiebre',
  'tos',
  'dolor',
  'en',
  'la',
  'rodilla',
  'derecha',
  'descartado',
  'descartados',
  'negativo',
  'posible',
  'probable',
  'no se descarta',
  'madre',
  'padre',
  'con',
  'LDL',
  '64 mg/dl',
  'TA',
  '120/80 mmHg',
  ',',
  '.',
  ';',
  ':',
  '\n',
  'sin embargo',
  'no solo',
  'a descartar',
  'Sin',
];
const annotator = createAnnotator(fixtureDictionary());
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }).map((words) => words.join(' '));

/** Whether a sentence end lies between two spans (the texts are ASCII, so offsets index the string). */
function sentenceEndBetween(source: string, a: Span, b: Span): boolean {
  const between = source.slice(Math.min(a.end, b.end), Math.max(a.begin, b.begin));
  return /[.\n]/.test(between);
}

describe('context invariants', () => {
  it('hold for any sequence of cue words, concepts and punctuation', () => {
    fc.assert(
      fc.property(text, (source) => {
        const result = annotator.annotate(source);
        expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
        for (const a of result.annotations) {
          for (const cue of [a.characteristics.negative?.trigger, a.characteristics.uncertain?.trigger]) {
            if (cue === undefined) continue;
            expect(source.slice(cue.begin, cue.end)).toBe(cue.text);
            expect(cue.text.length).toBeGreaterThan(0);
            expect(sentenceEndBetween(source, cue, a.match)).toBe(false);
          }
          const relative = a.characteristics.family_member?.match;
          if (relative !== undefined) {
            // Before the concept, or right after it ("asma en la madre"); never overlapping it.
            expect(relative.end <= a.match.begin || relative.begin >= a.match.end).toBe(true);
            expect(sentenceEndBetween(source, relative, a.match)).toBe(false);
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
