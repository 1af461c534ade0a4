import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GLOSA_VERSION } from './version.ts';

it('carries the package version as the result version label', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(GLOSA_VERSION).toBe(pkg.version);
});
