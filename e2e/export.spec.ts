/** Export downloads: the contract's JSON, brat standoff (.txt + .ann), CSV. */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download } from '@playwright/test';
import { annotate } from './support/app.ts';

const contents = async (d: Download) => readFile(await d.path(), 'utf8');

test('exports JSON, brat and CSV of the shown result', async ({ page }) => {
  await page.goto('/');
  const note = '😷 No refiere dolor en el brazo.';
  await annotate(page, note);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON' }).click()]);
  expect(json.suggestedFilename()).toBe('glosa-nota.json');
  const result = JSON.parse(await contents(json)) as { annotations: { match: { begin: number; text: string } }[]; version: string };
  expect(result.version).toBeTruthy();
  const dolor = result.annotations.find((a) => a.match.text === 'dolor');
  // Code points: the emoji counts as one (UTF-16 counts it as two).
  const begin = Array.from(note.slice(0, note.indexOf('dolor'))).length;
  expect(begin).toBe(note.indexOf('dolor') - 1);
  expect(dolor?.match.begin).toBe(begin);

  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await page.getByRole('button', { name: 'brat (.txt + .ann)' }).click();
  await expect.poll(() => downloads.length).toBe(2);
  const byName = Object.fromEntries(await Promise.all(downloads.map(async (d) => [d.suggestedFilename(), await contents(d)])));
  expect(byName['glosa-nota.txt']).toBe(note);
  expect(byName['glosa-nota.ann']).toMatch(new RegExp(`^T\\d+\\tFinding ${begin} ${begin + 5}\\tdolor$`, 'm'));
  expect(byName['glosa-nota.ann']).toMatch(/^A\d+\tNegated T\d+$/m);
  expect(byName['glosa-nota.ann']).toMatch(/^R\d+\thas_anatomical_location Arg1:T\d+ Arg2:T\d+$/m);

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  const rows = (await contents(csv)).trimEnd().split('\r\n');
  expect(rows[0]?.startsWith('id,begin,end,text')).toBe(true);
  expect(rows.length).toBe(result.annotations.length + 1);
});
