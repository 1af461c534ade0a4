/**
 * Sentence segmentation over tokens. A sentence ends after ".", "!", "?" or "…" and before any
 * token that starts a new line. A known abbreviation's point ends none after a title ("Dr. Pérez")
 * and ends one after the others only before a capitalised word ("cada 8 h. Dolor", not "1 comp.
 * cada 8 h"). Clause edges inside a sentence are the context stage's business.
 */
import abbreviations from './abbreviations.json' with { type: 'json' };
import type { Token } from './tokenise.ts';

const TITLES: ReadonlySet<string> = new Set(abbreviations.titles);
const ABBREVIATIONS: ReadonlySet<string> = new Set(abbreviations.withPoint);
/** ".", "!", "?" or "…" (a character test: this runs on every punctuation token of a text). */
function isSentenceEnd(token: Token | undefined): boolean {
  if (token === undefined || token.kind !== 'punct' || token.norm.length !== 1) return false;
  const c = token.norm.charCodeAt(0);
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;
}

/** Whether a word token starts with a capital letter. */
function capitalised(text: string, token: Token | undefined): boolean {
  if (token === undefined || token.kind !== 'word') return false;
  const first = text[token.start] as string;
  return first !== first.toLowerCase();
}

/** Whether the point at token `i` belongs to an abbreviation rather than ending the sentence. */
function abbreviationPoint(text: string, tokens: readonly Token[], i: number): boolean {
  const point = tokens[i] as Token;
  const previous = tokens[i - 1];
  if (point.norm !== '.' || previous?.kind !== 'word' || previous.end !== point.start) return false;
  if (TITLES.has(previous.norm)) return true;
  return ABBREVIATIONS.has(previous.norm) && !capitalised(text, tokens[i + 1]);
}

/** Sentence index of every token (non-decreasing from 0). */
export function segmentSentences(text: string, tokens: readonly Token[]): Uint32Array {
  const sentenceOf = new Uint32Array(tokens.length);
  let sentence = 0;
  let endPending = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (i > 0 && (endPending || token.afterLineBreak)) sentence++;
    endPending = false;
    sentenceOf[i] = sentence;
    if (isSentenceEnd(token) && !abbreviationPoint(text, tokens, i) && !isSentenceEnd(tokens[i + 1])) endPending = true;
  }
  return sentenceOf;
}
