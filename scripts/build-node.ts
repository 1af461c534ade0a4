/**
 * `npm run build:node`: bundles the CLI (with the service) and the service's worker-thread entry
 * into `build/node/`, so `npm start` and `glosa` run plain JavaScript instead of compiling
 * TypeScript at start-up and carrying tsx's helpers in every function. npm packages stay external.
 */
import { build } from 'esbuild';
import { repoPath } from '../src/repo-paths.ts';

await build({
  entryPoints: {
    glosa: repoPath('src', 'cli', 'main.ts'),
    'annotate-worker': repoPath('src', 'server', 'annotate-worker.ts'),
  },
  outdir: repoPath('build', 'node'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
