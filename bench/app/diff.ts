/**
 * The "diff" figure of `npm run bench:app` (issue 21: ≤ 200 ms): a 20,000-character note annotated
 * with two reference datetimes, the first pinned as A in «Comparar», the second shown as B; then,
 * each run, a click on the «Comparar» tab → the diff computed and its view painted
 * ("glosa:diff-rendered"). Other tabs are shown in between, so each run mounts the view afresh.
 * The worst case too: A imported as the JSON export of the same result with every CUI altered, so
 * every annotation is listed as changed. Each case in the combined view (the default) and side by
 * side («Lado a lado»: A's note beside B's, so twice the marks).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';

export interface DiffTimes {
  readonly ms: number[];
  /** How many differences the view listed. */
  readonly entries: number;
}

async function rerendered(page: Page, act: () => Promise<void>): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __benchRendered: Promise<void> }).__benchRendered = new Promise((resolve) =>
      window.addEventListener('glosa:rendered', () => resolve(), { once: true }),
    );
  });
  await act();
  await page.evaluate(() => (window as unknown as { __benchRendered: Promise<void> }).__benchRendered);
}

export interface DiffViewTimes {
  readonly dates: DiffTimes;
  readonly all: DiffTimes;
  readonly datesSideBySide: DiffTimes;
  readonly allSideBySide: DiffTimes;
}

/** Times the tab clicks in the combined view, then side by side (the choice stays in the compare store). */
async function timeBothViews(page: Page, runs: number): Promise<[DiffTimes, DiffTimes]> {
  const combined = await timeTabClicks(page, runs);
  await page.getByRole('radio', { name: 'Lado a lado' }).check();
  const sideBySide = await timeTabClicks(page, runs);
  await page.getByRole('radio', { name: 'Combinada' }).check();
  return [combined, sideBySide];
}

export async function timeDiffView(page: Page, note: string, runs: number): Promise<DiffViewTimes> {
  const datetime = page.getByLabel('Fecha de referencia');
  await rerendered(page, async () => {
    await datetime.fill('2024-06-10T10:00:00');
    await page.getByLabel('Texto de la nota').fill(note);
    await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  });
  await page.getByRole('tab', { name: 'Comparar' }).click();
  await page.getByRole('button', { name: 'Fijar como A' }).click();
  await page.getByRole('tab', { name: 'Tabla' }).click();
  // Local mode annotates again by itself when the reference datetime changes.
  await rerendered(page, () => datetime.fill('2025-02-20T08:00:00'));

  const [dates, datesSideBySide] = await timeBothViews(page, runs);
  await page.getByRole('tab', { name: 'Tabla' }).click();

  // Every annotation changed: A is B's own export with each CUI altered.
  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON', exact: true }).click()]);
  const result = JSON.parse(await readFile(await exported.path(), 'utf8')) as { annotations: { code: { umls: string } }[] };
  for (const a of result.annotations) a.code.umls = `${a.code.umls}9`;
  await page.getByRole('tab', { name: 'Comparar' }).click();
  await page.getByLabel('Importar JSON como A').setInputFiles({
    name: 'todas-cambiadas.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(result)),
  });
  await page.getByTestId('compare-counts').waitFor();
  const [all, allSideBySide] = await timeBothViews(page, runs);
  await page.getByRole('button', { name: 'Quitar A' }).click();
  await page.getByRole('tab', { name: 'Tabla' }).click();
  return { dates, all, datesSideBySide, allSideBySide };
}

async function timeTabClicks(page: Page, runs: number): Promise<DiffTimes> {
  const ms: number[] = [];
  let entries = 0;
  for (let i = 0; i < runs; i++) {
    await page.getByRole('tab', { name: 'Tabla' }).click();
    await page.waitForTimeout(300);
    const t = await page.evaluate(async () => {
      const done = new Promise<{ entries: number }>((resolve) =>
        window.addEventListener('glosa:diff-rendered', (e) => resolve((e as CustomEvent<{ entries: number }>).detail), { once: true }),
      );
      const started = performance.now();
      (document.getElementById('tab-compare') as HTMLButtonElement).click();
      const detail = await done;
      return { ms: performance.now() - started, entries: detail.entries };
    });
    ms.push(t.ms);
    entries = t.entries;
  }
  return { ms, entries };
}
