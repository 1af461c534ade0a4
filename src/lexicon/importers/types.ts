/** What every importer returns: concepts in the lexicon's own shape, and the rows it could not use. */
import type { Category } from '../../core/contract.ts';

/** A concept as importers build it; like a lexicon source concept, but ids need not be UMLS CUIs. */
export interface ImportedConcept {
  id: string;
  preferredTerm: string;
  semanticType: string;
  category?: Category;
  terms: string[];
  snomedCt: string[];
  icd10Cm: string[];
  icd9Cm: string[];
  loinc: string[];
}

export interface ImportProblem {
  readonly file: string;
  readonly line: number;
  readonly message: string;
}

export interface ImportReport {
  readonly concepts: ImportedConcept[];
  readonly problems: ImportProblem[];
  /** Rows read, and rows skipped on purpose (filters, suppression, inactive), per reason. */
  readonly rowsRead: number;
  readonly skipped: Record<string, number>;
}

/** Called with bytes read so far, for progress bars. */
export type ProgressListener = (bytesRead: number, totalBytes: number) => void;

export function emptyConcept(id: string): ImportedConcept {
  return { id, preferredTerm: '', semanticType: '', terms: [], snomedCt: [], icd10Cm: [], icd9Cm: [], loinc: [] };
}

export function countSkip(skipped: Record<string, number>, reason: string): void {
  skipped[reason] = (skipped[reason] ?? 0) + 1;
}

export function addUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
