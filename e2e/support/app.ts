/** Shared steps of the e2e specs: typing a note, waiting for a rendered result, the real service. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, type Page } from '@playwright/test';

export interface Rendered {
  renderMs: number;
  chars: number;
  annotations: number;
  arcs: number;
}

/** Resolves with the app's next "glosa:rendered" event (a result drawn with its arcs). */
export async function armRendered(page: Page): Promise<() => Promise<Rendered>> {
  const name = `__rendered${Math.random().toString(36).slice(2)}`;
  await page.evaluate((n) => {
    (window as unknown as Record<string, Promise<unknown>>)[n] = new Promise((resolve) =>
      window.addEventListener('glosa:rendered', (e) => resolve((e as CustomEvent).detail), { once: true }),
    );
  }, name);
  return () => page.evaluate((n) => (window as unknown as Record<string, Promise<Rendered>>)[n] as Promise<Rendered>, name);
}

export async function annotate(page: Page, text: string): Promise<Rendered> {
  const rendered = await armRendered(page);
  await page.getByLabel('Texto de la nota').fill(text);
  await page.getByRole('button', { name: 'Anotar', exact: true }).click();
  return rendered();
}

export async function chooseRemote(page: Page, key: string): Promise<void> {
  await page.getByLabel('Remoto (servicio)').check();
  await page.getByLabel('Clave de API').fill(key);
}

/** The real annotation service (`glosa serve`) on a free port, with the given keys. */
export async function startService(keys: string[], extraArgs: string[] = []): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['bin/glosa.mjs', 'serve', '--port', '0', '--with-app', '--log-level', 'warn', ...extraArgs],
    {
      env: { ...process.env, GLOSA_API_KEYS: keys.join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('glosa serve did not start in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`glosa serve exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const m = /listening on (https?:\/\/[^\s]+)/.exec(line);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function expectNoAnnotations(page: Page): Promise<void> {
  await expect(page.locator('.doc [data-ann]')).toHaveCount(0);
}

/** Opens the filter panel (if closed) and leaves only the given status shown ("negado", "familiar"…). */
export async function showOnlyStatus(page: Page, status: string): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Filtros/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('button', { name: 'Estados: ocultar todas' }).click();
  await page
    .getByRole('group', { name: 'Filtros' })
    .getByRole('checkbox', { name: new RegExp(`^${status} \\(\\d+\\)$`) })
    .check();
}
