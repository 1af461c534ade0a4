/**
 * Rules for dates and clock times written out: "03/06/2024", "3 de junio de 2024", "el día 12",
 * "junio de 2019", "a principios de mayo", "en 2019", "a las 14:30".
 */
import type { Token } from '../../text/tokenise.ts';
import type { CalendarExpression, ClockExpression } from './expression.ts';
import { countAt, cueBefore, digitsAt, found, glued, inNumericGroup, type Rule, type Tokens, unitAt } from './reading.ts';
import {
  CLOCK_AFTER,
  CLOCK_BEFORE,
  CLOCK_DAY_PARTS,
  CLOCK_ZONES,
  DATE_SEPARATORS,
  DAY_MONTH_BEFORE,
  DAY_WORD_BEFORE,
  MONTH_BEFORE,
  MONTHS,
  OF,
  RANGE_LINKS,
  RELATIVE_YEARS,
  YEAR_BEFORE,
  ZONE_SIGNS,
} from './words.ts';

const DOTTED_CLOCK = /^(\d{1,2})[.,](\d{2})$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;

// --- numeric dates: "03/06/2024", "3-6-24", "3.6.24", "2024-06-03", "06/2019", "el 3/6" --------

function fullYear(year: string): { year: number } | { twoDigitYear: number } | undefined {
  if (year.length === 4) return { year: Number(year) };
  if (year.length === 2) return { twoDigitYear: Number(year) };
  return undefined;
}

export const numericDate: Rule = (tokens, i) => {
  const first = tokens[i];
  if (first?.kind !== 'number') return undefined;
  const before = tokens[i - 1];
  if (before !== undefined && glued(tokens, i) && (DATE_SEPARATORS.has(before.norm) || before.norm === ':')) return undefined;
  const dotted = DOTTED_DATE.exec(first.norm);
  if (dotted !== null) {
    const year = fullYear(dotted[3] as string);
    return year && found(i, i + 1, { kind: 'calendar', day: Number(dotted[1]), month: Number(dotted[2]), ...year });
  }
  const a = digitsAt(tokens, i);
  const sep = tokens[i + 1];
  const b = digitsAt(tokens, i + 2);
  if (a === undefined || b === undefined || sep === undefined || !DATE_SEPARATORS.has(sep.norm)) return undefined;
  if (!glued(tokens, i + 1) || !glued(tokens, i + 2)) return undefined;
  const sep2 = tokens[i + 3];
  const c = digitsAt(tokens, i + 4);
  const thirdPart = sep2 !== undefined && sep2.norm === sep.norm && glued(tokens, i + 3) && glued(tokens, i + 4) && c !== undefined;
  const groupEnd = thirdPart ? i + 5 : i + 3;
  const after = tokens[groupEnd];
  if (after !== undefined && glued(tokens, groupEnd) && (DATE_SEPARATORS.has(after.norm) || after.norm === ':')) return undefined;
  if (thirdPart) {
    if (a.length === 4 && sep.norm === '-') return found(i, groupEnd, { kind: 'calendar', year: +a, month: +b, day: +(c as string) });
    const year = a.length <= 2 && b.length <= 2 ? fullYear(c as string) : undefined;
    return year && found(i, groupEnd, { kind: 'calendar', day: +a, month: +b, ...year });
  }
  // Month and year ("06/2019"); a dilution ("1/1000") is no date.
  if (a.length <= 2 && b.length === 4) return plausibleYear(+b) ? found(i, groupEnd, { kind: 'calendar', year: +b, month: +a }) : undefined;
  // Day and month alone only where a date is expected ("el 3/6"): "1/2" is otherwise a fraction.
  const cue = cueBefore(tokens, i, DAY_MONTH_BEFORE);
  // "el 1-2 de mayo" is two days of May, not 1 February.
  const monthFollows = OF.has(tokens[groupEnd]?.norm ?? '') && MONTHS.has(tokens[groupEnd + 1]?.norm ?? '');
  if (cue > 0 && a.length <= 2 && b.length <= 2 && !monthFollows && unitAt(tokens, groupEnd) === undefined) {
    return found(i, groupEnd, { kind: 'calendar', day: +a, month: +b }, i - cue);
  }
  return undefined;
};

// --- clock times: "14:30", "a las 8", "a las 14.30 h", "a las 9 de la noche" ------------------

function withClockSuffix(tokens: Tokens, end: number): number {
  return CLOCK_AFTER.matchAt(tokens, end)?.end ?? end;
}

/** "UTC", "GMT", "UTC+2", "GMT-05:00" at `i`: the zone as TIMEX3 writes it and where it ends. */
function zoneAt(tokens: Tokens, i: number): { zone: string; end: number } | undefined {
  if (!CLOCK_ZONES.has(tokens[i]?.norm ?? '')) return undefined;
  const sign = tokens[i + 1];
  const hours = digitsAt(tokens, i + 2);
  if (
    sign === undefined ||
    !ZONE_SIGNS.has(sign.norm) ||
    !glued(tokens, i + 1) ||
    hours === undefined ||
    hours.length > 2 ||
    Number(hours) > 14
  ) {
    return { zone: 'Z', end: i + 1 };
  }
  const minutes = tokens[i + 3]?.norm === ':' && glued(tokens, i + 3) ? digitsAt(tokens, i + 4) : undefined;
  const pad = (n: string): string => n.padStart(2, '0');
  const offset = `${sign.norm}${pad(hours)}:${minutes?.length === 2 ? minutes : '00'}`;
  return { zone: offset === '+00:00' || offset === '-00:00' ? 'Z' : offset, end: minutes?.length === 2 ? i + 5 : i + 3 };
}

/** The clock time's expression with the zone written after it, and where it ends. */
function zoned(tokens: Tokens, end: number, e: ClockExpression): { end: number; expression: ClockExpression } {
  const zone = zoneAt(tokens, end);
  return zone === undefined ? { end, expression: e } : { end: zone.end, expression: { ...e, zone: zone.zone } };
}

export const clock: Rule = (tokens, i) => {
  const hour = digitsAt(tokens, i);
  const colon = tokens[i + 1];
  const minute = digitsAt(tokens, i + 2);
  if (hour === undefined || minute === undefined || colon?.norm !== ':' || hour.length > 2 || minute.length !== 2) return undefined;
  if (!glued(tokens, i + 1) || !glued(tokens, i + 2)) return undefined;
  if (glued(tokens, i) && tokens[i - 1]?.norm === ':') return undefined;
  let end = i + 3;
  let second: number | undefined;
  const secondDigits = digitsAt(tokens, i + 4);
  if (tokens[end]?.norm === ':' && glued(tokens, end) && secondDigits?.length === 2 && glued(tokens, i + 4)) {
    second = Number(secondDigits);
    end = i + 5;
  }
  if (tokens[end]?.norm === ':' && glued(tokens, end)) return undefined;
  const cue = cueBefore(tokens, i, CLOCK_BEFORE);
  const expression: ClockExpression = { kind: 'clock', hour: Number(hour), minute: Number(minute) };
  if (second !== undefined) expression.second = second;
  const withZone = zoned(tokens, withClockSuffix(tokens, end), expression);
  return found(i, withZone.end, withZone.expression, i - cue);
};

export const cuedClock: Rule = (tokens, i) => {
  const cue = cueBefore(tokens, i, CLOCK_BEFORE);
  if (cue === 0) return undefined;
  const t = tokens[i] as Token;
  const dotted = t.kind === 'number' ? DOTTED_CLOCK.exec(t.norm) : null;
  let hour: number;
  let minute = 0;
  let end: number;
  if (dotted !== null) {
    hour = Number(dotted[1]);
    minute = Number(dotted[2]);
    end = i + 1;
  } else {
    const count = countAt(tokens, i);
    if (count === undefined || !count.integer || count.value > 24) return undefined;
    hour = count.value;
    end = count.end;
  }
  end = withClockSuffix(tokens, end);
  const half = CLOCK_DAY_PARTS.matchAt(tokens, end);
  if (half !== undefined) {
    if (half.value === 'pm' && hour < 12) hour += 12;
    end = half.end;
  }
  const withZone = zoned(tokens, end, { kind: 'clock', hour, minute });
  return found(i, withZone.end, withZone.expression, i - cue);
};

// --- written dates: "3 de junio", "15 de enero de 2023", "día 12", "junio de 2019", "en 2019" ---

/** "de 2023" / "del 2023" / "2023" after a month, or nothing. */
function yearAfter(tokens: Tokens, i: number): { year: number; end: number } | undefined {
  const from = OF.has(tokens[i]?.norm ?? '') ? i + 1 : i;
  const year = digitsAt(tokens, from);
  return year?.length === 4 && !inNumericGroup(tokens, from) ? { year: Number(year), end: from + 1 } : undefined;
}

type YearFields = Pick<CalendarExpression, 'year' | 'yearOffset'>;

/** The year after a month (or season, quarter) from token `i`: "de 2024", or one relative to the reference ("del año pasado"). */
export function yearOfMonth(tokens: Tokens, i: number): { fields: YearFields; end: number } | undefined {
  const year = yearAfter(tokens, i);
  if (year !== undefined) return { fields: { year: year.year }, end: year.end };
  const relative = RELATIVE_YEARS.matchAt(tokens, i);
  return relative && { fields: { yearOffset: relative.value }, end: relative.end };
}

/** "de junio [de 2024]" (or "junio [2024]", "junio del año pasado") from token `i`, with the day already read. */
function monthAfterDay(tokens: Tokens, i: number): { fields: YearFields & { month: number }; end: number } | undefined {
  const at = OF.has(tokens[i]?.norm ?? '') ? i + 1 : i;
  const month = MONTHS.get(tokens[at]?.norm ?? '');
  if (month === undefined) return undefined;
  const year = yearOfMonth(tokens, at + 1);
  return { fields: { month, ...year?.fields }, end: year?.end ?? at + 1 };
}

function dayNumber(tokens: Tokens, i: number): number | undefined {
  const digits = digitsAt(tokens, i);
  if (digits === undefined || digits.length > 2 || inNumericGroup(tokens, i)) return undefined;
  const day = Number(digits);
  return day >= 1 && day <= 31 ? day : undefined;
}

export const writtenDate: Rule = (tokens, i) => {
  const day = dayNumber(tokens, i);
  const rest = day === undefined ? undefined : monthAfterDay(tokens, i + 1);
  if (day === undefined || rest === undefined) return undefined;
  return found(i, rest.end, { kind: 'calendar', day, ...rest.fields });
};

export const dayOfMonth: Rule = (tokens, i) => {
  const cue = cueBefore(tokens, i, DAY_WORD_BEFORE);
  const day = dayNumber(tokens, i + 1);
  if (cue === 0 || day === undefined) return undefined;
  const rest = monthAfterDay(tokens, i + 2);
  if (rest === undefined) {
    // "día 3 de tratamiento" counts days of something else, not a date.
    if (OF.has(tokens[i + 2]?.norm ?? '')) return undefined;
    return found(i, i + 2, { kind: 'calendar', day }, i - cue);
  }
  return found(i, rest.end, { kind: 'calendar', day, ...rest.fields }, i - cue);
};

/** A month right after a range link after another month: "mayo" in "entre marzo y mayo". */
function endsMonthRange(tokens: Tokens, i: number): boolean {
  const link = tokens[i - 1];
  return link !== undefined && RANGE_LINKS.matchAt(tokens, i - 1)?.end === i && MONTHS.has(tokens[i - 2]?.norm ?? '');
}

export const monthName: Rule = (tokens, i) => {
  const month = MONTHS.get((tokens[i] as Token).norm);
  if (month === undefined) return undefined;
  const year = yearOfMonth(tokens, i + 1);
  if (year !== undefined) return found(i, year.end, { kind: 'calendar', month, ...year.fields });
  const cue = cueBefore(tokens, i, MONTH_BEFORE);
  if (cue > 0) return found(i, i + 1, { kind: 'calendar', month }, i - cue);
  return endsMonthRange(tokens, i) ? found(i, i + 1, { kind: 'calendar', month }) : undefined;
};

// --- ranges: "del 3 al 10 de febrero", "entre marzo y mayo de 2023" ----------------------------
// Each end is its own DATE; the first takes the month and year written after the second.

export const dayRangeStart: Rule = (tokens, i) => {
  const cue = cueBefore(tokens, i, DAY_MONTH_BEFORE);
  const day = cue === 0 ? undefined : dayNumber(tokens, i);
  const link = day === undefined ? undefined : RANGE_LINKS.matchAt(tokens, i + 1);
  const second = link && dayNumber(tokens, link.end);
  if (day === undefined || link === undefined || second === undefined || second <= day) return undefined;
  const rest = monthAfterDay(tokens, link.end + 1);
  return rest && found(i, i + 1, { kind: 'calendar', day, ...rest.fields }, i - cue);
};

export const monthRangeStart: Rule = (tokens, i) => {
  const month = MONTHS.get((tokens[i] as Token).norm);
  const link = month === undefined ? undefined : RANGE_LINKS.matchAt(tokens, i + 1);
  const second = link && MONTHS.get(tokens[link.end]?.norm ?? '');
  if (month === undefined || link === undefined || second === undefined) return undefined;
  const cue = cueBefore(tokens, i, MONTH_BEFORE);
  const year = yearOfMonth(tokens, link.end + 1);
  if (year === undefined) return cue > 0 ? found(i, i + 1, { kind: 'calendar', month }, i - cue) : undefined;
  // "entre noviembre y febrero de 2024": the range crosses into the year written.
  const back = month > second ? 1 : 0;
  const fields = year.fields.year === undefined ? { yearOffset: (year.fields.yearOffset ?? 0) - back } : { year: year.fields.year - back };
  return found(i, i + 1, { kind: 'calendar', month, ...fields }, i - cue);
};

/** Years a bare four-digit number may stand for in a clinical text; others are counts ("en 3000 ml", "1/1000"). */
function plausibleYear(year: number): boolean {
  return year >= 1900 && year <= 2100;
}

export const bareYear: Rule = (tokens, i) => {
  const digits = digitsAt(tokens, i);
  if (digits?.length !== 4 || inNumericGroup(tokens, i)) return undefined;
  const year = Number(digits);
  const cue = cueBefore(tokens, i, YEAR_BEFORE);
  if (cue === 0 || !plausibleYear(year) || unitAt(tokens, i + 1) !== undefined) return undefined;
  return found(i, i + 1, { kind: 'calendar', year }, i - cue);
};
