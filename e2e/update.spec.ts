/** A new version of the app is announced in a banner and taken only when the user chooses to reload. */
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';

const SW = 'dist/sw.js';

test('a new version is announced, never forced: the note stays until "recargar"', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled by the installed version
  await page.getByLabel('Texto de la nota').fill('Nota a medio revisar.');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  // Publish a "new build": the same service worker with another revision of index.html (same length,
  // since the preview server knows each file's size from its start).
  const original = await readFile(SW, 'utf8');
  const revised = original.replace(
    /(url:"index\.html",revision:")([0-9a-f])/,
    (_, head: string, c: string) => head + (c === '0' ? '1' : '0'),
  );
  expect(revised).not.toBe(original);
  try {
    await writeFile(SW, revised);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });
    await expect(banner).toBeVisible();
    // Announced, not forced: same page, same note.
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(page.getByLabel('Texto de la nota')).toHaveValue('Nota a medio revisar.');

    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'recargar' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
    await expect(page.getByText('Nueva versión disponible')).toHaveCount(0);
  } finally {
    await writeFile(SW, original);
  }
});
