/**
 * Issue 30: the app a reviewer can trust on any device. The 17-line note at 390, 800 and 1280 px,
 * in local mode and in remote mode against the real service (`glosa serve --with-app`):
 *   1  a blood pressure and a bound shown and exported whole (card, table, CSV, brat, FHIR)
 *   2  the FHIR Bundle states what the note states
 *   3  the negation lens counts findings, with verbs, sites and results apart
 *   4  review by touch (touch emulation): verdict buttons of ≥ 44 px on the card and in the table,
 *      prompts beside them inside the viewport, the page not scrolled away
 */
import { readFile } from 'node:fs/promises';
import type { AllergyIntolerance, Bundle, FamilyMemberHistory, Observation, Resource } from '@medplum/fhirtypes';
import { expect, test, type Download, type Page } from '@playwright/test';
import { fhirSchemaErrors } from '../tests/support/fhir-schema.ts';
import { annotate } from './support/app.ts';
import { appInBothModes, MODES, NOTE_17, WIDTHS } from './support/note17.ts';

const KEY = 'e2e-key-30-0123456789';
const { open } = appInBothModes(KEY);

/** Clicks an export button and returns its downloads by file name. */
async function exportFiles(page: Page, button: string, count = 1): Promise<Record<string, string>> {
  const downloads: Download[] = [];
  const collect = (d: Download) => downloads.push(d);
  page.on('download', collect);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => downloads.length).toBe(count);
  page.off('download', collect);
  return Object.fromEntries(await Promise.all(downloads.map(async (d) => [d.suggestedFilename(), await readFile(await d.path(), 'utf8')])));
}

const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });

for (const mode of MODES) {
  for (const width of WIDTHS) {
    test.describe(`${mode} at ${width} px`, () => {
      test.use({ viewport: { width, height: 844 } });

      test.setTimeout(120_000);

      test('1-3: blood pressure whole; FHIR states what the note states; the lens counts findings', async ({ page }) => {
        await open(page, mode);
        await annotate(page, NOTE_17);

        // 1. The card, the table, CSV, brat and FHIR keep both values of "TA 130/85 mmHg" and the bound of ">95%".
        await page.getByRole('tab', { name: 'Tabla', exact: true }).click();
        const table = page.locator('.ann-table');
        // The quantity's own row: its detail cell (the 6th) holds both values, or the bound.
        const detail = (text: string) =>
          table
            .getByRole('row')
            .filter({ has: page.getByRole('button', { name: text, exact: true }) })
            .locator('td')
            .nth(5);
        await expect(detail('130/85 mmHg')).toHaveText('130/85 mmHg');
        await expect(detail('95%')).toHaveText('>95 %');
        await table.getByRole('button', { name: '130/85 mmHg', exact: true }).click();
        await expect(page.locator('.card')).toContainText('Cantidad130/85 mmHg');
        await page.getByRole('button', { name: 'Cerrar la ficha del concepto' }).click();
        const [csv] = Object.values(await exportFiles(page, 'CSV'));
        expect(csv).toContain(',130/85 mmHg,');
        expect(csv).toContain(',>95 %,');
        const brat = await exportFiles(page, 'brat (.txt + .ann)', 3);
        const ann = Object.entries(brat).find(([name]) => name.endsWith('.ann'))?.[1] ?? '';
        expect(ann).toMatch(/AnnotatorNotes T\d+\t.* · 130\/85 mmHg/);

        // 2. FHIR: schema-valid, and saying what the note says.
        const [fhir] = Object.values(await exportFiles(page, 'FHIR'));
        const bundle = JSON.parse(fhir as string) as Bundle;
        expect(fhirSchemaErrors(bundle)).toEqual([]);
        const resources = (bundle.entry ?? []).map((e) => e.resource as Resource);
        const of = <T extends Resource>(type: T['resourceType']) => resources.filter((r): r is T => r.resourceType === type);
        const pressure = of<Observation>('Observation').find((o) => o.component?.length);
        expect(pressure?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value])).toEqual([
          ['8480-6', 130],
          ['8462-4', 85],
        ]);
        expect(of<Observation>('Observation').find((o) => o.code?.text === 'Sat O2')?.valueQuantity).toMatchObject({
          value: 95,
          comparator: '>',
        });
        expect(of<AllergyIntolerance>('AllergyIntolerance').map((a) => a.code?.text)).toEqual(['penicilina']);
        expect(JSON.stringify(of('MedicationStatement'))).not.toContain('penicilina');
        const conditions = JSON.stringify(of('Condition'));
        for (const normal of ['ritmo sinusal', 'murmullo vesicular conservado', 'Alergia'])
          expect(conditions).not.toContain(`"text":"${normal}"`);
        expect(conditions).not.toContain('"text":"arterial"');
        const normals = of<Observation>('Observation').filter((o) => o.interpretation?.[0]?.coding?.[0]?.code === 'N');
        expect(normals.map((o) => o.code?.text)).toEqual(['ritmo sinusal', 'murmullo vesicular conservado', 'ritmo sinusal']);
        const troponin = of<Observation>('Observation').find((o) => o.code?.text === 'Troponina');
        expect(troponin?.valueCodeableConcept?.text).toBe('negativa');
        const father = of<FamilyMemberHistory>('FamilyMemberHistory').find((f) => f.relationship.text === 'padre');
        expect(father?.deceasedAge?.value).toBe(60);
        expect(father?.condition?.[0]).toMatchObject({ onsetAge: { value: 60 }, contributedToDeath: true });

        // 3. The lens counts negated findings; the verb, the site and the result are listed apart.
        await page.getByRole('tab', { name: 'Lente de negación' }).click();
        const lens = page.locator('.lens');
        await expect(lens.getByTestId('lens-apart')).toContainText(/2 verbos, 1 sitio, 1 resultado de laboratorio/);
        // "No refiere" and "Si presenta": two reporting verbs.
        await expect(lens.getByRole('button', { name: 'verbo refiere' })).toBeVisible();
        await expect(lens.getByRole('button', { name: 'verbo presenta' })).toBeVisible();
        await expect(lens.getByRole('button', { name: 'sitio abdominal' })).toBeVisible();
        await expect(lens.getByRole('button', { name: 'resultado de laboratorio Troponina' })).toBeVisible();
        const counted = await lens.locator('.chip.neg').allTextContents();
        expect(counted).toEqual(expect.arrayContaining(['fiebre', 'tos', 'disnea', 'dolor abdominal']));
        expect(counted).not.toContain('refiere');
        expect(counted).not.toContain('abdominal');
        expect(counted).not.toContain('Troponina');
        await expect(lens.getByRole('status')).toContainText(`${counted.length} negados`);
      });
    });

    test.describe(`${mode} at ${width} px, by touch`, () => {
      test.use({ viewport: { width, height: 844 }, hasTouch: true, isMobile: width < 1000 });

      test.setTimeout(120_000);

      test('4: verdicts by touch on the card and in the table, prompts beside them, the page not scrolled away', async ({ page }) => {
        await open(page, mode);
        await page.getByLabel('Modo revisión').check();
        await annotate(page, NOTE_17);

        // On the card: tap a span, then ✓.
        await page.locator('.doc [data-ann]:not([data-frag])', { hasText: 'fiebre' }).first().tap();
        const card = page.locator('.card');
        await expect(card).toBeVisible();
        const buttons = card.getByRole('group', { name: 'Revisar «fiebre»' }).getByRole('button');
        for (const box of await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))) {
          expect(box.width).toBeGreaterThanOrEqual(44);
          expect(box.height).toBeGreaterThanOrEqual(44);
        }
        await card.getByRole('button', { name: 'Correcta: fiebre', exact: true }).tap();
        await expect(page.getByTestId('review-counts')).toHaveText(/^revisadas 1 de \d+/);

        // ✗ opens the reason prompt beside the button, inside the viewport, and the page stays where it was.
        const scrollBefore = await page.evaluate(() => window.scrollY);
        await card.getByRole('button', { name: 'Incorrecta: fiebre' }).tap();
        const reason = page.getByRole('dialog', { name: 'Motivo del error' });
        await expect(reason).toBeVisible();
        expect(await inViewport(page, '.review-popover')).toBe(true);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(2);
        await reason.getByRole('button', { name: /negación errónea/ }).tap();
        await expect(page.getByTestId('review-counts')).toHaveText(/^revisadas 1 de \d+, 1 incorrecta$/);

        // 💬 opens the comment box the same way.
        await card.getByRole('button', { name: 'Comentario: fiebre' }).tap();
        const comment = page.getByRole('dialog', { name: 'Comentario' });
        await expect(comment).toBeVisible();
        expect(await inViewport(page, '.review-popover')).toBe(true);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(2);
        await comment.getByRole('textbox').fill('sí tiene fiebre');
        await comment.getByRole('button', { name: 'Guardar comentario' }).tap();
        await expect(comment).toHaveCount(0);
        await page.getByRole('button', { name: 'Cerrar la ficha del concepto' }).tap();

        // In the table: the same buttons on each row.
        await page.getByRole('tab', { name: 'Tabla', exact: true }).tap();
        const row = page.locator('.ann-table tbody tr').filter({ has: page.getByRole('button', { name: 'disnea', exact: true }) });
        const check = row.getByRole('button', { name: 'Correcta: disnea', exact: true });
        await check.scrollIntoViewIfNeeded();
        const box = await check.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(44);
        expect(box?.height).toBeGreaterThanOrEqual(44);
        await check.tap();
        await expect(row.getByTestId('verdict-cell')).toHaveText('✓ correcta');
        const tableScroll = await page.evaluate(() => window.scrollY);
        await row.getByRole('button', { name: 'Incorrecta: disnea' }).tap();
        await expect(reason).toBeVisible();
        expect(await inViewport(page, '.review-popover')).toBe(true);
        expect(Math.abs((await page.evaluate(() => window.scrollY)) - tableScroll)).toBeLessThan(2);
        await reason.getByRole('button', { name: /concepto o código/ }).tap();
        await expect(row.getByTestId('verdict-cell')).toHaveText(/^✗ incorrecta: concepto o código/);
        await expect(page.getByTestId('review-counts')).toHaveText(/^revisadas 2 de \d+, 2 incorrectas$/);
      });
    });
  }
}
