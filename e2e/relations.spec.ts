/** Relations in the app: the concept card's frame rows, nested sites and their arcs, arc labels that never overlap. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { annotate, chooseRemote, startService } from './support/app.ts';

const FRAME = 'Apixabán 5 mg cada 12 horas vía oral.';
const NESTED = 'Cáncer de esófago.';
/** A crowded note: cue arcs over nested sites, a full frame, an allergy, an age, a site after a finding. */
const DENSE =
  'Sin dolor torácico ni cáncer de esófago. Apixabán 5 mg comprimidos cada 12 horas vía oral durante 7 días. ' +
  'Varón de 72 años, alérgico a penicilina. Dolor abdominal en fosa ilíaca derecha con fiebre de 3 días. ' +
  'No refiere disnea ni dolor lumbar; omeprazol 20 mg en ayunas y lorazepam 1 mg antes de acostarse.';

interface Rect {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Every arc label's box and the box of its text, in page coordinates. */
async function labelBoxes(page: Page): Promise<{ label: string; box: Rect; text: Rect }[]> {
  return page.locator('.arcs g').evaluateAll((groups) =>
    groups.map((g) => {
      const box = (g.querySelector('rect') as SVGRectElement).getBoundingClientRect();
      const text = (g.querySelector('text') as SVGTextElement).getBoundingClientRect();
      const plain = (r: DOMRect) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      return { label: g.querySelector('text')?.textContent ?? '', box: plain(box), text: plain(text) };
    }),
  );
}

const meet = (a: Rect, b: Rect): boolean =>
  a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the card shows the frame of "apixabán 5 mg cada 12 horas vía oral" as rows that select their annotation', async ({
      page,
    }, info) => {
      await page.goto('/');
      await annotate(page, FRAME);
      await page.locator('.doc [data-ann]', { hasText: /^Apixabán$/ }).click();
      const card = page.getByRole('region', { name: 'Concepto Apixabán' });
      await expect(card).toBeVisible();
      const rows = card.getByTestId('card-relations');
      await expect(rows.locator('dt')).toHaveText(['dosis', 'frecuencia', 'vía']);
      await expect(rows.locator('dd button')).toHaveText(['«5 mg»', '«cada 12 horas»', '«vía oral»']);
      await page.screenshot({ path: info.outputPath(`card-frame-${width}.png`) });
      await rows.getByRole('button', { name: '«cada 12 horas»' }).click();
      const frequency = page.getByRole('region', { name: 'Concepto cada 12 horas' });
      await expect(frequency).toBeVisible();
      await expect(frequency.getByTestId('card-relations').locator('dt')).toHaveText(['frecuencia de']);
    });

    test('a nested site is its own span inside "cáncer de esófago", with its arc', async ({ page }) => {
      await page.goto('/');
      const rendered = await annotate(page, NESTED);
      expect(rendered.annotations).toBe(2);
      const outer = page.locator('.doc [data-ann]', { hasText: /^Cáncer de esófago$/ });
      const site = outer.locator('[data-ann]', { hasText: /^esófago$/ });
      await expect(site).toHaveCount(1);
      await expect(page.locator('.arcs .arc-relation text')).toHaveText(['localización']);
      // The arc stands on the two spans: its feet are within the outer span, one over the site.
      const arc = await page.locator('.arcs .arc-relation path').evaluate((p) => p.getBoundingClientRect());
      const [outerBox, siteBox] = await Promise.all([outer.boundingBox(), site.boundingBox()]);
      expect(arc.left).toBeGreaterThanOrEqual((outerBox?.x ?? 0) - 1);
      expect(arc.right).toBeLessThanOrEqual((siteBox?.x ?? 0) + (siteBox?.width ?? 0) + 1);
      // A control holds no other control: the concept around its site is a group, the site a button.
      await expect(outer).toHaveAttribute('role', 'group');
      await expect(site).toHaveAttribute('role', 'button');
      expect((await new AxeBuilder({ page }).include('.doc').analyze()).violations.map((v) => v.id)).toEqual([]);
    });

    test('no two arc labels overlap on a crowded note, and every label holds its text', async ({ page }, info) => {
      await page.goto('/');
      const rendered = await annotate(page, DENSE);
      expect(rendered.arcs).toBeGreaterThan(20);
      const labels = await labelBoxes(page);
      expect(labels.length).toBeGreaterThan(20);
      const column = await page
        .locator('.doc-text .block')
        .first()
        .evaluate((el) => el.getBoundingClientRect());
      for (let i = 0; i < labels.length; i++) {
        const a = labels[i] as (typeof labels)[number];
        expect(a.text.left, a.label).toBeGreaterThanOrEqual(a.box.left - 1);
        expect(a.text.right, a.label).toBeLessThanOrEqual(a.box.right + 1);
        // Inside the text column: none is cut at the margin.
        expect(a.box.left, a.label).toBeGreaterThanOrEqual(column.left - 1);
        expect(a.box.right, a.label).toBeLessThanOrEqual(column.right + 1);
        for (let j = i + 1; j < labels.length; j++) {
          const b = labels[j] as (typeof labels)[number];
          expect(meet(a.box, b.box), `«${a.label}» and «${b.label}» overlap`).toBe(false);
        }
      }
      await page.locator('.doc-text').screenshot({ path: info.outputPath(`dense-arcs-${width}.png`) });
    });
  });
}

test.describe('nested sites in remote mode', () => {
  let service: Awaited<ReturnType<typeof startService>>;
  test.beforeAll(async () => {
    service = await startService(['e2e-key-rel-0123456789']);
  });
  test.afterAll(async () => {
    await service?.stop();
  });

  test('the app asks the service for nested sites, and stops when the setting is off', async ({ page }) => {
    await page.goto(`${service.url}/`);
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/tagger/annotation')) sent.push(r.postDataJSON());
    });
    await chooseRemote(page, 'e2e-key-rel-0123456789');
    await annotate(page, NESTED);
    await expect(page.locator('.doc [data-ann] [data-ann]', { hasText: /^esófago$/ })).toHaveCount(1);
    expect(sent.at(-1)).toMatchObject({ text: NESTED, config: { nested_sites: true } });
    await page.getByLabel('Sitios dentro de conceptos').uncheck();
    // The same note is asked for again without them: no span inside another.
    await expect(page.locator('.doc [data-ann] [data-ann]')).toHaveCount(0);
    expect(sent.at(-1)).toMatchObject({ config: { nested_sites: false } });
  });
});
