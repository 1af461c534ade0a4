/**
 * Issue 21 part 6, «Comparar»: the result on screen pinned as A against B after another reference
 * datetime, and against an imported JSON export; differences listed, counted, marked in the note,
 * selectable and exported. axe-core finds no violations in the compare view, at 390 and 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { readDictionaryMeta } from '../src/core/dictionary/format.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { annotate, chooseRemote, startService } from './support/app.ts';
import { attachScreenshot, fitsWidth, noAxeViolations } from './support/screens.ts';
import { zetaDictionary } from './support/zeta.ts';

const NOTE = '😷 Dolor en el brazo izquierdo desde hace 3 días. No refiere fiebre. Ingresó ayer por disnea.';

async function openCompare(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Comparar' }).click();
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('two reference datetimes: the dates whose value changed are listed, counted, marked and selectable; export parses', async ({
      page,
    }, info) => {
      await page.goto('/');
      await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
      await annotate(page, NOTE);
      await openCompare(page);
      await expect(page.getByTestId('compare-a')).toHaveText('sin fijar');
      await page.getByRole('button', { name: 'Fijar como A' }).click();
      await expect(page.getByTestId('compare-a')).toContainText('referencia 2024-06-10T10:00:00');
      await expect(page.getByTestId('compare-a')).toContainText(/local · diccionario \S+ #[0-9a-f]{12}/);
      await expect(page.getByTestId('compare-counts')).toHaveText('Sin diferencias entre A y B.');

      // Local mode annotates again by itself when the reference datetime changes: that result is B.
      await page.getByLabel('Fecha de referencia').fill('2025-01-20T08:00:00');
      await expect(page.getByTestId('compare-b')).toContainText('referencia 2025-01-20T08:00:00');
      const counts = page.getByTestId('compare-counts');
      await expect(counts).toContainText(/añadidas: 0 · eliminadas: 0 · cambiadas: [1-9]\d*/);
      await expect(counts).toContainText('fecha');
      const list = page.getByRole('list', { name: 'Diferencias' });
      const changedDate = list.locator('li.d-item-changed', { hasText: 'fecha:' }).first();
      await expect(changedDate).toContainText('2024-06');
      await expect(changedDate).toContainText('2025-01');
      // Marked in the note, with its kind said to screen readers.
      const note = page.getByRole('region', { name: 'Nota con las diferencias' });
      await expect(note.locator('.d-changed').first()).toBeVisible();
      await expect(note).toContainText('[cambiada]');
      await noAxeViolations(page, '[data-testid="compare"]');

      // A click on the difference focuses and outlines its span in the note.
      await changedDate.getByRole('button').click();
      await expect(changedDate.getByRole('button')).toHaveAttribute('aria-current', 'true');
      const key = await changedDate.getAttribute('data-key');
      const mark = note.locator(`[data-starts~="${key}"]`);
      await expect(mark).toBeFocused();
      await expect(mark).toHaveClass(/d-selected/);
      await expect(mark).toBeInViewport();
      // And the other way: a click on a marked span selects its difference in the list.
      const otherMark = note.locator('.d-changed[data-starts]').last();
      await otherMark.click();
      const otherKey = (await otherMark.getAttribute('data-starts'))?.split(' ')[0];
      await expect(list.locator(`[data-key="${otherKey}"] button`)).toHaveAttribute('aria-current', 'true');
      await noAxeViolations(page, '[data-testid="compare"]');
      await attachScreenshot(page, info, `compare-datetimes-${width}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar comparación (JSON)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^glosa-dolor-en-el-brazo-\d{8}-\d{6}\.diff\.json$/);
      const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        format: string;
        text: string;
        a: { text_datetime: string; mode: string };
        b: { text_datetime: string };
        counts: { changed: number };
        changed: { changes: { field: string }[] }[];
      };
      expect(file.format).toBe('glosa-diff');
      expect(file.text).toBe(NOTE);
      expect(file.a).toMatchObject({ text_datetime: '2024-06-10T10:00:00', mode: 'local' });
      expect(file.b.text_datetime).toBe('2025-01-20T08:00:00');
      expect(file.counts.changed).toBe(file.changed.length);
      expect(file.changed.some((c) => c.changes.some((ch) => ch.field === 'date'))).toBe(true);
    });

    test('an imported JSON export without one annotation: it is listed as added in B, its span marked', async ({ page }, info) => {
      await page.goto('/');
      await annotate(page, NOTE);
      const [exported] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'JSON', exact: true }).click(),
      ]);
      const result = JSON.parse(await readFile(await exported.path(), 'utf8')) as {
        annotations: { id: number; head?: number | undefined; match: { text: string } }[];
        relations?: { from: number; to: number }[] | undefined;
      };
      const fiebre = result.annotations.find((a) => a.match.text === 'fiebre');
      expect(fiebre).toBeDefined();
      // What pointed at it goes with it (a head would name no annotation).
      result.annotations = result.annotations
        .filter((a) => a !== fiebre)
        .map(({ head, ...a }) => (head === fiebre?.id ? a : { ...a, head }));
      result.relations = result.relations?.filter((r) => r.from !== fiebre?.id && r.to !== fiebre?.id);

      await openCompare(page);
      await page.getByLabel('Importar JSON como A').setInputFiles({
        name: 'sin-fiebre.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(result)),
      });
      await expect(page.getByTestId('compare-a')).toContainText('archivo «sin-fiebre.json»');
      // The app's export records what produced it: only the note's text is missing from the file.
      await expect(page.getByTestId('compare-unread')).toContainText('no incluye el texto de la nota');
      await expect(page.getByTestId('compare-unread')).not.toContainText('fecha de referencia');
      await expect(page.getByTestId('compare-a')).toContainText(/local · diccionario \S+ #[0-9a-f]{12}/);
      await expect(page.getByTestId('compare-counts')).toContainText('añadidas: 1 · eliminadas: 0');
      const added = page.getByRole('list', { name: 'Diferencias' }).locator('li.d-item-added');
      await expect(added).toHaveCount(1);
      await expect(added).toContainText('«fiebre»');
      await added.getByRole('button').click();
      const mark = page.getByRole('region', { name: 'Nota con las diferencias' }).locator('.d-added[data-starts]');
      await expect(mark).toHaveText('[añadida] fiebre');
      await expect(mark).toBeFocused();
      await noAxeViolations(page, '[data-testid="compare"]');
      await attachScreenshot(page, info, `compare-import-${width}`);

      // A result of another note is refused, and says why.
      await page.getByLabel('Texto de la nota').fill('Otra nota con tos.');
      await page.getByRole('button', { name: 'Anotar', exact: true }).click();
      await expect(page.getByTestId('compare-refused')).toContainText('no es de esta nota');
      // A file that is no result is refused with its name, and A stays.
      await page
        .getByLabel('Importar JSON como A')
        .setInputFiles({ name: 'rota.json', mimeType: 'application/json', buffer: Buffer.from('{"a":') });
      await expect(page.getByRole('alert').filter({ hasText: 'No se pudo leer el archivo' })).toContainText('«rota.json» no es JSON');
      await expect(page.getByTestId('compare-a')).toContainText('sin-fiebre.json');
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

test('two rule packs: the negations a pack drops are listed as changed, and the B line names the pack', async ({ page }, info) => {
  await page.goto('/');
  await annotate(page, 'Sin fiebre ni tos, con dolor abdominal.');
  await openCompare(page);
  await page.getByRole('button', { name: 'Fijar como A' }).click();
  await page.getByLabel('Paquete de reglas', { exact: true }).setInputFiles({
    name: 'sin-neg-sin.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ rules: [{ id: 'neg-sin', disabled: true }] })),
  });
  // Local mode annotates again with the pack: that result is B.
  await expect(page.getByTestId('compare-b')).toContainText('reglas sin-neg-sin.json');
  await expect(page.getByTestId('compare-a')).not.toContainText('reglas');
  await expect(page.getByTestId('compare-counts')).toContainText(/cambiadas: 2 .*\(cambios: negación 2\)/);
  const fiebre = page.getByRole('list', { name: 'Diferencias' }).locator('li.d-item-changed', { hasText: '«fiebre»' });
  await expect(fiebre).toContainText('negación: por «Sin» (0–3), regla neg-sin → —');
  await noAxeViolations(page, '[data-testid="compare"]');
  await attachScreenshot(page, info, 'compare-rule-packs');
});

test.describe('local against remote', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  test.beforeAll(async () => {
    service = await startService(['compare-key-0123456789']);
  });
  test.afterAll(async () => {
    await service?.stop();
  });

  test('the same core and dictionary give no differences; the lines name each mode', async ({ page }) => {
    // The app as the service serves it: the remote base URL defaults to this origin.
    await page.goto(`${service.url}/`);
    await annotate(page, NOTE);
    await openCompare(page);
    await page.getByRole('button', { name: 'Fijar como A' }).click();
    await chooseRemote(page, 'compare-key-0123456789');
    await annotate(page, NOTE);
    await expect(page.getByTestId('compare-a')).toContainText(/^local · diccionario \S+ #[0-9a-f]{12}/);
    await expect(page.getByTestId('compare-b')).toContainText(`remoto ${service.url}/tagger/annotation`);
    await expect(page.getByTestId('compare-counts')).toHaveText('Sin diferencias entre A y B.');
    await noAxeViolations(page, '[data-testid="compare"]');
  });
});

test('dictionary A against B: what only A knows is removed (and still marked in the note), what only B knows is added', async ({
  page,
}, info) => {
  const zeta = zetaDictionary();
  await page.goto('/');
  await annotate(page, 'Paciente con dolorimiento zeta y fiebre.');
  await openCompare(page);
  await page.getByRole('button', { name: 'Fijar como A' }).click();
  await page
    .getByLabel('Archivo .glsd')
    .setInputFiles({ name: 'zeta.glsd', mimeType: 'application/octet-stream', buffer: Buffer.from(zeta) });
  const hash = readDictionaryMeta(zeta).contentHash.slice(0, 12);
  await expect(page.getByTestId('compare-b')).toContainText(`diccionario glosa-e2e-zeta #${hash}`);
  await expect(page.getByTestId('compare-a')).toContainText('diccionario glosa-default-es #');
  const list = page.getByRole('list', { name: 'Diferencias' });
  await expect(list.locator('li.d-item-added')).toContainText('«dolorimiento zeta»');
  await expect(list.locator('li.d-item-removed', { hasText: '«fiebre»' })).toHaveCount(1);
  const note = page.getByRole('region', { name: 'Nota con las diferencias' });
  await expect(note.locator('.d-removed', { hasText: 'fiebre' })).toBeVisible();
  await noAxeViolations(page, '[data-testid="compare"]');
  await attachScreenshot(page, info, 'compare-dictionaries');
});

/** `note` annotated with two reference datetimes (the first pinned as A) and shown side by side: the two columns. */
async function sideBySideOfTwoDatetimes(page: Page, width: number, note: string): Promise<[Locator, Locator]> {
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/');
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  await annotate(page, note);
  await openCompare(page);
  await page.getByRole('button', { name: 'Fijar como A' }).click();
  await page.getByLabel('Fecha de referencia').fill('2025-01-20T08:00:00');
  await expect(page.getByTestId('compare-counts')).toContainText(/cambiadas: [1-9]/);
  await page.getByRole('radio', { name: 'Lado a lado' }).check();
  return [page.getByRole('region', { name: 'Ejecución A' }), page.getByRole('region', { name: 'Ejecución B' })];
}

for (const width of [1280, 390]) {
  test(`side by side at ${width} px: two reference datetimes, the changed date in both columns, a click selects it in both`, async ({
    page,
  }, info) => {
    const [columnA, columnB] = await sideBySideOfTwoDatetimes(page, width, NOTE);
    await expect(page.getByRole('region', { name: 'Nota con las diferencias' })).toHaveCount(0);
    // Each column shows the changed date with its own run's value.
    await expect(columnA.locator('.d-changed .d-value', { hasText: 'fecha:' }).first()).toContainText('2024');
    await expect(columnB.locator('.d-changed .d-value', { hasText: 'fecha:' }).first()).toContainText('2025');
    await expect(columnA).toContainText('[cambiada]');
    await expect(columnB).toContainText('[cambiada]');
    // Each run's annotations that do not differ are underlined in its column too.
    await expect(columnA.locator('.d-same', { hasText: 'Dolor' })).toHaveCount(1);
    await expect(columnB.locator('.d-same', { hasText: 'Dolor' })).toHaveCount(1);
    // Side by side from 900 px up, A above B below it; never wider than the window.
    const [boxA, boxB] = [await columnA.boundingBox(), await columnB.boundingBox()];
    if (width > 900) expect(boxB?.x).toBeGreaterThan((boxA?.x ?? 0) + (boxA?.width ?? 0) - 1);
    else expect(boxB?.y).toBeGreaterThan((boxA?.y ?? 0) + (boxA?.height ?? 0) - 1);
    expect(await fitsWidth(page)).toBe(true);

    // A click in the list selects the difference in both columns and brings both into view.
    const list = page.getByRole('list', { name: 'Diferencias' });
    const changedDate = list.locator('li.d-item-changed', { hasText: 'fecha:' }).last();
    const key = await changedDate.getAttribute('data-key');
    await changedDate.getByRole('button').click();
    for (const column of [columnA, columnB]) {
      const mark = column.locator(`[data-starts~="${key}"]`);
      await expect(mark).toHaveClass(/d-selected/);
      await expect(mark).toBeInViewport();
    }
    await expect(columnB.locator(`[data-starts~="${key}"]`)).toBeFocused();
    // A click on a mark in column A selects its difference in the list and in column B.
    const first = columnA.locator('.d-changed[data-starts]').first();
    const firstKey = (await first.getAttribute('data-starts'))?.split(' ')[0];
    await first.click();
    await expect(list.locator(`[data-key="${firstKey}"] button`)).toHaveAttribute('aria-current', 'true');
    await expect(columnB.locator(`[data-starts~="${firstKey}"]`)).toHaveClass(/d-selected/);
    // The focus stays in the column clicked.
    await expect(first).toBeFocused();
    await noAxeViolations(page, '[data-testid="compare"]');
    await attachScreenshot(page, info, `compare-side-by-side-${width}`);

    // The choice is kept: back to another tab and to «Comparar», still side by side.
    await page.getByRole('tab', { name: 'Tabla' }).click();
    await openCompare(page);
    await expect(page.getByRole('radio', { name: 'Lado a lado' })).toBeChecked();
    await expect(columnA).toBeVisible();
  });
}

test('side by side: the two columns scroll together', async ({ page }) => {
  const [columnA, columnB] = await sideBySideOfTwoDatetimes(page, 1280, Array.from({ length: 30 }, () => NOTE).join('\n'));
  const scrollTop = (column: Locator) => column.evaluate((el) => el.scrollTop);
  // Halfway down A: B follows to halfway down its own height.
  await columnA.evaluate((el) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) / 2 }));
  await expect.poll(() => scrollTop(columnB)).toBeGreaterThan(100);
  const half = await columnB.evaluate((el) => el.scrollTop / (el.scrollHeight - el.clientHeight));
  expect(half).toBeCloseTo(0.5, 1);
  // And back from B to A.
  await columnB.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect.poll(() => scrollTop(columnA)).toBeLessThan(3);
});
