/**
 * Scope limits on bad input (docs/context.md, "Limits on bad input"): long notes without
 * punctuation or line breaks, hyphen lists and headers in capitals. A forward scope never runs over
 * more than `negationWindowWords` words with no concept in a row, a backward cue never reaches
 * further back than that, and no scope crosses a sentence end or line break.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import type { Annotation } from '../../src/core/contract.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const WINDOW = 4;
const annotator = createAnnotator(fixtureDictionary(), { negationWindowWords: WINDOW });
const FILLER = ['el', 'paciente', 'acude', 'hoy', 'a', 'urgencias', 'muy', 'preocupado', 'por', 'todo'];
const PIECES = [
  ...FILLER,
  'sin',
  'no',
  'niega',
  'posible',
  'descartado',
  'negativos',
  'cede',
  'salvo',
  'que',
  'afebril',
  'fiebre',
  'tos',
  'disnea',
  'cefalea',
  'metformina',
  'y',
  ',',
  '-',
  'ANTECEDENTES FAMILIARES',
  'AF',
  ':',
];
const note = fc.array(fc.constantFrom(...PIECES), { minLength: 20, maxLength: 120 }).map((words) => words.join(' '));
const withBreaks = fc
  .array(fc.constantFrom(...PIECES, '\n', '\n- ', '.'), { minLength: 20, maxLength: 120 })
  .map((words) => words.join(' '));

/** The cues of docs/context.md's clinician classes, with bullets and capitals, in any case. */
const CLINICIAN_PIECES = [
  ...PIECES,
  'sin clara',
  'aparente',
  'vs',
  'si',
  'Si',
  'en caso de',
  'antecedentes familiares de',
  'distinto de',
  'excepto',
  'retirada',
  'se retira',
  'casi nulo',
  'para la',
  'y el paciente',
  'neumonía',
  'SIN',
  'NIEGA',
  'FIEBRE',
  'EXPLORACIÓN FÍSICA',
  '•',
  '*',
  '\n• ',
  '\n* ',
];
/** A word as written, or all in capitals, or with its first letter in capitals. */
const mixedCase = fc
  .tuple(fc.constantFrom(...CLINICIAN_PIECES), fc.constantFrom('as is', 'upper', 'title'))
  .map(([w, how]) => (how === 'upper' ? w.toUpperCase() : how === 'title' ? w.charAt(0).toUpperCase() + w.slice(1) : w));
const clinicianNote = fc.array(mixedCase, { minLength: 20, maxLength: 160 }).map((words) => words.join(' '));

/** Words of `text` between two code-point offsets (the texts are ASCII). */
function wordsBetween(text: string, from: number, to: number): string[] {
  return text.slice(Math.min(from, to), Math.max(from, to)).match(/[\p{L}]+/gu) ?? [];
}

/** The longest run of words with no concept between the trigger and the concept it marks. */
function longestConceptFreeRun(text: string, annotations: readonly Annotation[], from: number, to: number): number {
  let longest = 0;
  let run = 0;
  const concepts = annotations.filter((a) => a.match.begin >= from && a.match.end <= to);
  const re = /[\p{L}]+/gu;
  const stretch = text.slice(from, to);
  for (let m = re.exec(stretch); m !== null; m = re.exec(stretch)) {
    const at = from + m.index;
    if (concepts.some((a) => at >= a.match.begin && at < a.match.end)) run = 0;
    else longest = Math.max(longest, ++run);
  }
  return longest;
}

function checkScopes(text: string): void {
  const result = annotator.annotate(text);
  for (const a of result.annotations) {
    const { uncertain, hypothetical, family_member: family } = a.characteristics;
    // A hypothetical finding is uncertain by the same cue.
    if (hypothetical !== undefined) expect(hypothetical.trigger).toEqual(uncertain?.trigger);
    // A family-history phrase ("antecedentes familiares de") governs only what follows it in its
    // sentence (a section header governs its lines: sections.test.ts).
    if (family !== undefined && / de$/i.test(family.match.text))
      expect(family.match.end <= a.match.begin && !/[.\n]/.test(text.slice(family.match.end, a.match.begin))).toBe(true);
  }
  for (const a of result.annotations) {
    for (const cue of [a.characteristics.negative, a.characteristics.uncertain]) {
      if (cue === undefined || cue.trigger.begin === a.match.begin) continue; // itself ("afebril")
      const t = cue.trigger;
      expect(/[.\n]/.test(text.slice(Math.min(t.end, a.match.end), Math.max(t.begin, a.match.begin)))).toBe(false);
      if (t.end <= a.match.begin) {
        // Forward: never over more than the window of words with no concept in a row.
        expect(longestConceptFreeRun(text, result.annotations, t.end, a.match.begin)).toBeLessThanOrEqual(WINDOW);
      } else if (a.match.end <= t.begin) {
        // Backward: never further back than the window.
        expect(wordsBetween(text, a.match.begin, t.begin).length).toBeLessThanOrEqual(WINDOW + 3);
      }
    }
  }
}

describe('scope limits on bad input', () => {
  it('hold on long notes without punctuation or line breaks', () => {
    fc.assert(fc.property(note, checkScopes), { numRuns: 500 });
  });

  it('hold on notes with line breaks, hyphen lists, sentence ends and headers in capitals', () => {
    fc.assert(fc.property(withBreaks, checkScopes), { numRuns: 500 });
  });

  it('hold on notes in mixed case, with bullet lists, capital headers and the cues of every assertion class', () => {
    fc.assert(fc.property(clinicianNote, checkScopes), { numRuns: 500 });
  });

  it('hold on very long sentences of those cues with no punctuation', () => {
    const long = fc.array(fc.constantFrom(...CLINICIAN_PIECES.filter((p) => !/[\n.•*:,]/.test(p))), { minLength: 200, maxLength: 400 });
    fc.assert(
      fc.property(long, (words) => checkScopes(words.join(' '))),
      { numRuns: 100 },
    );
  });

  it('a negation in a very long sentence stops at the window', () => {
    const text = `Sin fiebre ${'y el paciente acude hoy muy preocupado '.repeat(40)}tos.`;
    const result = annotator.annotate(text);
    expect(result.annotations.find((a) => a.match.text === 'fiebre')?.characteristics.negative).toBeDefined();
    expect(result.annotations.find((a) => a.match.text === 'tos')?.characteristics.negative).toBeUndefined();
  });
});
