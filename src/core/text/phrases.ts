/**
 * Fixed phrases (trigger lists, prepositions, laterality words) matched over tokens by their
 * matching forms, longest phrase first. Phrases are tokenised like the text they are found in.
 */
import { termKey, type Token } from './tokenise.ts';

interface PhraseNode<V> {
  next: Map<string, PhraseNode<V>>;
  value?: V;
}

export interface PhraseMatch<V> {
  /** One past the last token of the phrase. */
  readonly end: number;
  readonly value: V;
}

export class PhraseSet<V = true> {
  private readonly root: PhraseNode<V> = { next: new Map() };

  constructor(entries: Iterable<readonly [phrase: string, value: V]>) {
    for (const [phrase, value] of entries) {
      let node = this.root;
      for (const part of termKey(phrase).split(' ')) {
        let child = node.next.get(part);
        if (child === undefined) {
          child = { next: new Map() };
          node.next.set(part, child);
        }
        node = child;
      }
      node.value = value;
    }
  }

  static of(phrases: Iterable<string>): PhraseSet<true> {
    return new PhraseSet<true>(Array.from(phrases, (p) => [p, true] as const));
  }

  /** The longest phrase starting at token `i`, never crossing a line break. */
  matchAt(tokens: readonly Token[], i: number): PhraseMatch<V> | undefined {
    let node: PhraseNode<V> | undefined = this.root;
    let best: PhraseNode<V> | undefined;
    let bestEnd = i;
    for (let j = i; j < tokens.length; j++) {
      const token = tokens[j] as Token;
      if (j > i && token.afterLineBreak) break;
      node = node.next.get(token.norm);
      if (node === undefined) break;
      if (node.value !== undefined) {
        best = node;
        bestEnd = j + 1;
      }
    }
    return best === undefined ? undefined : { end: bestEnd, value: best.value as V };
  }

  /** The first tokens of the phrases, in matching form: a token not among them starts none. */
  firstTokens(): IterableIterator<string> {
    return this.root.next.keys();
  }
}
