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

/** A number with its unit ("64 mg/dl", "120/80 mmHg"): no UMLS concept fits every such reading. */
export const QUANTITY_CONCEPT = localConcept('L0000001', 'cantidad', 'Quantitative Concept', 'Quantitative Concept');

/** Temporal expressions, one concept per TIMEX3 type (Glosa-local ids L0000100–L0000199). */
export const TEMPORAL_CONCEPTS = {
  DATE: localConcept('L0000100', 'fecha', 'Temporal Concept', 'Temporal Concept'),
  TIME: localConcept('L0000101', 'hora', 'Temporal Concept', 'Temporal Concept'),
  DURATION: localConcept('L0000102', 'duración', 'Temporal Concept', 'Temporal Concept'),
  SET: localConcept('L0000103', 'frecuencia', 'Temporal Concept', 'Temporal Concept'),
} as const;

/**
 * Routes of administration ("vía oral", "iv"), one concept per route (Glosa-local ids
 * L0000200–L0000299): semantic type Functional Concept as UMLS types routes, category Spatial
 * Concept (the way into the body; none of the original's categories names routes).
 */
const route = (id: string, preferredTerm: string): ConceptEntry => localConcept(id, preferredTerm, 'Functional Concept', 'Spatial Concept');
export const ROUTE_CONCEPTS = {
  oral: route('L0000200', 'vía oral'),
  intravenous: route('L0000201', 'vía intravenosa'),
  subcutaneous: route('L0000202', 'vía subcutánea'),
  intramuscular: route('L0000203', 'vía intramuscular'),
  inhaled: route('L0000204', 'vía inhalatoria'),
  topical: route('L0000205', 'vía tópica'),
  rectal: route('L0000206', 'vía rectal'),
  sublingual: route('L0000207', 'vía sublingual'),
  transdermal: route('L0000208', 'vía transdérmica'),
  nasal: route('L0000209', 'vía nasal'),
} as const;
export type RouteName = keyof typeof ROUTE_CONCEPTS;

/** Whether a concept is one of a family of local concepts (by identity: local concepts are made once, here). */
function memberOf(family: Readonly<Record<string, ConceptEntry>>): (c: ConceptEntry) => boolean {
  const members: ReadonlySet<ConceptEntry> = new Set(Object.values(family));
  return (c) => members.has(c);
}

/** Whether a concept is one of the route concepts. */
export const isRouteConcept = memberOf(ROUTE_CONCEPTS);

/** Intolerance to a substance ("intolerancia a AINE"): no UMLS concept is certain for the general sense. */
export const INTOLERANCE_CONCEPT = localConcept('L0000300', 'intolerancia', 'Finding', 'Finding');

/** The patient's sex as a note states it ("Varón de 72 años"), Glosa-local ids L0000400–L0000499. */
export const SEX_CONCEPTS = {
  male: localConcept('L0000400', 'varón', 'Population Group', 'Group'),
  female: localConcept('L0000401', 'mujer', 'Population Group', 'Group'),
} as const;
export type SexName = keyof typeof SEX_CONCEPTS;

/**
 * Someone's age ("varón de 72 años", "lactante de 3 meses"), Glosa-local id L0000500: semantic type
 * Organism Attribute as UMLS types age; category Quantitative Concept, so that no finding's rule
 * (negation, sites, dates) reads it as something present or absent.
 */
export const AGE_CONCEPT = localConcept('L0000500', 'edad', 'Organism Attribute', 'Quantitative Concept');

/**
 * Dose forms ("comprimidos", "ampollas", "jarabe"), one concept per form (Glosa-local ids
 * L0000600–L0000699): semantic type Biomedical or Dental Material, as UMLS types dose forms ("Tablet
 * Dosage Form"); category Manufactured Object, the made thing a drug comes in, so that no stage reads
 * a form as a drug (role medication) or as something measured.
 */
const form = (id: string, preferredTerm: string): ConceptEntry =>
  localConcept(id, preferredTerm, 'Biomedical or Dental Material', 'Manufactured Object');
export const FORM_CONCEPTS = {
  tablet: form('L0000600', 'comprimido'),
  capsule: form('L0000601', 'cápsula'),
  ampoule: form('L0000602', 'ampolla'),
  sachet: form('L0000603', 'sobre'),
  vial: form('L0000604', 'vial'),
  patch: form('L0000605', 'parche'),
  inhaler: form('L0000606', 'inhalador'),
  drops: form('L0000607', 'gotas'),
  syrup: form('L0000608', 'jarabe'),
  suppository: form('L0000609', 'supositorio'),
  cream: form('L0000610', 'crema'),
  ointment: form('L0000611', 'pomada'),
  eyeDrops: form('L0000612', 'colirio'),
  effervescent: form('L0000613', 'comprimido efervescente'),
} as const;
export type FormName = keyof typeof FORM_CONCEPTS;

/** Whether a concept is one of the dose-form concepts. */
export const isFormConcept = memberOf(FORM_CONCEPTS);
