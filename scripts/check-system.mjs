// Run first by `npm test` (and `npm run test:e2e`): the tests need programs of the system, so
// without one stop at once with one line saying what to install, rather than after minutes of
// failing tests. Arguments name what to check: chromium (the end-to-end tests; CHROMIUM_PATH, as in
// e2e/support/chromium.ts), redis-server and nginx (the service's shared-limit and topology tests).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
// Debian puts nginx in /usr/sbin, which a non-root PATH may lack.
const onPath = (name) =>
  [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/bin'].some((dir) => dir !== '' && executable(join(dir, name)));

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = process.argv.slice(2).filter((name) => (name === 'chromium' ? !executable(chromium) : !onPath(name)));
if (missing.length > 0) {
  const packages = missing.join(' ');
  const named = missing.map((name) => (name === 'chromium' ? `a Chromium (none at ${chromium}; or set CHROMIUM_PATH)` : name));
  console.error(`The tests need ${named.join(', ')}: install with "apt-get install ${packages}" (Debian/Ubuntu).`);
  process.exit(1);
}
