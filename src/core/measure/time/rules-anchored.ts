/**
 * Rules for expressions placed from an earlier date of the text rather than from the reference:
 * "al día siguiente", "el mismo día", "24 horas después", "a los 3 días", "tras el ingreso",
 * "al octavo día de la intervención", "en aquel momento". The stage resolves them against the last
 * date resolved before them (see temporal.ts), or reads their fallback when there is none.
 */
import type { Token } from '../../text/tokenise.ts';
import type { TemporalMatch, TimeUnit } from './expression.ts';
import { amountAt, countAt, type CountItem, countsAt, digitsAt, found, glued, type Rule, type Tokens, wholeAmount } from './reading.ts';
import { isAge } from './rules-relative.ts';
import {
  AFTER_WORDS,
  AT_CUES,
  EVENT_CUES,
  EVENT_LINKS,
  EVENTS,
  FOLLOWING,
  NOT_AGE_AFTER,
  ORDINAL_DAYS,
  ORDINAL_EVENTS,
  ORDINAL_LINKS,
  ORDINAL_SUFFIXES,
  PLURAL_UNITS,
  SAME_DAY,
  TENSE,
  THAT_TIME,
  THEN_CUES,
  UNITS,
} from './words.ts';

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

/** "a los 3 días", "a las 48 horas", "a los 6 meses del trasplante", "al cabo de dos meses", "a los tres, seis y doce meses" (the cue stays out of the span). */
export const atCount: Rule = (tokens, i) => {
  const cue = AT_CUES.matchAt(tokens, i);
  const counts = cue && countsAt(tokens, cue.end);
  // "a los 3 días de vida" counts from a birth the text does not date; "a los 40 años" is an age.
  if (cue === undefined || counts === undefined || NOT_AGE_AFTER.matchAt(tokens, counts.end) !== undefined) return undefined;
  if (isAge(tokens, cue.end, counts.end)) return undefined;
  const last = counts.items[counts.items.length - 1] as CountItem;
  // "a las 8 horas" is a clock time, unless an event follows.
  if (counts.unit === 'H' && last.value < 24 && EVENT_LINKS.matchAt(tokens, counts.end) === undefined) return undefined;
  const [first, ...more] = counts.items.map((item): TemporalMatch => {
    const whole = wholeAmount(item.value, counts.unit);
    const anchored = found(item.first, item.end, { kind: 'anchored', amount: whole.amount, unit: whole.unit });
    return { ...anchored, fallback: amountAsDuration(item.first, { value: item.value, unit: counts.unit, end: item.end }) };
  });
  return { ...(first as TemporalMatch), contextStart: i, ...(more.length > 0 ? { more } : {}) };
};

/** "al octavo día de la intervención", "el primer día de ingreso", "8º día postoperatorio": days of an event from the last date. */
export const ordinalDay: Rule = (tokens, i) => {
  const ordinal = ordinalAt(tokens, i);
  const day = ordinal && tokens[ordinal.end];
  if (ordinal === undefined || day === undefined || PLURAL_UNITS.has(day.norm) || UNITS.get(day.norm) !== 'D') return undefined;
  const eventAt = ORDINAL_LINKS.matchAt(tokens, ordinal.end + 1)?.end ?? ordinal.end + 1;
  const firstDay = ORDINAL_EVENTS.get(tokens[eventAt]?.norm ?? '');
  if (firstDay === undefined) return undefined;
  const end = ordinal.end + 1;
  const anchored = found(i, end, { kind: 'anchored', amount: ordinal.value - firstDay, unit: 'D' });
  return { ...anchored, fallback: amountAsDuration(i, { value: ordinal.value, unit: 'D', end }) };
};

/** An ordinal at `i`: a word ("octavo") or digits and a suffix ("8º", "1er"). */
function ordinalAt(tokens: Tokens, i: number): { value: number; end: number } | undefined {
  const t = tokens[i] as Token;
  const word = ORDINAL_DAYS.get(t.norm);
  if (word !== undefined) return { value: word, end: i + 1 };
  const digits = digitsAt(tokens, i);
  return digits !== undefined && glued(tokens, i + 1) && ORDINAL_SUFFIXES.has(tokens[i + 1]?.norm ?? '')
    ? { value: Number(digits), end: i + 2 }
    : undefined;
}

/** "(en) aquel momento", "(en) ese ingreso", "(desde) entonces": the last date resolved, else PAST_REF ("entonces": nothing). */
export const thatTime: Rule = (tokens, i) => {
  const phrase = THAT_TIME.matchAt(tokens, i);
  if (phrase === undefined) return undefined;
  const anchored = found(i, phrase.end, { kind: 'anchored', amount: 0 });
  if (phrase.value) return { ...anchored, fallback: found(i, phrase.end, { kind: 'vague', direction: -1 }) };
  // "entonces" is also "so": only where it opens a clause, or after "desde", "hasta".
  const before = tokens[i - 1];
  const opens = before === undefined || (tokens[i] as Token).afterLineBreak || TENSE.sentenceEnds.has(before.norm) || before.norm === ':';
  return opens || THEN_CUES.has(before.norm) ? anchored : undefined;
};

/** "tras el ingreso", "después de la cirugía": after the last date given. */
export const afterEvent: Rule = (tokens, i) => {
  const cue = EVENT_CUES.matchAt(tokens, i);
  return cue && EVENTS.has(tokens[cue.end]?.norm ?? '') ? found(i, cue.end + 1, { kind: 'anchored', amount: 0, after: true }) : undefined;
};
