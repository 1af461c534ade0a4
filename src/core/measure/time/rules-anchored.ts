/**
 * Rules for expressions placed from an earlier date of the text rather than from the reference:
 * "al día siguiente", "el mismo día", "24 horas después", "a los 3 días", "tras el ingreso".
 * The stage resolves them against the last date resolved before them (see temporal.ts).
 */
import type { Token } from '../../text/tokenise.ts';
import type { TemporalMatch, TimeUnit } from './expression.ts';
import { amountAt, countAt, found, type Rule, wholeAmount } from './reading.ts';
import { isAge } from './rules-relative.ts';
import { AFTER_WORDS, AT_CUES, EVENT_CUES, EVENT_LINKS, EVENTS, FOLLOWING, NOT_AGE_AFTER, PLURAL_UNITS, SAME_DAY, UNITS } from './words.ts';

/** "día siguiente", "semana previa", "mes anterior": one unit after or before. */
export const unitThenFollowing: Rule = (tokens, i) => {
  const word = (tokens[i] as Token).norm;
  const unit = PLURAL_UNITS.has(word) ? undefined : UNITS.get(word);
  const step = unit === undefined ? undefined : FOLLOWING.get(tokens[i + 1]?.norm ?? '');
  return unit === undefined || step === undefined ? undefined : found(i, i + 2, { kind: 'anchored', amount: step, unit });
};

/** "mismo día": that day. */
export const sameDay: Rule = (tokens, i) => {
  const phrase = SAME_DAY.matchAt(tokens, i);
  return phrase && found(i, phrase.end, { kind: 'anchored', amount: 0, unit: 'D' });
};

/**
 * The amount alone as a DURATION: what an anchored expression with a count falls back to when the
 * text gives no date to count from ("cinco semanas después" with none before is P5W).
 */
function amountAsDuration(first: number, amount: { value: number; unit: TimeUnit; end: number }): TemporalMatch {
  return found(first, amount.end, { kind: 'duration', amount: amount.value, unit: amount.unit });
}

/** "24 horas después", "dos días antes", "una semana más tarde". */
export const countThenAfter: Rule = (tokens, i) => {
  if (countAt(tokens, i) === undefined) return undefined;
  const amount = amountAt(tokens, i);
  const direction = amount && AFTER_WORDS.matchAt(tokens, amount.end);
  if (amount === undefined || direction === undefined) return undefined;
  const whole = wholeAmount(amount.value, amount.unit);
  const anchored = found(i, direction.end, { kind: 'anchored', amount: direction.value * whole.amount, unit: whole.unit });
  return { ...anchored, fallback: amountAsDuration(i, amount) };
};

/** "a los 3 días", "a las 48 horas", "a los 6 meses del trasplante", "al cabo de dos meses" (the cue stays out of the span). */
export const atCount: Rule = (tokens, i) => {
  const cue = AT_CUES.matchAt(tokens, i);
  const amount = cue && amountAt(tokens, cue.end);
  // "a los 3 días de vida" counts from a birth the text does not date; "a los 40 años" is an age.
  if (cue === undefined || amount === undefined || NOT_AGE_AFTER.matchAt(tokens, amount.end) !== undefined) return undefined;
  if (isAge(tokens, cue.end, amount.end)) return undefined;
  // "a las 8 horas" is a clock time, unless an event follows.
  if (amount.unit === 'H' && amount.value < 24 && EVENT_LINKS.matchAt(tokens, amount.end) === undefined) return undefined;
  const whole = wholeAmount(amount.value, amount.unit);
  const anchored = found(cue.end, amount.end, { kind: 'anchored', amount: whole.amount, unit: whole.unit }, i);
  return { ...anchored, fallback: amountAsDuration(cue.end, amount) };
};

/** "tras el ingreso", "después de la cirugía": after the last date given. */
export const afterEvent: Rule = (tokens, i) => {
  const cue = EVENT_CUES.matchAt(tokens, i);
  return cue && EVENTS.has(tokens[cue.end]?.norm ?? '') ? found(i, cue.end + 1, { kind: 'anchored', amount: 0, after: true }) : undefined;
};
