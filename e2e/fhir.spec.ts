/** The FHIR export button: a valid R4 Bundle named after the note and the time, with code-point offsets. */
import { readFile } from 'node:fs/promises';
import type { Bundle, Condition } from '@medplum/fhirtypes';
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
  // Local mode: the Provenance names the reference datetime and the dictionary the worker used.
  const provenance = JSON.stringify(bundle.entry?.at(-1)?.resource);
  expect(provenance).toContain('"valueString":"2024-06-10T10:00:00"');
  expect(provenance).toContain('urn:glosa:fhir:extension:dictionary');
});
