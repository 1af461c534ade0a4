/**
 * Rules for named parts of years and for the edges of periods: seasons ("el verano pasado",
 * "el invierno de 2020"), quarters and halves ("el primer trimestre de 2025", "el segundo
 * semestre"), decades ("los años 90") and "a principios / mediados / finales de" a period.
 */
import type { Token } from '../../text/tokenise.ts';
import type { TemporalMatch, YearPart } from './expression.ts';
import { cueBefore, digitsAt, found, inNumericGroup, type Rule, type Tokens } from './reading.ts';
import { yearOfMonth } from './rules-calendar.ts';
import { periodThenDirection, thisOne } from './rules-relative.ts';
import {
  DECADE_CUES,
  DIRECTION,
  MONTHS,
  NUMBER_WORDS,
  OF,
  ORDINALS,
  PERIOD_EDGES,
  PERIODS,
  SEASON_BEFORE,
  SEASONS,
  YEAR_PART_NOUNS,
} from './words.ts';

/** "verano de 2019", "invierno del año pasado", "verano pasado", "invierno que viene". */
export const season: Rule = (tokens, i) => {
  const name = SEASONS.get((tokens[i] as Token).norm);
  if (name === undefined) return undefined;
  const year = yearOfMonth(tokens, i + 1);
  if (year !== undefined) return found(i, year.end, { kind: 'yearPart', part: name, ...year.fields });
  const direction = DIRECTION.matchAt(tokens, i + 1);
  if (direction !== undefined) return found(i, direction.end, { kind: 'season', season: name, direction: direction.value });
  // "(ingresó) en verano": past or future as the sentence's tense says.
  const cue = cueBefore(tokens, i, SEASON_BEFORE);
  return cue > 0 ? found(i, i + 1, { kind: 'bareSeason', season: name }, i - cue) : undefined;
};

/** "primer trimestre de 2025", "segundo semestre", "último trimestre del año pasado". */
export const yearPart: Rule = (tokens, i) => {
  const ordinal = ORDINALS.get((tokens[i] as Token).norm);
  const noun = ordinal === undefined ? undefined : YEAR_PART_NOUNS.get(tokens[i + 1]?.norm ?? '');
  if (ordinal === undefined || noun === undefined || ordinal > noun.count) return undefined;
  const part = `${noun.prefix}${ordinal === 0 ? noun.count : ordinal}` as YearPart;
  const year = yearOfMonth(tokens, i + 2);
  if (year !== undefined) return found(i, year.end, { kind: 'yearPart', part, ...year.fields });
  // A bare "primer trimestre" is usually a pregnancy's (a quarter needs its year), and "el último semestre" the last six months.
  if (noun.needsYear || ordinal === 0 || OF.has(tokens[i + 2]?.norm ?? '')) return undefined;
  return found(i, i + 2, { kind: 'yearPart', part, yearOffset: 0 });
};

/** The decade a number names: 90 or "noventa" is 199 (the 1990s), 1980 is 198. */
function decadeOf(tokens: Tokens, i: number): { decade: number; end: number } | undefined {
  const digits = digitsAt(tokens, i);
  if (digits !== undefined && !inNumericGroup(tokens, i)) {
    const n = Number(digits);
    if (digits.length === 2 && n >= 20 && n % 10 === 0) return { decade: 190 + n / 10, end: i + 1 };
    if (digits.length === 4 && n % 10 === 0 && n >= 1000) return { decade: n / 10, end: i + 1 };
    return undefined;
  }
  const words = NUMBER_WORDS.matchAt(tokens, i);
  if (words === undefined || words.value < 20 || words.value > 90 || words.value % 10 !== 0) return undefined;
  return { decade: 190 + words.value / 10, end: words.end };
}

/** "(los) años 90", "década de 1990", "década de los noventa". */
export const decade: Rule = (tokens, i) => {
  const cue = DECADE_CUES.matchAt(tokens, i);
  // "años" alone needs the article: "los años 90", not "3 años 20 días".
  if (cue === undefined || (cue.end === i + 1 && tokens[i - 1]?.norm !== 'los')) return undefined;
  const number = decadeOf(tokens, cue.end);
  return number && found(i, number.end, { kind: 'decade', decade: number.decade });
};

/** What an edge may open besides a month or a year: a season, a decade, or a period of the reference ("el año pasado", "este mes"). */
const EDGE_TARGETS: readonly Rule[] = [season, decade, thisOne, periodThenDirection];

function edgeTarget(tokens: Tokens, j: number): TemporalMatch | undefined {
  if (j >= tokens.length) return undefined;
  const word = (tokens[j] as Token).norm;
  // "finales de los 90"
  const tens = tokens[j - 1]?.norm === 'los' ? decadeOf(tokens, j) : undefined;
  if (tens !== undefined) return found(j, tens.end, { kind: 'decade', decade: tens.decade });
  if (MONTHS.has(word)) {
    const year = yearOfMonth(tokens, j + 1);
    return found(j, year?.end ?? j + 1, { kind: 'calendar', month: MONTHS.get(word) as number, ...year?.fields });
  }
  const year = digitsAt(tokens, j);
  if (year?.length === 4 && !inNumericGroup(tokens, j)) return found(j, j + 1, { kind: 'calendar', year: Number(year) });
  for (const rule of EDGE_TARGETS) {
    const match = rule(tokens, j);
    if (match !== undefined) return match;
  }
  // A bare period is the reference's: "a finales de mes".
  const period = PERIODS.matchAt(tokens, j);
  return period && period.value !== 'WE' ? found(j, period.end, { kind: 'period', unit: period.value, offset: 0 }) : undefined;
}

/** "principios de mayo", "mediados de 2023", "finales del año pasado", "final de mes": the period with a TIMEX3 mod. */
export const periodEdge: Rule = (tokens, i) => {
  const mod = PERIOD_EDGES.get((tokens[i] as Token).norm);
  if (mod === undefined || !OF.has(tokens[i + 1]?.norm ?? '')) return undefined;
  // "finales de la semana pasada": the article after "de" stays out of the way.
  const j = tokens[i + 2]?.norm === 'la' || tokens[i + 2]?.norm === 'los' ? i + 3 : i + 2;
  const target = edgeTarget(tokens, j);
  return target && found(i, target.end, { kind: 'edge', mod, of: target.expression });
};
