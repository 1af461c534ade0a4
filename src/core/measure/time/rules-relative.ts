/**
 * Rules for expressions relative to the reference and for lengths and repetitions of time:
 * "hace 3 días", "dentro de 2 semanas", "ayer", "esta mañana", "el lunes pasado", "desde el lunes",
 * "la semana pasada", "durante 3 días", "cada 8 horas", "3 veces al día".
 */
import type { Token } from '../../text/tokenise.ts';
import type { DayPart, TemporalMatch } from './expression.ts';
import {
  amountAt,
  countAt,
  countsAt,
  cueBefore,
  found,
  numberShortlyBefore,
  type Rule,
  type Tokens,
  unitAt,
  wholeAmount,
} from './reading.ts';
import {
  AGE_AFTER,
  AGE_BEFORE,
  AGE_HOLDERS,
  AGE_YEARS_BEFORE,
  AGO,
  APPROXIMATORS,
  DAY_PARTS,
  DIRECTION,
  EVENT_LINKS,
  EVERY,
  IN_FUTURE,
  NIGHTS,
  NOT_TOMORROW_AFTER,
  PART_LINKS,
  PART_OF_DAY_CUE,
  PER,
  PERIODS,
  PLURAL_UNITS,
  RATE_WINDOW,
  RELATIVE_DAYS,
  SEASONS,
  SINCE_CUES,
  THIS,
  TIMES,
  VAGUE,
  VAGUE_COUNTS,
  VAGUE_DURATION_CUES,
  WEEKDAY_CUES,
  WEEKDAYS,
  WITHIN,
} from './words.ts';

// --- "hace 3 días", "dentro de 2 semanas", "hace unos días" ------------------------------------

function shifted(tokens: Tokens, i: number, cueEnd: number, direction: -1 | 1): TemporalMatch | undefined {
  const amount = amountAt(tokens, cueEnd);
  if (amount !== undefined) {
    const whole = wholeAmount(amount.value, amount.unit);
    return found(i, amount.end, { kind: 'offset', amount: direction * whole.amount, unit: whole.unit });
  }
  // A plural unit with no count is vague: "hace días", "hace unos meses".
  const vagueFrom = APPROXIMATORS.matchAt(tokens, cueEnd)?.end ?? cueEnd;
  return PLURAL_UNITS.has(tokens[vagueFrom]?.norm ?? '') ? found(i, vagueFrom + 1, { kind: 'vague', direction }) : undefined;
}

export const ago: Rule = (tokens, i) => {
  const cue = AGO.matchAt(tokens, i);
  return cue && shifted(tokens, i, cue.end, -1);
};

export const within: Rule = (tokens, i) => {
  const cue = WITHIN.matchAt(tokens, i);
  return cue && shifted(tokens, i, cue.end, 1);
};

/** "actualmente", "en la actualidad" (PRESENT_REF), "previamente" (PAST_REF), "próximamente" (FUTURE_REF). */
export const vague: Rule = (tokens, i) => {
  const phrase = VAGUE.matchAt(tokens, i);
  return phrase && found(i, phrase.end, { kind: 'vague', direction: phrase.value });
};

/** "(control) en 3 meses", "en una semana": a future date at the unit's granularity (the cue stays out of the span). */
export const inFuture: Rule = (tokens, i) => {
  const cue = IN_FUTURE.matchAt(tokens, i);
  const counts = cue && countsAt(tokens, cue.end);
  if (cue === undefined || counts === undefined || numberShortlyBefore(tokens, i, RATE_WINDOW, false)) return undefined;
  const [first, ...more] = counts.items.map((item) =>
    found(item.first, item.end, { kind: 'inFuture', amount: item.value, unit: counts.unit }),
  );
  return { ...(first as TemporalMatch), contextStart: i, ...(more.length > 0 ? { more } : {}) };
};

/** "unos meses", "unas pocas horas", "varios días": a length of time with no count. */
export const vagueCount: Rule = (tokens, i) => {
  const count = VAGUE_COUNTS.matchAt(tokens, i);
  const unit = count && PLURAL_UNITS.has(tokens[count.end]?.norm ?? '') ? unitAt(tokens, count.end) : undefined;
  return count && unit ? found(i, count.end + 1, { kind: 'vagueDuration', unit }) : undefined;
};

/** "(durante) meses", "(tras) horas": a plural unit alone after a cue of length (the cue stays out of the span). */
export const unitsAfterCue: Rule = (tokens, i) => {
  const unit = PLURAL_UNITS.has((tokens[i] as Token).norm) ? unitAt(tokens, i) : undefined;
  const cue = unit === undefined ? 0 : cueBefore(tokens, i, VAGUE_DURATION_CUES);
  return unit && cue > 0 ? found(i, i + 1, { kind: 'vagueDuration', unit }, i - cue) : undefined;
};

// --- sets: "cada 8 horas", "c/8h", "cada día", "3 veces al día" ------------------------------

export const every: Rule = (tokens, i) => {
  const cue = EVERY.matchAt(tokens, i);
  if (cue === undefined) return undefined;
  const count = countAt(tokens, cue.end, true);
  const unitIndex = count?.end ?? cue.end;
  const unit = unitAt(tokens, unitIndex);
  if (unit === undefined) return undefined;
  return found(i, unitIndex + 1, { kind: 'set', amount: count?.value ?? 1, unit });
};

/** "2-3" before "veces": a range of counts, read as one. */
function countRangeEnd(tokens: Tokens, i: number): number | undefined {
  const ok = (tokens[i] as Token).kind === 'number' && tokens[i + 1]?.norm === '-' && tokens[i + 2]?.kind === 'number';
  return ok && TIMES.matchAt(tokens, i + 3) !== undefined ? i + 3 : undefined;
}

export const timesPer: Rule = (tokens, i) => {
  const rangeEnd = countRangeEnd(tokens, i);
  const count = rangeEnd === undefined ? countAt(tokens, i) : { end: rangeEnd };
  const times = count && TIMES.matchAt(tokens, count.end);
  const per = times && PER.matchAt(tokens, times.end);
  const unit = per && unitAt(tokens, per.end);
  return per && unit ? found(i, per.end + 1, { kind: 'set', amount: 1, unit }) : undefined;
};

// --- durations: "3 días", "una semana", "48 horas" ----------------------------------------------

/** A count at `i` ending at `end` that is someone's age: "varón de 72 años", "edad: 45 años", "3 días de vida". */
export function isAge(tokens: Tokens, i: number, end: number): boolean {
  // "a los 40 años" is an age; "a los 10 días del alta", "a los 3 meses de vida", "a los 2 años del trasplante" are not.
  if (cueBefore(tokens, i, AGE_YEARS_BEFORE) > 0) {
    if (amountAt(tokens, i)?.unit !== 'Y') return false;
    return AGE_AFTER.matchAt(tokens, end) !== undefined || EVENT_LINKS.matchAt(tokens, end) === undefined;
  }
  if (AGE_AFTER.matchAt(tokens, end) !== undefined || cueBefore(tokens, i, AGE_BEFORE) > 0) return true;
  if (tokens[i - 1]?.norm === ':' && tokens[i - 2]?.norm === 'edad') return true;
  if (tokens[i - 1]?.norm !== 'de') return false;
  // The holder noun ends right before "de": try its one- and two-word forms ("recién nacido").
  return (i >= 2 && AGE_HOLDERS.matchAt(tokens, i - 2)?.end === i - 1) || (i >= 3 && AGE_HOLDERS.matchAt(tokens, i - 3)?.end === i - 1);
}

export const duration: Rule = (tokens, i) => {
  if (countAt(tokens, i) === undefined) return undefined;
  const amount = amountAt(tokens, i);
  if (amount === undefined || isAge(tokens, i, amount.end)) return undefined;
  return found(i, amount.end, { kind: 'duration', amount: amount.value, unit: amount.unit });
};

// --- relative days and parts of the day: "ayer", "mañana", "ayer por la tarde", "esta mañana" --

/** A part of the day right after a relative day: "tarde" or "por la tarde". */
function partAfter(tokens: Tokens, i: number): { part: DayPart; end: number } | undefined {
  const at = PART_LINKS.matchAt(tokens, i)?.end ?? i;
  const part = DAY_PARTS.get(tokens[at]?.norm ?? '');
  return part === undefined ? undefined : { part, end: at + 1 };
}

export const relativeDay: Rule = (tokens, i) => {
  const day = RELATIVE_DAYS.matchAt(tokens, i);
  if (day === undefined) return undefined;
  // A one-word day that also names a part of the day ("mañana") is that part after "la", "esta"...
  const alsoDayPart = day.end === i + 1 && DAY_PARTS.has((tokens[i] as Token).norm);
  if (alsoDayPart && NOT_TOMORROW_AFTER.has(tokens[i - 1]?.norm ?? '')) return undefined;
  const part = partAfter(tokens, day.end);
  if (part !== undefined) return found(i, part.end, { kind: 'dayPart', part: part.part, dayOffset: day.value });
  return found(i, day.end, { kind: 'offset', amount: day.value, unit: 'D' });
};

export const night: Rule = (tokens, i) => {
  const offset = NIGHTS.get((tokens[i] as Token).norm);
  return offset === undefined ? undefined : found(i, i + 1, { kind: 'dayPart', part: 'NI', dayOffset: offset });
};

/**
 * "por la noche" with no day is a habit or a prescription: that part of every day (none in a
 * past-tense sentence). The preposition stays in the span, or "mañana" alone would read as tomorrow.
 */
export const partOfDay: Rule = (tokens, i) => {
  const cue = PART_OF_DAY_CUE.matchAt(tokens, i);
  const part = cue && DAY_PARTS.get(tokens[cue.end]?.norm ?? '');
  return cue && part ? found(i, cue.end + 1, { kind: 'dailyPart', part, always: false }) : undefined;
};

/** "esta mañana", "esta semana", "este mes", "este año", "este verano". */
export const thisOne: Rule = (tokens, i) => {
  if (!THIS.has((tokens[i] as Token).norm)) return undefined;
  const word = tokens[i + 1]?.norm ?? '';
  const part = DAY_PARTS.get(word);
  if (part !== undefined) return found(i, i + 2, { kind: 'dayPart', part, dayOffset: 0 });
  const name = SEASONS.get(word);
  if (name !== undefined) return found(i, i + 2, { kind: 'season', season: name, direction: 0 });
  const period = PERIODS.matchAt(tokens, i + 1);
  return period && found(i, period.end, { kind: 'period', unit: period.value, offset: 0 });
};

// --- weekdays and periods: "lunes pasado", "pasado viernes", "semana pasada", "próximo mes" ---

export const weekdayThenDirection: Rule = (tokens, i) => {
  const weekday = WEEKDAYS.get((tokens[i] as Token).norm);
  const direction = weekday === undefined ? undefined : DIRECTION.matchAt(tokens, i + 1);
  return weekday !== undefined && direction ? found(i, direction.end, { kind: 'weekday', weekday, direction: direction.value }) : undefined;
};

/** "desde el lunes": a bare weekday after "since" is the last such day before the reference (the cue stays out of the span). */
export const weekdayAfterSince: Rule = (tokens, i) => {
  const weekday = WEEKDAYS.get((tokens[i] as Token).norm);
  if (weekday === undefined || (tokens[i] as Token).afterLineBreak) return undefined;
  return cueBefore(tokens, i, SINCE_CUES) > 0 ? found(i, i + 1, { kind: 'weekday', weekday, direction: -1 }) : undefined;
};

/** "(ingresó) el lunes": past or future as the sentence's tense says; not before a date ("el lunes 3 de junio"). */
export const weekdayAfterThe: Rule = (tokens, i) => {
  const weekday = WEEKDAYS.get((tokens[i] as Token).norm);
  if (weekday === undefined || tokens[i + 1]?.kind === 'number' || cueBefore(tokens, i, WEEKDAY_CUES) === 0) return undefined;
  return found(i, i + 1, { kind: 'weekday', weekday, direction: 0 }, i - 1);
};

export const periodThenDirection: Rule = (tokens, i) => {
  const period = PERIODS.matchAt(tokens, i);
  const direction = period && DIRECTION.matchAt(tokens, period.end);
  return period && direction && found(i, direction.end, { kind: 'period', unit: period.value, offset: direction.value });
};

/** "desde el fin de semana": the last weekend begun before the reference (the cue stays out of the span). */
export const weekendAfterSince: Rule = (tokens, i) => {
  const period = PERIODS.matchAt(tokens, i);
  if (period?.value !== 'WE' || (tokens[i] as Token).afterLineBreak) return undefined;
  return cueBefore(tokens, i, SINCE_CUES) > 0 ? found(i, period.end, { kind: 'lastWeekend' }) : undefined;
};

export const directionThenNoun: Rule = (tokens, i) => {
  const direction = DIRECTION.matchAt(tokens, i);
  if (direction === undefined) return undefined;
  const word = tokens[direction.end]?.norm ?? '';
  const weekday = WEEKDAYS.get(word);
  if (weekday !== undefined) return found(i, direction.end + 1, { kind: 'weekday', weekday, direction: direction.value });
  const name = SEASONS.get(word);
  if (name !== undefined) return found(i, direction.end + 1, { kind: 'season', season: name, direction: direction.value });
  const period = PERIODS.matchAt(tokens, direction.end);
  return period && found(i, period.end, { kind: 'period', unit: period.value, offset: direction.value });
};
