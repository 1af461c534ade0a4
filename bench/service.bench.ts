/**
 * `npm run bench:service`: the REST service under autocannon on loopback. The server runs as a
 * child process (`glosa serve`), so it has its own core and event loop; autocannon runs here.
 * Measures requests/s and p50/p99 latency for 200- and 2,000-character notes at concurrency 1, 16
 * and 64, and the ratio to the bare `GET /tagger/ping` of the same server at the same concurrency.
 * Targets: ≥ 2,000 requests/s for 2,000-character notes and p99 ≤ 50 ms at concurrency 16.
 * The server runs one process per core (`--processes`; BENCH_PROCESSES overrides, 1 for a single
 * event loop). BENCH_SECONDS sets each run's duration (default 5); BENCH_SERVE_ARGS adds `glosa
 * serve` flags (e.g. "--workers 3 --worker-threshold 0" to annotate every request in worker threads).
 */
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { syntheticNotes } from './corpus.ts';
import { processCpuMs } from './service/process-cpu.ts';
import { startServerProcess } from './service/server-process.ts';
import { table } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = [1, 16, 64];
const KEY = 'bench-key-not-secret';

/** A deterministic note of exactly `length` characters. */
function note(length: number): string {
  const text = syntheticNotes(length, length + 200, 7)[0] ?? '';
  return text.slice(0, length);
}

interface Workload {
  readonly name: string;
  readonly path: string;
  readonly options: Partial<autocannon.Options>;
}

const WORKLOADS: Workload[] = [
  { name: 'GET /tagger/ping', path: '/tagger/ping', options: { method: 'GET' } },
  ...[200, 2000].map((length) => ({
    name: `${length}-char note`,
    path: '/tagger/annotation',
    options: {
      method: 'POST' as const,
      headers: { apikey: KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ text: note(length), config: { text_datetime: '2024-06-10T12:00:00' } }),
    },
  })),
];

interface Measure {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly bad: number;
  /** Server CPU milliseconds per request (all its threads). */
  readonly cpuMs: number | undefined;
}

async function measure(url: string, pid: number, workload: Workload, connections: number, seconds: number): Promise<Measure> {
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url: `${url}${workload.path}`, connections, duration: seconds, ...workload.options });
  const cpuAfter = processCpuMs(pid);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / result.requests.total,
  };
}

// One server process per core by default (`glosa serve --processes`); BENCH_PROCESSES=1 for one.
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? availableParallelism());
const SERVE_ARGS = ['--processes', String(PROCESSES), ...(process.env.BENCH_SERVE_ARGS ?? '').split(' ').filter((a) => a !== '')];
const server = await startServerProcess(['--rate-limit', '0', '--log-level', 'warn', ...SERVE_ARGS], { GLOSA_API_KEYS: KEY });
const pid = server.child.pid ?? 0;
try {
  for (const workload of WORKLOADS) await measure(server.url, pid, workload, 16, 1); // warm-up (JIT)
  const rows: (string | number)[][] = [['workload', 'conc', 'req/s', 'p50 ms', 'p99 ms', 'vs ping', 'server CPU ms/req', 'non-2xx/errors']];
  const results = new Map<string, Measure>();
  for (const connections of CONCURRENCY) {
    for (const workload of WORKLOADS) {
      const m = await measure(server.url, pid, workload, connections, SECONDS);
      results.set(`${workload.name}@${connections}`, m);
      const ping = results.get(`GET /tagger/ping@${connections}`);
      rows.push([
        workload.name,
        connections,
        Math.round(m.rps),
        m.p50,
        m.p99,
        ping ? (m.rps / ping.rps).toFixed(2) : '-',
        m.cpuMs === undefined ? '-' : m.cpuMs.toFixed(3),
        m.bad,
      ]);
    }
  }
  console.log(
    `glosa service bench: ${SECONDS} s per run, server ${server.url} (glosa serve ${SERVE_ARGS.join(' ')}), autocannon in this process; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(table(rows));
  const target = results.get('2000-char note@16');
  if (target) {
    const ok = target.rps >= 2000 && target.p99 <= 50;
    console.log(
      `target (2,000-char notes, concurrency 16): ${Math.round(target.rps)} req/s (≥ 2000), p99 ${target.p99} ms (≤ 50): ${ok ? 'met' : 'NOT met'}`,
    );
  }
} finally {
  await server.stop();
}
