/** The negation lens explains each trigger (rule id, scope shaded), and local mode takes a user rule pack. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { annotate } from './support/app.ts';

/** The default pack's size: the user pack below disables one rule and adds one. */
const DEFAULT_RULES = (JSON.parse(readFileSync('src/core/context/rules-es.json', 'utf8')) as { rules: unknown[] }).rules.length;

const pack = (rules: unknown[]) => ({
  name: 'mis-reglas.json',
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify({ rules })),
});

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('the negation lens shades each scope and names the rule; a user pack changes the rules and can be removed', async ({ page }, info) => {
  await annotate(page, 'Sin fiebre ni tos, con dolor abdominal. Posible neumonía.');
  await page.getByRole('tab', { name: 'Lente de negación' }).click();
  const sin = page.locator('.lens li', { has: page.locator('.lens-rule', { hasText: 'neg-sin' }) });
  await expect(sin.locator('.lens-scope')).toHaveText('fiebre ni tos');
  await expect(sin.locator('.lens-excerpt .cue')).toHaveText('Sin');
  await expect(page.locator('.lens .lens-rule', { hasText: 'unc-posible' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('negation-lens-scopes.png') });

  // A bad pack is refused with the rule named; the default rules stay.
  await page.getByLabel('Paquete de reglas', { exact: true }).setInputFiles(pack([{ id: 'neg-nada', disabled: true }]));
  await expect(page.getByRole('alert')).toContainText('mis-reglas.json: rule 0 (id "neg-nada"): no rule has this id');
  await expect(page.getByTestId('context-rules-status')).toContainText('predeterminadas');

  // A pack that disables "sin" and adds "excluida" is shown as active and used.
  await page.getByLabel('Paquete de reglas', { exact: true }).setInputFiles(
    pack([
      { id: 'neg-sin', disabled: true },
      { id: 'neg-excluida', literal: 'excluida', category: 'negation', direction: 'forward', note: 'Negates what follows.' },
    ]),
  );
  await expect(page.getByTestId('context-rules-status')).toContainText(`mis-reglas.json (${DEFAULT_RULES} reglas activas)`);
  await annotate(page, 'Sin fiebre. Excluida neumonía.');
  await page.getByRole('tab', { name: 'Lente de negación' }).click();
  await expect(page.locator('.lens .lens-rule', { hasText: 'neg-excluida' })).toBeVisible();
  await expect(page.locator('.lens .lens-rule', { hasText: 'neg-sin' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('negation-lens-user-pack.png') });

  // Kept for the tab; removed, the default rules are back.
  await page.reload();
  await expect(page.getByTestId('context-rules-status')).toContainText('mis-reglas.json');
  await page.getByRole('button', { name: 'Quitar paquete de reglas' }).click();
  await expect(page.getByTestId('context-rules-status')).toContainText('predeterminadas');
  await annotate(page, 'Sin fiebre.');
  await page.getByRole('tab', { name: 'Lente de negación' }).click();
  await expect(page.locator('.lens .lens-rule', { hasText: 'neg-sin' })).toBeVisible();
});
