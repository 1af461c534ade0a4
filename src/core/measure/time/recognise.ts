/**
 * Recognition of Spanish temporal expressions over tokens. Each rule reads forward from the token
 * that triggers it (a number, a month or weekday name, "hace", "ayer"...) and may look at the
 * words just before it ("a las", "en", "el"), which stay out of the span. Only trigger tokens
 * start a rule, so text without dates costs one map lookup per word.
 */
import type { Token } from '../../text/tokenise.ts';
import type { TemporalMatch } from './expression.ts';
import type { Rule, Tokens } from './reading.ts';
import {
  AGO_WORDS,
  AT_CUE_WORDS,
  CLOCK_BEFORE,
  DATE_SEPARATORS,
  DAY_MONTH_BEFORE,
  DAY_WORD,
  DECADE_CUE_WORDS,
  DIRECTION_WORDS,
  EVENT_CUE_WORDS,
  EVERY_CUE_WORDS,
  EVERY_WORDS,
  firstWords,
  FREQUENCY_WORDS,
  IN_FUTURE_WORDS,
  MEAL_CUE_WORDS,
  MONTHS,
  NIGHT_WORDS,
  NUMBER_FIRST_WORDS,
  OF,
  ORDINAL_DAY_WORDS,
  ORDINAL_SUFFIXES,
  ORDINAL_WORDS,
  PART_OF_DAY_CUE_WORDS,
  PER_UNIT_WORDS,
  PLURAL_UNITS,
  PERIOD_EDGE_WORDS,
  PERIOD_WORDS,
  RELATIVE_DAY_WORDS,
  SAME_DAY_WORDS,
  SEASON_WORDS,
  THAT_TIME_WORDS,
  THIS_WORDS,
  TIMES_WORDS,
  UNITS,
  VAGUE_COUNT_WORDS,
  VAGUE_WORDS,
  WEEKDAYS,
  WITHIN_WORDS,
  YEAR_BEFORE,
} from './words.ts';
import { afterEvent, atCount, countThenAfter, ordinalDay, sameDay, thatTime, unitThenFollowing } from './rules-anchored.ts';
import {
  bareYear,
  clock,
  cuedClock,
  dayOfMonth,
  dayRangeStart,
  monthName,
  monthRangeStart,
  numericDate,
  writtenDate,
} from './rules-calendar.ts';
import { decade, periodEdge, season, yearPart } from './rules-period.ts';
import {
  ago,
  directionThenNoun,
  duration,
  every,
  inFuture,
  unitsAfterCue,
  vagueCount,
  night,
  partOfDay,
  periodThenDirection,
  relativeDay,
  thisOne,
  timesPer,
  vague,
  weekdayAfterSince,
  weekdayAfterThe,
  weekendAfterSince,
  weekdayThenDirection,
  within,
} from './rules-relative.ts';
import { everyPartOrWeekday, frequencyWord, listedWeekday, meal, perUnit } from './rules-sets.ts';

/** Rules for a number token, most specific first. */
const NUMBER_RULES: readonly Rule[] = [
  numericDate,
  clock,
  cuedClock,
  dayRangeStart,
  writtenDate,
  bareYear,
  timesPer,
  countThenAfter,
  ordinalDay,
  duration,
];

/** What may follow a number that starts an expression: a unit, "de", a month, "veces", a separator. */
const AFTER_NUMBER: ReadonlySet<string> = new Set([
  ...UNITS.keys(),
  ...OF,
  ...MONTHS.keys(),
  ...firstWords(TIMES_WORDS),
  ...DATE_SEPARATORS,
  ...ORDINAL_SUFFIXES,
  ':',
]);
/** What may come before a number that starts an expression: the last words of its cues ("a las", "en"). */
const BEFORE_NUMBER: ReadonlySet<string> = new Set([...CLOCK_BEFORE.lastWords, ...YEAR_BEFORE.lastWords, ...DAY_MONTH_BEFORE.lastWords]);

/** Two points and no comma: in a number token (digits with inner "," or ".") that is "3.6.24". */
function dottedDateLike(norm: string): boolean {
  const first = norm.indexOf('.');
  const second = first < 0 ? -1 : norm.indexOf('.', first + 1);
  return second > 0 && norm.indexOf('.', second + 1) < 0 && norm.indexOf(',') < 0;
}

/** A cheap test that spares the number rules on most numbers (lab values, doses). */
function numberMayStart(tokens: Tokens, i: number): boolean {
  const t = tokens[i] as Token;
  // A dotted date ("3.6.24") is one number token; a plain decimal ("12,4") needs a cue like any number.
  if (dottedDateLike(t.norm)) return true;
  const next = tokens[i + 1];
  if (next !== undefined && AFTER_NUMBER.has(next.norm)) return true;
  const before = tokens[i - 1];
  return before !== undefined && BEFORE_NUMBER.has(before.norm);
}

const WORD_RULES = new Map<string, Rule[]>();
function on(words: Iterable<string>, ...rules: Rule[]): void {
  for (const word of words) {
    const list = WORD_RULES.get(word) ?? [];
    for (const rule of rules) if (!list.includes(rule)) list.push(rule);
    WORD_RULES.set(word, list);
  }
}
// Registration order is rule order for a word: "hoy en día" is vague before "hoy" is a day.
on(firstWords(VAGUE_WORDS), vague);
on(firstWords(RELATIVE_DAY_WORDS), relativeDay);
on(firstWords(NIGHT_WORDS), night);
on(firstWords(AGO_WORDS), ago);
on(firstWords(WITHIN_WORDS), within);
on(firstWords(EVERY_WORDS), every);
on(firstWords(EVERY_CUE_WORDS), everyPartOrWeekday);
on(firstWords(THIS_WORDS), thisOne);
on(firstWords(PART_OF_DAY_CUE_WORDS), partOfDay);
on(firstWords(PERIOD_EDGE_WORDS), periodEdge);
on(firstWords(DIRECTION_WORDS), directionThenNoun);
on(MONTHS.keys(), monthRangeStart, monthName);
on(WEEKDAYS.keys(), weekdayThenDirection, weekdayAfterSince, listedWeekday, weekdayAfterThe);
on(UNITS.keys(), unitThenFollowing);
on(PERIOD_WORDS, periodThenDirection, weekendAfterSince);
on([DAY_WORD], dayOfMonth);
on(NUMBER_FIRST_WORDS, cuedClock, timesPer, countThenAfter, duration);
on(firstWords(IN_FUTURE_WORDS), inFuture);
on(firstWords(SEASON_WORDS), season);
on(firstWords(ORDINAL_WORDS), yearPart);
on(firstWords(DECADE_CUE_WORDS), decade);
on(firstWords(FREQUENCY_WORDS), frequencyWord);
on(firstWords(PER_UNIT_WORDS), perUnit);
on(firstWords(MEAL_CUE_WORDS), meal);
on(firstWords(SAME_DAY_WORDS), sameDay);
on(firstWords(AT_CUE_WORDS), atCount);
on(firstWords(EVENT_CUE_WORDS), afterEvent);
on(firstWords(ORDINAL_DAY_WORDS), ordinalDay);
on(firstWords(THAT_TIME_WORDS), thatTime);
on(firstWords(VAGUE_COUNT_WORDS), vagueCount);
on(PLURAL_UNITS, unitsAfterCue);

function crossesLineBreak(tokens: Tokens, m: TemporalMatch): boolean {
  for (let k = m.first + 1; k < m.end; k++) if ((tokens[k] as Token).afterLineBreak) return true;
  return false;
}

/** Every temporal expression in the tokens, in text order, none overlapping. */
export function recogniseTemporal(tokens: Tokens): TemporalMatch[] {
  const matches: TemporalMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as Token;
    const rules =
      t.kind === 'number' ? (numberMayStart(tokens, i) ? NUMBER_RULES : undefined) : t.kind === 'word' ? WORD_RULES.get(t.norm) : undefined;
    let match: TemporalMatch | undefined;
    if (rules !== undefined) {
      for (const rule of rules) {
        match = rule(tokens, i);
        if (match !== undefined && !crossesLineBreak(tokens, match)) break;
        match = undefined;
      }
    }
    if (match === undefined) {
      i++;
      continue;
    }
    matches.push(match);
    i = match.more?.[match.more.length - 1]?.end ?? match.end;
  }
  return matches;
}
