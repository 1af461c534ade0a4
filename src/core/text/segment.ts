/**
 * Sentence segmentation over tokens. A sentence ends after ".", "!", "?" or "…" (but not after a
 * known abbreviation's point) and before any token that starts a new line. Clause edges inside a
 * sentence are the context stage's business.
 */
import abbreviations from './abbreviations.json' with { type: 'json' };
import type { Token } from './tokenise.ts';

const ABBREVIATIONS: ReadonlySet<string> = new Set(abbreviations.withPoint);
/** ".", "!", "?" or "…" (a character test: this runs on every punctuation token of a text). */
function isSentenceEnd(token: Token | undefined): boolean {
  if (token === undefined || token.kind !== 'punct' || token.norm.length !== 1) return false;
  const c = token.norm.charCodeAt(0);
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;
}

/** Sentence index of every token (non-decreasing from 0). */
export function segmentSentences(tokens: readonly Token[]): Uint32Array {
  const sentenceOf = new Uint32Array(tokens.length);
  let sentence = 0;
  let endPending = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (i > 0 && (endPending || token.afterLineBreak)) sentence++;
    endPending = false;
    sentenceOf[i] = sentence;
    if (isSentenceEnd(token)) {
      const previous = tokens[i - 1];
      const abbreviation =
        token.norm === '.' && previous?.kind === 'word' && previous.end === token.start && ABBREVIATIONS.has(previous.norm);
      if (!abbreviation && !isSentenceEnd(tokens[i + 1])) endPending = true;
    }
  }
  return sentenceOf;
}
