/**
 * Resolution of a recognised expression against the reference datetime, as a TIMEX3 type and
 * value at the expression's own granularity: "hace 3 días" a day, "hace una semana" an ISO week,
 * "el mes pasado" a month, "hace 2 años" a year. A date that does not exist resolves to nothing.
 * The sentence's tense places a date with no year and a bare weekday in the past or the future;
 * anchored expressions ("al día siguiente") move from the last date resolved before them.
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
  type CalendarUnit,
} from './calendar.ts';
import type { CalendarExpression, Season, Tense, TemporalExpression, TimeUnit, YearPart } from './expression.ts';
import { wholeAmount } from './reading.ts';
import { SEASON_STARTS } from './words.ts';

/** A date an anchored expression can move from, at its granularity. */
export interface Anchor {
  readonly date: CalendarDate;
  readonly unit: CalendarUnit;
}

export interface Resolved {
  readonly timex: Timex;
  /** The day the expression names, when it names one (a clock time after it falls on it). */
  readonly day?: CalendarDate;
  /** The date it names, for expressions anchored after it ("al día siguiente"). */
  readonly anchor?: Anchor;
}

/** What resolution needs besides the expression and the reference. */
export interface ResolveContext {
  /** The day named just before a clock time ("ayer a las 14:30"). */
  readonly day?: CalendarDate | undefined;
  /** The last date resolved earlier in the text. */
  readonly anchor?: Anchor | undefined;
  /** The tense of the expression's sentence. */
  readonly tense?: Tense | undefined;
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

function inRange(year: number): boolean {
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

function atGranularity(d: CalendarDate, unit: CalendarUnit): Resolved | undefined {
  if (!inRange(d.year)) return undefined;
  const anchor = { date: d, unit };
  switch (unit) {
    case 'Y':
      return { timex: { type: 'DATE', value: formatYear(d.year) }, anchor };
    case 'M':
      return { timex: { type: 'DATE', value: formatMonth(d) }, anchor };
    case 'W':
      return { timex: { type: 'DATE', value: formatIsoWeek(d) }, anchor };
    case 'D':
      return { timex: { type: 'DATE', value: formatDay(d) }, day: d, anchor };
  }
}

function date(value: string): Resolved {
  return { timex: { type: 'DATE', value } };
}

/** A season, quarter or half of `year` ("2023-SU", "2025-Q1", "2024-H2"). */
function yearPartValue(year: number, part: YearPart): Resolved | undefined {
  return inRange(year) ? date(`${formatYear(year)}-${part}`) : undefined;
}

const SEASON_ORDER: readonly Season[] = ['SP', 'SU', 'FA', 'WI'];

/** The season under way on `d`, as year * 4 + its place in SEASON_ORDER (a winter is the year it starts in). */
function seasonIndex(d: CalendarDate): number {
  const mmdd = d.month * 100 + d.day;
  let index = d.year * 4 - 1; // before spring: the winter begun last year
  SEASON_ORDER.forEach((s, k) => {
    const [month, day] = SEASON_STARTS[s];
    if (mmdd >= month * 100 + day) index = d.year * 4 + k;
  });
  return index;
}

/**
 * "el verano pasado" (-1), "este verano" (0), "el próximo invierno" (+1); with `orCurrent`, the
 * season under way counts on either side ("ingresó en verano" said in summer is this summer).
 */
function season(name: Season, direction: -1 | 0 | 1, today: CalendarDate, orCurrent = false): Resolved | undefined {
  const current = seasonIndex(today);
  const k = SEASON_ORDER.indexOf(name);
  let index: number;
  if (direction === 0) index = current % 4 === k ? current : today.year * 4 + k;
  else {
    index = current - ((((current - k) % 4) + 4) % 4); // the latest such season at or before the current one
    if (direction < 0 && index === current && !orCurrent) index -= 4;
    if (direction > 0 && !(orCurrent && index === current)) index += 4;
  }
  return yearPartValue(Math.floor(index / 4), name);
}

/** The quarter or half year of `d` moved by `offset` of them. */
function periodPart(today: CalendarDate, offset: number, unit: 'Q' | 'H'): Resolved | undefined {
  const months = unit === 'Q' ? 3 : 6;
  const d = shiftDate(today, offset * months, 'M');
  return yearPartValue(d.year, `${unit}${Math.floor((d.month - 1) / months) + 1}` as YearPart);
}

/** Granularities from finest to coarsest: an anchor moves only by units at least as coarse as its own. */
const FINER: Record<CalendarUnit, number> = { D: 0, W: 1, M: 2, Y: 3 };

/** `anchor` moved by `amount` units, at the unit's granularity; none when the anchor is coarser than the unit. */
function fromAnchor(anchor: Anchor | undefined, amount: number, unit: TimeUnit | undefined, after: boolean): Resolved | undefined {
  if (anchor === undefined) return undefined;
  if (unit === undefined) {
    const at = atGranularity(anchor.date, anchor.unit);
    return at && { ...at, timex: { ...at.timex, ...(after ? { mod: 'AFTER' as const } : {}) } };
  }
  let calendarUnit: CalendarUnit;
  let steps = amount;
  if (unit === 'H' || unit === 'MIN') {
    // Hours move a day only in whole days: the anchor has no clock time.
    const hours = unit === 'H' ? amount : amount / 60;
    if (hours % 24 !== 0) return undefined;
    calendarUnit = 'D';
    steps = hours / 24;
  } else calendarUnit = unit;
  if (FINER[anchor.unit] > FINER[calendarUnit]) return undefined;
  return atGranularity(shiftDate(anchor.date, steps, calendarUnit), calendarUnit);
}

/** The weekend of the ISO week of `d` (TIMEX3 "2024-W23-WE"). */
function weekend(d: CalendarDate): Resolved | undefined {
  const week = atGranularity(d, 'W');
  return week && { timex: { type: 'DATE', value: `${week.timex.value}-WE` } };
}

/**
 * A date with what is missing taken from the reference. When the year (or, for a bare day, the
 * month) is missing and the sentence's tense says past or future, the date is the nearest one
 * on that side of the reference, the reference's own day or month included.
 */
function calendar(e: CalendarExpression, ref: LocalDateTime, tense: Tense | undefined): Resolved | undefined {
  const noYear = e.year === undefined && e.twoDigitYear === undefined && e.yearOffset === undefined;
  let year = e.year ?? (e.twoDigitYear === undefined ? ref.year + (e.yearOffset ?? 0) : twoDigitYear(e.twoDigitYear, ref.year));
  if (e.month === undefined && e.day === undefined) return atGranularity({ year, month: 1, day: 1 }, 'Y');
  let month = e.month ?? ref.month;
  if (month < 1 || month > 12) return undefined;
  if (noYear && tense !== undefined) {
    // Compared as year-month-day numbers; a bare day moves by months, a month or a day of a month by years.
    const written = month * 100 + (e.day ?? 0);
    const today = ref.month * 100 + (e.day === undefined ? 0 : ref.day);
    const step = tense < 0 ? (written > today ? -1 : 0) : written < today ? 1 : 0;
    if (e.month === undefined && step !== 0) {
      const moved = shiftDate({ year, month, day: 1 }, step, 'M');
      year = moved.year;
      month = moved.month;
    } else year += step;
  }
  if (e.day === undefined) return atGranularity({ year, month, day: 1 }, 'M');
  return isRealDate(year, month, e.day) ? atGranularity({ year, month, day: e.day }, 'D') : undefined;
}

/** TIMEX3 duration: P3D, P2W, P6M, P1Y, PT8H, PT30M. */
function durationValue(amount: number | 'X', unit: TimeUnit): string {
  const n = String(amount);
  if (unit === 'H') return `PT${n}H`;
  if (unit === 'MIN') return `PT${n}M`;
  return `P${n}${unit}`;
}

/** The value with a TIMEX3 mod, for a period's start, middle or end; no mod on a reference word ("PAST_REF"). */
function withMod(r: Resolved | undefined, mod: 'START' | 'MID' | 'END'): Resolved | undefined {
  if (r === undefined || r.timex.type !== 'DATE' || r.timex.value.endsWith('_REF')) return undefined;
  return { timex: { ...r.timex, mod } };
}

export function resolveTemporal(e: TemporalExpression, ref: LocalDateTime, context: ResolveContext = {}): Resolved | undefined {
  const today: CalendarDate = { year: ref.year, month: ref.month, day: ref.day };
  switch (e.kind) {
    case 'calendar':
      return calendar(e, ref, context.tense);
    case 'offset': {
      if (e.unit === 'H' || e.unit === 'MIN') {
        const minutes = e.unit === 'H' ? e.amount * 60 : e.amount;
        const t = shiftMinutes({ date: today, hour: ref.hour, minute: ref.minute }, minutes);
        return { timex: { type: 'TIME', value: formatClock(t) } };
      }
      const d = shiftDate(today, e.amount, e.unit);
      const at = atGranularity(d, e.unit);
      // A future week, month or year also says the day it falls on ("en 1 mes": 2024-07, day 2024-07-10).
      return at && e.amount > 0 && e.unit !== 'D' ? { ...at, timex: { ...at.timex, day: formatDay(d) } } : at;
    }
    case 'vague':
      return date(e.direction < 0 ? 'PAST_REF' : e.direction > 0 ? 'FUTURE_REF' : 'PRESENT_REF');
    case 'weekday': {
      const direction = e.direction === 0 ? context.tense : e.direction;
      if (direction === undefined) return undefined;
      // A report's bare weekday in the past tense may be the day it is written: "el martes acudió" written on a Tuesday.
      const sameDay = e.direction === 0 && direction < 0 && isoWeekday(today) === e.weekday;
      return atGranularity(sameDay ? today : nearestWeekday(today, e.weekday, direction), 'D');
    }
    case 'inFuture': {
      if (context.tense === -1) return { timex: { type: 'DURATION', value: durationValue(e.amount, e.unit) } };
      const whole = wholeAmount(e.amount, e.unit);
      return resolveTemporal({ kind: 'offset', amount: whole.amount, unit: whole.unit }, ref);
    }
    case 'period':
      if (e.unit === 'WE') return weekend(shiftDate(today, e.offset, 'W'));
      if (e.unit === 'Q' || e.unit === 'H') return periodPart(today, e.offset, e.unit);
      return atGranularity(shiftDate(today, e.offset, e.unit), e.unit);
    case 'yearPart':
      return yearPartValue(e.year ?? ref.year + (e.yearOffset ?? 0), e.part);
    case 'season':
      return season(e.season, e.direction, today);
    case 'bareSeason':
      // With no tense, a season is a habit: every summer ("en verano empeora").
      return context.tense === undefined
        ? { timex: { type: 'SET', value: `XXXX-${e.season}` } }
        : season(e.season, context.tense, today, true);
    case 'decade':
      return e.decade >= 0 && e.decade <= 999 ? date(String(e.decade).padStart(3, '0')) : undefined;
    case 'edge':
      return withMod(resolveTemporal(e.of, ref, context), e.mod);
    case 'anchored':
      return fromAnchor(context.anchor, e.amount, e.unit, e.after === true);
    case 'dailyPart':
      return !e.always && context.tense === -1 ? undefined : { timex: { type: 'SET', value: `XXXX-XX-XXT${e.part}` } };
    case 'weekdaySet':
      return { timex: { type: 'SET', value: `XXXX-WXX-${e.weekday}` } };
    case 'lastWeekend':
      // On a Saturday or Sunday the weekend under way; otherwise the one before this week.
      return weekend(isoWeekday(today) >= 6 ? today : shiftDate(today, -1, 'W'));
    case 'clock': {
      const valid = e.hour <= 23 && e.minute <= 59 && (e.second === undefined || e.second <= 59);
      if (!valid) return undefined;
      const value = formatClock({ date: context.day ?? today, hour: e.hour, minute: e.minute }, e.second);
      return { timex: { type: 'TIME', value: e.zone === undefined ? value : `${value}${e.zone}` } };
    }
    case 'dayPart':
      return { timex: { type: 'TIME', value: `${formatDay(shiftDate(today, e.dayOffset, 'D'))}T${e.part}` } };
    case 'duration':
      return { timex: { type: 'DURATION', value: durationValue(e.amount, e.unit) } };
    case 'vagueDuration':
      return { timex: { type: 'DURATION', value: durationValue('X', e.unit) } };
    case 'set':
      return { timex: { type: 'SET', value: durationValue(e.amount, e.unit) } };
  }
}
