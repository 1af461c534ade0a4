/**
 * FHIR R4 export: one annotation result as a `collection` Bundle of
 *
 *   Condition            diseases and findings; verificationStatus confirmed, refuted (negated) or
 *                        provisional (uncertain, also when negated as well); bodySite from
 *                        has_anatomical_location (also on Procedure), but not a site inside the
 *                        mention's own words ("tensión arterial elevada": its code already says it)
 *   AllergyIntolerance   an allergy, one per allergen named (has_allergen; the allergen is no drug
 *                        taken), coded by the allergen; negated with none named ("No alergias
 *                        medicamentosas conocidas") or "NAMC": the "no known (drug) allergy" situation
 *   FamilyMemberHistory  diseases and findings of a relative (negated ones are left out: R4 has no
 *                        way to say "the mother does not have X" that a reader could not miss),
 *                        with the onset age and the relative's death where the note says them
 *   Observation          a concept measured in the note (a has_quantity relation) as valueQuantity,
 *                        valueRange or, for a blood pressure, components 8480-6 / 8462-4 (not a
 *                        treatment: "oxigenoterapia 2 lpm" is its rate, not a measurement); a
 *                        normal finding ("ritmo sinusal") with interpretation N; a qualitative result
 *                        ("Troponina negativa") as valueCodeableConcept with interpretation NEG/POS
 *   Procedure            diagnostic and therapeutic procedures; status not-done when negated,
 *                        otherwise unknown (a note's mention does not say whether it was done)
 *   MedicationStatement  drugs (and a substance given with a frequency, route, duration or form:
 *                        "insulina … sc"), with dosage[0] from the medication frame (dosage.ts) and
 *                        the dose form on a contained Medication; status not-taken when negated,
 *                        otherwise unknown (a negated drug keeps the dosage the note states)
 *
 * plus the Patient they are about (no identifier: the note names none) and a Provenance that
 * records what produced the result (see provenance.ts): the annotator version (agent), when it was
 * annotated (occurredDateTime) and exported (recorded), and in extensions the reference datetime,
 * the dictionary, the mode and endpoint, the context rule pack and the exporting program. Every clinical resource
 * carries the mention's place in the note in the NOTE_SPAN extension: Unicode code points, `end`
 * exclusive, as in the contract. Only codes of the four systems below that look like real codes
 * are written (Glosa-local "L" ids and ICD-10-CM ranges such as "E08-E13" are not codes).
 * A conditional mention (`characteristics.hypothetical`: "Si presenta dolor torácico…") states
 * nothing that happened and becomes no resource; an uncertain one is never confirmed.
 * Pure: no DOM, no Node; the caller passes the export time.
 */
import type {
  AllergyIntolerance,
  Bundle,
  BundleEntry,
  CodeableConcept,
  Coding,
  Condition,
  Extension,
  FamilyMemberHistory,
  Medication,
  MedicationStatement,
  Observation,
  Patient,
  Procedure,
  Provenance,
  Quantity as FhirQuantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { categoryOf, type Annotation, type AnnotationResult, type Quantity } from '../contract.ts';
import { dosageOf, hasRegimen, medicationFrames, type MedicationFrame } from './dosage.ts';
import type { GlosaProvenance } from './provenance.ts';
import { formatQuantity } from './quantity.ts';
import {
  allergyOf,
  BLOOD_PRESSURE_LOINC,
  familyDetails,
  isHypothetical,
  isNormalFinding,
  labResultOf,
  noKnownAllergyCode,
  noKnownAllergyOf,
  type FamilyDetails,
  type LabResult,
} from './statements.ts';

export const FHIR_SYSTEMS = {
  umls: 'http://www.nlm.nih.gov/research/umls',
  snomed_ct: 'http://snomed.info/sct',
  icd10_cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  loinc: 'http://loinc.org',
} as const;

/** What a code of each system looks like; anything else is not written. */
const CODE_PATTERNS: Record<keyof typeof FHIR_SYSTEMS, RegExp> = {
  umls: /^C\d{7}$/,
  snomed_ct: /^\d{6,18}$/,
  icd10_cm: /^[A-Z]\d[0-9A-Z](\.[0-9A-Z]{1,4})?$/,
  loinc: /^\d{1,7}-\d$/,
};

const EXTENSION_BASE = 'urn:glosa:fhir:extension';
/** Complex extension: begin, end (code points), text, annotationId, status of the mention. */
export const NOTE_SPAN_EXTENSION = `${EXTENSION_BASE}:note-span`;
/** On the Provenance: the reference datetime, the dictionary id and its content hash, the mode
 * (local or remote) and endpoint, the rule pack (name and SHA-256, or "default") and the exporter. */
export const REFERENCE_DATETIME_EXTENSION = `${EXTENSION_BASE}:reference-datetime`;
export const DICTIONARY_EXTENSION = `${EXTENSION_BASE}:dictionary`;
export const MODE_EXTENSION = `${EXTENSION_BASE}:mode`;
export const ENDPOINT_EXTENSION = `${EXTENSION_BASE}:endpoint`;
export const RULE_PACK_EXTENSION = `${EXTENSION_BASE}:rule-pack`;
export const EXPORTED_BY_EXTENSION = `${EXTENSION_BASE}:exported-by`;

const CONDITION_VER_STATUS = 'http://terminology.hl7.org/CodeSystem/condition-ver-status';
const ALLERGY_VER_STATUS = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const ALLERGY_CLINICAL_STATUS = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const UCUM = 'http://unitsofmeasure.org';

export interface FhirExportInput {
  readonly result: AnnotationResult;
  /** The note's text, from which the spans' surface text is read. */
  readonly text: string;
  /** When the export was made: an ISO 8601 instant with a time zone. */
  readonly exportedAt: string;
  /** What produced the result: reference datetime, dictionary, mode, rule pack, annotation time. */
  readonly provenance: GlosaProvenance;
  /** The note's id in the caller's system (the CLI's line id), as the Bundle's identifier. */
  readonly noteId?: string;
}

export type MentionStatus = 'affirmed' | 'negated' | 'uncertain';

export function mentionStatus(annotation: Annotation): MentionStatus {
  const c = annotation.characteristics;
  if (c.uncertain) return 'uncertain';
  if (c.negative) return 'negated';
  return 'affirmed';
}

const CONDITION_CATEGORIES = new Set(['Disease or Syndrome', 'Finding']);
const TREATMENT_CATEGORY = 'Therapeutic or Preventive Procedure';
const PROCEDURE_CATEGORIES = new Set(['Diagnostic Procedure', TREATMENT_CATEGORY]);
const MEDICATION_SEMANTIC_TYPES = new Set(['Pharmacologic Substance', 'Clinical Drug', 'Antibiotic']);

type ResourceKind = 'Condition' | 'FamilyMemberHistory' | 'Observation' | 'Procedure' | 'MedicationStatement';

/**
 * Which resource a mention becomes, if any. A substance with only an amount is measured ("potasio
 * 4,5 mEq/l"); given with a frequency, route, duration or form it is a drug ("insulina 10 UI sc").
 */
export function resourceKindOf(annotation: Annotation, measured: boolean, regimen = false, result = false): ResourceKind | undefined {
  const category = categoryOf(annotation) ?? '';
  if (isHypothetical(annotation)) return undefined;
  if (result && !regimen) return 'Observation';
  if (MEDICATION_SEMANTIC_TYPES.has(annotation.type.umls)) return 'MedicationStatement';
  if (regimen && category === 'Substance') return 'MedicationStatement';
  if (category === TREATMENT_CATEGORY) return 'Procedure';
  if (measured) return 'Observation';
  if (CONDITION_CATEGORIES.has(category)) {
    if (!annotation.characteristics.family_member) return isNormalFinding(annotation) ? 'Observation' : 'Condition';
    return mentionStatus(annotation) === 'negated' ? undefined : 'FamilyMemberHistory';
  }
  if (PROCEDURE_CATEGORIES.has(category)) return 'Procedure';
  return undefined;
}

export function codeableConcept(annotation: Annotation): CodeableConcept {
  const coding: Coding[] = [];
  for (const key of Object.keys(FHIR_SYSTEMS) as (keyof typeof FHIR_SYSTEMS)[]) {
    const value = annotation.code[key];
    const codes = typeof value === 'string' ? [value] : (value ?? []);
    for (const code of codes) {
      if (!CODE_PATTERNS[key].test(code)) continue;
      // The preferred term is Glosa's (Spanish) name of the UMLS concept, not another system's display.
      coding.push(
        key === 'umls'
          ? { system: FHIR_SYSTEMS[key], code, display: annotation.match.preferred_term }
          : { system: FHIR_SYSTEMS[key], code },
      );
    }
  }
  return coding.length ? { coding, text: annotation.match.text } : { text: annotation.match.text };
}

function noteSpan(annotation: Annotation, codePoints: readonly string[]): Extension {
  const { begin, end } = annotation.match;
  return {
    url: NOTE_SPAN_EXTENSION,
    extension: [
      { url: 'begin', valueInteger: begin },
      { url: 'end', valueInteger: end },
      { url: 'text', valueString: codePoints.slice(begin, end).join('') || annotation.match.text },
      { url: 'annotationId', valueInteger: annotation.id },
      { url: 'status', valueCode: mentionStatus(annotation) },
    ],
  };
}

/** The targets of each annotation's relations of one kind. */
function related(result: AnnotationResult, rel: string): Map<number, Annotation[]> {
  const byId = new Map(result.annotations.map((a) => [a.id, a]));
  const out = new Map<number, Annotation[]>();
  for (const r of result.relations ?? []) {
    const to = byId.get(r.to);
    if (r.rel === rel && to) out.set(r.from, [...(out.get(r.from) ?? []), to]);
  }
  return out;
}

const PATIENT_ID = 'patient';
const PATIENT_REF: Reference<Patient> = { reference: `Patient/${PATIENT_ID}` };

function verificationStatus(status: MentionStatus): CodeableConcept {
  const code = status === 'negated' ? 'refuted' : status === 'uncertain' ? 'provisional' : 'confirmed';
  return { coding: [{ system: CONDITION_VER_STATUS, code }] };
}

/** What a mention brings along: its anatomical locations, its frame (doses too), a qualitative
 * result, a relative's age and death. */
interface Attached {
  readonly sites: readonly Annotation[];
  readonly frame: MedicationFrame | undefined;
  readonly result?: LabResult | undefined;
  readonly family?: FamilyDetails | undefined;
}

/**
 * A drug as MedicationStatement.medication[x]: its code, or, when the note names its dose form, a
 * contained Medication with the code and `form.text` ("comprimidos"; the forms are Glosa-local
 * concepts, not codes), referenced as "#medication".
 */
function medication(
  drug: Annotation,
  code: CodeableConcept,
  frame: MedicationFrame | undefined,
): Pick<MedicationStatement, 'contained' | 'medicationCodeableConcept' | 'medicationReference'> {
  const form = frame?.forms[0];
  if (!form) return { medicationCodeableConcept: code };
  const contained: Medication = { resourceType: 'Medication', id: 'medication', code, form: { text: form.match.text } };
  return { contained: [contained], medicationReference: { reference: '#medication', display: drug.match.text } };
}

/** The first amount measured of a mention. */
function measuredQuantity(frame: MedicationFrame | undefined): Quantity | undefined {
  return frame?.doses.find((d) => d.characteristics.quantity)?.characteristics.quantity;
}

const fhirQuantity = (value: number, unit: string): FhirQuantity =>
  unit === 'mmHg' ? { value, unit, system: UCUM, code: 'mm[Hg]' } : { value, unit };

const loinc = ({ code, display }: { code: string; display: string }): CodeableConcept => ({
  coding: [{ system: FHIR_SYSTEMS.loinc, code, display }],
});

/**
 * An Observation's value, whole: a blood pressure as its systolic and diastolic components (and
 * the panel's LOINC code beside the concept's), a range as valueRange, a bound with its comparator,
 * a combination ("875/125 mg") as text; a qualitative result as its SNOMED CT value.
 */
function observationValue(q: Quantity | undefined, result: LabResult | undefined, code: CodeableConcept): Partial<Observation> {
  if (result) {
    return {
      valueCodeableConcept: { coding: [{ system: FHIR_SYSTEMS.snomed_ct, ...result.snomed }], text: result.text },
      interpretation: [{ coding: [{ system: INTERPRETATION, code: result.interpretation }] }],
    };
  }
  if (!q) return {};
  if (q.systolic !== undefined && q.diastolic !== undefined) {
    return {
      code: { ...code, coding: [...(code.coding ?? []), ...(loinc(BLOOD_PRESSURE_LOINC.panel).coding ?? [])] },
      component: [
        { code: loinc(BLOOD_PRESSURE_LOINC.systolic), valueQuantity: fhirQuantity(q.systolic, q.unit) },
        { code: loinc(BLOOD_PRESSURE_LOINC.diastolic), valueQuantity: fhirQuantity(q.diastolic, q.unit) },
      ],
    };
  }
  if (q.amounts) return { valueString: formatQuantity(q) };
  if (q.high !== undefined) return { valueRange: { low: fhirQuantity(q.value, q.unit), high: fhirQuantity(q.high, q.unit) } };
  return { valueQuantity: { ...fhirQuantity(q.value, q.unit), ...(q.comparator ? { comparator: q.comparator } : {}) } };
}

const NORMAL: CodeableConcept = { coding: [{ system: INTERPRETATION, code: 'N', display: 'Normal' }] };
const ABNORMAL: CodeableConcept = { coding: [{ system: INTERPRETATION, code: 'A', display: 'Abnormal' }] };

/** A relative's disease: its onset age, and whether the relative died (of it). */
function familyFacts(family: FamilyDetails | undefined): Pick<FamilyMemberHistory, 'deceasedBoolean' | 'deceasedAge'> & {
  condition: Partial<NonNullable<FamilyMemberHistory['condition']>[number]>;
} {
  if (!family) return { condition: {} };
  const age = family.age && { value: family.age.value, unit: family.age.unit, system: UCUM, code: family.age.unit };
  return {
    ...(family.deceased ? (age && family.causeOfDeath ? { deceasedAge: age } : { deceasedBoolean: true }) : {}),
    condition: { ...(age ? { onsetAge: age } : {}), ...(family.causeOfDeath ? { contributedToDeath: true } : {}) },
  };
}

function toResource(
  kind: ResourceKind,
  a: Annotation,
  { sites, frame, result, family }: Attached,
  codePoints: readonly string[],
): Resource {
  // Every resource: its id, the mention's place in the note and, but for the family history, the patient.
  const base = { id: `${kind.toLowerCase()}-${a.id}`, extension: [noteSpan(a, codePoints)] };
  const about = { ...base, subject: PATIENT_REF };
  const code = codeableConcept(a);
  const status = mentionStatus(a);
  // A site inside the mention's own words is part of its name, which its code already says.
  const own = (s: Annotation) => s.match.begin >= a.match.begin && s.match.end <= a.match.end;
  const outside = sites.filter((s) => !own(s));
  const bodySite = outside.length ? { bodySite: outside.map(codeableConcept) } : {};
  switch (kind) {
    case 'Condition':
      return {
        resourceType: 'Condition',
        ...about,
        verificationStatus: verificationStatus(status),
        code,
        ...bodySite,
      } satisfies Condition;
    case 'FamilyMemberHistory': {
      const { condition, ...deceased } = familyFacts(family);
      return {
        resourceType: 'FamilyMemberHistory',
        ...base,
        status: 'partial',
        patient: PATIENT_REF,
        relationship: { text: a.characteristics.family_member?.match.text ?? '' },
        ...deceased,
        condition: [{ code, ...condition, ...(status === 'uncertain' ? { note: [{ text: 'Incierto en la nota' }] } : {}) }],
      } satisfies FamilyMemberHistory;
    }
    case 'Observation': {
      const q = measuredQuantity(frame);
      // A finding without a value is a normal one ("ritmo sinusal"); negated, the note says it was not normal.
      const normal = !q && !result ? { interpretation: [status === 'negated' ? ABNORMAL : NORMAL] } : {};
      return {
        resourceType: 'Observation',
        ...about,
        status: status === 'uncertain' ? 'preliminary' : 'final',
        code,
        ...normal,
        ...observationValue(q, result, code),
      } satisfies Observation;
    }
    case 'Procedure':
      return {
        resourceType: 'Procedure',
        ...about,
        status: status === 'negated' ? 'not-done' : 'unknown',
        code,
        ...bodySite,
      } satisfies Procedure;
    case 'MedicationStatement': {
      const dosage = dosageOf(a, frame, codePoints);
      return {
        resourceType: 'MedicationStatement',
        ...about,
        status: status === 'negated' ? 'not-taken' : 'unknown',
        ...medication(a, code, frame),
        ...(dosage ? { dosage: [dosage] } : {}),
      } satisfies MedicationStatement;
    }
  }
}

function provenanceExtensions(p: GlosaProvenance): Extension[] {
  const extension: Extension[] = [];
  if (p.text_datetime) extension.push({ url: REFERENCE_DATETIME_EXTENSION, valueString: p.text_datetime });
  if (p.dictionary) {
    extension.push({
      url: DICTIONARY_EXTENSION,
      extension: [
        ...(p.dictionary.id ? [{ url: 'id', valueString: p.dictionary.id }] : []),
        { url: 'contentHash', valueString: p.dictionary.content_hash },
      ],
    });
  }
  if (p.mode) extension.push({ url: MODE_EXTENSION, valueCode: p.mode });
  if (p.endpoint) extension.push({ url: ENDPOINT_EXTENSION, valueUri: p.endpoint });
  if (p.rule_pack === null) extension.push({ url: RULE_PACK_EXTENSION, valueCode: 'default' });
  else if (p.rule_pack) {
    extension.push({
      url: RULE_PACK_EXTENSION,
      extension: [
        { url: 'name', valueString: p.rule_pack.name },
        { url: 'sha256', valueString: p.rule_pack.sha256 },
      ],
    });
  }
  extension.push({ url: EXPORTED_BY_EXTENSION, valueString: p.exported_by });
  return extension;
}

function provenance(input: FhirExportInput, targets: Reference[]): Provenance {
  const annotatedAt = input.provenance.annotated_at;
  return {
    resourceType: 'Provenance',
    id: 'glosa',
    extension: provenanceExtensions(input.provenance),
    target: targets,
    ...(annotatedAt ? { occurredDateTime: annotatedAt } : {}),
    recorded: input.exportedAt,
    agent: [{ who: { display: `Glosa ${input.result.version}` } }],
  };
}

const ALLERGY_VERIFICATION: Record<MentionStatus, string> = { affirmed: 'confirmed', negated: 'refuted', uncertain: 'unconfirmed' };

/**
 * The patient's allergy as AllergyIntolerance: one per allergen the note names, coded by it;
 * with none named, the allergy's own code, or when negated ("No alergias medicamentosas
 * conocidas") or said as such ("NAMC") the SNOMED CT "no known (drug) allergy" situation. R4 wants
 * a clinicalStatus beside any verificationStatus but entered-in-error: a refuted one is inactive.
 */
function allergyIntolerances(
  a: Annotation,
  allergens: readonly Annotation[],
  drug: boolean,
  codePoints: readonly string[],
): AllergyIntolerance[] {
  const status = mentionStatus(a);
  const noKnown = noKnownAllergyOf(a);
  const resource = (id: string, code: CodeableConcept, verification: string, medication: boolean): AllergyIntolerance => ({
    resourceType: 'AllergyIntolerance',
    id,
    extension: [noteSpan(a, codePoints)],
    clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL_STATUS, code: verification === 'refuted' ? 'inactive' : 'active' }] },
    verificationStatus: { coding: [{ system: ALLERGY_VER_STATUS, code: verification }] },
    ...(medication ? { category: ['medication' as const] } : {}),
    code,
    patient: PATIENT_REF,
  });
  if (noKnown || (status === 'negated' && allergens.length === 0)) {
    const known = noKnownAllergyCode(noKnown?.drug ?? drug);
    const text = codePoints.slice(a.characteristics.negative?.trigger.begin ?? a.match.begin, a.match.end).join('');
    const verification = noKnown ? ALLERGY_VERIFICATION[status] : status === 'uncertain' ? 'unconfirmed' : 'confirmed';
    return [resource(`allergyintolerance-${a.id}`, { coding: [{ system: FHIR_SYSTEMS.snomed_ct, ...known }], text }, verification, false)];
  }
  if (allergens.length === 0) return [resource(`allergyintolerance-${a.id}`, codeableConcept(a), ALLERGY_VERIFICATION[status], drug)];
  return allergens.map((allergen) =>
    resource(
      `allergyintolerance-${a.id}-${allergen.id}`,
      codeableConcept(allergen),
      ALLERGY_VERIFICATION[status],
      drug || MEDICATION_SEMANTIC_TYPES.has(allergen.type.umls),
    ),
  );
}

export function toFhirBundle(input: FhirExportInput): Bundle {
  const codePoints = Array.from(input.text);
  const { annotations } = input.result;
  const locations = related(input.result, 'has_anatomical_location');
  const allergens = related(input.result, 'has_allergen');
  // An allergen is what the patient must not take, not a drug they take: it lives in its allergy.
  const inAllergy = new Set([...allergens.values()].flat().map((x) => x.id));
  const frames = medicationFrames(input.result);
  const resources: Resource[] = [];
  for (const a of annotations) {
    if (inAllergy.has(a.id) || isHypothetical(a)) continue;
    const allergy = a.characteristics.family_member ? undefined : (noKnownAllergyOf(a) ?? allergyOf(a, allergens.has(a.id)));
    if (allergy) {
      resources.push(...allergyIntolerances(a, allergens.get(a.id) ?? [], allergy.drug, codePoints));
      continue;
    }
    const frame = frames.get(a.id);
    const result = measuredQuantity(frame) ? undefined : labResultOf(a, codePoints);
    const attached: Attached = {
      sites: locations.get(a.id) ?? [],
      frame,
      result,
      family: a.characteristics.family_member ? familyDetails(a, annotations, codePoints) : undefined,
    };
    const kind = resourceKindOf(a, measuredQuantity(frame) !== undefined, hasRegimen(frame), result !== undefined);
    if (kind) resources.push(toResource(kind, a, attached, codePoints));
  }
  const patient: Patient = { resourceType: 'Patient', id: PATIENT_ID };
  const targets = resources.length ? resources.map((r) => ({ reference: `${r.resourceType}/${r.id ?? ''}` })) : [PATIENT_REF];
  const entry: BundleEntry[] = [patient, ...resources, provenance(input, targets)].map((resource) => ({ resource }));
  return {
    resourceType: 'Bundle',
    ...(input.noteId === undefined ? {} : { identifier: { value: input.noteId } }),
    type: 'collection',
    timestamp: input.exportedAt,
    entry,
  };
}
