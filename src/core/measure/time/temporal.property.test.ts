import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocalDateTime } from '../../clock.ts';
import { tokenise } from '../../text/tokenise.ts';
import { findTemporal } from './temporal.ts';

/** Words and symbols that trigger or continue temporal rules, mixed with ordinary words. */
const VOCABULARY = [
  // Issue 28: vague counts, ordinal days, references back, lists, zones.
  'unos',
  'varias',
  'octavo',
  'º',
  'ingreso',
  'intervención',
  'aquel',
  'momento',
  'entonces',
  'y',
  'UTC',
  'GMT',
  '+',
  'hace',
  'desde',
  'el',
  'la',
  'las',
  'a',
  'de',
  'del',
  'por',
  'cada',
  'c',
  '/',
  '-',
  ':',
  '.',
  ',',
  'día',
  'días',
  'semana',
  'semanas',
  'mes',
  'meses',
  'año',
  'años',
  'hora',
  'horas',
  'h',
  'min',
  'pasado',
  'pasada',
  'próximo',
  'que',
  'viene',
  'este',
  'esta',
  'mañana',
  'tarde',
  'noche',
  'hoy',
  'ayer',
  'anteayer',
  'anoche',
  'lunes',
  'viernes',
  'junio',
  'febrero',
  'un',
  'una',
  'par',
  'dos',
  'tres',
  'treinta',
  'y',
  'veces',
  'vez',
  'al',
  'dentro',
  'unos',
  'principios',
  'finales',
  'fiebre',
  'dolor',
  '0',
  '3',
  '8',
  '12',
  '24',
  '29',
  '31',
  '99',
  '2019',
  '2024',
  '14:30',
  '03/06/2024',
  // second edition: seasons, quarters, edges, decades, sets, vague and anchored words, tense
  'en',
  'los',
  'todos',
  'verano',
  'invierno',
  'primer',
  'segundo',
  'trimestre',
  'semestre',
  'mediados',
  'década',
  '90',
  '1990',
  'anual',
  'diario',
  'semanal',
  'actualmente',
  'previamente',
  'siguiente',
  'mismo',
  'después',
  'tras',
  'ingreso',
  'con',
  'desayuno',
  'entre',
  'marzo',
  'mayo',
  'varón',
  'edad',
  'vida',
  'ingresó',
  'acudirá',
  '0000',
  '10000',
];
const REFERENCE: fc.Arbitrary<LocalDateTime> = fc
  .record({
    year: fc.integer({ min: 1950, max: 2090 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
  })
  .map((r) => ({ ...r, second: 0 }));
/** Every shape of value the stage writes: dates, weeks, weekends, seasons, quarters, halves, decades, references, durations (X: no count), sets; a clock time may carry its zone. */
const TIMEX_VALUE =
  /^(\d{4}(-\d{2}(-\d{2}(T(\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})?|MO|MI|AF|NI))?)?|-W\d{2}(-WE)?|-(SP|SU|FA|WI|Q[1-4]|H[12]))?|\d{3}|PAST_REF|PRESENT_REF|FUTURE_REF|P((\d+(\.\d+)?|X)[YMWD]|T(\d+(\.\d+)?|X)[HM])|XXXX-XX-XXT(MO|MI|AF|NI)|XXXX-WXX-[1-7]|XXXX-(SP|SU|FA|WI))$/;

describe('temporal stage on any mix of temporal words', () => {
  it('finds ordered, non-overlapping expressions on their token edges, with well-formed values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 14 }),
        fc.array(fc.constantFrom(' ', ' ', ' ', '', '\n'), { minLength: 14, maxLength: 14 }),
        REFERENCE,
        (words, gaps, reference) => {
          const text = words.map((w, k) => w + (gaps[k] ?? ' ')).join('');
          const tokens = tokenise(text);
          const found = findTemporal(tokens, reference, text);
          let previousEnd = -1;
          for (const m of found) {
            expect(m.firstToken).toBeGreaterThanOrEqual(previousEnd);
            expect(m.start).toBe(tokens[m.firstToken]?.start);
            expect(m.end).toBe(tokens[m.endToken - 1]?.end);
            expect(m.concept.category).toBe('Temporal Concept');
            expect(m.characteristics.timex?.value).toMatch(TIMEX_VALUE);
            const mod = m.characteristics.timex?.mod;
            if (mod !== undefined) expect(m.characteristics.timex?.type).toBe('DATE');
            previousEnd = m.endToken;
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
