/**
 * `npm run build:node`: bundles the CLI (with the service) and the service's worker-thread entry
 * into `build/node/`, so `npm start` and `glosa` run plain JavaScript instead of compiling
 * TypeScript at start-up and carrying tsx's helpers in every function. npm packages stay external.
 * Each command is a chunk of its own (code splitting), loaded when called: `glosa annotate` then
 * never loads the service's packages (Fastify, pino, prom-client...), which would double its start.
 */
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { repoPath } from '../src/repo-paths.ts';

// Chunk names carry a content hash: the last build's would pile up.
rmSync(repoPath('build', 'node'), { recursive: true, force: true });

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
  splitting: true,
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
