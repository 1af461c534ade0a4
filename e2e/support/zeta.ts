/** A made-up one-concept dictionary ("dolorimiento zeta"), compiled the way `glosa dict build` compiles lexicons. */
import { encodeDictionary } from '../../src/core/dictionary/format.ts';
import { compileLexicon } from '../../src/lexicon/compile.ts';
import type { LexiconConcept } from '../../src/lexicon/source.ts';

export function zetaDictionary(): Uint8Array {
  const concept: LexiconConcept = {
    cui: 'C9999991',
    preferred_term: 'dolorimiento zeta',
    semantic_type: 'Sign or Symptom',
    category: 'Finding',
    terms: ['dolorimiento zeta'],
    abbreviations: [],
    snomed_ct: [],
    icd10_cm: [],
    icd9_cm: [],
    loinc: [],
    tags: [],
  };
  return encodeDictionary(compileLexicon([concept], { id: 'glosa-e2e-zeta', name: 'Diccionario de prueba zeta', ambiguity: [] }));
}
