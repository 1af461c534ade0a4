/**
 * Resolution of a recognised expression against the reference datetime, as a TIMEX3 type and
 * value at the expression's own granularity: "hace 3 días" a day, "hace una semana" an ISO week,
 * "el mes pasado" a month, "hace 2 años" a year. A date that does not exist resolves to nothing.
 */
import type { LocalDateTime } from '../../clock.ts';
import type { Timex } from '../../contract.ts';
import {
  formatClock,
  formatDay,
  formatIsoWeek,
  formatMonth,
  formatYear,
  isoWeekday,
  isRealDate,
  nearestWeekday,
  shiftDate,
  shiftMinutes,
  type CalendarDate,
} from './calendar.ts';
import type { CalendarExpression, TemporalExpression, TimeUnit } from './expression.ts';

export interface Resolved {
  readonly timex: Timex;
  /** The day the expression names, when it names one (a clock time after it falls on it). */
  readonly day?: CalendarDate;
}

/** How far ahead of the reference a two-digit year may lie before it is read as last century. */
const TWO_DIGIT_YEAR_FUTURE = 5;

function twoDigitYear(yy: number, referenceYear: number): number {
  const year = Math.floor(referenceYear / 100) * 100 + yy;
  return year > referenceYear + TWO_DIGIT_YEAR_FUTURE ? year - 100 : year;
}

/** Years TIMEX3 can write with four digits; "hace 2019 años" from 1950 resolves to none. */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

function atGranularity(d: CalendarDate, unit: 'Y' | 'M' | 'W' | 'D'): Resolved | undefined {
  if (d.year < FIRST_YEAR || d.year > LAST_YEAR) return undefined;
  switch (unit) {
    case 'Y':
      return { timex: { type: 'DATE', value: formatYear(d.year) } };
    case 'M':
      return { timex: { type: 'DATE', value: formatMonth(d) } };
    case 'W':
      return { timex: { type: 'DATE', value: formatIsoWeek(d) } };
    case 'D':
      return { timex: { type: 'DATE', value: formatDay(d) }, day: d };
  }
}

/** The weekend of the ISO week of `d` (TIMEX3 "2024-W23-WE"). */
function weekend(d: CalendarDate): Resolved | undefined {
  const week = atGranularity(d, 'W');
  return week && { timex: { type: 'DATE', value: `${week.timex.value}-WE` } };
}

function calendar(e: CalendarExpression, ref: LocalDateTime): Resolved | undefined {
  const year = e.year ?? (e.twoDigitYear === undefined ? ref.year + (e.yearOffset ?? 0) : twoDigitYear(e.twoDigitYear, ref.year));
  if (e.month === undefined && e.day === undefined) return atGranularity({ year, month: 1, day: 1 }, 'Y');
  const month = e.month ?? ref.month;
  if (e.day === undefined) return month >= 1 && month <= 12 ? atGranularity({ year, month, day: 1 }, 'M') : undefined;
  return isRealDate(year, month, e.day) ? atGranularity({ year, month, day: e.day }, 'D') : undefined;
}

/** TIMEX3 duration: P3D, P2W, P6M, P1Y, PT8H, PT30M. */
function durationValue(amount: number, unit: TimeUnit): string {
  const n = String(amount);
  if (unit === 'H') return `PT${n}H`;
  if (unit === 'MIN') return `PT${n}M`;
  return `P${n}${unit}`;
}

export function resolveTemporal(e: TemporalExpression, ref: LocalDateTime, anchor?: CalendarDate): Resolved | undefined {
  const today: CalendarDate = { year: ref.year, month: ref.month, day: ref.day };
  switch (e.kind) {
    case 'calendar':
      return calendar(e, ref);
    case 'offset': {
      if (e.unit === 'H' || e.unit === 'MIN') {
        const minutes = e.unit === 'H' ? e.amount * 60 : e.amount;
        const t = shiftMinutes({ date: today, hour: ref.hour, minute: ref.minute }, minutes);
        return { timex: { type: 'TIME', value: formatClock(t) } };
      }
      return atGranularity(shiftDate(today, e.amount, e.unit), e.unit);
    }
    case 'vague':
      return { timex: { type: 'DATE', value: e.direction < 0 ? 'PAST_REF' : 'FUTURE_REF' } };
    case 'weekday':
      return atGranularity(nearestWeekday(today, e.weekday, e.direction), 'D');
    case 'period':
      return e.unit === 'WE' ? weekend(shiftDate(today, e.offset, 'W')) : atGranularity(shiftDate(today, e.offset, e.unit), e.unit);
    case 'lastWeekend':
      // On a Saturday or Sunday the weekend under way; otherwise the one before this week.
      return weekend(isoWeekday(today) >= 6 ? today : shiftDate(today, -1, 'W'));
    case 'clock': {
      const valid = e.hour <= 23 && e.minute <= 59 && (e.second === undefined || e.second <= 59);
      if (!valid) return undefined;
      return { timex: { type: 'TIME', value: formatClock({ date: anchor ?? today, hour: e.hour, minute: e.minute }, e.second) } };
    }
    case 'dayPart':
      return { timex: { type: 'TIME', value: `${formatDay(shiftDate(today, e.dayOffset, 'D'))}T${e.part}` } };
    case 'duration':
      return { timex: { type: 'DURATION', value: durationValue(e.amount, e.unit) } };
    case 'set':
      return { timex: { type: 'SET', value: durationValue(e.amount, e.unit) } };
  }
}
