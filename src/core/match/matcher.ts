/**
 * Dictionary matching: at each word, extend a token-sequence hash one token at a time through the
 * dictionary's index for as long as some term continues, and keep the longest term that is long
 * enough (or a validated short term) and, for exact-case terms, spelled as listed. Matches do not
 * overlap: after a match, the scan resumes at its end.
 */
import { extendA, extendB, hashToken, SEED_A, SEED_B, type Dictionary } from '../dictionary/lookup.ts';
import { newMention, type Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';

export interface MatchOptions {
  /** Longest term in tokens (the original's "maximum term length in words"). */
  readonly maxTermWords: number;
  /** Shortest term in characters, validated short terms exempt. */
  readonly minTermChars: number;
}

/** Token hashes, two lanes a token, reused from text to text (matching runs one text at a time). */
let scratch = new Int32Array(2048);

export function matchConcepts(text: string, tokens: readonly Token[], dictionary: Dictionary, options: MatchOptions): Mention[] {
  const index = dictionary.index;
  const firstTokens = index.firstTokens;
  // Token hashes, computed only for tokens a term may start at and the ones after them.
  if (scratch.length < 2 * tokens.length) scratch = new Int32Array(2 * tokens.length);
  const hashes = scratch;
  let hashedUpTo = 0;
  const mentions: Mention[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (firstTokens !== undefined && !firstTokens.has((tokens[i] as Token).norm)) {
      i++;
      continue;
    }
    let bestTerm = -1;
    let bestEnd = i;
    let a = SEED_A;
    let b = SEED_B;
    for (let j = i; j < tokens.length && j - i < options.maxTermWords; j++) {
      // A term never runs across a line break.
      if (j > i && (tokens[j] as Token).afterLineBreak) break;
      if (j >= hashedUpTo) {
        hashToken((tokens[j] as Token).norm, hashes, j);
        hashedUpTo = j + 1;
      }
      a = extendA(a, hashes[2 * j] as number);
      b = extendB(b, hashes[2 * j + 1] as number);
      const slot = index.find(a, b);
      if (slot < 0) break;
      for (let t = index.firstTerm(slot); t >= 0; t = index.termNext[t] as number) {
        const ok = index.hasExact(t)
          ? text.slice((tokens[i] as Token).start, (tokens[j] as Token).end) === index.exact(t)
          : index.shortOk(t) || index.keyLength(t) >= options.minTermChars;
        if (ok) {
          bestTerm = t;
          bestEnd = j + 1;
          break;
        }
      }
      if (!index.isPrefix(slot)) break;
    }
    if (bestTerm < 0) {
      i++;
      continue;
    }
    const concept = dictionary.concept(index.termConcept[bestTerm] as number);
    mentions.push(newMention('concept', concept, i, bestEnd, (tokens[i] as Token).start, (tokens[bestEnd - 1] as Token).end));
    i = bestEnd;
  }
  return mentions;
}
