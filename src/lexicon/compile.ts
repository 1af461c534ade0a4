/** Compiles lexicon concepts into the dictionary's plain data (then `encodeDictionary`). */
import type { ConceptEntry, DictionaryData, TermEntry } from '../core/dictionary/types.ts';
import { termKey } from '../core/text/tokenise.ts';
import { applyAmbiguityRules, loadDefaultAmbiguityRules, type AmbiguityRule } from './ambiguity.ts';
import type { LexiconConcept } from './source.ts';

export interface CompileOptions {
  readonly id: string;
  readonly name: string;
  /** Terms settled to one concept (see ambiguity.ts); default: the rules of `ambiguity.yaml`. */
  readonly ambiguity?: readonly AmbiguityRule[];
}

function toEntry(c: LexiconConcept): ConceptEntry {
  const base = {
    cui: c.cui,
    preferredTerm: c.preferred_term,
    semanticType: c.semantic_type,
    tags: c.tags,
    // A test's annotation carries the code of the substance it measures beside its LOINC (POLICY.md).
    snomedCt: c.analyte_snomed_ct === undefined ? c.snomed_ct : [...c.snomed_ct, ...c.analyte_snomed_ct],
    icd10Cm: c.icd10_cm,
    icd9Cm: c.icd9_cm,
    loinc: c.loinc,
  };
  return c.category === undefined ? base : { ...base, category: c.category };
}

export function compileLexicon(sources: readonly LexiconConcept[], options: CompileOptions): DictionaryData {
  const concepts = applyAmbiguityRules(sources, options.ambiguity ?? loadDefaultAmbiguityRules());
  const entries: ConceptEntry[] = [];
  const terms: TermEntry[] = [];
  const seen = new Set<string>();
  concepts.forEach((concept, index) => {
    entries.push(toEntry(concept));
    const add = (term: TermEntry): void => {
      const id = `${term.key}\u0000${term.concept}\u0000${term.exact ?? ''}`;
      if (term.key === '' || seen.has(id)) return;
      seen.add(id);
      terms.push(term);
    };
    for (const term of concept.terms) add({ key: termKey(term), concept: index, shortOk: false });
    for (const abbreviation of concept.abbreviations) {
      add({ key: termKey(abbreviation), concept: index, shortOk: true, exact: abbreviation });
    }
  });
  return { id: options.id, name: options.name, concepts: entries, terms };
}
