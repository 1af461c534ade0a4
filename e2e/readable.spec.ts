/**
 * Issue 30, points 5, 7 and 8 at 390, 800 and 1280 px, in local and remote mode: after «Anotar»
 * focus and scroll go to the result; the 17-line note's height over its plain text's (printed in
 * the report); Spanish names on the card; the datetime field keeps the last good value; a skip
 * link, the WAI-ARIA tabs pattern, and in remote mode a warning before a note over the service's
 * limit is sent.
 */
import { expect, test, type Page } from '@playwright/test';
import { annotate, chooseRemote } from './support/app.ts';
import { appInBothModes, MODES, NOTE_17, WIDTHS } from './support/note17.ts';

const KEY = 'e2e-key-30b-0123456789';
const { open, url } = appInBothModes(KEY);

/** The drawn note's height, and the same text's as plain text in the same column, font and wrapping. */
const heights = (page: Page) =>
  page.evaluate(() => {
    const doc = document.querySelector('.doc') as HTMLElement;
    const text = document.querySelector('.doc .text, .doc') as HTMLElement;
    const plain = document.createElement('div');
    const style = getComputedStyle(text);
    plain.style.cssText = `position:absolute;visibility:hidden;white-space:pre-wrap;overflow-wrap:anywhere;width:${text.clientWidth}px;font:${style.font};line-height:${style.lineHeight};padding:${style.padding}`;
    plain.textContent = Array.from(document.querySelectorAll('.doc .block'))
      .map(
        (b) =>
          Array.from(b.querySelectorAll('.line-text, .block-text'))
            .map((t) => t.textContent)
            .join('') || b.textContent,
      )
      .join('\n');
    document.body.append(plain);
    const result = { doc: doc.getBoundingClientRect().height, plain: plain.getBoundingClientRect().height };
    plain.remove();
    return result;
  });

for (const mode of MODES) {
  for (const width of WIDTHS) {
    test.describe(`${mode} at ${width} px`, () => {
      test.use({ viewport: { width, height: 844 } });
      test.setTimeout(120_000);

      test('5: after Anotar focus and scroll go to the result; the note height is printed', async ({ page }, info) => {
        await open(page, mode);
        await annotate(page, NOTE_17);
        await expect(page.locator('#result-start')).toBeFocused();
        // The result's bar (status, exports) comes to the top of the window.
        const top = await page.locator('.result-bar').evaluate((el) => el.getBoundingClientRect().top);
        expect(top).toBeGreaterThanOrEqual(-2);
        expect(top).toBeLessThan(844 / 2);
        const { doc, plain } = await heights(page);
        const ratio = doc / plain;
        const line = `${mode} ${width} px: the 17-line note is ${Math.round(doc)} px tall, ${ratio.toFixed(2)}× its plain text (${Math.round(plain)} px)`;
        console.log(line);
        info.annotations.push({ type: 'note height', description: line });
      });

      test('7, 8: Spanish names, datetime kept, skip link, tabs by arrow keys', async ({ page }) => {
        // Skip link: the first tab stop, it takes focus to the note's text box.
        await page.goto(`${url()}/`);
        await expect(page.getByLabel('Texto de la nota')).toBeVisible();
        await page.keyboard.press('Tab');
        const skip = page.getByRole('link', { name: 'Ir al texto de la nota' });
        await expect(skip).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByLabel('Texto de la nota')).toBeFocused();
        if (mode === 'remote') await chooseRemote(page, KEY);

        await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
        await annotate(page, 'Dolor torácico. Si presenta fiebre, acudir a urgencias.');
        await page.locator('.doc [data-ann]', { hasText: /^Dolor torácico$/ }).click();
        const card = page.locator('.card');
        await expect(card).toContainText('Signo o síntoma');
        await expect(card).not.toContainText('Sign or Symptom');
        await expect(card).not.toContainText('found_as');

        // The year has four digits (Chromium then takes no more when typed), and typing into the year
        // leaves the last good datetime and its result in place.
        const status = await page.getByTestId('result-status').textContent();
        const field = page.getByLabel('Fecha de referencia');
        await expect(field).toHaveAttribute('max', '9999-12-31T23:59:59');
        await expect(field).toHaveAttribute('min', '1000-01-01T00:00:00');
        await field.focus();
        await page.keyboard.type('202412');
        expect(await field.inputValue()).toMatch(/^(\d{4}-\d{2}-\d{2}T[\d:]+)?$/);
        await expect(page.getByTestId('result-status')).not.toHaveText('');
        if ((await field.inputValue()) === '2024-06-10T10:00:00') await expect(page.getByTestId('result-status')).toHaveText(status ?? '');

        // Tabs: arrows move and select, Home and End go to the ends (the card, a bottom sheet below 900 px, closed first).
        await page.getByRole('button', { name: 'Cerrar la ficha del concepto' }).click();
        await page.getByRole('tab', { name: 'Tabla', exact: true }).click();
        await page.keyboard.press('ArrowRight');
        const second = page.getByRole('tab', { selected: true });
        await expect(second).toBeFocused();
        await expect(second).not.toHaveText('Tabla');
        await page.keyboard.press('ArrowLeft');
        await expect(page.getByRole('tab', { name: 'Tabla', exact: true })).toBeFocused();
        await expect(page.getByRole('tab', { name: 'Tabla', exact: true })).toHaveAttribute('aria-selected', 'true');
        await page.keyboard.press('End');
        await expect(page.getByRole('tab', { selected: true })).toBeFocused();
        await page.keyboard.press('Home');
        await expect(page.getByRole('tab', { name: 'Tabla', exact: true })).toHaveAttribute('aria-selected', 'true');
      });

      if (mode === 'remote') {
        test('8: a note over the service’s max_num_characters is refused before it is sent', async ({ page }) => {
          await page.route('**/tagger/config', async (route) => {
            const response = await route.fetch();
            await route.fulfill({ response, json: { ...(await response.json()), max_num_characters: 100 } });
          });
          const sent: string[] = [];
          page.on('request', (r) => {
            if (r.url().includes('/tagger/annotation')) sent.push(r.url());
          });
          await open(page, mode);
          await page.getByLabel('Texto de la nota').fill(NOTE_17);
          await expect(page.getByTestId('too-long')).toContainText('como máximo 100');
          await expect(page.getByRole('button', { name: 'Anotar', exact: true })).toBeDisabled();
          await page.getByLabel('Texto de la nota').fill('Dolor torácico.');
          await expect(page.getByTestId('too-long')).toHaveCount(0);
          expect(sent).toEqual([]);
        });
      }
    });
  }
}
