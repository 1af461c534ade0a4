/**
 * The "diff" figure of `npm run bench:app` (issue 21: ≤ 200 ms): a 20,000-character note annotated
 * with two reference datetimes, the first pinned as A in «Comparar», the second shown as B; then,
 * each run, a click on the «Comparar» tab → the diff computed and its view painted
 * ("glosa:diff-rendered"). Other tabs are shown in between, so each run mounts the view afresh.
 */
import type { Page } from '@playwright/test';

export interface DiffTimes {
  readonly ms: number[];
  /** Differences listed, and annotations in each run. */
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

export async function timeDiffView(page: Page, note: string, runs: number): Promise<DiffTimes> {
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
  await page.getByRole('button', { name: 'Quitar A' }).click();
  await page.getByRole('tab', { name: 'Tabla' }).click();
  return { ms, entries };
}
