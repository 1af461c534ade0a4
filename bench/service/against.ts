/**
 * `npm run bench:service -- --against REV`: today's service and REV's, on the same 2,000-character
 * note at concurrency 16, one process each, started in turn (rounds alternate which goes first).
 * REV is checked out in a temporary git worktree under the system's temp directory, with this
 * checkout's node_modules linked in, and built there (`scripts/build-node.ts`). Prints each side's
 * requests/s, p99 and server CPU per request (medians of the rounds), the median of the rounds'
 * requests/s ratios, and the core's annotate time for the same note (CPU, in this process) next to
 * the server's CPU per request. On a shared machine only the ratios measured in one run mean much.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { defaultDictionaryBytes } from '../../src/lexicon/load.ts';
import { repoPath } from '../../src/repo-paths.ts';
import { loadBundledCore } from '../core-bundle.ts';
import { median, table } from '../stats.ts';
import { processCpuMs } from './process-cpu.ts';
import { startServerProcess } from './server-process.ts';

const KEY = 'bench-key-not-secret';
const CONCURRENCY = 16;

interface Round {
  readonly rps: number;
  readonly p99: number;
  readonly cpuMs: number;
  readonly failed: number;
}

/** A checkout of `rev` built for `glosa serve`; `remove` deletes it. */
function checkout(rev: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'glosa-against-'));
  rmSync(root, { recursive: true });
  execFileSync('git', ['worktree', 'add', '--detach', root, rev], { cwd: repoPath(), stdio: 'ignore' });
  const remove = (): void => {
    execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: repoPath(), stdio: 'ignore' });
  };
  try {
    symlinkSync(repoPath('node_modules'), join(root, 'node_modules'), 'dir');
    execFileSync(process.execPath, [repoPath('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build-node.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (!existsSync(join(root, 'build', 'node', 'glosa.mjs'))) throw new Error(`${rev} built no build/node/glosa.mjs`);
  } catch (error) {
    remove();
    throw error;
  }
  return { root, remove };
}

async function measure(bin: string, body: string, seconds: number): Promise<Round> {
  const server = await startServerProcess(
    [
      '--rate-limit',
      '0',
      '--log-level',
      'warn',
      '--workers',
      '0',
      '--trust-proxy',
      '127.0.0.1',
      '--processes',
      '1',
      '--max-event-loop-delay',
      '0',
    ],
    { GLOSA_API_KEYS: KEY },
    bin,
  );
  try {
    const options = {
      url: `${server.url}/tagger/annotation`,
      connections: CONCURRENCY,
      method: 'POST' as const,
      headers: { apikey: KEY, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body,
    };
    await autocannon({ ...options, duration: 1 }); // warm-up (JIT)
    const pid = server.child.pid as number;
    const before = processCpuMs(pid) ?? Number.NaN;
    const r = await autocannon({ ...options, duration: seconds });
    const after = processCpuMs(pid) ?? Number.NaN;
    return {
      rps: r.requests.total / r.duration,
      p99: r.latency.p99,
      cpuMs: (after - before) / r.requests.total,
      failed: r.non2xx + r.errors + r.timeouts,
    };
  } finally {
    await server.stop();
  }
}

/** CPU milliseconds of one `annotate` of `note` by the core under `root`, in this process. */
async function annotateCpuMs(root: string, name: string, note: string): Promise<number> {
  const core = await loadBundledCore(root, name);
  const annotator = core.createAnnotator(core.loadDictionary(defaultDictionaryBytes()));
  const config = { text_datetime: '2024-06-10T12:00:00' };
  for (let i = 0; i < 300; i++) annotator.annotate(note, config);
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 200; i++) annotator.annotate(note, config);
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / 1000 / 200);
  }
  return median(runs);
}

export async function serviceAgainst(rev: string, note: string, seconds: number, rounds: number): Promise<void> {
  const body = JSON.stringify({ text: note, config: { text_datetime: '2024-06-10T12:00:00' } });
  const base = checkout(rev);
  try {
    const sides = [
      { name: rev, bin: join(base.root, 'bin', 'glosa.mjs'), rounds: [] as Round[] },
      { name: 'working tree', bin: repoPath('bin', 'glosa.mjs'), rounds: [] as Round[] },
    ] as const;
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) side.rounds.push(await measure(side.bin, body, seconds));
    }
    const [before, after] = sides;
    const coreBefore = await annotateCpuMs(base.root, 'against-base', note);
    const coreAfter = await annotateCpuMs(repoPath(), 'against-work', note);
    const rows: (string | number)[][] = [['server', 'req/s', 'p99 ms', 'CPU ms/req', 'core annotate ms', 'CPU/annotate', 'failed']];
    for (const [side, core] of [
      [before, coreBefore],
      [after, coreAfter],
    ] as const) {
      const cpu = median(side.rounds.map((x) => x.cpuMs));
      rows.push([
        side.name,
        Math.round(median(side.rounds.map((x) => x.rps))),
        median(side.rounds.map((x) => x.p99)),
        cpu.toFixed(3),
        core.toFixed(3),
        (cpu / core).toFixed(2),
        side.rounds.reduce((n, x) => n + x.failed, 0),
      ]);
    }
    const ratio = median(after.rounds.map((x, i) => x.rps / (before.rounds[i] as Round).rps));
    const cpuRatio = median(after.rounds.map((x, i) => x.cpuMs / (before.rounds[i] as Round).cpuMs));
    console.log(
      `glosa service against ${rev}: 2,000-char note, concurrency ${CONCURRENCY}, one process, ${rounds} rounds of ${seconds} s; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.log(table(rows));
    console.log(
      `working tree / ${rev}: requests/s ×${ratio.toFixed(2)}, CPU per request ×${cpuRatio.toFixed(2)} (medians of the rounds' ratios)`,
    );
  } finally {
    base.remove();
  }
}
