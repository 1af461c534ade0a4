/** Importers of users' own terminologies, and how their concepts join the lexicon. */
import type { LexiconConcept } from '../source.ts';
import type { ImportedConcept } from './types.ts';

export { importSnomedRf2, type SnomedImportOptions } from './snomed-rf2.ts';
export { importTsv, gazetteerId, type TsvImportOptions } from './tsv.ts';
export type { ImportedConcept, ImportProblem, ImportReport, ProgressListener } from './types.ts';
export { importUmlsRrf, type UmlsImportOptions } from './umls-rrf.ts';

export const IMPORT_FORMATS = ['umls-rrf', 'snomed-rf2', 'tsv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** An imported concept in the lexicon source shape, ready for `compileLexicon`. */
export function toLexiconConcept(c: ImportedConcept): LexiconConcept {
  const base: LexiconConcept = {
    cui: c.id,
    preferred_term: c.preferredTerm || (c.terms[0] ?? c.id),
    semantic_type: c.semanticType,
    terms: c.terms,
    abbreviations: [],
    snomed_ct: c.snomedCt,
    icd10_cm: c.icd10Cm,
    icd9_cm: c.icd9Cm,
    loinc: c.loinc,
    tags: [],
  };
  return c.category === undefined ? base : { ...base, category: c.category };
}

/**
 * The default lexicon with imported concepts added. A concept in both keeps the curated entry's
 * names, type and roles and gains the imported terms and codes.
 */
export function mergeConcepts(curated: readonly LexiconConcept[], imported: readonly LexiconConcept[]): LexiconConcept[] {
  const byId = new Map<string, LexiconConcept>();
  for (const c of curated) byId.set(c.cui, { ...c, terms: [...c.terms] });
  for (const c of imported) {
    const existing = byId.get(c.cui);
    if (existing === undefined) {
      byId.set(c.cui, c);
      continue;
    }
    const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];
    byId.set(c.cui, {
      ...existing,
      terms: union(existing.terms, c.terms),
      snomed_ct: union(existing.snomed_ct, c.snomed_ct),
      icd10_cm: union(existing.icd10_cm, c.icd10_cm),
      icd9_cm: union(existing.icd9_cm, c.icd9_cm),
      loinc: union(existing.loinc, c.loinc),
    });
  }
  return [...byId.values()];
}
