/** The document view: negation trigger and arcs, hover, keyboard, concept card, markup inertness, big notes. */
import { expect, test } from '@playwright/test';
import { annotate, armRendered, showOnlyStatus } from './support/app.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('"no refiere dolor en el brazo": the trigger is marked and arcs are drawn above the text', async ({ page }, info) => {
  const rendered = await annotate(page, 'no refiere dolor en el brazo');
  expect(rendered.arcs).toBeGreaterThan(0);
  const trigger = page.locator('.doc [data-cue^="negation:"]');
  await expect(trigger).toHaveText('no');
  await expect(trigger).toHaveAttribute('aria-label', /negación «no»/);
  const dolor = page.locator('.doc [data-ann]', { hasText: 'dolor' }).first();
  await expect(dolor).toHaveClass(/\bneg\b/);
  await expect(dolor).toHaveAttribute('aria-label', /negado/);
  // Negation arcs tie the trigger to the negated concepts; the relation arc is labelled.
  await expect(page.locator('.arcs .arc-negation').first()).toBeAttached();
  await expect(page.locator('.arcs .arc-relation text')).toHaveText(['localización']);

  // One line of text: every arc starts and ends on it (none is split towards the margin).
  await expect(page.locator('.arcs g[data-open]')).toHaveCount(0);
  // Every arc stays above the top of the text it stands on.
  const textTop = await page
    .locator('.doc-text [data-ann]')
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);
  const arcBottoms = await page.locator('.arcs path').evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect().bottom));
  for (const bottom of arcBottoms) expect(bottom).toBeLessThanOrEqual(textTop + 1);

  // Hovering "dolor" highlights its trigger.
  await dolor.hover();
  await expect(trigger).toHaveCSS('outline-style', 'dashed');
  await page.screenshot({ path: info.outputPath('negation-arcs.png') });
});

test('a note whose last line has many arcs does not reach over the result tabs', async ({ page }) => {
  await annotate(
    page,
    'Mujer con HTA. No refiere fiebre ni tos. Dolor torácico irradiado a brazo izquierdo desde hace 3 días, intenso. Madre con cáncer de mama. Hb 12,4 g/dl.',
  );
  const docBottom = await page.locator('.doc-text').evaluate((el) => el.getBoundingClientRect().bottom);
  const blockBottoms = await page.locator('.doc-text .block').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().bottom));
  for (const bottom of blockBottoms) expect(bottom).toBeLessThanOrEqual(docBottom);
  // Playwright's click fails when another element would take the click.
  await page.getByRole('tab', { name: 'Lente de negación' }).click({ timeout: 5000 });
  await expect(page.getByRole('tab', { name: 'Lente de negación' })).toHaveAttribute('aria-selected', 'true');
});

test('a relative date is resolved against the reference datetime and shown readably', async ({ page }, info) => {
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  await annotate(page, 'Fiebre desde hace 3 días.');
  const date = page.locator('.doc [data-ann]', { hasText: 'hace 3 días' });
  await expect(date).toHaveAttribute('aria-label', /fecha 7 jun 2024/);
  await expect(page.locator('.doc .timex-chip')).toHaveText('→ 7 jun 2024');
  await expect(page.locator('.arcs .arc-relation text')).toHaveText(['fecha']);
  await page.screenshot({ path: info.outputPath('dates.png') });
});

test('keyboard: move from annotation to annotation and open the concept card', async ({ page }, info) => {
  await annotate(page, 'No refiere dolor en el brazo derecho. Madre con alzheimer.');
  const anns = page.locator('.doc [data-ann]:not([data-frag])');
  await anns.first().focus();
  await expect(anns.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(anns.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(anns.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(anns.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const card = page.locator('.card');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(/dolor/);
  await expect(card.getByRole('link', { name: '22253000' })).toHaveAttribute('href', /browser\.ihtsdotools\.org/);
  await expect(card.getByRole('link', { name: 'C0030193' })).toHaveAttribute('href', /uts\.nlm\.nih\.gov/);
  await expect(card).toContainText('Negado por');
  await page.screenshot({ path: info.outputPath('concept-card.png') });
});

test('keyboard navigation reaches an annotation in a part of the note not drawn yet', async ({ page }) => {
  const filler = 'línea sin conceptos clínicos.\n'.repeat(300);
  await annotate(page, `Dolor.\n${filler}Fiebre.`);
  await expect(page.locator('.doc [data-ann]', { hasText: 'Fiebre' })).toHaveCount(0);
  await page.locator('.doc [data-ann]', { hasText: 'Dolor' }).focus();
  await page.keyboard.press('j');
  await expect(page.locator('.doc [data-ann]:focus')).toHaveText('Fiebre');
  await page.keyboard.press('k');
  await expect(page.locator('.doc [data-ann]:focus')).toHaveText('Dolor');
});

test('markup in the note stays text: no element, no script, no dialog', async ({ page }, info) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const note = '<img src=x onerror=alert(1)> dolor <script>alert(2)</script> <b>fiebre</b>';
  await annotate(page, note);
  await expect(page.locator('.doc-text')).toContainText('<img src=x onerror=alert(1)>');
  await expect(page.locator('.doc-text')).toContainText('<script>alert(2)</script>');
  await expect(page.locator('.doc img, .doc script, .doc b')).toHaveCount(0);
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.locator('.json img')).toHaveCount(0);
  await page.waitForTimeout(300);
  expect(dialogs).toBe(0);
  await page.screenshot({ path: info.outputPath('xss-inert.png') });
});

test('a 50,000-character note renders and the page stays responsive', async ({ page }, info) => {
  const unit = 'Paciente con dolor en rodilla derecha. No refiere fiebre ni tos. Madre con alzheimer. Hb 10,2 g/dl.\n';
  const note = unit.repeat(Math.ceil(50_000 / unit.length)).slice(0, 50_000);
  const rendered = await armRendered(page);
  await page.getByLabel('Texto de la nota').fill(note);
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  const r = await rendered();
  expect(r.chars).toBe(50_000);
  expect(r.annotations).toBeGreaterThan(1000);
  console.log(`50k note: ${r.annotations} annotations, ${r.arcs} arc segments, rendered in ${Math.round(r.renderMs)} ms after the result`);

  // Responsive: a frame comes quickly, typing reaches the text area, the table answers a filter.
  // Only blocks near the viewport carry their marks; the rest is plain text until scrolled to.
  const drawn = await page.locator('.doc [data-ann]:not([data-frag])').count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(r.annotations / 2);
  await expect(page.locator('.doc-text')).toContainText(note.slice(-40).trim());
  // Keyboard: from the document region, j reaches the first annotation.
  await page.locator('.doc-text').focus();
  await page.keyboard.press('j');
  await expect(page.locator('.doc [data-ann]:focus')).toHaveCount(1);

  const frameMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const t = performance.now();
        requestAnimationFrame(() => resolve(performance.now() - t));
      }),
  );
  expect(frameMs).toBeLessThan(500);
  const started = Date.now();
  await page.getByLabel('Texto de la nota').press('End');
  await page.getByLabel('Texto de la nota').pressSequentially('x');
  await showOnlyStatus(page, 'negado');
  await expect(page.locator('.ann-table tbody tr').first()).toContainText('negado');
  expect(Date.now() - started).toBeLessThan(5_000);
  await page.screenshot({ path: info.outputPath('note-50k.png') });
});

test('an example note fills the text box, and annotating it shows where each negation stops', async ({ page }) => {
  const rendered = await armRendered(page);
  await page.getByRole('group', { name: 'Notas de ejemplo' }).getByRole('button', { name: 'Alcance de la negación' }).click();
  await expect(page.getByLabel('Texto de la nota')).toHaveValue(/^Mujer sin alergias medicamentosas conocidas/);
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await rendered();
  const concept = (text: string) => page.locator('.doc [data-ann]', { hasText: new RegExp(`^${text}$`) }).first();
  await expect(concept('alergias medicamentosas')).toHaveClass(/\bneg\b/);
  for (const text of ['hipertensa', 'insuficiencia renal', 'tos']) await expect(concept(text)).toBeVisible();
  // The history after "sin alergias conocidas," and the reason after "por" are there.
  await expect(concept('hipertensa')).not.toHaveClass(/\bneg\b/);
  await expect(concept('insuficiencia renal')).not.toHaveClass(/\bneg\b/);
  await expect(concept('AINE')).toHaveClass(/\bneg\b/);
  await expect(concept('tos')).not.toHaveClass(/\bneg\b/);
  await expect(concept('disnea')).toHaveClass(/\bunc\b/);
});
