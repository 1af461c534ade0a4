/**
 * `npm start`'s build: runs each build step only when one of its inputs is newer than its output
 * (or the output is missing), so a second start does not rebuild what is up to date. `npm run
 * build` still rebuilds everything. Steps run in order: the app embeds the dictionary.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoPath } from '../src/repo-paths.ts';

interface Step {
  readonly script: string;
  /** Files or folders (searched recursively) the step reads. */
  readonly inputs: readonly string[];
  /** The file the step writes last. */
  readonly output: string;
}

const COMMON = ['package-lock.json', 'src/core'];
const STEPS: readonly Step[] = [
  { script: 'build:dict', inputs: [...COMMON, 'src/lexicon', 'src/cli'], output: 'public/dict/manifest.json' },
  {
    script: 'build:app',
    inputs: [...COMMON, 'src/app', 'src/worker', 'public', 'index.html', 'vite.config.ts'],
    output: 'dist/index.html',
  },
  {
    script: 'build:node',
    inputs: [...COMMON, 'src/cli', 'src/server', 'src/lexicon', 'src/repo-paths.ts', 'scripts/build-node.ts'],
    output: 'build/node/glosa.mjs',
  },
];

/** The newest modification time under a file or folder (0 if it does not exist). */
export function newestMs(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, encoding: 'utf8' }))
    newest = Math.max(newest, statSync(join(path, entry)).mtimeMs);
  return newest;
}

export function isStale(step: Step, root: (...parts: string[]) => string = repoPath): boolean {
  const output = root(step.output);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return step.inputs.some((input) => newestMs(root(input)) > built);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const step of STEPS) {
    if (isStale(step)) {
      console.log(`== npm run ${step.script}`);
      execSync(`npm run ${step.script}`, { stdio: 'inherit', cwd: repoPath() });
    } else console.log(`== ${step.script}: up to date (${step.output})`);
  }
}
