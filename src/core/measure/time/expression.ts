/**
 * What the recogniser understood of a temporal expression, before it is resolved against the
 * reference datetime. Units follow TIMEX3: Y, M, W, D, H and MIN (minutes).
 */
export type TimeUnit = 'Y' | 'M' | 'W' | 'D' | 'H' | 'MIN';

/** TIMEX3 parts of the day: morning, midday, afternoon, night. */
export type DayPart = 'MO' | 'MI' | 'AF' | 'NI';

/** Calendar periods: week, weekend (of a week), month, quarter, half year, year. */
export type PeriodUnit = 'W' | 'WE' | 'M' | 'Q' | 'H' | 'Y';

/** TIMEX3 seasons: spring, summer, autumn (fall), winter. */
export type Season = 'SP' | 'SU' | 'FA' | 'WI';

/** A named part of a year: a season, a quarter ("Q1") or a half ("H2"). */
export type YearPart = Season | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'H2';

/** Past (-1) or future (+1), as the sentence's verb says; undefined when it says neither. */
export type Tense = -1 | 1;

/** A calendar date with what the text says of it; a missing year or month comes from the reference (and the tense). */
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
  /** The zone written after it: "Z" (UTC, GMT) or an offset ("+02:00"). */
  zone?: string;
}

export type TemporalExpression =
  | CalendarExpression
  | ClockExpression
  /** The reference moved by `amount` units ("hace 3 días" -3 D, "ayer" -1 D), at that unit's granularity. */
  | { kind: 'offset'; amount: number; unit: TimeUnit }
  /** A past, present or future with no count ("hace unos días", "actualmente", "próximamente"). */
  | { kind: 'vague'; direction: -1 | 0 | 1 }
  /** The nearest such weekday before or after the reference ("el lunes pasado", "el próximo martes"); direction 0 as the tense says ("ingresó el lunes"). */
  | { kind: 'weekday'; weekday: number; direction: -1 | 0 | 1 }
  /** "en 3 meses": a future offset, or a duration in a past-tense sentence ("se resolvió en 3 días"). */
  | { kind: 'inFuture'; amount: number; unit: TimeUnit }
  /** A season, quarter or half of a year given (or `yearOffset` from the reference's): "el verano de 2019", "el primer trimestre de 2025". */
  | { kind: 'yearPart'; part: YearPart; year?: number; yearOffset?: number }
  /** The nearest season before (-1) or after (+1) the reference's, or this one (0): "el verano pasado", "este invierno". */
  | { kind: 'season'; season: Season; direction: -1 | 0 | 1 }
  /** A season with no year ("ingresó en verano"): the nearest one, the current included, on the side the tense says; every such season (SET) without a tense. */
  | { kind: 'bareSeason'; season: Season }
  /** A decade by its first three digits ("los años 90": 199). */
  | { kind: 'decade'; decade: number }
  /** The start, middle or end of a period ("a finales de 2023"): the period's value with a TIMEX3 mod. */
  | { kind: 'edge'; mod: 'START' | 'MID' | 'END'; of: TemporalExpression }
  /** `amount` units after (or before) the last date resolved in the text ("al día siguiente", "3 días después"); no unit is that date itself, or after it ("tras el ingreso"). */
  | { kind: 'anchored'; amount: number; unit?: TimeUnit; after?: boolean }
  /** A part of every day ("por la noche", "cada mañana", "con el desayuno"); none in a past-tense sentence unless `always`. */
  | { kind: 'dailyPart'; part: DayPart; always: boolean }
  /** Every such weekday ("los lunes", "cada martes"): TIMEX3 XXXX-WXX-1. */
  | { kind: 'weekdaySet'; weekday: number }
  /** The week, weekend, month or year of the reference moved by `offset` ("la semana pasada", "este mes"). */
  | { kind: 'period'; unit: PeriodUnit; offset: number }
  /** The last weekend begun by the reference ("desde el fin de semana"). */
  | { kind: 'lastWeekend' }
  /** A part of the day, `dayOffset` days from the reference ("esta mañana" 0, "ayer por la tarde" -1). */
  | { kind: 'dayPart'; part: DayPart; dayOffset: number }
  /** A length of time with no count ("unos meses", "durante años"): TIMEX3 PXM. */
  | { kind: 'vagueDuration'; unit: TimeUnit }
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
  /** What to read instead when the expression resolves to nothing (an anchored count with no date before it: its amount as a DURATION). */
  readonly fallback?: TemporalMatch;
  /** The further counts of a list that share its unit and cue ("a los tres, seis y doce meses": "seis", "doce meses"). */
  readonly more?: readonly TemporalMatch[];
}
