/**
 * Issue 21's measure: every state of the app at 390, 800 and 1280 px wide has no axe-core
 * violation and no horizontal page scroll, and leaves a full-page screenshot in the test report
 * (playwright-report/, one attachment per state and width).
 *
 * STATES is the one list of states: a new view (filters, compare, …) adds its entry there. Each
 * state starts from a freshly loaded app (`page.goto('/')`, a new browser context) and brings the
 * app into that state; the checks are the same for all.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { annotate, chooseRemote } from './support/app.ts';
import { loadThenCutTheNetwork } from './support/offline.ts';
import { attachScreenshot, fitsWidth, noAxeViolations } from './support/screens.ts';

const NOTE =
  'Varón de 72 años. No refiere fiebre, tos ni disnea. Posible neumonía. Madre con diabetes. Dolor en el brazo izquierdo desde hace 3 días. Paracetamol 1 g cada 8 horas. Hb 12,4 g/dl.';

interface ScreenState {
  readonly name: string;
  /** Brings the freshly loaded app into the state (and waits until it is drawn). */
  readonly enter: (page: Page, context: BrowserContext) => Promise<void>;
}

const tab = async (page: Page, name: string, ready: (page: Page) => Promise<void>) => {
  await annotate(page, NOTE);
  await page.getByRole('tab', { name, exact: true }).click();
  await ready(page);
};

/** Review mode with a verdict of each kind, by keyboard. */
const reviewed = async (page: Page) => {
  await page.getByLabel('Modo revisión').check();
  await annotate(page, NOTE);
  const span = (text: string) => page.locator('.doc [data-ann]:not([data-frag])', { hasText: text }).first();
  await span('fiebre').focus();
  await page.keyboard.press('a');
  await span('diabetes').focus();
  await page.keyboard.press('x');
  await page.keyboard.press('5');
  await expect(page.getByTestId('review-counts')).toHaveText(/^revisadas 2 de \d+, 1 incorrecta$/);
};

/** A remote service that answers every annotation request with this status and error body. */
const remoteAnswers = async (page: Page, status: number) => {
  await page.route('**/tagger/annotation', (route) =>
    route.fulfill({ status, json: { error: { code: 'e2e', message: 'Respuesta de prueba del servicio.' } } }),
  );
  await chooseRemote(page, 'e2e-key-0123456789');
  await page.getByLabel('Texto de la nota').fill(NOTE);
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
};

/** The compare panel with A annotated at one reference datetime and B at another. */
const comparedDatetimes = async (page: Page) => {
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  await annotate(page, NOTE);
  await page.getByRole('tab', { name: 'Comparar' }).click();
  await page.getByRole('button', { name: 'Fijar como A' }).click();
  await page.getByLabel('Fecha de referencia').fill('2025-01-20T08:00:00');
  await expect(page.getByTestId('compare-counts')).toContainText(/cambiadas: [1-9]/);
};

export const STATES: readonly ScreenState[] = [
  { name: 'empty', enter: async (page) => expect(page.getByLabel('Texto de la nota')).toBeVisible() },
  { name: 'result', enter: async (page) => void (await annotate(page, NOTE)) },
  {
    name: 'card-open',
    enter: async (page) => {
      await annotate(page, NOTE);
      await page.locator('.ann-table').getByRole('button', { name: 'diabetes' }).click();
      await expect(page.locator('.card')).toBeInViewport();
    },
  },
  { name: 'panel-table', enter: (page) => tab(page, 'Tabla', (p) => expect(p.locator('.ann-table tbody tr').first()).toBeVisible()) },
  { name: 'panel-negation', enter: (page) => tab(page, 'Lente de negación', (p) => expect(p.locator('.lens li').first()).toBeVisible()) },
  { name: 'panel-json', enter: (page) => tab(page, 'JSON', (p) => expect(p.locator('#panel-json')).toContainText('"annotations"')) },
  { name: 'panel-errors', enter: (page) => tab(page, 'Errores', (p) => expect(p.locator('#panel-errors')).toContainText('Sin errores')) },
  {
    name: 'panel-reviews',
    enter: (page) => tab(page, 'Revisiones', (p) => expect(p.locator('#panel-reviews')).not.toContainText('Cargando')),
  },
  {
    name: 'panel-report',
    enter: (page) => tab(page, 'Informe de revisión', (p) => expect(p.locator('#panel-report')).toContainText('revisión')),
  },
  {
    name: 'remote-key-missing',
    enter: async (page) => {
      await page.getByLabel('Remoto (servicio)').check();
      await page.getByLabel('Texto de la nota').fill(NOTE);
      await page.getByRole('button', { name: 'Anotar', exact: true }).click();
      await expect(page.locator('#key-prompt')).toHaveClass(/key-prompt/);
    },
  },
  {
    name: 'remote-key-rejected',
    enter: async (page) => {
      await remoteAnswers(page, 401);
      await expect(page.getByRole('alert')).toContainText('401');
      await expect(page.locator('#key-prompt')).toHaveClass(/key-prompt/);
    },
  },
  {
    name: 'error-shown',
    enter: async (page) => {
      await remoteAnswers(page, 500);
      await expect(page.getByRole('alert')).toContainText('HTTP 500');
      await page.getByRole('tab', { name: /^Errores/ }).click();
      await expect(page.locator('#panel-errors')).toContainText('Respuesta de prueba del servicio.');
    },
  },
  { name: 'review-mode', enter: reviewed },
  {
    name: 'review-errors-and-report',
    enter: async (page) => {
      await reviewed(page);
      await page.getByRole('tab', { name: /^Errores/ }).click();
      await expect(page.getByTestId('review-errors')).toContainText('diabetes');
      await page.getByRole('tab', { name: 'Informe de revisión' }).click();
      await expect(page.locator('.review-report')).toContainText('Por categoría');
    },
  },
  {
    name: 'offline',
    enter: async (page) => {
      // Loaded from a server of its own, which is shut down before the reload (e2e/support/offline.ts).
      await loadThenCutTheNetwork(page);
      await annotate(page, NOTE);
    },
  },
  {
    name: 'dictionary-picker-error',
    enter: async (page) => {
      await annotate(page, NOTE);
      await page.getByLabel('Archivo .glsd').setInputFiles({ name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
      await expect(page.locator('.dict[data-phase="error"]')).toContainText('not a Glosa dictionary');
    },
  },
  {
    name: 'card-with-frame-and-nested-site',
    enter: async (page) => {
      await annotate(page, `${NOTE} Cáncer de esófago.`);
      await page.locator('.doc [data-ann]', { hasText: /^Paracetamol$/ }).click();
      await expect(page.getByRole('region', { name: 'Concepto Paracetamol' }).getByTestId('card-relations')).toContainText('frecuencia');
    },
  },
  {
    name: 'filters-applied',
    enter: async (page) => {
      await annotate(page, NOTE);
      await page.getByRole('button', { name: /^Filtros/ }).click();
      await page
        .getByRole('group', { name: 'Filtros' })
        .getByRole('checkbox', { name: /^Hallazgo \(\d+\)$/ })
        .uncheck();
      await expect(page.getByTestId('filter-summary')).toContainText('ocultos por los filtros');
    },
  },
  {
    name: 'search-hits',
    enter: async (page) => {
      await annotate(page, NOTE);
      await page.getByRole('searchbox', { name: /Buscar en la nota/ }).fill('DOLOR');
      await expect(page.getByTestId('search-count')).toHaveText('1 de 1');
    },
  },
  { name: 'compare-two-datetimes', enter: comparedDatetimes },
  {
    name: 'compare-side-by-side',
    enter: async (page) => {
      await comparedDatetimes(page);
      await page.getByRole('radio', { name: 'Lado a lado' }).check();
      await expect(page.getByRole('region', { name: 'Ejecución B' })).toContainText('[cambiada]');
    },
  },
  {
    name: 'rule-pack-active',
    enter: async (page) => {
      const pack = JSON.stringify({ rules: [{ id: 'neg-sin', disabled: true }] });
      await page
        .getByLabel('Paquete de reglas', { exact: true })
        .setInputFiles({ name: 'mis-reglas.json', mimeType: 'application/json', buffer: Buffer.from(pack) });
      await expect(page.getByTestId('context-rules-status')).toContainText('mis-reglas.json');
      await annotate(page, NOTE);
    },
  },
];

export const WIDTHS = [390, 800, 1280] as const;

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });
    for (const state of STATES) {
      test(`${state.name}: no axe-core violation, no sideways scroll`, async ({ page, context }, info) => {
        await page.goto('/');
        await state.enter(page, context);
        expect(await fitsWidth(page), 'the page scrolls sideways').toBe(true);
        await noAxeViolations(page);
        await attachScreenshot(page, info, `${state.name}-${width}px`);
      });
    }
  });
}
