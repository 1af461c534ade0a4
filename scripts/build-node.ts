/**
 * `npm run build:node`: bundles the CLI (with the service) and the service's worker-thread entry
 * into `build/node/`, so `npm start` and `glosa` run plain JavaScript instead of compiling
 * TypeScript at start-up and carrying tsx's helpers in every function. Most npm packages stay
 * external (see BUNDLED).
 * Each command is a chunk of its own (code splitting), loaded when called: `glosa annotate` then
 * never loads the service's packages (Fastify, pino, prom-client...), which would double its start.
 */
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { repoPath } from '../src/repo-paths.ts';

/**
 * Packages bundled in rather than loaded from node_modules: plain libraries of many small modules,
 * which Node would resolve and read one by one at every start (date-fns alone is hundreds); bundled,
 * only what is used is kept. The others (Fastify, pino, piscina...) load files of their own at run
 * time and stay external.
 */
const BUNDLED = new Set(['date-fns', 'zod', 'yaml']);
const manifest = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
const external = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

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
  external,
  // The bundled CommonJS packages (yaml) require Node's modules: give ES modules a `require`.
  banner: {
    js: "import { createRequire as __glosaCreateRequire } from 'node:module'; const require = __glosaCreateRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
