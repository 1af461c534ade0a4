/** Shared checks of the screen specs: axe-core finds nothing, the page does not scroll sideways, a screenshot in the report. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** axe-core over the page, or over what `include` selects only. */
export async function noAxeViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** True when the page is no wider than the window (no horizontal page scroll). */
export const fitsWidth = (page: Page): Promise<boolean> =>
  page.evaluate(() => (document.scrollingElement as Element).scrollWidth <= window.innerWidth);

/** A screenshot of the whole page, or (`fullPage` false) of what is in view, attached to the test report (playwright-report/). */
export async function attachScreenshot(page: Page, info: TestInfo, name: string, fullPage = true): Promise<void> {
  await info.attach(name, { body: await page.screenshot({ fullPage }), contentType: 'image/png' });
}
