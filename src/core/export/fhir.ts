/**
 * FHIR R4 export: one annotation result as a `collection` Bundle of
 *
 *   Condition            diseases and findings; verificationStatus confirmed, refuted (negated) or
 *                        provisional (uncertain, also when negated as well); bodySite from
 *                        has_anatomical_location (also on Procedure)
 *   FamilyMemberHistory  diseases and findings of a relative (negated ones are left out: R4 has no
 *                        way to say "the mother does not have X" that a reader could not miss)
 *   Observation          a concept measured in the note (a has_quantity relation) as valueQuantity
 *                        (not a treatment: "oxigenoterapia 2 lpm" is its rate, not a measurement)
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
 * Pure: no DOM, no Node; the caller passes the export time.
 */
import type {
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
  Quantity,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { categoryOf, type Annotation, type AnnotationResult } from '../contract.ts';
import { dosageOf, hasRegimen, medicationFrames, type MedicationFrame } from './dosage.ts';
import type { GlosaProvenance } from './provenance.ts';

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
export function resourceKindOf(annotation: Annotation, measured: boolean, regimen = false): ResourceKind | undefined {
  const category = categoryOf(annotation) ?? '';
  if (MEDICATION_SEMANTIC_TYPES.has(annotation.type.umls)) return 'MedicationStatement';
  if (regimen && category === 'Substance') return 'MedicationStatement';
  if (category === TREATMENT_CATEGORY) return 'Procedure';
  if (measured) return 'Observation';
  if (CONDITION_CATEGORIES.has(category)) {
    if (!annotation.characteristics.family_member) return 'Condition';
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

/** What a mention brings along from its relations: its anatomical locations and its frame (doses too). */
interface Attached {
  readonly sites: readonly Annotation[];
  readonly frame: MedicationFrame | undefined;
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

/** The first amount measured of a mention, as an Observation's value. */
function measuredQuantity(frame: MedicationFrame | undefined): Quantity | undefined {
  const q = frame?.doses.find((d) => d.characteristics.quantity)?.characteristics.quantity;
  return q && { value: q.value, unit: q.unit };
}

function toResource(kind: ResourceKind, a: Annotation, { sites, frame }: Attached, codePoints: readonly string[]): Resource {
  // Every resource: its id, the mention's place in the note and, but for the family history, the patient.
  const base = { id: `${kind.toLowerCase()}-${a.id}`, extension: [noteSpan(a, codePoints)] };
  const about = { ...base, subject: PATIENT_REF };
  const code = codeableConcept(a);
  const status = mentionStatus(a);
  const bodySite = sites.length ? { bodySite: sites.map(codeableConcept) } : {};
  switch (kind) {
    case 'Condition':
      return {
        resourceType: 'Condition',
        ...about,
        verificationStatus: verificationStatus(status),
        code,
        ...bodySite,
      } satisfies Condition;
    case 'FamilyMemberHistory':
      return {
        resourceType: 'FamilyMemberHistory',
        ...base,
        status: 'partial',
        patient: PATIENT_REF,
        relationship: { text: a.characteristics.family_member?.match.text ?? '' },
        condition: [{ code, ...(status === 'uncertain' ? { note: [{ text: 'Incierto en la nota' }] } : {}) }],
      } satisfies FamilyMemberHistory;
    case 'Observation': {
      const value = measuredQuantity(frame);
      return {
        resourceType: 'Observation',
        ...about,
        status: status === 'uncertain' ? 'preliminary' : 'final',
        code,
        ...(value ? { valueQuantity: value } : {}),
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

export function toFhirBundle(input: FhirExportInput): Bundle {
  const codePoints = Array.from(input.text);
  const locations = related(input.result, 'has_anatomical_location');
  const frames = medicationFrames(input.result);
  const resources: Resource[] = [];
  for (const a of input.result.annotations) {
    const attached = { sites: locations.get(a.id) ?? [], frame: frames.get(a.id) };
    const kind = resourceKindOf(a, measuredQuantity(attached.frame) !== undefined, hasRegimen(attached.frame));
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
