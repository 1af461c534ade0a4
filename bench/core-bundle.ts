/**
 * The core as it ships: bundled, unminified JavaScript, as the service (`build/node`) and
 * the browser worker (Vite) run it, rather than through tsx, whose per-module compilation adds a
 * helper call to every function it creates. Built into node_modules/.cache at bench start.
 */
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { repoPath } from '../src/repo-paths.ts';

type Core = typeof import('../src/core/index.ts') & {
  tokenise: typeof import('../src/core/text/tokenise.ts').tokenise;
  segmentSentences: typeof import('../src/core/text/segment.ts').segmentSentences;
  matchConcepts: typeof import('../src/core/match/matcher.ts').matchConcepts;
};

/**
 * Bundles the core found under `root` (the repository by default; another checkout's copy for
 * comparisons) and imports it. `name` keeps bundles of different sources apart.
 */
export async function loadBundledCore(root: string = repoPath(), name = 'core'): Promise<Core> {
  const outfile = repoPath('node_modules', '.cache', 'glosa', 'bench', `${name}.mjs`);
  await build({
    stdin: {
      contents: [
        "export * from './src/core/index.ts';",
        "export { tokenise } from './src/core/text/tokenise.ts';",
        "export { segmentSentences } from './src/core/text/segment.ts';",
        "export { matchConcepts } from './src/core/match/matcher.ts';",
      ].join('\n'),
      resolveDir: root,
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
