/**
 * Issue 21: Spanish labels and family history as its own status; navigation from the panels to the
 * note; the app at 390, 800 and 1280 px wide. axe-core finds no violations in each new state.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { annotate } from './support/app.ts';

const NOTE = 'Madre con diabetes. No refiere fiebre. Dolor en el brazo izquierdo desde hace 3 días.';

async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function attachScreenshot(page: Page, info: TestInfo, name: string): Promise<void> {
  await info.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('family history is "familiar" in the table, lens and card; categories and relations are in Spanish', async ({ page }, info) => {
  await annotate(page, NOTE);
  const table = page.locator('.ann-table');
  const diabetes = table.locator('tr', { hasText: 'diabetes' });
  await expect(diabetes.locator('td').nth(4)).toHaveText('familiar');
  await expect(diabetes.locator('td').nth(2)).toHaveText('Enfermedad o síndrome');
  await expect(table.locator('tr', { hasText: 'fiebre' }).locator('td').nth(4)).toHaveText('negado');
  // No English category name anywhere in the table or the legend.
  await expect(table).not.toContainText(/Disease or Syndrome|Finding|Anatomy/);
  await expect(page.getByLabel('Leyenda')).not.toContainText(/Disease or Syndrome|Finding|Anatomy/);
  await expect(page.locator('.arcs .arc-relation text').first()).toHaveText(/localización|fecha/);

  await page.getByLabel('Estado').selectOption('family');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('diabetes');
  await noAxeViolations(page);

  await table.getByRole('button', { name: 'diabetes' }).click();
  const card = page.getByRole('region', { name: 'Concepto diabetes' });
  await expect(card.locator('dt:text-is("Estado") + dd')).toHaveText('familiar');
  await expect(card.locator('dt:text-is("Categoría") + dd')).toHaveText('Enfermedad o síndrome');

  await page.getByRole('tab', { name: 'Lente de negación' }).click();
  await expect(page.locator('.lens > p[role="status"]')).toContainText('1 familiares');
  await expect(page.locator('.lens li.lens-family')).toContainText('Madre');
  await expect(page.locator('.lens li.lens-family')).toContainText('antecedente familiar');
  await noAxeViolations(page);
  await attachScreenshot(page, info, 'family-lens');
});
