/** The dictionary as plain data: what the format encodes and the matcher reads. */
import type { Category } from '../contract.ts';

/** Tags that give a concept a role in the context and attach stages. */
export const CONCEPT_TAGS = ['reporting_verb', 'measurable'] as const;
export type ConceptTag = (typeof CONCEPT_TAGS)[number];

export interface ConceptEntry {
  readonly cui: string;
  readonly preferredTerm: string;
  readonly semanticType: string;
  /** Coarse category; absent for functional concepts such as reporting verbs. */
  readonly category?: Category;
  readonly tags: readonly ConceptTag[];
  readonly snomedCt: readonly string[];
  readonly icd10Cm: readonly string[];
  readonly icd9Cm: readonly string[];
  readonly loinc: readonly string[];
}

export interface TermEntry {
  /** Matching key: the term's tokens in matching form, joined by one space (see `termKey`). */
  readonly key: string;
  /** Index into `concepts`. */
  readonly concept: number;
  /** When set, the text must spell the term exactly so (case-sensitive abbreviations: "FA"). */
  readonly exact?: string;
  /** Validated short term: exempt from the minimum term length ("tos", "FA"). */
  readonly shortOk: boolean;
}

export interface DictionaryMeta {
  /** Short identifier, e.g. "glosa-default-es". */
  readonly id: string;
  readonly name: string;
  /** Hash of the encoded body (see format.ts), stable for the same content. */
  readonly contentHash: string;
  readonly formatVersion: number;
  readonly conceptCount: number;
  readonly termCount: number;
}

export interface DictionaryData {
  readonly id: string;
  readonly name: string;
  readonly concepts: readonly ConceptEntry[];
  readonly terms: readonly TermEntry[];
}
