/**
 * FHIR R4 export: one resource type per kind of mention, statuses, codes, offsets, and R4 validity
 * (the R4 JSON schema; the status codes it leaves to value sets are checked by the R4 types).
 */
import type {
  AllergyIntolerance,
  Bundle,
  Condition,
  FamilyMemberHistory,
  Medication,
  MedicationStatement,
  Observation,
  Procedure,
  Provenance,
  Resource,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { fhirSchemaErrors } from '../../../tests/support/fhir-schema.ts';
import type { Annotation, AnnotationResult, Quantity, Span } from '../contract.ts';
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

  describe('medication frames as MedicationStatement.dosage', () => {
    const drug = (text: string, id: number, part: string, extra: Partial<Annotation> = {}) =>
      ann(id, span(text, part), 'Pharmacologic Substance', 'Substance', { umls: 'C0002645' }, extra);
    const dose = (text: string, id: number, part: string, head: number, quantity: Quantity, from = 0) =>
      ann(
        id,
        span(text, part, from),
        'Quantitative Concept',
        'Quantitative Concept',
        { umls: 'L0000001' },
        { head, characteristics: { quantity } },
      );
    const timex = (text: string, id: number, part: string, head: number, type: 'SET' | 'DURATION', value: string, from = 0) =>
      ann(
        id,
        span(text, part, from),
        'Temporal Concept',
        'Temporal Concept',
        { umls: type === 'SET' ? 'L0000103' : 'L0000102' },
        { head, characteristics: { timex: { type, value } } },
      );
    const route = (text: string, id: number, part: string, head: number, code: string) =>
      ann(id, span(text, part), 'Functional Concept', 'Spatial Concept', { umls: code }, { head });
    const form = (text: string, id: number, part: string, head: number) =>
      ann(id, span(text, part), 'Biomedical or Dental Material', 'Manufactured Object', { umls: 'L0000600' }, { head });
    const meds = (b: Bundle) => only<MedicationStatement>(b, 'MedicationStatement');

    it('writes a drug with everything: text, timing, duration, route, dose, and its form on a contained Medication', () => {
      const text = '😷 Amoxicilina 500 mg 1 comprimido cada 8 horas vía oral durante 7 días.';
      const b = bundleOf(
        text,
        [
          drug(text, 0, 'Amoxicilina'),
          dose(text, 1, '500 mg', 0, { value: 500, unit: 'mg' }),
          form(text, 2, 'comprimido', 0),
          timex(text, 3, 'cada 8 horas', 0, 'SET', 'PT8H'),
          route(text, 4, 'vía oral', 0, 'L0000200'),
          timex(text, 5, '7 días', 0, 'DURATION', 'P7D'),
        ],
        [
          { from: 0, to: 1, rel: 'has_quantity' },
          { from: 0, to: 2, rel: 'has_form' },
          { from: 0, to: 3, rel: 'has_frequency' },
          { from: 0, to: 4, rel: 'has_route' },
          { from: 0, to: 5, rel: 'has_duration' },
        ],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [statement, ...rest] = meds(b);
      expect(rest).toEqual([]);
      expect(statement?.status).toBe('unknown');
      expect(statement?.dosage).toEqual([
        {
          text: '500 mg 1 comprimido cada 8 horas vía oral durante 7 días',
          timing: {
            repeat: {
              frequency: 1,
              period: 8,
              periodUnit: 'h',
              boundsDuration: { value: 7, unit: 'd', system: 'http://unitsofmeasure.org', code: 'd' },
            },
          },
          route: { coding: [{ system: FHIR_SYSTEMS.snomed_ct, code: '26643006' }], text: 'vía oral' },
          doseAndRate: [{ doseQuantity: { value: 500, unit: 'mg' } }],
        },
      ]);
      // The form is the medication's, not the dosage's: a contained Medication the statement references.
      expect(statement?.medicationCodeableConcept).toBeUndefined();
      expect(statement?.medicationReference).toEqual({ reference: '#medication', display: 'Amoxicilina' });
      expect(statement?.contained).toEqual([
        {
          resourceType: 'Medication',
          id: 'medication',
          code: { coding: [{ system: FHIR_SYSTEMS.umls, code: 'C0002645', display: 'Amoxicilina' }], text: 'Amoxicilina' },
          form: { text: 'comprimido' },
        } satisfies Medication,
      ]);
      // No other resource for the frame's parts: they are the drug's.
      expect(resources(b).map((r) => r.resourceType)).toEqual(['Patient', 'MedicationStatement', 'Provenance']);
    });

    it('writes a drug with only a dose as a dosage with that dose and its words, and nothing invented', () => {
      const text = 'Apixabán 5 mg.';
      const b = bundleOf(
        text,
        [drug(text, 0, 'Apixabán'), dose(text, 1, '5 mg', 0, { value: 5, unit: 'mg' })],
        [{ from: 0, to: 1, rel: 'has_quantity' }],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [statement] = meds(b);
      expect(statement?.medicationCodeableConcept?.text).toBe('Apixabán');
      expect(statement?.contained).toBeUndefined();
      expect(statement?.dosage).toEqual([{ text: '5 mg', doseAndRate: [{ doseQuantity: { value: 5, unit: 'mg' } }] }]);
    });

    it('writes a negated drug not-taken with no dosage, and keeps the dosage a stopped drug’s note states', () => {
      const text = 'No toma ibuprofeno. Suspender enoxaparina 40 mg sc.';
      const negated = (part: string) => ({ characteristics: { negative: { trigger: span(text, part) } } });
      const b = bundleOf(
        text,
        [
          drug(text, 0, 'ibuprofeno', negated('No')),
          drug(text, 1, 'enoxaparina', negated('Suspender')),
          dose(text, 2, '40 mg', 1, { value: 40, unit: 'mg' }),
          route(text, 3, 'sc', 1, 'L0000202'),
        ],
        [
          { from: 1, to: 2, rel: 'has_quantity' },
          { from: 1, to: 3, rel: 'has_route' },
        ],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [ibuprofen, enoxaparin] = meds(b);
      expect(ibuprofen?.status).toBe('not-taken');
      expect(ibuprofen).not.toHaveProperty('dosage');
      expect(enoxaparin?.status).toBe('not-taken');
      expect(enoxaparin?.dosage).toEqual([
        {
          text: '40 mg sc',
          route: { coding: [{ system: FHIR_SYSTEMS.snomed_ct, code: '34206005' }], text: 'sc' },
          doseAndRate: [{ doseQuantity: { value: 40, unit: 'mg' } }],
        },
      ]);
    });

    it('reads counts, times of day, ranges and bounds; an inhaled route and a combination dose stay words', () => {
      const text =
        'Metformina 850 mg dos veces al día. Lorazepam 1 mg antes de acostarse. Morfina 2-3 mg cada 4 horas. ' +
        'Tramadol hasta 50 mg al día en la cena. Salbutamol inhalado. Amoxicilina 875/125 mg.';
      const annotations = [
        drug(text, 0, 'Metformina'),
        dose(text, 1, '850 mg', 0, { value: 850, unit: 'mg' }),
        timex(text, 2, 'dos veces al día', 0, 'SET', 'P1D'),
        drug(text, 3, 'Lorazepam'),
        dose(text, 4, '1 mg', 3, { value: 1, unit: 'mg' }),
        timex(text, 5, 'acostarse', 3, 'SET', 'XXXX-XX-XXTNI'),
        drug(text, 6, 'Morfina'),
        dose(text, 7, '2-3 mg', 6, { value: 2, unit: 'mg', high: 3 }),
        timex(text, 8, 'cada 4 horas', 6, 'SET', 'PT4H'),
        drug(text, 9, 'Tramadol'),
        dose(text, 10, '50 mg', 9, { value: 50, unit: 'mg', comparator: '<=' }, text.indexOf('Tramadol')),
        timex(text, 11, 'al día', 9, 'SET', 'P1D', text.indexOf('Tramadol')),
        timex(text, 12, 'cena', 9, 'SET', 'XXXX-XX-XXTNI'),
        drug(text, 13, 'Salbutamol'),
        route(text, 14, 'inhalado', 13, 'L0000204'),
        drug(text, 15, 'Amoxicilina'),
        dose(text, 16, '875/125 mg', 15, { value: 875, unit: 'mg', amounts: [875, 125] }),
      ];
      const rel = (a: Annotation) =>
        a.characteristics.quantity ? 'has_quantity' : a.characteristics.timex ? 'has_frequency' : 'has_route';
      const relations = annotations.flatMap((a) => (a.head === undefined ? [] : [{ from: a.head, to: a.id, rel: rel(a) }]));
      // A service may send the heads without relations: the frame is read from them as well.
      for (const b of [bundleOf(text, annotations, relations), bundleOf(text, annotations, [])]) {
        expect(fhirSchemaErrors(b)).toEqual([]);
        const dosage = meds(b).map((m) => m.dosage?.[0]);
        expect(dosage.map((d) => d?.text)).toEqual([
          '850 mg dos veces al día',
          '1 mg antes de acostarse',
          '2-3 mg cada 4 horas',
          'hasta 50 mg al día en la cena',
          'inhalado',
          '875/125 mg',
        ]);
        expect(dosage.map((d) => d?.timing?.repeat)).toEqual([
          { frequency: 2, period: 1, periodUnit: 'd' },
          { when: ['HS'] },
          { frequency: 1, period: 4, periodUnit: 'h' },
          { frequency: 1, period: 1, periodUnit: 'd', when: ['CV'] },
          undefined,
          undefined,
        ]);
        expect(dosage.map((d) => d?.doseAndRate)).toEqual([
          [{ doseQuantity: { value: 850, unit: 'mg' } }],
          [{ doseQuantity: { value: 1, unit: 'mg' } }],
          [{ doseRange: { low: { value: 2, unit: 'mg' }, high: { value: 3, unit: 'mg' } } }],
          [{ doseRange: { high: { value: 50, unit: 'mg' } } }],
          undefined,
          undefined,
        ]);
        expect(dosage[4]?.route).toEqual({ text: 'inhalado' });
      }
    });

    it('writes no timing where FHIR has no positive frequency for it ("0-0-0"), and no dosage for a drug whose frame is only its form', () => {
      const text = 'Atorvastatina 40 mg 0-0-0. Ibuprofeno comprimidos.';
      const b = bundleOf(
        text,
        [
          drug(text, 0, 'Atorvastatina'),
          dose(text, 1, '40 mg', 0, { value: 40, unit: 'mg' }),
          timex(text, 2, '0-0-0', 0, 'SET', 'P1D'),
          drug(text, 3, 'Ibuprofeno'),
          form(text, 4, 'comprimidos', 3),
        ],
        [],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [atorvastatin, ibuprofen] = meds(b);
      expect(atorvastatin?.dosage).toEqual([{ text: '40 mg 0-0-0', doseAndRate: [{ doseQuantity: { value: 40, unit: 'mg' } }] }]);
      expect(ibuprofen?.dosage).toBeUndefined();
      expect(ibuprofen?.contained?.[0]).toMatchObject({ resourceType: 'Medication', form: { text: 'comprimidos' } });
    });

    it('makes a substance given with a regimen a drug, leaves one with only an amount measured, and a treatment a Procedure', () => {
      const text = 'Insulina 10 UI sc. Potasio 4,5 mEq/l. Oxigenoterapia 2 lpm.';
      const b = bundleOf(
        text,
        [
          ann(0, span(text, 'Insulina'), 'Hormone', 'Substance', { umls: 'C0021641' }),
          dose(text, 1, '10 UI', 0, { value: 10, unit: 'UI' }),
          route(text, 2, 'sc', 0, 'L0000202'),
          ann(3, span(text, 'Potasio'), 'Element, Ion, or Isotope', 'Substance', { umls: 'C0032821' }),
          dose(text, 4, '4,5 mEq/l', 3, { value: 4.5, unit: 'mEq/l' }),
          ann(5, span(text, 'Oxigenoterapia'), 'Therapeutic or Preventive Procedure', 'Therapeutic or Preventive Procedure', {
            umls: 'C0184633',
          }),
          dose(text, 6, '2 lpm', 5, { value: 2, unit: 'lpm' }),
        ],
        [
          { from: 0, to: 1, rel: 'has_quantity' },
          { from: 0, to: 2, rel: 'has_route' },
          { from: 3, to: 4, rel: 'has_quantity' },
          { from: 5, to: 6, rel: 'has_quantity' },
        ],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      expect(resources(b).map((r) => r.resourceType)).toEqual(['Patient', 'MedicationStatement', 'Observation', 'Procedure', 'Provenance']);
      expect(meds(b)[0]?.dosage?.[0]?.doseAndRate).toEqual([{ doseQuantity: { value: 10, unit: 'UI' } }]);
      expect(only<Observation>(b, 'Observation')[0]?.valueQuantity).toEqual({ value: 4.5, unit: 'mEq/l' });
    });
  });

  describe('what the note states (issue 30)', () => {
    const code = (c: { coding?: { system?: string; code?: string }[] } | undefined) => c?.coding?.map((x) => `${x.system}|${x.code}`);

    it('writes "Alergia a penicilina" as an AllergyIntolerance to penicillin, not a MedicationStatement', () => {
      const text = 'Alergia a penicilina y AINEs.';
      const b = bundleOf(
        text,
        [
          ann(0, span(text, 'Alergia'), 'Pathologic Function', 'Disease or Syndrome', { umls: 'C0020517' }),
          ann(1, span(text, 'penicilina'), 'Antibiotic', 'Substance', { umls: 'C0030842', snomed_ct: ['764146007'] }, { head: 0 }),
          ann(2, span(text, 'AINEs'), 'Pharmacologic Substance', 'Substance', { umls: 'C0003211' }, { head: 0 }),
        ],
        [
          { from: 0, to: 1, rel: 'has_allergen' },
          { from: 0, to: 2, rel: 'has_allergen' },
        ],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      expect(only<MedicationStatement>(b, 'MedicationStatement')).toEqual([]);
      expect(only<Condition>(b, 'Condition')).toEqual([]);
      const allergies = only<AllergyIntolerance>(b, 'AllergyIntolerance');
      expect(allergies.map((x) => x.code?.text)).toEqual(['penicilina', 'AINEs']);
      expect(code(allergies[0]?.code)).toEqual([`${FHIR_SYSTEMS.umls}|C0030842`, `${FHIR_SYSTEMS.snomed_ct}|764146007`]);
      expect(allergies.map((x) => x.verificationStatus?.coding?.[0]?.code)).toEqual(['confirmed', 'confirmed']);
      expect(allergies.map((x) => x.clinicalStatus?.coding?.[0]?.code)).toEqual(['active', 'active']);
      expect(allergies[0]?.category).toEqual(['medication']);
      expect(allergies[0]?.patient).toEqual({ reference: 'Patient/patient' });
    });

    it('writes "no known drug allergies" as such: negated with no allergen, or NAMC', () => {
      const text = 'No alergias medicamentosas conocidas. NAMC. Niega alergias.';
      const b = bundleOf(text, [
        ann(
          0,
          span(text, 'alergias medicamentosas'),
          'Pathologic Function',
          'Disease or Syndrome',
          { umls: 'C0013182', snomed_ct: ['416098002'] },
          { characteristics: { negative: { trigger: span(text, 'No') } } },
        ),
        ann(1, span(text, 'NAMC'), 'Finding', 'Finding', { umls: 'C0262581' }),
        ann(
          2,
          span(text, 'alergias', 40),
          'Pathologic Function',
          'Disease or Syndrome',
          { umls: 'C0020517' },
          { characteristics: { negative: { trigger: span(text, 'Niega') } } },
        ),
      ]);
      expect(fhirSchemaErrors(b)).toEqual([]);
      expect(only<Condition>(b, 'Condition')).toEqual([]);
      const allergies = only<AllergyIntolerance>(b, 'AllergyIntolerance');
      expect(allergies.map((x) => code(x.code)?.[0])).toEqual([
        `${FHIR_SYSTEMS.snomed_ct}|409137002`,
        `${FHIR_SYSTEMS.snomed_ct}|409137002`,
        `${FHIR_SYSTEMS.snomed_ct}|716186003`,
      ]);
      expect(allergies.map((x) => x.verificationStatus?.coding?.[0]?.code)).toEqual(['confirmed', 'confirmed', 'confirmed']);
      expect(allergies[0]?.code?.text).toBe('No alergias medicamentosas');
    });

    it('never writes a conditional ("Si presenta…") finding as a Condition, nor an uncertain one as confirmed', () => {
      const text = 'Si presenta dolor torácico, acudir a urgencias. Posible neumonía.';
      const trigger = { trigger: span(text, 'Si') };
      const b = bundleOf(text, [
        ann(
          0,
          span(text, 'dolor torácico'),
          'Sign or Symptom',
          'Finding',
          { umls: 'C0008031' },
          {
            characteristics: { uncertain: trigger, hypothetical: trigger },
          },
        ),
        ann(
          1,
          span(text, 'neumonía'),
          'Disease or Syndrome',
          'Disease or Syndrome',
          { umls: 'C0032285' },
          {
            characteristics: { uncertain: { trigger: span(text, 'Posible') } },
          },
        ),
      ]);
      expect(fhirSchemaErrors(b)).toEqual([]);
      const conditions = only<Condition>(b, 'Condition');
      expect(conditions.map((c) => c.code?.text)).toEqual(['neumonía']);
      expect(conditions.map(verification)).toEqual(['provisional']);
      expect(resources(b).filter((r) => JSON.stringify(r).includes('C0008031'))).toEqual([]);
    });

    it('writes normal findings as Observations with interpretation N, not Conditions', () => {
      const text = 'Ritmo sinusal. Murmullo vesicular conservado. Abdomen blando, peristaltismo normal.';
      const b = bundleOf(text, [
        ann(0, span(text, 'Ritmo sinusal'), 'Finding', 'Finding', { umls: 'C0232201' }),
        ann(1, span(text, 'Murmullo vesicular conservado'), 'Finding', 'Finding', { umls: 'C0231857' }),
        ann(2, span(text, 'peristaltismo normal'), 'Finding', 'Finding', { umls: 'C0000001' }),
      ]);
      expect(fhirSchemaErrors(b)).toEqual([]);
      expect(only<Condition>(b, 'Condition')).toEqual([]);
      const observations = only<Observation>(b, 'Observation');
      expect(observations.map((o) => o.code?.text)).toEqual(['Ritmo sinusal', 'Murmullo vesicular conservado', 'peristaltismo normal']);
      expect(observations.map((o) => o.interpretation?.[0]?.coding?.[0]?.code)).toEqual(['N', 'N', 'N']);
      expect(observations.every((o) => o.status === 'final')).toBe(true);
    });

    it('writes "Troponina negativa" and "PCR positiva" as Observations with that value', () => {
      const text = 'Troponina negativa. PCR positiva.';
      const b = bundleOf(text, [
        ann(
          0,
          span(text, 'Troponina'),
          'Amino Acid, Peptide, or Protein',
          'Substance',
          { umls: 'C0041199' },
          {
            characteristics: { negative: { trigger: span(text, 'negativa') } },
          },
        ),
        ann(1, span(text, 'PCR'), 'Laboratory Procedure', 'Laboratory Procedure', { umls: 'C0201657' }),
      ]);
      expect(fhirSchemaErrors(b)).toEqual([]);
      const observations = only<Observation>(b, 'Observation');
      expect(observations.map((o) => [o.code?.text, o.valueCodeableConcept?.text, code(o.valueCodeableConcept)?.[0]])).toEqual([
        ['Troponina', 'negativa', `${FHIR_SYSTEMS.snomed_ct}|260385009`],
        ['PCR', 'positiva', `${FHIR_SYSTEMS.snomed_ct}|10828004`],
      ]);
      expect(observations.map((o) => o.interpretation?.[0]?.coding?.[0]?.code)).toEqual(['NEG', 'POS']);
      expect(observations.map((o) => o.status)).toEqual(['final', 'final']);
    });

    it('writes a relative’s onset age and death where the note says them', () => {
      const text = 'Padre fallecido de infarto a los 60 años. Madre con cáncer de mama a los 50 años. Tío con asma.';
      const relative = (who: string) => ({ match: span(text, who) });
      const b = bundleOf(text, [
        ann(
          0,
          span(text, 'infarto'),
          'Pathologic Function',
          'Disease or Syndrome',
          { umls: 'C0021308' },
          {
            characteristics: { family_member: relative('Padre') },
          },
        ),
        ann(
          1,
          span(text, '60 años'),
          'Organism Attribute',
          'Quantitative Concept',
          { umls: 'L0000500' },
          {
            characteristics: { family_member: relative('Padre'), age: { value: 60, unit: 'a' } },
          },
        ),
        ann(
          2,
          span(text, 'cáncer de mama'),
          'Neoplastic Process',
          'Disease or Syndrome',
          { umls: 'C0006142' },
          {
            characteristics: { family_member: relative('Madre') },
          },
        ),
        ann(
          3,
          span(text, '50 años'),
          'Organism Attribute',
          'Quantitative Concept',
          { umls: 'L0000500' },
          {
            characteristics: { family_member: relative('Madre'), age: { value: 50, unit: 'a' } },
          },
        ),
        ann(
          4,
          span(text, 'asma'),
          'Disease or Syndrome',
          'Disease or Syndrome',
          { umls: 'C0004096' },
          {
            characteristics: { family_member: relative('Tío') },
          },
        ),
      ]);
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [father, mother, uncle] = only<FamilyMemberHistory>(b, 'FamilyMemberHistory');
      const age = (value: number) => ({ value, unit: 'a', system: 'http://unitsofmeasure.org', code: 'a' });
      expect(father?.deceasedAge).toEqual(age(60));
      expect(father?.condition?.[0]).toMatchObject({ onsetAge: age(60), contributedToDeath: true });
      expect(mother?.deceasedAge ?? mother?.deceasedBoolean).toBeUndefined();
      expect(mother?.condition?.[0]?.onsetAge).toEqual(age(50));
      expect(mother?.condition?.[0]?.contributedToDeath).toBeUndefined();
      expect(uncle?.condition?.[0]?.onsetAge).toBeUndefined();
    });

    it('gives no bodySite from a site inside the mention’s own words ("tensión arterial elevada")', () => {
      const text = 'Tensión arterial elevada. Dolor en el brazo.';
      const b = bundleOf(
        text,
        [
          ann(0, span(text, 'Tensión arterial elevada'), 'Finding', 'Finding', { umls: 'C0497247' }),
          ann(1, span(text, 'arterial'), 'Body Part, Organ, or Organ Component', 'Anatomy', { umls: 'C0003842' }, { head: 0 }),
          ann(2, span(text, 'Dolor'), 'Sign or Symptom', 'Finding', { umls: 'C0030193' }),
          ann(3, span(text, 'brazo'), 'Body Part, Organ, or Organ Component', 'Anatomy', { umls: 'C0446516' }),
        ],
        [
          { from: 0, to: 1, rel: 'has_anatomical_location' },
          { from: 2, to: 3, rel: 'has_anatomical_location' },
        ],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [pressure, pain] = only<Condition>(b, 'Condition');
      expect(pressure?.bodySite).toBeUndefined();
      expect(pain?.bodySite?.map((s) => s.text)).toEqual(['brazo']);
    });

    it('writes a blood pressure as systolic and diastolic components, and bounds and ranges whole', () => {
      const text = 'TA 130/85 mmHg. Sat O2 >95%. FR 14-18 rpm.';
      const q = (id: number, part: string, head: number, quantity: Quantity) =>
        ann(
          id,
          span(text, part),
          'Quantitative Concept',
          'Quantitative Concept',
          { umls: 'L0000001' },
          { head, characteristics: { quantity } },
        );
      const b = bundleOf(
        text,
        [
          ann(0, span(text, 'TA'), 'Organism Function', 'Organism Attribute', { umls: 'C0005823' }),
          q(1, '130/85 mmHg', 0, { value: 130, unit: 'mmHg', systolic: 130, diastolic: 85 }),
          ann(2, span(text, 'Sat O2'), 'Laboratory Procedure', 'Laboratory Procedure', { umls: 'C0523807' }),
          q(3, '95%', 2, { value: 95, unit: '%', comparator: '>' }),
          ann(4, span(text, 'FR'), 'Clinical Attribute', 'Organism Attribute', { umls: 'C0231832' }),
          q(5, '14-18 rpm', 4, { value: 14, unit: 'rpm', high: 18 }),
        ],
        [
          { from: 0, to: 1, rel: 'has_quantity' },
          { from: 2, to: 3, rel: 'has_quantity' },
          { from: 4, to: 5, rel: 'has_quantity' },
        ],
      );
      expect(fhirSchemaErrors(b)).toEqual([]);
      const [pressure, saturation, rate] = only<Observation>(b, 'Observation');
      expect(pressure?.valueQuantity).toBeUndefined();
      expect(code(pressure?.code)).toEqual([`${FHIR_SYSTEMS.umls}|C0005823`, `${FHIR_SYSTEMS.loinc}|85354-9`]);
      const mmHg = (value: number) => ({ value, unit: 'mmHg', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' });
      expect(pressure?.component?.map((c) => [code(c.code)?.[0], c.valueQuantity])).toEqual([
        [`${FHIR_SYSTEMS.loinc}|8480-6`, mmHg(130)],
        [`${FHIR_SYSTEMS.loinc}|8462-4`, mmHg(85)],
      ]);
      expect(saturation?.valueQuantity).toEqual({ value: 95, unit: '%', comparator: '>' });
      expect(rate?.valueRange).toEqual({ low: { value: 14, unit: 'rpm' }, high: { value: 18, unit: 'rpm' } });
    });
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
