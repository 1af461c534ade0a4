/**
 * The dictionary ready for matching: a token trie keyed by matching forms. Each node holds the
 * terms that end there; the matcher walks it token by token for the longest match.
 */
import type { ConceptEntry, DictionaryData, DictionaryMeta, TermEntry } from './types.ts';

export interface TrieNode {
  children: Map<string, TrieNode> | undefined;
  terms: TermEntry[] | undefined;
}

export interface Dictionary {
  readonly meta: DictionaryMeta;
  readonly concepts: readonly ConceptEntry[];
  readonly root: TrieNode;
  /** Term entries for an exact matching key (tokens joined by one space). */
  lookup(key: string): readonly TermEntry[];
}

function newNode(): TrieNode {
  return { children: undefined, terms: undefined };
}

export function createDictionary(meta: DictionaryMeta, data: DictionaryData): Dictionary {
  const root = newNode();
  for (const term of data.terms) {
    let node = root;
    for (const token of term.key.split(' ')) {
      node.children ??= new Map();
      let child = node.children.get(token);
      if (child === undefined) {
        child = newNode();
        node.children.set(token, child);
      }
      node = child;
    }
    (node.terms ??= []).push(term);
  }
  return {
    meta,
    concepts: data.concepts,
    root,
    lookup(key) {
      let node: TrieNode | undefined = root;
      for (const token of key.split(' ')) {
        node = node.children?.get(token);
        if (node === undefined) return [];
      }
      return node.terms ?? [];
    },
  };
}
