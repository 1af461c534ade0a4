// Run first by `npm test` and `npm run test:e2e`: without a Chromium the end-to-end tests cannot
// run, so stop at once with one line saying what to do. The same path as e2e/support/chromium.ts.
import { accessSync, constants } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
try {
  accessSync(path, constants.X_OK);
} catch {
  console.error(
    `No Chromium at ${path} for the end-to-end tests: install one (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
