/**
 * Paths inside the repository, for the Node side (CLI, service, lexicon tools). Found from the
 * repository root, so they are the same whether the code runs from `src/` through tsx or from the
 * bundled build in `build/node/`.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

export function repoPath(...parts: string[]): string {
  return join(REPO_ROOT, ...parts);
}
