/**
 * Describing words: adjectives and participles that are no concept ("descamativas", "punzante",
 * "holocraneal"). A finding's site or severity may come after one or two of them ("lesiones
 * descamativas en codos", "cefalea holocraneal opresiva de intensidad moderada").
 */
import type { Token } from '../text/tokenise.ts';
import links from './links.json' with { type: 'json' };

const DESCRIPTION_ENDINGS: ReadonlySet<string> = new Set(links.descriptionEndings);
const ENDING_LENGTHS: readonly number[] = [...new Set(links.descriptionEndings.map((e) => e.length))];
/** How many describing words may stand between a finding and what belongs to it. */
export const MAX_DESCRIPTION_WORDS = 2;
/** Describing words are longer than "al", "ar" and other short function words with those endings. */
const MIN_DESCRIPTION_LENGTH = 5;

/** Whether `token` reads as a describing word: lower case, on the same line, with an adjective's ending. */
export function isDescription(text: string, token: Token): boolean {
  if (token.kind !== 'word' || token.afterLineBreak || token.norm.length < MIN_DESCRIPTION_LENGTH) return false;
  const first = text.charAt(token.start);
  if (first !== first.toLowerCase()) return false;
  for (const length of ENDING_LENGTHS) if (DESCRIPTION_ENDINGS.has(token.norm.slice(-length))) return true;
  return false;
}
