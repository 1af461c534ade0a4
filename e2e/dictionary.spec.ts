/**
 * Switching dictionaries without a reload (local mode): a local file, a corrupted file and a file
 * that is no dictionary (refused, the previous one still annotates), back to the default, and a
 * dictionary at a cross-origin URL (streamed, then cached under its content hash).
 */
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readDictionaryMeta } from '../src/core/dictionary/format.ts';
import { annotate, armRendered } from './support/app.ts';
import { zetaDictionary } from './support/zeta.ts';

const NOTE = 'Paciente con dolorimiento zeta y fiebre.';

const ZETA = zetaDictionary();
const ZETA_HASH = readDictionaryMeta(ZETA).contentHash;

const doc = (page: Page, text: string) => page.locator('.doc [data-ann]', { hasText: text });
const active = (page: Page) => page.getByTestId('dict-active');

test('switches to a local file, refuses broken files keeping the previous dictionary, and switches back', async ({ page }, info) => {
  const good = info.outputPath('zeta.glsd');
  writeFileSync(good, ZETA);
  const corrupted = info.outputPath('zeta-corrupted.glsd');
  const broken = ZETA.slice();
  broken[broken.length - 1] = (broken.at(-1) ?? 0) ^ 0xff;
  writeFileSync(corrupted, broken);

  await page.goto('/');
  await annotate(page, NOTE);
  await expect(doc(page, 'fiebre')).toHaveCount(1);
  await expect(doc(page, 'dolorimiento zeta')).toHaveCount(0);
  await expect(active(page)).toContainText('glosa-default-es');
  const defaultHash = await active(page).getAttribute('data-hash');

  // A local file: the note is annotated again with the new dictionary, without a reload.
  let rendered = await armRendered(page);
  await page.getByLabel('Archivo .glsd').setInputFiles(good);
  await expect(active(page)).toHaveAttribute('data-hash', ZETA_HASH);
  await expect(active(page)).toContainText('glosa-e2e-zeta');
  await expect(active(page).locator('dd').nth(1)).toHaveText('1');
  await expect(active(page)).toContainText('zeta.glsd');
  await expect(page.locator('.dict[data-phase="ready"]')).toHaveAttribute('data-source', 'file');
  await rendered();
  await expect(doc(page, 'dolorimiento zeta')).toHaveCount(1);
  await expect(doc(page, 'fiebre')).toHaveCount(0);
  await expect(page.locator('.panels table')).toContainText('C9999991');
  await expect(page.getByLabel('Texto de la nota')).toHaveValue(NOTE);
  await page.screenshot({ path: info.outputPath('dictionary-from-file.png'), fullPage: true });

  // A corrupted copy fails its hash: clear message, the zeta dictionary stays active and annotates.
  await page.getByLabel('Archivo .glsd').setInputFiles(corrupted);
  await expect(page.locator('.dict[data-phase="error"]')).toContainText('does not match its hash');
  await expect(page.locator('.dict[data-phase="error"]')).toContainText('zeta-corrupted.glsd');
  await expect(active(page)).toHaveAttribute('data-hash', ZETA_HASH);
  await page.screenshot({ path: info.outputPath('dictionary-corrupted.png'), fullPage: true });
  await annotate(page, 'Refiere dolorimiento zeta leve.');
  await expect(doc(page, 'dolorimiento zeta')).toHaveCount(1);

  // A file that is not a dictionary at all.
  await page.getByLabel('Archivo .glsd').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
  await expect(page.locator('.dict[data-phase="error"]')).toContainText('not a Glosa dictionary');
  await expect(active(page)).toHaveAttribute('data-hash', ZETA_HASH);

  // Back to the default (from the browser's cache), and the current note is annotated with it.
  rendered = await armRendered(page);
  await page.getByRole('button', { name: 'Diccionario predeterminado' }).click();
  await expect(active(page)).toHaveAttribute('data-hash', defaultHash ?? '');
  await expect(page.locator('.dict[data-phase="ready"]')).toHaveAttribute('data-source', 'cache');
  await rendered();
  await expect(page.getByLabel('Texto de la nota')).toHaveValue('Refiere dolorimiento zeta leve.');
  await expect(doc(page, 'dolorimiento zeta')).toHaveCount(0);
  await annotate(page, NOTE);
  await expect(doc(page, 'fiebre')).toHaveCount(1);
});

test('loads a dictionary from another origin with progress, then from the cache under its hash', async ({ page }) => {
  const served: string[] = [];
  await page.route('https://dict.example.test/**', async (route) => {
    served.push(route.request().url());
    if (route.request().url().endsWith('/missing.glsd')) return route.fulfill({ status: 404, body: 'no' });
    // Held briefly so the progress can be seen.
    await new Promise((r) => setTimeout(r, 500));
    await route.fulfill({
      body: Buffer.from(ZETA),
      headers: { 'content-type': 'application/octet-stream', 'access-control-allow-origin': '*' },
    });
  });
  await page.goto('/');
  const url = page.getByLabel('URL de un diccionario .glsd');
  await url.fill('https://dict.example.test/missing.glsd');
  await page.getByRole('button', { name: 'Cargar URL' }).click();
  await expect(page.locator('.dict[data-phase="error"]')).toContainText('(HTTP 404)');

  await url.fill('https://dict.example.test/zeta.glsd');
  await page.getByRole('button', { name: 'Cargar URL' }).click();
  await expect(page.locator('.dict[data-phase="loading"] progress')).toBeVisible();
  await expect(page.locator('.dict[data-phase="ready"]')).toHaveAttribute('data-source', 'network');
  await expect(active(page)).toHaveAttribute('data-hash', ZETA_HASH);
  await expect(active(page)).toContainText('https://dict.example.test/zeta.glsd');
  const cached = await page.evaluate(async () => (await (await caches.open('glosa-dictionaries')).keys()).map((k) => k.url));
  expect(cached.some((key) => key.endsWith(`/dict/by-hash/${ZETA_HASH}`))).toBe(true);
  // The note is annotated with the active (URL) dictionary; the default is never fetched.
  await annotate(page, NOTE);
  await expect(doc(page, 'dolorimiento zeta')).toHaveCount(1);

  await page.reload();
  await page.getByLabel('URL de un diccionario .glsd').fill('https://dict.example.test/zeta.glsd');
  await page.getByRole('button', { name: 'Cargar URL' }).click();
  await expect(page.locator('.dict[data-phase="ready"]')).toHaveAttribute('data-source', 'cache');
  await expect(active(page)).toHaveAttribute('data-hash', ZETA_HASH);
  expect(served).toHaveLength(3);
});
