/**
 * Reading tokens for the temporal rules: adjacency, digits, cue words before a token, and counts
 * of time units ("3 días", "un par de semanas", "año y medio").
 */
import type { Token } from '../../text/tokenise.ts';
import type { TemporalExpression, TemporalMatch, TimeUnit } from './expression.ts';
import { APPROXIMATORS, type CuePhrases, DATE_SEPARATORS, HALF, LIST_LINKS, NUMBER_WORDS, SMALLER_UNIT, UNITS } from './words.ts';

export type Tokens = readonly Token[];
export type Rule = (tokens: Tokens, i: number) => TemporalMatch | undefined;

/** A number token (digits with inner "," or "."; see tokenise.ts) with no separator. */
function plainDigits(norm: string): boolean {
  return norm.indexOf('.') < 0 && norm.indexOf(',') < 0;
}

/** A number token with one decimal comma and no other separator ("1,5"). */
function decimalComma(norm: string): boolean {
  const comma = norm.indexOf(',');
  return comma > 0 && norm.indexOf(',', comma + 1) < 0 && norm.indexOf('.') < 0;
}

export function found(first: number, end: number, expression: TemporalExpression, contextStart = first): TemporalMatch {
  return { first, end, contextStart, expression };
}

/** Token `i` touches the one before it ("03/06": no space between). */
export function glued(tokens: Tokens, i: number): boolean {
  const t = tokens[i];
  const before = tokens[i - 1];
  return t !== undefined && before !== undefined && before.end === t.start;
}

export function digitsAt(tokens: Tokens, i: number): string | undefined {
  const t = tokens[i];
  return t?.kind === 'number' && plainDigits(t.norm) ? t.norm : undefined;
}

/** How many tokens of the first phrase in `phrases` that ends right before token `i`, or 0. */
export function cueBefore(tokens: Tokens, i: number, phrases: CuePhrases): number {
  const before = tokens[i - 1];
  if (before === undefined || !phrases.lastWords.has(before.norm)) return 0;
  for (const phrase of phrases.list) {
    if (phrase.length > i) continue;
    if (phrase.every((word, k) => tokens[i - phrase.length + k]?.norm === word)) return phrase.length;
  }
  return 0;
}

/** A separator glued to a digit on either side: the number is part of a longer numeric group ("1-2", "/8"). */
export function inNumericGroup(tokens: Tokens, i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  const sepBefore = before !== undefined && glued(tokens, i) && (DATE_SEPARATORS.has(before.norm) || before.norm === ':');
  const sepAfter =
    after !== undefined && glued(tokens, i + 1) && (DATE_SEPARATORS.has(after.norm) || after.norm === ':') && glued(tokens, i + 2);
  return sepBefore || sepAfter;
}

export interface Count {
  readonly value: number;
  readonly end: number;
  readonly integer: boolean;
}

/**
 * A count of time units: digits, a decimal ("1,5") or number words ("tres", "un par de"). A number
 * inside a numeric group ("1-2", "g/24") is no count unless `afterCue` (the "/" of "c/8h").
 */
export function countAt(tokens: Tokens, i: number, afterCue = false): Count | undefined {
  const t = tokens[i];
  if (t === undefined) return undefined;
  if (t.kind === 'number') {
    if (!afterCue && inNumericGroup(tokens, i)) return undefined;
    if (plainDigits(t.norm)) return { value: Number(t.norm), end: i + 1, integer: true };
    if (decimalComma(t.norm)) return { value: Number(t.norm.replace(',', '.')), end: i + 1, integer: false };
    return undefined;
  }
  const words = NUMBER_WORDS.matchAt(tokens, i);
  return words === undefined ? undefined : { value: words.value, end: words.end, integer: Number.isInteger(words.value) };
}

/** A number within `window` tokens before `i`, digits or (with `words`) number words: "5 kg en 3 meses", "dos cafés al día". */
export function numberShortlyBefore(tokens: Tokens, i: number, window: number, words: boolean): boolean {
  for (let k = i - 1; k >= 0 && k >= i - window; k--) {
    if ((tokens[k] as Token).kind === 'number' || (words && NUMBER_WORDS.matchAt(tokens, k) !== undefined)) return true;
  }
  return false;
}

export function unitAt(tokens: Tokens, i: number): TimeUnit | undefined {
  const t = tokens[i];
  return t?.kind === 'word' ? UNITS.get(t.norm) : undefined;
}

/**
 * Count and unit ("3 días", "un par de semanas", "año y medio"), optionally after an approximator
 * ("más de"). The count is left out only before a half ("hace año y medio").
 */
export function amountAt(tokens: Tokens, i: number): { value: number; unit: TimeUnit; end: number } | undefined {
  const from = APPROXIMATORS.matchAt(tokens, i)?.end ?? i;
  const count = countAt(tokens, from);
  const unitIndex = count?.end ?? from;
  const unit = unitAt(tokens, unitIndex);
  if (unit === undefined) return undefined;
  const half = HALF.matchAt(tokens, unitIndex + 1);
  if (count === undefined) return half === undefined ? undefined : { value: 1.5, unit, end: half.end };
  return { value: count.value + (half === undefined ? 0 : 0.5), unit, end: half?.end ?? unitIndex + 1 };
}

/** One count of a list of counts of a unit, over tokens [first, end) (the last one holds the unit). */
export interface CountItem {
  readonly value: number;
  readonly first: number;
  readonly end: number;
}

/** The most counts a list may hold before its unit. */
const MAX_LISTED = 8;

/**
 * A count and unit at `i` ("3 días"), or counts listed before one shared unit ("tres, seis y doce
 * meses"), each an item; `end` is past the unit.
 */
export function countsAt(tokens: Tokens, i: number): { unit: TimeUnit; end: number; items: CountItem[] } | undefined {
  const items: CountItem[] = [];
  for (let at = i; items.length < MAX_LISTED;) {
    const amount = amountAt(tokens, at);
    if (amount !== undefined) {
      items.push({ value: amount.value, first: at, end: amount.end });
      return { unit: amount.unit, end: amount.end, items };
    }
    const count = countAt(tokens, at);
    if (count === undefined || !LIST_LINKS.has(tokens[count.end]?.norm ?? '')) return undefined;
    items.push({ value: count.value, first: at, end: count.end });
    at = count.end + 1;
  }
  return undefined;
}

/** A fractional count in whole smaller units, rounded ("año y medio" is 18 months, "semana y media" 11 days). */
export function wholeAmount(value: number, unit: TimeUnit): { amount: number; unit: TimeUnit } {
  const smaller = Number.isInteger(value) ? undefined : SMALLER_UNIT.get(unit);
  return smaller === undefined ? { amount: Math.round(value), unit } : { amount: Math.round(value * smaller[1]), unit: smaller[0] };
}
