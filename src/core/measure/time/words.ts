/**
 * The temporal stage's word lists (JSON files beside this one) in matching form, ready for
 * token lookups: single words in maps, multiword phrases in phrase sets.
 */
import { normalise } from '../../text/normalise.ts';
import { PhraseSet } from '../../text/phrases.ts';
import { termKey } from '../../text/tokenise.ts';
import agesData from './ages.json' with { type: 'json' };
import anchoredData from './anchored.json' with { type: 'json' };
import cuesData from './cues.json' with { type: 'json' };
import type { DayPart, PeriodUnit, Season, TimeUnit } from './expression.ts';
import monthsData from './months.json' with { type: 'json' };
import numbersData from './number-words.json' with { type: 'json' };
import relativeData from './relative-words.json' with { type: 'json' };
import setsData from './sets.json' with { type: 'json' };
import tenseData from './tense.json' with { type: 'json' };
import unitsData from './time-units.json' with { type: 'json' };
import weekdaysData from './weekdays.json' with { type: 'json' };
import yearPartsData from './year-parts.json' with { type: 'json' };

function wordMap<V>(record: Record<string, V>): ReadonlyMap<string, V> {
  return new Map(Object.entries(record).map(([word, value]) => [normalise(word), value]));
}

export const MONTHS = wordMap(monthsData.months);
export const WEEKDAYS = wordMap(weekdaysData.weekdays);
export const UNITS = wordMap(unitsData.units as Record<string, TimeUnit>);
/** Period phrases ("semana", "fin de semana"); `PERIOD_WORDS` are the words they start with. */
export const PERIODS = new PhraseSet<PeriodUnit>(Object.entries(unitsData.periods as Record<string, PeriodUnit>));
export const PERIOD_WORDS = firstWords(Object.keys(unitsData.periods));
export const PLURAL_UNITS: ReadonlySet<string> = new Set(unitsData.plurals.map(normalise));
export const SMALLER_UNIT = new Map(Object.entries(unitsData.smaller) as [TimeUnit, [TimeUnit, number]][]);
export const DAY_PARTS = wordMap(relativeData.dayParts as Record<string, DayPart>);
export const NIGHTS = wordMap(relativeData.nights);

/** Number words and phrases, with compound tens spelled out ("treinta y seis"). */
function numberPhrases(): [string, number][] {
  const words: Record<string, number> = numbersData.numbers;
  const phrases: [string, number][] = [...Object.entries(words), ...Object.entries(numbersData.phrases)];
  const units = Object.entries(words).filter(([, n]) => n >= 1 && n <= 9);
  for (const tens of numbersData.compoundTens) {
    for (const [unit, n] of units) phrases.push([`${tens} y ${unit}`, (words[tens] ?? 0) + n]);
  }
  return phrases;
}
const NUMBER_PHRASES = numberPhrases();
export const NUMBER_WORDS = new PhraseSet<number>(NUMBER_PHRASES);
/** Words a number phrase can start with (the recogniser's triggers). */
export const NUMBER_FIRST_WORDS: ReadonlySet<string> = new Set(NUMBER_PHRASES.map(([p]) => termKey(p).split(' ')[0] as string));

export const RELATIVE_DAYS = new PhraseSet<number>(Object.entries(relativeData.days));
export const NOT_TOMORROW_AFTER: ReadonlySet<string> = new Set(relativeData.notTomorrowAfter.map(normalise));
export const PART_LINKS = PhraseSet.of(relativeData.partLinks);
export const PART_OF_DAY_CUE = PhraseSet.of(relativeData.partOfDayCue);
export const THIS: ReadonlySet<string> = new Set(relativeData.this.map(normalise));

export const DIRECTION = new PhraseSet<-1 | 1>([
  ...cuesData.last.map((w) => [w, -1] as const),
  ...cuesData.next.map((w) => [w, 1] as const),
]);
export const AGO = PhraseSet.of(cuesData.ago);
export const WITHIN = PhraseSet.of(cuesData.within);
export const EVERY = PhraseSet.of(cuesData.every);
export const TIMES = PhraseSet.of(cuesData.times);
export const PER = PhraseSet.of(cuesData.per);
export const APPROXIMATORS = PhraseSet.of(cuesData.approximators);
export const HALF = PhraseSet.of(cuesData.half);
export const RELATIVE_YEARS = new PhraseSet<number>(Object.entries(cuesData.relativeYears));
export const PERIOD_EDGES = wordMap(cuesData.periodEdges as Record<string, 'START' | 'MID' | 'END'>);
export const IN_FUTURE = PhraseSet.of(cuesData.inFuture);
export const RATE_WINDOW = cuesData.rateWindow;
export const RANGE_LINKS = PhraseSet.of(cuesData.rangeLinks);
export const VAGUE = new PhraseSet<-1 | 0 | 1>(Object.entries(relativeData.vague as Record<string, -1 | 0 | 1>));

export const SEASONS = wordMap(yearPartsData.seasons as Record<string, Season>);
export const SEASON_STARTS = yearPartsData.seasonStarts as Record<Season, [number, number]>;
export const ORDINALS = wordMap(yearPartsData.ordinals);
export const YEAR_PART_NOUNS = wordMap(yearPartsData.parts as Record<string, { prefix: 'Q' | 'H'; count: number; needsYear: boolean }>);
export const DECADE_CUES = PhraseSet.of(yearPartsData.decadeCues);

export const FREQUENCIES = wordMap(setsData.frequencies as unknown as Record<string, [number, TimeUnit]>);
/** Frequency words that are also nouns, with the words before ("un diario") or after ("diario miccional") that make them one. */
export const FREQUENCY_NOUNS: ReadonlyMap<string, { after: ReadonlySet<string>; before: ReadonlySet<string> }> = new Map(
  Object.entries(setsData.nouns).map(([word, n]) => [
    normalise(word),
    { after: new Set(n.after.map(normalise)), before: new Set(n.before.map(normalise)) },
  ]),
);
export const PER_UNIT = PhraseSet.of(setsData.perUnit);
export const COUNT_WINDOW = setsData.countWindow;
export const NOT_PER_BEFORE: ReadonlySet<string> = new Set(setsData.notPerBefore.map(normalise));
export const EVERY_CUES = PhraseSet.of(setsData.everyCues);
export const MEALS = wordMap(setsData.meals as Record<string, DayPart>);
export const MEAL_CUES = PhraseSet.of(setsData.mealCues);

export const FOLLOWING = wordMap(anchoredData.following);
export const SAME_DAY = PhraseSet.of(anchoredData.sameDay);
export const AFTER_WORDS = new PhraseSet<number>(Object.entries(anchoredData.afterWords));
export const AT_CUES = PhraseSet.of(anchoredData.atCues);
export const EVENT_LINKS = PhraseSet.of(anchoredData.eventLinks);
export const NOT_AGE_AFTER = PhraseSet.of(anchoredData.notAgeAfter);
export const EVENT_CUES = PhraseSet.of(anchoredData.eventCues);
export const EVENTS: ReadonlySet<string> = new Set(anchoredData.events.map(normalise));
export const ORDINAL_DAYS = wordMap(anchoredData.ordinals);
export const ORDINAL_SUFFIXES: ReadonlySet<string> = new Set(anchoredData.ordinalSuffixes.map(normalise));
export const ORDINAL_LINKS = PhraseSet.of(anchoredData.ordinalLinks);
export const ORDINAL_EVENTS = wordMap(anchoredData.ordinalEvents);
export const THAT_TIME = new PhraseSet<boolean>(Object.entries(anchoredData.thatTime));
export const THEN_CUES: ReadonlySet<string> = new Set(anchoredData.thenCues.map(normalise));
export const VAGUE_COUNTS = PhraseSet.of(cuesData.vagueCounts);
export const LIST_LINKS: ReadonlySet<string> = new Set(cuesData.listLinks);

export const AGE_HOLDERS = PhraseSet.of(agesData.holders);
export const AGE_AFTER = PhraseSet.of(agesData.after);

export const TENSE = {
  pastWords: new Set(tenseData.pastWords.map(normalise)) as ReadonlySet<string>,
  pastEndings: tenseData.pastEndings,
  futureWords: PhraseSet.of(tenseData.futureWords),
  futureFirstWords: firstWords(tenseData.futureWords),
  futureEndings: tenseData.futureEndings,
  minVerbLength: tenseData.minVerbLength,
  window: tenseData.window,
  sentenceEnds: new Set(tenseData.sentenceEnds) as ReadonlySet<string>,
  participleEndings: tenseData.participleEndings,
  futureParticiples: new Set(tenseData.futureParticiples.map(normalise)) as ReadonlySet<string>,
  notParticiples: new Set(tenseData.notParticiples.map(normalise)) as ReadonlySet<string>,
  planNouns: new Set(tenseData.planNouns.map(normalise)) as ReadonlySet<string>,
  lastWords: new Set(tenseData.lastWords.map(normalise)) as ReadonlySet<string>,
  planWindow: tenseData.planWindow,
};

export const CLOCK_AFTER = PhraseSet.of(cuesData.clockAfter);
export const CLOCK_ZONES: ReadonlySet<string> = new Set(cuesData.clockZones.map(normalise));
export const ZONE_SIGNS: ReadonlySet<string> = new Set(cuesData.zoneSigns);
export const CLOCK_DAY_PARTS = new PhraseSet<string>(Object.entries(cuesData.clockDayParts));
export const DATE_SEPARATORS: ReadonlySet<string> = new Set(cuesData.dateSeparators);
export const DAY_WORD = normalise(cuesData.day[0] as string);
export const OF: ReadonlySet<string> = new Set(cuesData.of);

/** First words (matching form) of the given phrases: what a rule starting with them is triggered by. */
export function firstWords(...lists: readonly (readonly string[])[]): string[] {
  return lists.flat().map((p) => termKey(p).split(' ')[0] as string);
}
export const RELATIVE_DAY_WORDS = Object.keys(relativeData.days);
export const NIGHT_WORDS = Object.keys(relativeData.nights);
export const DIRECTION_WORDS = [...cuesData.last, ...cuesData.next];
export const THIS_WORDS = relativeData.this;
export const AGO_WORDS = cuesData.ago;
export const WITHIN_WORDS = cuesData.within;
export const EVERY_WORDS = cuesData.every;
export const PART_OF_DAY_CUE_WORDS = relativeData.partOfDayCue;
export const PERIOD_EDGE_WORDS = Object.keys(cuesData.periodEdges);
export const IN_FUTURE_WORDS = cuesData.inFuture;
export const VAGUE_WORDS = Object.keys(relativeData.vague);
export const SEASON_WORDS = Object.keys(yearPartsData.seasons);
export const ORDINAL_WORDS = Object.keys(yearPartsData.ordinals);
export const DECADE_CUE_WORDS = yearPartsData.decadeCues;
export const FREQUENCY_WORDS = Object.keys(setsData.frequencies);
export const PER_UNIT_WORDS = setsData.perUnit;
export const EVERY_CUE_WORDS = setsData.everyCues;
export const MEAL_CUE_WORDS = setsData.mealCues;
export const SAME_DAY_WORDS = anchoredData.sameDay;
export const AT_CUE_WORDS = anchoredData.atCues;
export const EVENT_CUE_WORDS = anchoredData.eventCues;
export const ORDINAL_DAY_WORDS = Object.keys(anchoredData.ordinals);
export const THAT_TIME_WORDS = Object.keys(anchoredData.thatTime);
export const VAGUE_COUNT_WORDS = cuesData.vagueCounts;
export const TIMES_WORDS = cuesData.times;

/** Cue phrases that must come right before an expression, as lists of matching forms. */
export interface CuePhrases {
  readonly list: readonly (readonly string[])[];
  /** Last words of the phrases: a quick test before comparing whole phrases. */
  readonly lastWords: ReadonlySet<string>;
}
function phrasesBefore(phrases: readonly string[]): CuePhrases {
  const list = phrases.map((p) => termKey(p).split(' '));
  return { list, lastWords: new Set(list.map((words) => words[words.length - 1] as string)) };
}
export const YEAR_BEFORE = phrasesBefore(cuesData.yearBefore);
export const MONTH_BEFORE = phrasesBefore(cuesData.monthBefore);
export const DAY_MONTH_BEFORE = phrasesBefore(cuesData.dayMonthBefore);
export const DAY_WORD_BEFORE = phrasesBefore(cuesData.dayWordBefore);
export const CLOCK_BEFORE = phrasesBefore(cuesData.clockBefore);
export const SINCE_CUES = phrasesBefore(weekdaysData.sinceCues);
export const AGE_BEFORE = phrasesBefore(agesData.before);
export const AGE_YEARS_BEFORE = phrasesBefore(agesData.yearsBefore);
export const SEASON_BEFORE = phrasesBefore(yearPartsData.seasonBefore);
export const WEEKDAY_CUES = phrasesBefore(weekdaysData.dayCues);
export const VAGUE_DURATION_CUES = phrasesBefore(cuesData.vagueDurationCues);
