/**
 * The reference datetime that relative dates resolve against: the request's `text_datetime`, or
 * the injectable clock's current local time. It is a wall-clock time with no timezone.
 */
import { TEXT_DATETIME_PATTERN } from './contract.ts';

export interface LocalDateTime {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

let lastParsed: { readonly value: string; readonly at: LocalDateTime } | undefined;

/** Parses an already validated `text_datetime` (the last one is kept: a corpus often shares one). */
export function parseTextDatetime(value: string): LocalDateTime {
  if (lastParsed?.value === value) return lastParsed.at;
  const m = TEXT_DATETIME_PATTERN.exec(value);
  if (!m) throw new Error(`not a text_datetime: ${value}`);
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = Object.freeze({ year, month, day, hour, minute, second });
  lastParsed = { value, at };
  return at;
}

/** The clock's reading in the local wall-clock time of the runtime. */
export function localDateTimeOf(date: Date): LocalDateTime {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

export function referenceDateTime(textDatetime: string | undefined, clock: Clock): LocalDateTime {
  return textDatetime === undefined ? localDateTimeOf(clock()) : parseTextDatetime(textDatetime);
}
