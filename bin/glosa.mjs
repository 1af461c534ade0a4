#!/usr/bin/env node
// Runs the bundled CLI (`npm run build:node`) when it is newer than every source file, and
// otherwise the TypeScript sources in-process through tsx, so a fresh clone needs no build step
// and an edit is never shadowed by a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'build', 'node', 'glosa.mjs');

function newestSourceMs() {
  const src = join(root, 'src');
  let newest = 0;
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    newest = Math.max(newest, statSync(join(src, file)).mtimeMs);
  }
  return newest;
}

if (process.env.GLOSA_FROM_SOURCE !== '1' && existsSync(bundle) && statSync(bundle).mtimeMs >= newestSourceMs()) {
  await import(bundle);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
