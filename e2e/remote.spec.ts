/** Remote mode against the real service (`glosa serve --with-app`), and its failure messages. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { annotate, chooseRemote, expectNoAnnotations, startService } from './support/app.ts';

let service: Awaited<ReturnType<typeof startService>>;

test.beforeAll(async () => {
  service = await startService(['e2e-key-1-0123456789', 'e2e-key-2-0123456789']);
});
test.afterAll(async () => {
  await service?.stop();
});

test.beforeEach(async ({ page }) => {
  // The app as the service serves it: the remote base URL defaults to this origin.
  await page.goto(`${service.url}/`);
});

test('the app works under the Content-Security-Policy the service sends, locally and remotely', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${service.url}/`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Local mode: the core in a Web Worker, the dictionary fetched from this origin.
  expect((await annotate(page, 'No refiere dolor en el brazo.')).annotations).toBeGreaterThanOrEqual(2);
  await chooseRemote(page, 'e2e-key-1-0123456789');
  expect((await annotate(page, 'Refiere tos.')).annotations).toBeGreaterThanOrEqual(1);
  expect(violations).toEqual([]);
});

test('a wrong key gets a clear 401 message and the text is kept; the right key annotates', async ({ page }, info) => {
  await chooseRemote(page, 'wrong-key');
  await page.getByLabel('Texto de la nota').fill('No refiere dolor en el brazo.');
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('401');
  await expect(page.getByLabel('Texto de la nota')).toHaveValue('No refiere dolor en el brazo.');
  await expectNoAnnotations(page);
  await page.screenshot({ path: info.outputPath('remote-401.png') });

  await page.getByLabel('Clave de API').fill('e2e-key-2-0123456789');
  const rendered = await annotate(page, 'No refiere dolor en el brazo.');
  expect(rendered.annotations).toBeGreaterThanOrEqual(2);
  await expect(page.locator('.doc [data-cue^="negation:"]')).toHaveText('No');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The key stays out of the URL and localStorage.
  expect(page.url()).not.toContain('e2e-key');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('e2e-key');
  await page.screenshot({ path: info.outputPath('remote-ok.png') });
});

test('a missing key is said before anything is sent; a 401 asks for the key at its field', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/tagger/annotation')) sent.push(request.headers()['apikey'] ?? '');
  });
  await chooseRemote(page, '');
  const key = page.getByLabel('Clave de API');
  await expect(page.locator('#key-prompt')).toHaveText('Falta la clave de API.');
  await page.getByLabel('Texto de la nota').fill('Refiere tos.');
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Falta la clave de API');
  await expect(page.getByRole('alert')).toContainText('No se ha enviado nada');
  await expect(key).toBeFocused();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Texto de la nota')).toHaveValue('Refiere tos.');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(sent).toEqual([]);

  // A refused key: the service is asked, answers 401, and the app asks for the key at its field.
  await key.fill('wrong-key');
  await expect(key).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Texto de la nota').focus();
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('401');
  await expect(key).toBeFocused();
  await expect(page.locator('#key-prompt')).toHaveText(/rechazó la clave/);
  expect(sent).toEqual(['wrong-key']);

  await key.fill('e2e-key-1-0123456789');
  await expect(page.locator('#key-prompt')).toHaveText('');
  expect((await annotate(page, 'Refiere tos.')).annotations).toBeGreaterThanOrEqual(1);
});

test('the key stays in this tab only: sessionStorage, kept on reload, absent from localStorage and other tabs', async ({
  page,
  context,
}) => {
  await chooseRemote(page, 'e2e-key-2-0123456789');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain('e2e-key-2');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('e2e-key');
  await page.reload();
  await expect(page.getByLabel('Clave de API')).toHaveValue('e2e-key-2-0123456789');
  const other = await context.newPage();
  await other.goto(`${service.url}/`);
  await other.getByLabel('Remoto (servicio)').check();
  await expect(other.getByLabel('Clave de API')).toHaveValue('');
  expect(await other.evaluate(() => JSON.stringify(sessionStorage) + JSON.stringify(localStorage))).not.toContain('e2e-key');
  await other.close();
});

test('the result line names mode, reference datetime, dictionary and version; a changed setting marks the result out of date', async ({
  page,
}) => {
  await page.getByLabel('Fecha de referencia').fill('2024-06-10T10:00:00');
  await annotate(page, 'Fiebre desde hace 3 días.');
  const status = page.getByTestId('result-status');
  await expect(status).toContainText(/local · diccionario \S+ #[0-9a-f]{12}/);
  await expect(status).toContainText('referencia 2024-06-10T10:00:00');
  await expect(status).toContainText(/versión \S+/);
  await expect(page.getByTestId('stale')).toHaveCount(0);

  await chooseRemote(page, 'e2e-key-1-0123456789');
  await annotate(page, 'Fiebre desde hace 3 días.');
  await expect(status).toContainText(`remoto ${service.url}/tagger/annotation`);
  await expect(page.getByTestId('stale')).toHaveCount(0);

  // Remote mode does not re-annotate by itself: a new reference datetime marks the result out of date.
  await page.getByLabel('Fecha de referencia').fill('2025-01-01T09:00:00');
  await expect(page.getByTestId('stale')).toContainText('la fecha de referencia cambió');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await annotate(page, 'Fiebre desde hace 3 días.');
  await expect(status).toContainText('referencia 2025-01-01T09:00:00');
  await expect(page.getByTestId('stale')).toHaveCount(0);
});

test('an answer that does not fit the contract is refused and nothing is drawn', async ({ page }) => {
  await page.route('**/tagger/annotation', (route) =>
    route.fulfill({ json: { annotations: [{ id: 0, code: { umls: 'nope' }, match: { begin: 0, end: 3 } }], version: '9' } }),
  );
  await chooseRemote(page, 'e2e-key-1-0123456789');
  await page.getByLabel('Texto de la nota').fill('tos');
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('no cumple el contrato');
  await expectNoAnnotations(page);
  await page.getByRole('tab', { name: /Errores/ }).click();
  await expect(page.locator('.errors')).toContainText('annotations.0');
});

for (const [status, message] of [
  [413, 'demasiado largo'],
  [429, 'Demasiadas peticiones'],
] as const) {
  test(`HTTP ${status} gets its own message`, async ({ page }) => {
    await page.route('**/tagger/annotation', (route) =>
      route.fulfill({ status, json: { error: { code: 'x_y', message: 'From the service.' } }, headers: { 'retry-after': '3' } }),
    );
    await chooseRemote(page, 'e2e-key-1-0123456789');
    await page.getByLabel('Texto de la nota').fill('tos');
    await page.getByRole('button', { name: 'Anotar', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(message);
    await expect(page.getByLabel('Texto de la nota')).toHaveValue('tos');
  });
}

test('a service that is down gets a clear message; editing the URL sends nothing by itself', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tagger/annotation')) sent.push(r.url());
  });
  await chooseRemote(page, 'e2e-key-1-0123456789');
  await page.getByLabel('Texto de la nota').fill('tos');
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.locator('.doc [data-ann]').first()).toBeVisible();
  await page.getByLabel('URL base').pressSequentially('x');
  await page.getByLabel('URL base').fill('http://127.0.0.1:9');
  await page.waitForTimeout(300);
  expect(sent).toHaveLength(1);
  await page.getByLabel('Texto de la nota').fill('tos');
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('No se pudo conectar');
});
