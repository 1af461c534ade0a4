/**
 * What the recogniser understood of a temporal expression, before it is resolved against the
 * reference datetime. Units follow TIMEX3: Y, M, W, D, H and MIN (minutes).
 */
export type TimeUnit = 'Y' | 'M' | 'W' | 'D' | 'H' | 'MIN';

/** TIMEX3 parts of the day: morning, midday, afternoon, night. */
export type DayPart = 'MO' | 'MI' | 'AF' | 'NI';

/** A calendar date with what the text says of it; a missing year or month is the reference's. */
/** Calendar periods: week, weekend (of a week), month, year. */
export type PeriodUnit = 'W' | 'WE' | 'M' | 'Y';

export interface CalendarExpression {
  kind: 'calendar';
  year?: number;
  twoDigitYear?: number;
  /** Years from the reference's ("enero de este año": 0, "del año pasado": -1). */
  yearOffset?: number;
  month?: number;
  day?: number;
}

/** A clock time, on the day named just before it or the reference day. */
export interface ClockExpression {
  kind: 'clock';
  hour: number;
  minute: number;
  second?: number;
}

export type TemporalExpression =
  | CalendarExpression
  | ClockExpression
  /** The reference moved by `amount` units ("hace 3 días" -3 D, "ayer" -1 D), at that unit's granularity. */
  | { kind: 'offset'; amount: number; unit: TimeUnit }
  /** A past or future with no count ("hace unos días"). */
  | { kind: 'vague'; direction: -1 | 1 }
  /** The nearest such weekday before or after the reference ("el lunes pasado", "el próximo martes"). */
  | { kind: 'weekday'; weekday: number; direction: -1 | 1 }
  /** The week, weekend, month or year of the reference moved by `offset` ("la semana pasada", "este mes"). */
  | { kind: 'period'; unit: PeriodUnit; offset: number }
  /** The last weekend begun by the reference ("desde el fin de semana"). */
  | { kind: 'lastWeekend' }
  /** A part of the day, `dayOffset` days from the reference ("esta mañana" 0, "ayer por la tarde" -1). */
  | { kind: 'dayPart'; part: DayPart; dayOffset: number }
  /** A length of time ("durante 3 días"). */
  | { kind: 'duration'; amount: number; unit: TimeUnit }
  /** A repetition every `amount` units ("cada 8 horas"; "3 veces al día" repeats every day). */
  | { kind: 'set'; amount: number; unit: TimeUnit };

/** A recognised expression over tokens [first, end); `contextStart` is where the cue words before it start ("a las"). */
export interface TemporalMatch {
  readonly first: number;
  readonly end: number;
  readonly contextStart: number;
  readonly expression: TemporalExpression;
}
