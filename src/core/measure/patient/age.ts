/**
 * Ages ("varón de 72 años", "lactante de 3 meses", "paciente de 80 años", "edad: 45 años"): the count
 * and time unit the dates stage declines as a duration because it is someone's age (`isAge`, whose
 * cues are ages.json) become a mention of the Glosa-local age concept with its value and UCUM unit.
 * Found from the unit word back to a one-token count, so that the shared pass over the tokens
 * (rule-words.ts) finds where one may end.
 */
import type { AgeUnit } from '../../contract.ts';
import { AGE_CONCEPT } from '../../local-concepts.ts';
import { newMention, type Mention } from '../../mention.ts';
import type { Token } from '../../text/tokenise.ts';
import type { TimeUnit } from '../time/expression.ts';
import { amountAt, countAt } from '../time/reading.ts';
import { isAge } from '../time/rules-relative.ts';
import { UNITS } from '../time/words.ts';
import { untaken } from '../rule-words.ts';

const UCUM: Readonly<Record<TimeUnit, AgeUnit>> = { Y: 'a', M: 'mo', W: 'wk', D: 'd', H: 'h', MIN: 'min' };

/** The matching forms of the time unit words ("años", "meses"): where an age may end. */
export const AGE_UNIT_TOKENS: ReadonlySet<string> = new Set(UNITS.keys());

/** Finds the ages, in text order, off the `taken` tokens, at the unit words among `starts` (rule-words.ts). */
export function findAges(tokens: readonly Token[], taken: Uint8Array, starts: readonly number[]): Mention[] {
  const found: Mention[] = [];
  for (const u of starts) {
    const i = u - 1;
    if (i < 0 || !AGE_UNIT_TOKENS.has((tokens[u] as Token).norm) || countAt(tokens, i)?.end !== u) continue;
    const amount = amountAt(tokens, i);
    if (amount === undefined || !untaken(taken, i, amount.end) || (tokens[u] as Token).afterLineBreak || !isAge(tokens, i, amount.end)) {
      continue;
    }
    const age = newMention('concept', AGE_CONCEPT, i, amount.end, (tokens[i] as Token).start, (tokens[amount.end - 1] as Token).end);
    age.characteristics.age = { value: amount.value, unit: UCUM[amount.unit] };
    found.push(age);
  }
  return found;
}
