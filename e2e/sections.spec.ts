/** Sections of the note show as bands in the document view; a family-history finding is the family's. */
import { expect, test } from '@playwright/test';
import { annotate } from './support/app.ts';

test('section bands name each section above the block where it starts', async ({ page }, info) => {
  await page.goto('/');
  await annotate(page, 'Motivo de consulta: tos.\n\nAntecedentes familiares:\nAsma.\n\nEnfermedad actual: fiebre.');
  await expect(page.locator('.doc .section-band')).toHaveText(['Motivo de consulta', 'Antecedentes familiares', 'Enfermedad actual']);
  await page.screenshot({ path: info.outputPath('section-bands.png') });
});
