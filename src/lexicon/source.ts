/**
 * The human-edited lexicon source format: YAML files under `src/lexicon/data/`, one list of
 * concepts per domain. Every scalar is read as a string (YAML failsafe schema), so codes such as
 * ICD-9-CM "038.9" keep their exact spelling.
 *
 *   - cui: C0030193
 *     preferred_term: dolor
 *     semantic_type: Sign or Symptom
 *     category: Finding              # one of the contract's 20 categories; omit for functional concepts
 *     terms: [dolor, dolores]         # matched case- and accent-insensitively
 *     abbreviations: [FA]             # matched case-sensitively, exempt from the minimum length
 *     snomed_ct: ["22253000"]
 *     analyte_snomed_ct: ["15373003"] # a laboratory test: the SNOMED CT substance it measures (POLICY.md)
 *     icd10_cm: [R52]
 *     icd9_cm: [338-338.99]
 *     loinc: []
 *     tags: [reporting_verb]          # roles for the context and attach stages
 *     note: free text for reviewers
 */
import { parse } from 'yaml';
import { z } from 'zod';
import { CategorySchema } from '../core/contract.ts';
import { CONCEPT_TAGS } from '../core/dictionary/types.ts';

const codes = z.array(z.string().min(1)).default([]);

export const LexiconConceptSchema = z.strictObject({
  cui: z.string().regex(/^C\d{7}$/, 'a CUI is C followed by 7 digits'),
  preferred_term: z.string().min(1),
  semantic_type: z.string().min(1),
  category: CategorySchema.optional(),
  terms: z.array(z.string().trim().min(1)).default([]),
  abbreviations: z.array(z.string().trim().min(1)).default([]),
  snomed_ct: codes,
  /** A laboratory test's measured substance ("creatinina": Creatinine); annotations carry it with snomed_ct. */
  analyte_snomed_ct: z.array(z.string().min(1)).optional(),
  icd10_cm: codes,
  icd9_cm: codes,
  loinc: codes,
  tags: z.array(z.enum(CONCEPT_TAGS)).default([]),
  note: z.string().optional(),
});
export type LexiconConcept = z.infer<typeof LexiconConceptSchema>;

export class LexiconSourceError extends Error {
  override name = 'LexiconSourceError';
}

/** Parses one source file's text; `file` names it in error messages. */
export function parseLexiconSource(text: string, file: string): LexiconConcept[] {
  let raw: unknown;
  try {
    raw = parse(text, { schema: 'failsafe' });
  } catch (error) {
    throw new LexiconSourceError(`${file}: not valid YAML: ${(error as Error).message}`);
  }
  if (raw === null || raw === undefined || raw === '') return [];
  if (!Array.isArray(raw)) throw new LexiconSourceError(`${file}: the file must be a YAML list of concepts`);
  return raw.map((entry: unknown, index) => {
    const parsed = LexiconConceptSchema.safeParse(entry);
    if (!parsed.success) {
      const where = typeof entry === 'object' && entry !== null && 'cui' in entry ? String(entry.cui) : `entry ${index + 1}`;
      throw new LexiconSourceError(`${file}: ${where}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`);
    }
    if (parsed.data.terms.length === 0 && parsed.data.abbreviations.length === 0) {
      throw new LexiconSourceError(`${file}: ${parsed.data.cui}: a concept needs at least one term or abbreviation`);
    }
    return parsed.data;
  });
}
