/**
 * FHIR R4 export: one resource type per kind of mention, statuses, codes, offsets, and R4 validity
 * (the R4 JSON schema; the status codes it leaves to value sets are checked by the R4 types).
 */
import type {
  Bundle,
  Condition,
  FamilyMemberHistory,
  MedicationStatement,
  Observation,
  Procedure,
  Provenance,
  Resource,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { fhirSchemaErrors } from '../../../tests/support/fhir-schema.ts';
import type { Annotation, AnnotationResult, Span } from '../contract.ts';
import {
  DICTIONARY_EXTENSION,
  ENDPOINT_EXTENSION,
  EXPORTED_BY_EXTENSION,
  FHIR_SYSTEMS,
  MODE_EXTENSION,
  NOTE_SPAN_EXTENSION,
  REFERENCE_DATETIME_EXTENSION,
  RULE_PACK_EXTENSION,
  toFhirBundle,
} from './fhir.ts';
import type { GlosaProvenance } from './provenance.ts';

const EXPORTED_AT = '2024-05-02T10:00:00.000Z';
const LOCAL: GlosaProvenance = {
  exported_by: 'glosa-test 0.1.0',
  mode: 'local',
  text_datetime: '2024-05-01T09:30:00',
  dictionary: { id: 'glosa-default-es', content_hash: 'abc123' },
  rule_pack: null,
  glosa_version: '0.1.0',
  annotated_at: '2024-05-02T09:59:00.000Z',
};

function span(text: string, part: string, from = 0): Span {
  const cps = Array.from(text);
  const unit = text.indexOf(part, from);
  const begin = Array.from(text.slice(0, unit)).length;
  const end = begin + Array.from(part).length;
  const surface = cps.slice(begin, end).join('');
  return { begin, end, text: surface, found_as: surface, preferred_term: surface };
}

function ann(
  id: number,
  match: Span,
  semanticType: string,
  category: string,
  code: Annotation['code'],
  extra: Partial<Annotation> = {},
): Annotation {
  return { id, code, type: { umls: semanticType, vendor: category }, match, characteristics: {}, ...extra };
}

function bundleOf(text: string, annotations: Annotation[], relations: AnnotationResult['relations'] = [], provenance = LOCAL): Bundle {
  return toFhirBundle({ text, result: { annotations, relations, version: '0.1.0' }, exportedAt: EXPORTED_AT, provenance });
}

const resources = (b: Bundle): Resource[] => (b.entry ?? []).map((e) => e.resource as Resource);
const only = <T extends Resource>(b: Bundle, type: T['resourceType']): T[] => resources(b).filter((r): r is T => r.resourceType === type);
const verification = (c: Condition) => c.verificationStatus?.coding?.[0]?.code;

describe('FHIR R4 export', () => {
  it('turns a disease into a confirmed Condition with its codes, leaving out ranges and local ids', () => {
    const text = '😷 Diabetes tipo 2.';
    const b = bundleOf(text, [
      ann(0, span(text, 'Diabetes tipo 2'), 'Disease or Syndrome', 'Disease or Syndrome', {
        umls: 'C0011860',
        snomed_ct: ['44054006'],
        icd10_cm: ['E11.9', 'E08-E13'],
        icd9_cm: ['250.00'],
      }),
      ann(1, span(text, '2'), 'Quantitative Concept', 'Quantitative Concept', { umls: 'L0000001' }),
    ]);
    expect(fhirSchemaErrors(b)).toEqual([]);
    const [condition, ...rest] = only<Condition>(b, 'Condition');
    expect(rest).toEqual([]);
    expect(verification(condition as Condition)).toBe('confirmed');
    expect(condition?.code?.coding).toEqual([
      { system: FHIR_SYSTEMS.umls, code: 'C0011860', display: 'Diabetes tipo 2' },
      { system: FHIR_SYSTEMS.snomed_ct, code: '44054006' },
      { system: FHIR_SYSTEMS.icd10_cm, code: 'E11.9' },
    ]);
    expect(condition?.subject).toEqual({ reference: 'Patient/patient' });
    // Offsets in code points: the emoji counts once.
    const ext = condition?.extension?.find((e) => e.url === NOTE_SPAN_EXTENSION)?.extension ?? [];
    expect(Object.fromEntries(ext.map((e) => [e.url, e.valueInteger ?? e.valueString ?? e.valueCode]))).toEqual({
      begin: 2,
      end: 17,
      text: 'Diabetes tipo 2',
      annotationId: 0,
      status: 'affirmed',
    });
    expect(resources(b).map((r) => r.resourceType)).toEqual(['Patient', 'Condition', 'Provenance']);
  });

  it('marks a negated finding refuted and an uncertain one (even if also negated) provisional', () => {
    const text = 'No refiere dolor. Posible neumonía. No se descarta sepsis.';
    const cue = (part: string) => ({ trigger: span(text, part) });
    const b = bundleOf(text, [
      ann(0, span(text, 'dolor'), 'Sign or Symptom', 'Finding', { umls: 'C0030193' }, { characteristics: { negative: cue('No') } }),
      ann(
        1,
        span(text, 'neumonía'),
        'Disease or Syndrome',
        'Disease or Syndrome',
        { umls: 'C0032285' },
        { characteristics: { uncertain: cue('Posible') } },
      ),
      ann(
        2,
        span(text, 'sepsis'),
        'Disease or Syndrome',
        'Disease or Syndrome',
        { umls: 'C0243026' },
        {
          characteristics: { negative: cue('No se'), uncertain: cue('descarta') },
        },
      ),
    ]);
    expect(fhirSchemaErrors(b)).toEqual([]);
    expect(only<Condition>(b, 'Condition').map(verification)).toEqual(['refuted', 'provisional', 'provisional']);
  });

  it('gives a finding and a procedure the body site of their has_anatomical_location relation', () => {
    const text = 'Dolor en el brazo. Biopsia de piel.';
    const anatomy = (id: number, part: string, code: string) =>
      ann(id, span(text, part), 'Body Part, Organ, or Organ Component', 'Anatomy', { umls: code });
    const b = bundleOf(
      text,
      [
        ann(0, span(text, 'Dolor'), 'Sign or Symptom', 'Finding', { umls: 'C0030193' }),
        anatomy(1, 'brazo', 'C0446516'),
        ann(2, span(text, 'Biopsia'), 'Diagnostic Procedure', 'Diagnostic Procedure', { umls: 'C0005558' }),
        anatomy(3, 'piel', 'C1123023'),
      ],
      [
        { from: 0, to: 1, rel: 'has_anatomical_location' },
        { from: 2, to: 3, rel: 'has_anatomical_location' },
      ],
    );
    expect(fhirSchemaErrors(b)).toEqual([]);
    expect(only<Condition>(b, 'Condition')[0]?.bodySite).toEqual([
      { coding: [{ system: FHIR_SYSTEMS.umls, code: 'C0446516', display: 'brazo' }], text: 'brazo' },
    ]);
    expect(only<Procedure>(b, 'Procedure')[0]?.bodySite?.map((s) => s.text)).toEqual(['piel']);
  });

  it('writes a relative’s disease as FamilyMemberHistory, and leaves a negated one out', () => {
    const text = 'Madre con diabetes. Padre sin cáncer.';
    const b = bundleOf(text, [
      ann(
        0,
        span(text, 'diabetes'),
        'Disease or Syndrome',
        'Disease or Syndrome',
        { umls: 'C0011849', icd10_cm: ['E08-E13'] },
        {
          characteristics: { family_member: { match: span(text, 'Madre') } },
        },
      ),
      ann(
        1,
        span(text, 'cáncer'),
        'Neoplastic Process',
        'Disease or Syndrome',
        { umls: 'C0006826' },
        {
          characteristics: { family_member: { match: span(text, 'Padre') }, negative: { trigger: span(text, 'sin') } },
        },
      ),
    ]);
    expect(fhirSchemaErrors(b)).toEqual([]);
    expect(only<Condition>(b, 'Condition')).toEqual([]);
    const histories = only<FamilyMemberHistory>(b, 'FamilyMemberHistory');
    expect(histories).toHaveLength(1);
    expect(histories[0]?.relationship).toEqual({ text: 'Madre' });
    expect(histories[0]?.patient).toEqual({ reference: 'Patient/patient' });
    expect(histories[0]?.condition?.[0]?.code).toEqual({
      coding: [{ system: FHIR_SYSTEMS.umls, code: 'C0011849', display: 'diabetes' }],
      text: 'diabetes',
    });
  });

  it('writes a measured laboratory test as an Observation with valueQuantity and its LOINC code', () => {
    const text = 'Hemoglobina 12,5 g/dl.';
    const quantity = { characteristics: { quantity: { value: 12.5, unit: 'g/dl' } }, head: 0 };
    const annotations = [
      ann(0, span(text, 'Hemoglobina'), 'Laboratory Procedure', 'Laboratory Procedure', { umls: 'C0518015', loinc: ['718-7'] }),
      ann(1, span(text, '12,5 g/dl'), 'Quantitative Concept', 'Quantitative Concept', { umls: 'L0000001' }, quantity),
    ];
    const b = bundleOf(text, annotations, [{ from: 0, to: 1, rel: 'has_quantity' }]);
    expect(fhirSchemaErrors(b)).toEqual([]);
    const [observation] = only<Observation>(b, 'Observation');
    expect(observation?.status).toBe('final');
    expect(observation?.valueQuantity).toEqual({ value: 12.5, unit: 'g/dl' });
    // A service that sends no relations: the quantity's head still names what it measures.
    expect(only<Observation>(bundleOf(text, annotations, []), 'Observation')[0]?.valueQuantity).toEqual({ value: 12.5, unit: 'g/dl' });
    expect(observation?.code?.coding?.map((c) => [c.system, c.code])).toEqual([
      [FHIR_SYSTEMS.umls, 'C0518015'],
      [FHIR_SYSTEMS.loinc, '718-7'],
    ]);
  });

  it('writes procedures (not-done when negated) and drugs with their dose (not-taken when negated)', () => {
    const text = 'Se realizó colecistectomía. No se hizo biopsia. Toma paracetamol 1 g. Suspendió: no toma ibuprofeno.';
    const b = bundleOf(
      text,
      [
        ann(0, span(text, 'colecistectomía'), 'Therapeutic or Preventive Procedure', 'Therapeutic or Preventive Procedure', {
          umls: 'C0008320',
          snomed_ct: ['38102005'],
        }),
        ann(
          1,
          span(text, 'biopsia'),
          'Diagnostic Procedure',
          'Diagnostic Procedure',
          { umls: 'C0005558' },
          { characteristics: { negative: { trigger: span(text, 'No') } } },
        ),
        ann(2, span(text, 'paracetamol'), 'Pharmacologic Substance', 'Substance', { umls: 'C0000970', snomed_ct: ['387517004'] }),
        ann(
          3,
          span(text, '1 g'),
          'Quantitative Concept',
          'Quantitative Concept',
          { umls: 'L0000001' },
          { characteristics: { quantity: { value: 1, unit: 'g' } }, head: 2 },
        ),
        ann(
          4,
          span(text, 'ibuprofeno'),
          'Pharmacologic Substance',
          'Substance',
          { umls: 'C0020740' },
          { characteristics: { negative: { trigger: span(text, 'no') } } },
        ),
      ],
      [{ from: 2, to: 3, rel: 'has_quantity' }],
    );
    expect(fhirSchemaErrors(b)).toEqual([]);
    expect(only<Procedure>(b, 'Procedure').map((p) => [p.code?.text, p.status])).toEqual([
      ['colecistectomía', 'unknown'],
      ['biopsia', 'not-done'],
    ]);
    const meds = only<MedicationStatement>(b, 'MedicationStatement');
    expect(meds.map((m) => [m.medicationCodeableConcept?.text, m.status])).toEqual([
      ['paracetamol', 'unknown'],
      ['ibuprofeno', 'not-taken'],
    ]);
    expect(meds[0]?.dosage?.[0]?.doseAndRate?.[0]?.doseQuantity).toEqual({ value: 1, unit: 'g' });
    expect(only<Observation>(b, 'Observation')).toEqual([]);
  });

  it('records version, reference datetime, dictionary, mode, rules and times in a Provenance over every resource', () => {
    const text = 'fiebre';
    const b = bundleOf(text, [ann(0, span(text, 'fiebre'), 'Sign or Symptom', 'Finding', { umls: 'C0015967' })]);
    expect(b.type).toBe('collection');
    expect(b.timestamp).toBe(EXPORTED_AT);
    const [provenance] = only<Provenance>(b, 'Provenance');
    expect(provenance?.target).toEqual([{ reference: 'Condition/condition-0' }]);
    expect(provenance?.recorded).toBe(EXPORTED_AT);
    expect(provenance?.occurredDateTime).toBe(LOCAL.annotated_at);
    expect(provenance?.agent[0]?.who).toEqual({ display: 'Glosa 0.1.0' });
    const ext = (url: string) => provenance?.extension?.find((e) => e.url === url);
    expect(ext(REFERENCE_DATETIME_EXTENSION)?.valueString).toBe('2024-05-01T09:30:00');
    expect(ext(DICTIONARY_EXTENSION)?.extension).toEqual([
      { url: 'id', valueString: 'glosa-default-es' },
      { url: 'contentHash', valueString: 'abc123' },
    ]);
    expect(ext(MODE_EXTENSION)?.valueCode).toBe('local');
    expect(ext(ENDPOINT_EXTENSION)).toBeUndefined();
    expect(ext(RULE_PACK_EXTENSION)?.valueCode).toBe('default');
    expect(ext(EXPORTED_BY_EXTENSION)?.valueString).toBe('glosa-test 0.1.0');
    expect(fhirSchemaErrors(b)).toEqual([]);
  });

  it('records a remote endpoint and a user rule pack, and stays valid when the time of annotation is unknown', () => {
    const remote: GlosaProvenance = {
      exported_by: 'glosa-test 0.1.0',
      mode: 'remote',
      endpoint: 'https://glosa.example.org/tagger/annotation',
      rule_pack: { name: 'mis-reglas.json', sha256: 'f'.repeat(64) },
      glosa_version: '0.1.0',
    };
    const b = bundleOf('', [], [], remote);
    const [provenance] = only<Provenance>(b, 'Provenance');
    const ext = (url: string) => provenance?.extension?.find((e) => e.url === url);
    expect(ext(MODE_EXTENSION)?.valueCode).toBe('remote');
    expect(ext(ENDPOINT_EXTENSION)?.valueUri).toBe(remote.endpoint);
    expect(ext(RULE_PACK_EXTENSION)?.extension).toEqual([
      { url: 'name', valueString: 'mis-reglas.json' },
      { url: 'sha256', valueString: 'f'.repeat(64) },
    ]);
    expect(ext(REFERENCE_DATETIME_EXTENSION)).toBeUndefined();
    expect(provenance?.occurredDateTime).toBeUndefined();
    expect(fhirSchemaErrors(b)).toEqual([]);
  });

  it('is valid R4 with no annotations at all, and the schema check does catch invalid output', () => {
    const empty = bundleOf('', []);
    expect(fhirSchemaErrors(empty)).toEqual([]);
    const invalid = (resource: object) => fhirSchemaErrors({ ...empty, entry: [{ resource }] }).length;
    const subject = { reference: 'Patient/patient' };
    expect(invalid({ resourceType: 'Procedure', status: 'unknown', subject })).toBe(0);
    expect(invalid({ resourceType: 'Procedure', id: 'no spaces allowed', status: 'unknown', subject })).toBeGreaterThan(0);
    expect(fhirSchemaErrors({ ...empty, type: 'lista' }).length).toBeGreaterThan(0);
    expect(invalid({ resourceType: 'Procedure', status: 'unknown' })).toBeGreaterThan(0);
    expect(invalid({ resourceType: 'Procedure', status: 'unknown', subject, offsets: [0, 1] })).toBeGreaterThan(0);
  });
});
