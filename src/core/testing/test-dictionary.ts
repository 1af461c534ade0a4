/** Small in-memory dictionaries for tests, built through the real format (encode, decode, trie). */
import type { Category } from '../contract.ts';
import { encodeDictionary } from '../dictionary/format.ts';
import { loadDictionary, type Dictionary } from '../dictionary/lookup.ts';
import type { ConceptEntry, ConceptTag, TermEntry } from '../dictionary/types.ts';
import { termKey } from '../text/tokenise.ts';

export interface TestConcept {
  cui: string;
  terms?: string[];
  abbreviations?: string[];
  category?: Category;
  semanticType?: string;
  tags?: ConceptTag[];
  snomedCt?: string[];
}

export function testDictionary(concepts: readonly TestConcept[]): Dictionary {
  const entries: ConceptEntry[] = [];
  const terms: TermEntry[] = [];
  concepts.forEach((c, index) => {
    const base = {
      cui: c.cui,
      preferredTerm: c.terms?.[0] ?? c.abbreviations?.[0] ?? c.cui,
      semanticType: c.semanticType ?? 'Sign or Symptom',
      tags: c.tags ?? [],
      snomedCt: c.snomedCt ?? [],
      icd10Cm: [],
      icd9Cm: [],
      loinc: [],
    };
    entries.push(c.category === undefined ? base : { ...base, category: c.category });
    for (const t of c.terms ?? []) terms.push({ key: termKey(t), concept: index, shortOk: false });
    for (const a of c.abbreviations ?? []) terms.push({ key: termKey(a), concept: index, shortOk: true, exact: a });
  });
  return loadDictionary(encodeDictionary({ id: 'test', name: 'test dictionary', concepts: entries, terms }));
}
