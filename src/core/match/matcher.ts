/**
 * Dictionary matching: at each word, walk the token trie as far as the text allows and keep the
 * longest term that is long enough (or a validated short term) and, for exact-case terms, spelled
 * as listed. Matches do not overlap: after a match, the scan resumes at its end.
 */
import type { Dictionary, TrieNode } from '../dictionary/lookup.ts';
import type { TermEntry } from '../dictionary/types.ts';
import { newMention, type Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';

export interface MatchOptions {
  /** Longest term in tokens (the original's "maximum term length in words"). */
  readonly maxTermWords: number;
  /** Shortest term in characters, validated short terms exempt. */
  readonly minTermChars: number;
}

function acceptable(term: TermEntry, text: string, tokens: readonly Token[], first: number, end: number, minChars: number): boolean {
  if (term.exact !== undefined) {
    return text.slice((tokens[first] as Token).start, (tokens[end - 1] as Token).end) === term.exact;
  }
  return term.shortOk || term.key.length >= minChars;
}

export function matchConcepts(text: string, tokens: readonly Token[], dictionary: Dictionary, options: MatchOptions): Mention[] {
  const mentions: Mention[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i] as Token;
    let node: TrieNode | undefined = first.kind === 'punct' && first.norm !== '%' ? undefined : dictionary.root.children?.get(first.norm);
    let best: TermEntry | undefined;
    let bestEnd = i;
    let j = i;
    while (node !== undefined) {
      j++;
      if (node.terms !== undefined) {
        for (const term of node.terms) {
          if (acceptable(term, text, tokens, i, j, options.minTermChars)) {
            best = term;
            bestEnd = j;
            break;
          }
        }
      }
      if (j - i >= options.maxTermWords || j >= tokens.length) break;
      const next = tokens[j] as Token;
      // A term never runs across a line break.
      node = next.afterLineBreak ? undefined : node.children?.get(next.norm);
    }
    if (best === undefined) {
      i++;
      continue;
    }
    const concept = dictionary.concepts[best.concept];
    if (concept !== undefined) {
      mentions.push(newMention('concept', concept, i, bestEnd, first.start, (tokens[bestEnd - 1] as Token).end));
    }
    i = bestEnd;
  }
  return mentions;
}
