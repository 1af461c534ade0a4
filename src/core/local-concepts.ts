/**
 * Concepts that Glosa recognises by rule rather than from the dictionary (quantities, temporal
 * expressions). Where no UMLS CUI is certain, they carry Glosa-local identifiers: "L" and seven
 * digits, which fit the contract's "one letter followed by digits" and cannot be mistaken for a
 * UMLS CUI (those start with "C"). Every local identifier is defined here and only here.
 */
import type { Category } from './contract.ts';
import type { ConceptEntry } from './dictionary/types.ts';

export function localConcept(id: string, preferredTerm: string, semanticType: string, category: Category): ConceptEntry {
  if (!/^L\d{7}$/.test(id)) throw new Error(`a Glosa-local identifier is L and seven digits: ${id}`);
  return { cui: id, preferredTerm, semanticType, category, tags: [], snomedCt: [], icd10Cm: [], icd9Cm: [], loinc: [] };
}
