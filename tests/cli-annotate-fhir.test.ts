/** `glosa annotate --format fhir` through the real command: one valid R4 Bundle per line. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Bundle, Condition, MedicationStatement, OperationOutcome, Provenance } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { fhirSchemaErrors } from './support/fhir-schema.ts';

const bin = fileURLToPath(new URL('../bin/glosa.mjs', import.meta.url));

function glosa(args: string[], input: string) {
  const run = spawnSync(process.execPath, [bin, 'annotate', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  const lines = run.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Bundle | OperationOutcome);
  return { status: run.status, stderr: run.stderr, lines };
}

describe('glosa annotate --format fhir', () => {
  it('writes one valid Bundle per note and an OperationOutcome for a bad line', () => {
    const input = [
      '{"id":"n1","text":"😷 No refiere fiebre. Posible neumonía."}',
      'not json',
      '{"id":"n3","text":"Madre con diabetes."}',
    ].join('\n');
    const { status, lines } = glosa(['--format', 'fhir', '--datetime', '2024-06-10T12:00:00'], input + '\n');
    expect(status).toBe(0);
    expect(lines.map((l) => l.resourceType)).toEqual(['Bundle', 'OperationOutcome', 'Bundle']);
    for (const line of lines) expect(fhirSchemaErrors(line)).toEqual([]);

    const [first, refused, third] = lines as [Bundle, OperationOutcome, Bundle];
    expect(first.identifier).toEqual({ value: 'n1' });
    const conditions = (first.entry ?? []).map((e) => e.resource).filter((r): r is Condition => r?.resourceType === 'Condition');
    expect(conditions.map((c) => [c.code?.text, c.verificationStatus?.coding?.[0]?.code])).toEqual([
      ['fiebre', 'refuted'],
      ['neumonía', 'provisional'],
    ]);
    const span = conditions[0]?.extension?.[0]?.extension ?? [];
    // Code points: the emoji counts once, so "fiebre" starts at 13, not 14.
    expect(span.find((e) => e.url === 'begin')?.valueInteger).toBe(13);
    const provenance = first.entry?.at(-1)?.resource as Provenance;
    expect(JSON.stringify(provenance.extension)).toContain('2024-06-10T12:00:00');
    // What produced it: the CLI, in process (local), with the built-in rules, annotated just now.
    const ext = (url: string) => provenance.extension?.find((e) => e.url === `urn:glosa:fhir:extension:${url}`);
    expect(ext('mode')?.valueCode).toBe('local');
    expect(ext('rule-pack')?.valueCode).toBe('default');
    expect(ext('exported-by')?.valueString).toMatch(/^glosa-cli \d/);
    expect(provenance.occurredDateTime).toBe(provenance.recorded);
    expect(refused.issue[0]?.details?.text).toBe('invalid_json');
    expect(third.entry?.map((e) => e.resource?.resourceType)).toContain('FamilyMemberHistory');
  });

  it('writes each drug’s medication frame as its dosage, and a negated drug not-taken with none', () => {
    const text =
      '😷 Apixabán 5 mg cada 12 horas vía oral. Amoxicilina 875/125 mg 1 comprimido cada 8 horas durante 7 días. ' +
      'Omeprazol 20 mg 1-0-1. Lorazepam 1 mg antes de acostarse. No toma ibuprofeno.';
    const { status, lines } = glosa(['--format', 'fhir'], JSON.stringify({ id: 'm1', text }) + '\n');
    expect(status).toBe(0);
    const [bundle] = lines as [Bundle];
    expect(fhirSchemaErrors(bundle)).toEqual([]);
    const meds = (bundle.entry ?? [])
      .map((e) => e.resource)
      .filter((r): r is MedicationStatement => r?.resourceType === 'MedicationStatement');
    const drugName = (m: MedicationStatement) => m.medicationCodeableConcept?.text ?? m.medicationReference?.display;
    expect(meds.map((m) => [drugName(m), m.status, m.dosage?.[0]?.text])).toEqual([
      ['Apixabán', 'unknown', '5 mg cada 12 horas vía oral'],
      ['Amoxicilina', 'unknown', '875/125 mg 1 comprimido cada 8 horas durante 7 días'],
      ['Omeprazol', 'unknown', '20 mg 1-0-1'],
      ['Lorazepam', 'unknown', '1 mg antes de acostarse'],
      ['ibuprofeno', 'not-taken', undefined],
    ]);
    const [apixaban, amoxicillin, omeprazole, lorazepam, ibuprofen] = meds;
    expect(apixaban?.dosage?.[0]).toMatchObject({
      timing: { repeat: { frequency: 1, period: 12, periodUnit: 'h' } },
      route: { coding: [{ system: 'http://snomed.info/sct', code: '26643006' }], text: 'vía oral' },
      doseAndRate: [{ doseQuantity: { value: 5, unit: 'mg' } }],
    });
    // A combination dose is no single doseQuantity; its form goes on the contained Medication.
    expect(amoxicillin?.dosage?.[0]?.doseAndRate).toBeUndefined();
    expect(amoxicillin?.dosage?.[0]?.timing?.repeat?.boundsDuration).toMatchObject({ value: 7, code: 'd' });
    expect(amoxicillin?.medicationReference?.reference).toBe('#medication');
    expect(amoxicillin?.contained?.[0]).toMatchObject({ resourceType: 'Medication', form: { text: 'comprimido' } });
    expect(omeprazole?.dosage?.[0]?.timing?.repeat).toEqual({ frequency: 2, period: 1, periodUnit: 'd' });
    expect(lorazepam?.dosage?.[0]?.timing?.repeat).toEqual({ when: ['HS'] });
    expect(ibuprofen?.dosage).toBeUndefined();
    // The drug's place in the note, in code points (the emoji counts once).
    expect(apixaban?.extension?.[0]?.extension?.find((e) => e.url === 'begin')?.valueInteger).toBe(2);
  });

  it('refuses an unknown format at once', () => {
    const { status, stderr, lines } = glosa(['--format', 'xml'], '{"id":"1","text":"tos"}\n');
    expect(status).toBe(2);
    expect(stderr).toContain('--format must be json or fhir');
    expect(lines).toEqual([]);
  });
});
