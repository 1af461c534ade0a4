/** Shared checks of the screen specs: axe-core finds nothing, the page does not scroll sideways, a screenshot in the report. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

export async function noAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** True when the page is no wider than the window (no horizontal page scroll). */
export const fitsWidth = (page: Page): Promise<boolean> =>
  page.evaluate(() => (document.scrollingElement as Element).scrollWidth <= window.innerWidth);

/** A full-page screenshot, attached to the test report (playwright-report/). */
export async function attachScreenshot(page: Page, info: TestInfo, name: string): Promise<void> {
  await info.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}
