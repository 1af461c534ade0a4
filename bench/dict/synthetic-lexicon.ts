/**
 * A deterministic synthetic lexicon of N terms with the shape of a large terminology: about 87%
 * one-word, 10% two-word and 3% three-word terms (as the original service reports for its
 * 600,000-term dictionary), about 2.5 terms per concept, some codes.
 */
import type { LexiconConcept } from '../../src/lexicon/source.ts';
import { prng } from '../corpus.ts';

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'z', 'br', 'cl', 'tr', 'pl', 'gr', 'ch'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ia', 'ue', 'io'];
const CODAS = ['', '', '', 'n', 's', 'r', 'l'];

export function syntheticLexicon(termCount: number, seed = 7): LexiconConcept[] {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const word = (): string => {
    let w = '';
    const syllables = 2 + Math.floor(random() * 3);
    for (let i = 0; i < syllables; i++) w += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
    return w;
  };
  const concepts: LexiconConcept[] = [];
  let terms = 0;
  while (terms < termCount) {
    const n = Math.min(termCount - terms, 1 + Math.floor(random() * 4));
    const conceptTerms: string[] = [];
    for (let k = 0; k < n; k++) {
      const r = random();
      const words = r < 0.87 ? 1 : r < 0.97 ? 2 : 3;
      conceptTerms.push(Array.from({ length: words }, word).join(' '));
    }
    terms += n;
    const id = 9_000_000 + concepts.length;
    concepts.push({
      cui: `C${String(id).padStart(7, '0')}`,
      preferred_term: conceptTerms[0] as string,
      semantic_type: 'Finding',
      category: 'Finding',
      terms: conceptTerms,
      abbreviations: [],
      snomed_ct: random() < 0.5 ? [String(100000000 + Math.floor(random() * 800000000))] : [],
      icd10_cm: [],
      icd9_cm: [],
      loinc: [],
      tags: [],
    });
  }
  return concepts;
}
