/**
 * The core as it ships: bundled, unminified JavaScript, as the service (`build/node`) and
 * the browser worker (Vite) run it, rather than through tsx, whose per-module compilation adds a
 * helper call to every function it creates. Built into node_modules/.cache at bench start.
 */
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { repoPath } from '../src/repo-paths.ts';

type Core = typeof import('../src/core/index.ts') & { tokenise: typeof import('../src/core/text/tokenise.ts').tokenise };

export async function loadBundledCore(): Promise<Core> {
  const outfile = repoPath('node_modules', '.cache', 'glosa', 'bench', 'core.mjs');
  await build({
    stdin: {
      contents: "export * from './src/core/index.ts';\nexport { tokenise } from './src/core/text/tokenise.ts';\n",
      resolveDir: repoPath(),
      loader: 'ts',
    },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)) as Core;
}
