/** The FHIR export button: a valid R4 Bundle named after the note and the time, with code-point offsets. */
import { readFile } from 'node:fs/promises';
import type { Bundle, Condition, MedicationStatement, Provenance } from '@medplum/fhirtypes';
import { expect, test } from '@playwright/test';
import { fhirSchemaErrors } from '../tests/support/fhir-schema.ts';
import { annotate } from './support/app.ts';

test('exports the shown result as a FHIR R4 Bundle that validates', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  const note = '😷 No refiere dolor en el brazo. Posible neumonía.';
  await annotate(page, note);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'FHIR', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^glosa-no-refiere-dolor-en-\d{8}-\d{6}\.fhir\.json$/);
  const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as Bundle;
  expect(fhirSchemaErrors(bundle)).toEqual([]);

  const conditions = (bundle.entry ?? []).map((e) => e.resource).filter((r): r is Condition => r?.resourceType === 'Condition');
  const status = Object.fromEntries(conditions.map((c) => [c.code?.text, c.verificationStatus?.coding?.[0]?.code]));
  expect(status).toMatchObject({ dolor: 'refuted', neumonía: 'provisional' });
  const dolor = conditions.find((c) => c.code?.text === 'dolor');
  const begin = dolor?.extension?.[0]?.extension?.find((e) => e.url === 'begin')?.valueInteger;
  expect(begin).toBe(Array.from(note.slice(0, note.indexOf('dolor'))).length);
  // Local mode: the Provenance names the reference datetime and the dictionary the worker used,
  // the mode, the built-in rules, the exporting app, and when the note was annotated and exported.
  const provenance = bundle.entry?.at(-1)?.resource as Provenance;
  expect(provenance.resourceType).toBe('Provenance');
  const ext = (name: string) => provenance.extension?.find((e) => e.url === `urn:glosa:fhir:extension:${name}`);
  expect(ext('reference-datetime')?.valueString).toBe('2024-06-10T10:00:00');
  const hash = ext('dictionary')?.extension?.find((e) => e.url === 'contentHash')?.valueString ?? '';
  expect(hash).toMatch(/^[0-9a-f]{12,}$/);
  await expect(page.getByTestId('result-status')).toContainText(`#${hash.slice(0, 12)}`);
  expect(ext('mode')?.valueCode).toBe('local');
  expect(ext('rule-pack')?.valueCode).toBe('default');
  expect(ext('exported-by')?.valueString).toMatch(/^glosa-app /);
  expect(Date.parse(provenance.occurredDateTime ?? '')).toBeLessThanOrEqual(Date.parse(provenance.recorded));
  expect(bundle.timestamp).toBe(provenance.recorded);
});

test("a drug's frame becomes its MedicationStatement's dosage, its form a contained Medication", async ({ page }) => {
  await page.goto('/');
  await annotate(page, 'Paracetamol 1 g 1 comprimido cada 8 horas vía oral durante 5 días.');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'FHIR', exact: true }).click()]);
  const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as Bundle;
  expect(fhirSchemaErrors(bundle)).toEqual([]);
  const statement = (bundle.entry ?? [])
    .map((e) => e.resource)
    .find((r): r is MedicationStatement => r?.resourceType === 'MedicationStatement');
  const dosage = statement?.dosage?.[0];
  expect(dosage?.timing?.repeat).toMatchObject({ frequency: 1, period: 8, periodUnit: 'h' });
  expect(dosage?.timing?.repeat?.boundsDuration).toMatchObject({ value: 5 });
  expect(dosage?.route?.coding?.[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '26643006' });
  expect(dosage?.doseAndRate?.[0]?.doseQuantity).toMatchObject({ value: 1, unit: 'g' });
  expect(statement?.contained?.[0]).toMatchObject({ resourceType: 'Medication', form: { text: 'comprimido' } });
});
