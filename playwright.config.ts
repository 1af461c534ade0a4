import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium.ts';

// The built app (npm run build) served by `vite preview`; the remote-mode spec starts the real
// service itself. Debian's Chromium is used (CHROMIUM_PATH), not Playwright's download.
const PORT = Number(process.env.GLOSA_E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // The HTML report (playwright-report/) holds the screenshots the specs attach (e2e/screens.spec.ts).
  reporter: [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'on',
    trace: 'off',
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
  },
});
