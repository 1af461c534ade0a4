/** Installable and offline: manifest and icons, and local mode with no network after a first load. */
import { expect, test } from '@playwright/test';
import { annotate } from './support/app.ts';
import { loadThenCutTheNetwork } from './support/offline.ts';

test('the web manifest names the icons the app ships', async ({ page }) => {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toContain('Glosa');
  for (const icon of manifest.icons) expect((await page.request.get(`/${icon.src}`)).ok()).toBe(true);
});

test('after one load, the app reloads and annotates in local mode with its server shut down', async ({ page }, info) => {
  await loadThenCutTheNetwork(page);
  const rendered = await annotate(page, 'No refiere fiebre. Posible neumonía.');
  expect(rendered.annotations).toBeGreaterThan(0);
  await expect(page.locator('.doc [data-ann]').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('offline-local.png'), fullPage: true });
  // Nothing announces a new version: this is the version that was loaded.
  await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);
});
