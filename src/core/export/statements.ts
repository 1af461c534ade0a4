/**
 * What a mention states beyond its code, read for the FHIR export (the tables are data in
 * statements.json): an allergy and its "no known" form, a normal finding, a qualitative laboratory
 * result ("Troponina negativa"), a relative's age and death, a conditional mention.
 */
import type { Annotation } from '../contract.ts';
import { categoryOf } from '../contract.ts';
import data from './statements.json' with { type: 'json' };

type Coded = { readonly code: string; readonly display: string };

const ALLERGIES = data.allergies.cuis as Record<string, { drug: boolean } | undefined>;
const NO_KNOWN = data.noKnownAllergy.cuis as Record<string, { drug: boolean } | undefined>;
const NORMAL_CUIS = new Set(data.normalFindings.cuis);
const NORMAL_WORDS = new Set(data.normalFindings.words);
const RESULT_CATEGORIES = new Set(data.labResults.categories);
const RESULT_WORDS = data.labResults.words as Record<string, 'negative' | 'positive' | undefined>;
const DEATH_WORDS = new Set(data.death.words);
const CAUSE_WORDS = new Set(data.death.cause);

export const BLOOD_PRESSURE_LOINC: { panel: Coded; systolic: Coded; diastolic: Coded } = data.bloodPressure;

const words = (s: string): string[] => s.toLocaleLowerCase('es').match(/\p{L}+/gu) ?? [];

/** A conditional or hypothetical mention ("Si presenta dolor torácico…"): nothing states it happened. */
export const isHypothetical = (a: Annotation): boolean => Boolean(a.characteristics['hypothetical']);

/** An allergy as such ("Alergia", "alergias medicamentosas"), or one with allergens named. */
export function allergyOf(a: Annotation, hasAllergens: boolean): { drug: boolean } | undefined {
  return ALLERGIES[a.code.umls] ?? (hasAllergens ? { drug: false } : undefined);
}

/** "NAMC": a concept that is itself "no known (drug) allergies". */
export const noKnownAllergyOf = (a: Annotation): { drug: boolean } | undefined => NO_KNOWN[a.code.umls];

export function noKnownAllergyCode(drug: boolean): Coded {
  return drug ? data.noKnownAllergy.snomed.drug : data.noKnownAllergy.snomed.any;
}

/** A finding that states a normal result: a known normal concept, or one whose own words say so ("conservado"). */
export function isNormalFinding(a: Annotation): boolean {
  return NORMAL_CUIS.has(a.code.umls) || words(a.match.text).some((w) => NORMAL_WORDS.has(w));
}

export interface LabResult {
  readonly kind: 'negative' | 'positive';
  /** The result's words as written ("negativa"). */
  readonly text: string;
  readonly snomed: Coded;
  readonly interpretation: string;
}

/**
 * A qualitative result of a test or substance: its negation trigger is a result word ("Troponina
 * negativa"), or the word right after the mention is one ("PCR positiva").
 */
export function labResultOf(a: Annotation, codePoints: readonly string[]): LabResult | undefined {
  if (!RESULT_CATEGORIES.has(categoryOf(a) ?? '')) return undefined;
  const trigger = a.characteristics.negative?.trigger.text;
  const next = /^[\s:]*(\p{L}+)/u.exec(codePoints.slice(a.match.end, a.match.end + 24).join(''))?.[1];
  const text = [trigger, next].find((w) => w !== undefined && RESULT_WORDS[w.toLocaleLowerCase('es')] !== undefined);
  if (text === undefined) return undefined;
  // A negative word that did not negate the mention ("PCR negativa" seen only as the next word) is still its result.
  const kind = RESULT_WORDS[text.toLocaleLowerCase('es')] as LabResult['kind'];
  const value = data.labResults.values[kind];
  return { kind, text, snomed: { code: value.snomed, display: value.display }, interpretation: value.interpretation };
}

export interface FamilyDetails {
  /** The relative's age the note ties to this disease ("a los 60 años"). */
  readonly age?: { value: number; unit: string };
  /** The note says the relative died ("padre fallecido de infarto"). */
  readonly deceased: boolean;
  /** …of this disease ("fallecido de …"). */
  readonly causeOfDeath: boolean;
}

/**
 * A relative's disease's onset age and death. The age is an age annotation of the same relative
 * after the disease with no other disease of theirs between; death is a death word between the
 * relative and the disease, a cause when "de"/"por" joins it to the disease.
 */
export function familyDetails(a: Annotation, all: readonly Annotation[], codePoints: readonly string[]): FamilyDetails {
  const relative = a.characteristics.family_member?.match;
  if (!relative) return { deceased: false, causeOfDeath: false };
  const same = (x: Annotation) => x.characteristics.family_member?.match.begin === relative.begin;
  const later = all.filter((x) => same(x) && x.match.begin >= a.match.end).sort((x, y) => x.match.begin - y.match.begin);
  const age = later.find((x) => x.characteristics.age)?.characteristics.age;
  const ageFirst = later.findIndex((x) => x.characteristics.age);
  const otherBefore = later.slice(0, Math.max(0, ageFirst)).some((x) => !x.characteristics.age);
  const between = codePoints.slice(relative.end, a.match.begin).join('');
  const tokens = words(between);
  const deathAt = tokens.findIndex((w) => DEATH_WORDS.has(w));
  const deceased = deathAt >= 0;
  const causeOfDeath = deceased && tokens.slice(deathAt + 1).every((w) => CAUSE_WORDS.has(w) || w === 'un' || w === 'una');
  return { ...(age && !otherBefore ? { age } : {}), deceased, causeOfDeath: causeOfDeath && tokens.length > deathAt + 1 };
}
