/**
 * Export downloads: the contract's JSON, brat standoff (.txt + .ann + .provenance.json), CSV. Each
 * records what produced the result and is named after the note and the time; local mode
 * re-annotates when the reference datetime or the rule pack changes, so exports are never stale.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { annotate, chooseRemote, startService } from './support/app.ts';

const contents = async (d: Download) => readFile(await d.path(), 'utf8');

interface Provenance {
  exported_by: string;
  mode?: string;
  endpoint?: string;
  text_datetime?: string;
  dictionary?: { id?: string; content_hash: string };
  rule_pack?: { name: string; sha256: string } | null;
  glosa_version: string;
  annotated_at?: string;
  exported_at?: string;
}

/** Clicks an export button and returns its downloads by file name. */
async function exportFiles(page: Page, button: string, count = 1): Promise<Record<string, string>> {
  const downloads: Download[] = [];
  const collect = (d: Download) => downloads.push(d);
  page.on('download', collect);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => downloads.length).toBe(count);
  page.off('download', collect);
  return Object.fromEntries(await Promise.all(downloads.map(async (d) => [d.suggestedFilename(), await contents(d)])));
}

const exportedJson = async (page: Page) => {
  const [[name, body]] = Object.entries(await exportFiles(page, 'JSON')) as [[string, string]];
  return {
    name,
    file: JSON.parse(body) as { annotations: { match: { begin: number; text: string } }[]; version: string; glosa_provenance: Provenance },
  };
};

const STAMP = String.raw`\d{8}-\d{6}`;

test('exports JSON, brat and CSV of the shown result, each recording what produced it, named after the note and the time', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  const note = '😷 No refiere dolor en el brazo.';
  const before = Date.now();
  await annotate(page, note);

  const { name, file: result } = await exportedJson(page);
  expect(name).toMatch(new RegExp(`^glosa-no-refiere-dolor-en-${STAMP}\\.json$`));
  expect(result.version).toBeTruthy();
  const dolor = result.annotations.find((a) => a.match.text === 'dolor');
  // Code points: the emoji counts as one (UTF-16 counts it as two).
  const begin = Array.from(note.slice(0, note.indexOf('dolor'))).length;
  expect(begin).toBe(note.indexOf('dolor') - 1);
  expect(dolor?.match.begin).toBe(begin);
  // The contract's fields stay at top level; glosa_provenance says what produced them.
  const made = result.glosa_provenance;
  expect(made).toMatchObject({ mode: 'local', text_datetime: '2024-06-10T10:00:00', rule_pack: null, glosa_version: result.version });
  expect(made.exported_by).toMatch(/^glosa-app /);
  expect(made.dictionary?.id).toBeTruthy();
  expect(made.dictionary?.content_hash).toMatch(/^[0-9a-f]{12,}$/);
  expect(made.endpoint).toBeUndefined();
  // The result line names the same dictionary hash.
  await expect(page.getByTestId('result-status')).toContainText(`#${made.dictionary?.content_hash.slice(0, 12)}`);
  const annotatedAt = Date.parse(made.annotated_at ?? '');
  expect(annotatedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(made.exported_at ?? '')).toBeGreaterThanOrEqual(annotatedAt);

  const brat = await exportFiles(page, 'brat (.txt + .ann)', 3);
  const names = Object.keys(brat).sort();
  expect(names).toHaveLength(3);
  const stem = names[0]?.replace(/\.ann$/, '') ?? '';
  expect(stem).toMatch(new RegExp(`^glosa-no-refiere-dolor-en-${STAMP}$`));
  expect(names).toEqual([`${stem}.ann`, `${stem}.provenance.json`, `${stem}.txt`]);
  expect(brat[`${stem}.txt`]).toBe(note);
  const ann = brat[`${stem}.ann`];
  expect(ann).toMatch(new RegExp(`^T\\d+\\tFinding ${begin} ${begin + 5}\\tdolor$`, 'm'));
  expect(ann).toMatch(/^A\d+\tNegated T\d+$/m);
  expect(ann).toMatch(/^R\d+\thas_anatomical_location Arg1:T\d+ Arg2:T\d+$/m);
  const sidecar = JSON.parse(brat[`${stem}.provenance.json`] ?? '') as Provenance;
  expect(sidecar).toMatchObject({
    mode: 'local',
    text_datetime: '2024-06-10T10:00:00',
    dictionary: made.dictionary,
    annotated_at: made.annotated_at,
  });

  const csvFiles = await exportFiles(page, 'CSV');
  const [[csvName, csv]] = Object.entries(csvFiles) as [[string, string]];
  expect(csvName).toMatch(new RegExp(`^glosa-no-refiere-dolor-en-${STAMP}\\.csv$`));
  const rows = csv.trimEnd().split('\r\n');
  const header = rows[0]?.split(',') ?? [];
  expect(header.slice(0, 4)).toEqual(['id', 'begin', 'end', 'text']);
  expect(rows.length).toBe(result.annotations.length + 1);
  const cell = (row: string | undefined, column: string) => row?.split(',').at(header.indexOf(column) - header.length);
  for (const row of rows.slice(1)) {
    expect(cell(row, 'mode')).toBe('local');
    expect(cell(row, 'text_datetime')).toBe('2024-06-10T10:00:00');
    expect(cell(row, 'dictionary_hash')).toBe(made.dictionary?.content_hash);
    expect(cell(row, 'annotated_at')).toBe(made.annotated_at);
  }
});

test('local mode re-annotates when the reference datetime or the rule pack changes, and the export records the new ones', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  await annotate(page, 'Fiebre desde hace 3 días.');
  const status = page.getByTestId('result-status');
  await expect(status).toContainText('referencia 2024-06-10T10:00:00');

  // No «Anotar»: the new datetime is used by itself, and the result is never shown out of date.
  await page.getByLabel('Fecha de referencia').fill('2025-01-01T09:00:00');
  await expect(status).toContainText('referencia 2025-01-01T09:00:00');
  await expect(page.getByTestId('stale')).toHaveCount(0);
  expect((await exportedJson(page)).file.glosa_provenance.text_datetime).toBe('2025-01-01T09:00:00');

  const pack = JSON.stringify({ rules: [{ id: 'neg-sin', disabled: true }] });
  await page
    .getByLabel('Paquete de reglas', { exact: true })
    .setInputFiles({ name: 'mis-reglas.json', mimeType: 'application/json', buffer: Buffer.from(pack) });
  await expect(status).toContainText('reglas mis-reglas.json');
  await expect(page.getByTestId('stale')).toHaveCount(0);
  const { rule_pack } = (await exportedJson(page)).file.glosa_provenance;
  expect(rule_pack?.name).toBe('mis-reglas.json');
  const digest = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pack))).toString('hex');
  expect(rule_pack?.sha256).toBe(digest);
});

test.describe('remote mode', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  test.beforeAll(async () => {
    service = await startService(['e2e-key-1-0123456789']);
  });
  test.afterAll(async () => {
    await service?.stop();
  });

  test('the export names the endpoint and the dictionary the service says it uses', async ({ page }) => {
    await page.goto(`${service.url}/`);
    await chooseRemote(page, 'e2e-key-1-0123456789');
    await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
    await annotate(page, 'No refiere fiebre.');
    const config = (await (await page.request.get(`${service.url}/tagger/config`)).json()) as {
      dictionary: { id: string; content_hash: string };
    };
    const { glosa_provenance: made } = (await exportedJson(page)).file;
    expect(made).toMatchObject({
      mode: 'remote',
      endpoint: `${service.url}/tagger/annotation`,
      text_datetime: '2024-06-10T10:00:00',
      dictionary: { id: config.dictionary.id, content_hash: config.dictionary.content_hash },
    });
    // The service's rules are its own: not claimed.
    expect(made).not.toHaveProperty('rule_pack');
  });
});
