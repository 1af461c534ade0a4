/**
 * "No network at all", proved without the browser's emulation: the app is loaded from a server of
 * the test's own (the built dist/, as `vite preview` serves it), which is then shut down. A browser's
 * `navigator.onLine` under `setOffline` is not proof: Chromium 150 and later leave it true in a
 * document reloaded from the service worker (issue 33).
 */
import { expect, type Page } from '@playwright/test';
import { preview } from 'vite';

export interface OwnServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Serves the built app on a free loopback port, apart from the suite's web server. */
export async function serveBuiltApp(): Promise<OwnServer> {
  const server = await preview({
    configFile: false,
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('the preview server has no port');
  return { url: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
}

/** Whether anything answers at `url` (from the test's process, not the browser). */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(3_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads the app from its own server, waits for the service worker, shuts the server down and
 * reloads: after this the page runs on what the service worker kept, with nothing to reach. A
 * page request the service worker does not answer itself must fail, and so it is checked.
 */
export async function loadThenCutTheNetwork(page: Page): Promise<void> {
  const server = await serveBuiltApp();
  await page.goto(`${server.url}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  expect(await answers(`${server.url}/`)).toBe(true);
  await server.stop();
  expect(await answers(`${server.url}/`)).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The reloaded document is the service worker's: the server that sent it is gone, and a request
  // the worker passes to the network (nothing precached answers it) fails.
  const reached = await page.evaluate(async () => {
    try {
      await fetch(`/not-precached-${Date.now()}.txt`, { cache: 'no-store' });
      return true;
    } catch {
      return false;
    }
  });
  expect(reached, 'a request past the service worker reached a server').toBe(false);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
