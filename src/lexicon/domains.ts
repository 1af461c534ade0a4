/**
 * The domain of a lexicon concept, derived from its semantic type, category, tags and codes, for
 * `glosa dict info` and the coverage targets of the default lexicon.
 */
import type { LexiconConcept } from './source.ts';

export const DOMAINS = [
  'signs and symptoms',
  'diseases',
  'anatomy',
  'procedures',
  'labs',
  'drugs',
  'vital signs',
  'organisms',
  'reporting verbs',
  'family',
  'devices',
  'qualifiers',
  'other',
] as const;
export type Domain = (typeof DOMAINS)[number];

/** Minimum concept counts of the default lexicon (the lexicon's second edition, issue 17). */
export const DOMAIN_TARGETS: Partial<Record<Domain, number>> = {
  'signs and symptoms': 900,
  diseases: 2000,
  anatomy: 700,
  procedures: 900,
  labs: 350,
  drugs: 900,
  devices: 60,
  organisms: 80,
};

export const CODE_SYSTEMS = ['snomed_ct', 'icd10_cm', 'icd9_cm', 'loinc'] as const;
export type CodeSystem = (typeof CODE_SYSTEMS)[number];

const DISEASE_TYPES = new Set([
  'Disease or Syndrome',
  'Neoplastic Process',
  'Mental or Behavioral Dysfunction',
  'Injury or Poisoning',
  'Congenital Abnormality',
  'Pathologic Function',
  'Acquired Abnormality',
  'Anatomical Abnormality',
  'Cell or Molecular Dysfunction',
  'Experimental Model of Disease',
]);
const SIGN_TYPES = new Set(['Sign or Symptom', 'Finding']);
const QUALIFIER_CATEGORIES = new Set(['Qualitative Concept', 'Quantitative Concept', 'Spatial Concept', 'Temporal Concept']);
const VITAL_TYPES = new Set(['Clinical Attribute', 'Organism Attribute', 'Organism Function']);

export function domainOf(c: LexiconConcept): Domain {
  if (c.tags.includes('reporting_verb')) return 'reporting verbs';
  if (c.semantic_type === 'Family Group') return 'family';
  if (c.category === 'Organism') return 'organisms';
  if (c.tags.includes('measurable') && VITAL_TYPES.has(c.semantic_type)) return 'vital signs';
  if (c.category === 'Laboratory Procedure' || c.category === 'Laboratory or Test Result' || c.loinc.length > 0) return 'labs';
  // A measured analyte or rate ("troponina", "filtrado glomerular"): measurable and not a vital sign.
  if (c.tags.includes('measurable')) return 'labs';
  if (c.category === 'Substance') return 'drugs';
  if (c.category === 'Anatomy') return 'anatomy';
  if (c.category === 'Diagnostic Procedure' || c.category === 'Therapeutic or Preventive Procedure') return 'procedures';
  // Health care activities ("valoración preanestésica", "ingreso hospitalario") are procedures too (issue 17).
  if (c.semantic_type === 'Health Care Activity') return 'procedures';
  if (DISEASE_TYPES.has(c.semantic_type)) return 'diseases';
  if (c.category === 'Manufactured Object') return 'devices';
  if (SIGN_TYPES.has(c.semantic_type)) return 'signs and symptoms';
  if (c.category === undefined || QUALIFIER_CATEGORIES.has(c.category)) return 'qualifiers';
  return 'other';
}

export interface DomainCount {
  readonly domain: Domain;
  readonly concepts: number;
  readonly terms: number;
  readonly target?: number;
  /** How many of the domain's concepts carry at least one code of each system. */
  readonly coded: Readonly<Record<CodeSystem, number>>;
}

/** A concept's codes of one system; a test's SNOMED CT includes the substance it measures. */
function codesOf(c: LexiconConcept, system: CodeSystem): readonly string[] {
  return system === 'snomed_ct' ? [...c.snomed_ct, ...(c.analyte_snomed_ct ?? [])] : c[system];
}

export function countByDomain(concepts: readonly LexiconConcept[]): DomainCount[] {
  return DOMAINS.map((domain) => {
    const members = concepts.filter((c) => domainOf(c) === domain);
    const terms = members.reduce((n, c) => n + c.terms.length + c.abbreviations.length, 0);
    const target = DOMAIN_TARGETS[domain];
    const coded = Object.fromEntries(
      CODE_SYSTEMS.map((system) => [system, members.filter((c) => codesOf(c, system).length > 0).length]),
    ) as Record<CodeSystem, number>;
    const count = { domain, concepts: members.length, terms, coded };
    return target === undefined ? count : { ...count, target };
  });
}
