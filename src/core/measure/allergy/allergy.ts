/**
 * Allergies: which mentions are allergies (the lexicon's concepts for the terms of allergy.json,
 * and the Glosa-local intolerance), and the allergy words the lexicon has no term for ("Alérgico a",
 * "RAM a", "intolerancia a"), read as mentions only before a word that leads to the allergen.
 */
import type { Dictionary } from '../../dictionary/lookup.ts';
import type { ConceptEntry } from '../../dictionary/types.ts';
import { INTOLERANCE_CONCEPT } from '../../local-concepts.ts';
import { untaken } from '../rule-words.ts';
import { newMention, type Mention } from '../../mention.ts';
import { PhraseSet } from '../../text/phrases.ts';
import { termKey, type Token } from '../../text/tokenise.ts';
import rules from './allergy.json' with { type: 'json' };

export const ALLERGEN_LINKS = PhraseSet.of(rules.linkWords);
export const ALLERGEN_COORDINATORS: ReadonlySet<string> = new Set(rules.coordinators);

export interface AllergyWords {
  /** Whether a mention's concept is an allergy. */
  readonly isAllergy: (c: ConceptEntry) => boolean;
  /** The first tokens of the allergy words. */
  readonly firstTokens: ReadonlySet<string>;
  /** Finds the allergy words the lexicon has no term for, in text order, off the `taken` tokens, at `starts` (rule-words.ts). */
  readonly find: (tokens: readonly Token[], taken: Uint8Array, starts: readonly number[]) => Mention[];
}

/** The concept the lexicon gives `term`, if exactly one. */
function conceptOf(dictionary: Dictionary, term: string): ConceptEntry | undefined {
  const concepts = new Set(dictionary.lookup(termKey(term)).map((e) => e.concept));
  return concepts.size === 1 ? dictionary.concept([...concepts][0] as number) : undefined;
}

export function allergyWords(dictionary: Dictionary): AllergyWords {
  const allergies = new Set<ConceptEntry>([INTOLERANCE_CONCEPT]);
  for (const term of rules.concepts) {
    const c = conceptOf(dictionary, term);
    if (c !== undefined) allergies.add(c);
  }
  const entries: (readonly [string, ConceptEntry])[] = rules.intolerance.map((w) => [w, INTOLERANCE_CONCEPT] as const);
  for (const [word, term] of Object.entries(rules.words)) {
    const c = conceptOf(dictionary, term);
    if (c !== undefined) entries.push([word, c]);
  }
  const words = new PhraseSet<ConceptEntry>(entries);
  return {
    isAllergy: (c) => allergies.has(c),
    firstTokens: new Set(words.firstTokens()),
    find: (tokens, taken, starts) => {
      const found: Mention[] = [];
      let after = 0;
      for (const i of starts) {
        const word = i < after ? undefined : words.matchAt(tokens, i);
        if (word === undefined || !untaken(taken, i, word.end)) continue;
        if (ALLERGEN_LINKS.matchAt(tokens, word.end) === undefined || (tokens[word.end] as Token).afterLineBreak) continue;
        found.push(newMention('concept', word.value, i, word.end, (tokens[i] as Token).start, (tokens[word.end - 1] as Token).end));
        after = word.end;
      }
      return found;
    },
  };
}
