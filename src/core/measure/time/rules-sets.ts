/**
 * Rules for repetitions written as words (TIMEX3 SET): "analítica anual", "dosis diaria",
 * "1 comprimido al día", "cada noche", "todas las mañanas", "los lunes", "con el desayuno".
 */
import type { Token } from '../../text/tokenise.ts';
import { found, numberShortlyBefore, type Rule, unitAt } from './reading.ts';
import {
  COUNT_WINDOW,
  DAY_PARTS,
  EVERY_CUES,
  FREQUENCIES,
  FREQUENCY_NOUNS,
  MEAL_CUES,
  MEALS,
  NOT_PER_BEFORE,
  PER_UNIT,
  WEEKDAYS,
} from './words.ts';

/** "anual", "semestral", "mensual", "semanal", "diario", "diariamente". */
export const frequencyWord: Rule = (tokens, i) => {
  const word = (tokens[i] as Token).norm;
  const every = FREQUENCIES.get(word);
  const noun = FREQUENCY_NOUNS.get(word);
  if (every === undefined) return undefined;
  if (noun !== undefined && (noun.after.has(tokens[i - 1]?.norm ?? '') || noun.before.has(tokens[i + 1]?.norm ?? ''))) return undefined;
  return found(i, i + 1, { kind: 'set', amount: every[0], unit: every[1] });
};

/** "(1 comprimido) al día", "(20 mg) a la semana", "(10 cigarrillos) por día": every unit. */
export const perUnit: Rule = (tokens, i) => {
  const per = PER_UNIT.matchAt(tokens, i);
  const unit = per && unitAt(tokens, per.end);
  if (per === undefined || unit === undefined || !numberShortlyBefore(tokens, i, COUNT_WINDOW, true)) return undefined;
  if (NOT_PER_BEFORE.has(tokens[per.end + 1]?.norm ?? '')) return undefined;
  return found(i, per.end + 1, { kind: 'set', amount: 1, unit });
};

/** "cada noche", "todas las mañanas", "los lunes", "cada martes" and the weekdays listed after it ("los lunes, miércoles y viernes"). */
export const everyPartOrWeekday: Rule = (tokens, i) => {
  const cue = EVERY_CUES.matchAt(tokens, i);
  if (cue === undefined) return undefined;
  const word = tokens[cue.end]?.norm ?? '';
  const part = DAY_PARTS.get(word);
  // "los" alone is an article: only weekdays follow it as a repetition ("los lunes").
  if (part !== undefined && (tokens[i] as Token).norm !== 'los') return found(i, cue.end + 1, { kind: 'dailyPart', part, always: true });
  const weekday = WEEKDAYS.get(word);
  if (weekday === undefined || tokens[cue.end + 1]?.kind === 'number') return undefined;
  // The span keeps "cada" and "todos los" but not a lone article: "cada viernes", "(los) lunes".
  const from = cue.end === i + 1 && (tokens[i] as Token).norm === 'los' ? cue.end : i;
  return found(from, cue.end + 1, { kind: 'weekdaySet', weekday }, i);
};

/** A weekday after a comma or "y" that follows a weekday repetition: "miércoles" in "los lunes, miércoles y viernes". */
export const listedWeekday: Rule = (tokens, i) => {
  const weekday = WEEKDAYS.get((tokens[i] as Token).norm);
  if (weekday === undefined) return undefined;
  let k = i - 1;
  while (k > 0 && (tokens[k]?.norm === ',' || tokens[k]?.norm === 'y') && WEEKDAYS.has(tokens[k - 1]?.norm ?? '')) {
    const before = k - 1;
    const cued = (from: number): boolean => from >= 0 && EVERY_CUES.matchAt(tokens, from)?.end === before;
    if (cued(before - 1) || cued(before - 2)) {
      return found(i, i + 1, { kind: 'weekdaySet', weekday });
    }
    k = before - 1;
  }
  return undefined;
};

/** "con el desayuno", "antes de la cena": that part of every day (none in a past-tense sentence); the cue stays out of the span. */
export const meal: Rule = (tokens, i) => {
  const cue = MEAL_CUES.matchAt(tokens, i);
  const part = cue && MEALS.get(tokens[cue.end]?.norm ?? '');
  return cue && part ? found(cue.end, cue.end + 1, { kind: 'dailyPart', part, always: false }, i) : undefined;
};
