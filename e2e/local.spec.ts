/** Local mode end to end: the dictionary download with progress, then a cached second load. */
import { expect, test } from '@playwright/test';
import { annotate, armRendered } from './support/app.ts';

// These tests watch the app's own download and Cache Storage; the service worker (offline.spec.ts)
// would serve the dictionary from its precache as soon as it has installed, so it is kept out here.
test.use({ serviceWorkers: 'block' });

test('local mode downloads the dictionary with progress, annotates, and loads it from the cache next time', async ({ page }, info) => {
  const dictRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.glsd')) dictRequests.push(r.url());
  });
  // Hold the download briefly so the progress bar can be seen (the default dictionary is small).
  await page.route('**/dict/*.glsd', async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByText('El diccionario se descargará al anotar por primera vez.')).toBeVisible();
  expect(dictRequests).toEqual([]);

  const rendered = await armRendered(page);
  await page.getByLabel('Texto de la nota').fill('Sin fiebre, tos ni disnea.');
  // No click: local mode annotates once typing pauses.
  await expect(page.locator('.dict[data-phase="loading"] progress')).toBeVisible();
  await page.screenshot({ path: info.outputPath('local-dictionary-progress.png') });
  const first = await rendered();
  expect(first.annotations).toBeGreaterThan(0);
  await expect(page.locator('.dict[data-phase="ready"]')).toHaveAttribute('data-source', 'network');
  expect(dictRequests).toHaveLength(1);

  await page.unroute('**/dict/*.glsd');
  dictRequests.length = 0;
  await page.reload();
  // The note survived the reload (sessionStorage) and is annotated again, from the cached dictionary.
  await expect(page.getByLabel('Texto de la nota')).toHaveValue('Sin fiebre, tos ni disnea.');
  await expect(page.locator('.dict[data-phase="ready"]')).toHaveAttribute('data-source', 'cache');
  await expect(page.locator('.doc [data-ann]').first()).toBeVisible();
  expect(dictRequests).toEqual([]);
  const cached = await page.evaluate(async () => (await (await caches.open('glosa-dictionaries')).keys()).map((k) => k.url));
  expect(cached).toHaveLength(1);
  expect(cached[0]).toMatch(/\/dict\/by-hash\/[0-9a-f]+$/);
  await page.screenshot({ path: info.outputPath('local-cached.png'), fullPage: true });
});

test('the note is kept in sessionStorage only, never in localStorage', async ({ page }) => {
  await page.goto('/');
  await annotate(page, 'Madre con alzheimer.');
  const stores = await page.evaluate(() => ({
    session: sessionStorage.getItem('glosa-session') ?? '',
    local: JSON.stringify(localStorage),
  }));
  expect(stores.session).toContain('Madre con alzheimer.');
  expect(stores.local).not.toContain('alzheimer');
  expect(page.url()).not.toContain('alzheimer');
});

test('a dictionary in an unknown format version is refused with a clear message', async ({ page }) => {
  await page.route('**/dict/manifest.json', async (route) => {
    const manifest = (await (await route.fetch()).json()) as { default: Record<string, unknown> };
    await route.fulfill({ json: { default: { ...manifest.default, formatVersion: 99 } } });
  });
  await page.goto('/');
  await page.getByLabel('Texto de la nota').fill('Sin fiebre.');
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.locator('.dict[data-phase="error"]')).toContainText('format version 99 is not supported');
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page.locator('.doc [data-ann]')).toHaveCount(0);
});
