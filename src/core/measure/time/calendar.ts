/**
 * Calendar arithmetic on wall-clock dates with no timezone. date-fns works on a local `Date` set to
 * noon of the day, so that a daylight-saving change (an hour at most) never moves the day; clock
 * times are carried as minutes and folded into whole days by plain arithmetic.
 */
import { addDays, addMonths, addWeeks, addYears, getDaysInMonth, getISODay, getISOWeek, getISOWeekYear } from 'date-fns';

export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
}

export type CalendarUnit = 'Y' | 'M' | 'W' | 'D';

function toDate(d: CalendarDate): Date {
  const date = new Date(2000, 0, 1, 12, 0, 0);
  date.setFullYear(d.year, d.month - 1, d.day); // the Date constructor would read years below 100 as 19xx
  return date;
}

function fromDate(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** True when the fields name a real day ("31/02/2024" does not). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= getDaysInMonth(toDate({ year, month, day: 1 }));
}

/** `d` moved by `amount` units; month and year steps clamp to the month's last day (31 March - 1 month = 29 February). */
export function shiftDate(d: CalendarDate, amount: number, unit: CalendarUnit): CalendarDate {
  const date = toDate(d);
  switch (unit) {
    case 'Y':
      return fromDate(addYears(date, amount));
    case 'M':
      return fromDate(addMonths(date, amount));
    case 'W':
      return fromDate(addWeeks(date, amount));
    case 'D':
      return fromDate(addDays(date, amount));
  }
}

/** ISO weekday, Monday 1 to Sunday 7. */
export function isoWeekday(d: CalendarDate): number {
  return getISODay(toDate(d));
}

/** The nearest day strictly before (`direction` -1) or after (+1) `d` that falls on `weekday` (ISO). */
export function nearestWeekday(d: CalendarDate, weekday: number, direction: -1 | 1): CalendarDate {
  const today = isoWeekday(d);
  const steps = direction < 0 ? (today - weekday + 7) % 7 || 7 : (weekday - today + 7) % 7 || 7;
  return shiftDate(d, direction * steps, 'D');
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatYear(year: number): string {
  return pad(year, 4);
}

export function formatMonth(d: Pick<CalendarDate, 'year' | 'month'>): string {
  return `${formatYear(d.year)}-${pad(d.month)}`;
}

export function formatDay(d: CalendarDate): string {
  return `${formatMonth(d)}-${pad(d.day)}`;
}

/** ISO week written as TIMEX3 does: the ISO week-numbering year, "-W", the week (2021-01-03 is 2020-W53). */
export function formatIsoWeek(d: CalendarDate): string {
  const date = toDate(d);
  return `${formatYear(getISOWeekYear(date))}-W${pad(getISOWeek(date))}`;
}

export interface WallClock {
  readonly date: CalendarDate;
  readonly hour: number;
  readonly minute: number;
}

/** A wall-clock time moved by whole minutes, carrying into days without any timezone. */
export function shiftMinutes(t: WallClock, minutes: number): WallClock {
  const total = t.hour * 60 + t.minute + minutes;
  const days = Math.floor(total / 1440);
  const inDay = total - days * 1440;
  return { date: shiftDate(t.date, days, 'D'), hour: Math.floor(inDay / 60), minute: inDay % 60 };
}

export function formatClock(t: WallClock, second?: number): string {
  const base = `${formatDay(t.date)}T${pad(t.hour)}:${pad(t.minute)}`;
  return second === undefined ? base : `${base}:${pad(second)}`;
}
