/** Installable and offline: manifest and icons, and local mode with no network after a first load. */
import { expect, test } from '@playwright/test';
import { annotate } from './support/app.ts';

test('after one load, the app reloads and annotates in local mode with no network at all', async ({ page, context }, info) => {
  await page.goto('/');
  // The web manifest names the icons the app ships.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toContain('Glosa');
  for (const icon of manifest.icons) expect((await page.request.get(`/${icon.src}`)).ok()).toBe(true);
  // The service worker has installed (its precache is filled before it activates).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const offline = await page.evaluate(() => navigator.onLine);
  expect(offline).toBe(false);
  const rendered = await annotate(page, 'No refiere fiebre. Posible neumonía.');
  expect(rendered.annotations).toBeGreaterThan(0);
  await expect(page.locator('.doc [data-ann]').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('offline-local.png'), fullPage: true });
  // Nothing announces a new version: this is the version that was loaded.
  await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);
  await context.setOffline(false);
});
