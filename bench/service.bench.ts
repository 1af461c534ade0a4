/**
 * `npm run bench:service`: the REST service under autocannon on loopback. Servers run as child
 * processes (`glosa serve`); autocannon runs in this process. Scenarios (BENCH_ONLY=a,b picks some):
 * - quiet: 2,000-character notes at concurrency 16, one process and `--processes 0`
 *   (targets ≥ 1,500 and ≥ 2,500 req/s, p99 ≤ 50 ms);
 * - attack: the same while four clients without a key post 1.2 MB of nested JSON
 *   (target: keyed throughput ≥ 80% of quiet);
 * - proxy: two `--redis` instances behind Debian's nginx (deploy/nginx/glosa.conf): req/s, and the
 *   key's counter in Redis equal to the requests the instances answered (the limit holds exactly);
 * - memory: the server's RSS and heap over 100,000 requests (BENCH_MEMORY_REQUESTS).
 * BENCH_SECONDS sets each timed run (default 5). On a shared machine the server's CPU milliseconds
 * per request say more than requests/s.
 *
 * `npm run bench:service -- --against REV` instead compares today's service with REV's on the quiet
 * scenario, started in turn (BENCH_ROUNDS rounds, default 3): see service/against.ts.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { startNginx, startRedis } from '../src/server/testing/external.ts';
import { syntheticNotes } from './corpus.ts';
import { serviceAgainst } from './service/against.ts';
import { processCpuMs } from './service/process-cpu.ts';
import { startServerProcess, type ServerProcess } from './service/server-process.ts';
import { table } from './stats.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'quiet,attack,proxy,memory').split(','));
const MEMORY_REQUESTS = Number(process.env.BENCH_MEMORY_REQUESTS ?? 100_000);
const KEY = 'bench-key-not-secret';
const CONCURRENCY = 16;
const PROXY_REQUESTS = Number(process.env.BENCH_PROXY_REQUESTS ?? 5_000);

const NOTE = (syntheticNotes(2200, 2400, 7)[0] ?? '').slice(0, 2000);
// Clients are told apart by X-Forwarded-For (the servers trust loopback proxies): the keyless
// attackers come from other addresses than the keyed client, as they would in life. From the same
// address they would lock it out after 60 failures, by design (docs/service.md).
const KEYED: Partial<autocannon.Options> = {
  method: 'POST',
  headers: { apikey: KEY, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
  body: JSON.stringify({ text: NOTE, config: { text_datetime: '2024-06-10T12:00:00' } }),
};
const NESTED = '['.repeat(600_000) + ']'.repeat(600_000);

interface Measure {
  /** Server CPU milliseconds per request (all its processes and threads), when known. */
  readonly cpuMs?: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly ok: number;
  readonly other: number;
}

async function run(url: string, options: Partial<autocannon.Options>, pid?: number): Promise<Measure> {
  const before = pid === undefined ? undefined : processCpuMs(pid);
  const r = await autocannon({ url, connections: CONCURRENCY, ...(options.amount === undefined ? { duration: SECONDS } : {}), ...options });
  const after = pid === undefined ? undefined : processCpuMs(pid);
  const cpuMs = before === undefined || after === undefined ? undefined : (after - before) / r.requests.total;
  return {
    // Total over elapsed time: autocannon's per-second average drops the last partial second.
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok: r['2xx'],
    other: r.non2xx + r.errors + r.timeouts,
    ...(cpuMs === undefined ? {} : { cpuMs }),
  };
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

async function heapMb(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Math.round(Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? 0) / 1024 / 1024);
}

const rows: (string | number)[][] = [['scenario', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', '2xx', 'other', 'note']];
const row = (scenario: string, server: string, m: Measure, note = '') =>
  rows.push([scenario, server, Math.round(m.rps), m.p50, m.p99, m.cpuMs === undefined ? '-' : m.cpuMs.toFixed(3), m.ok, m.other, note]);
const serve = (args: string[]) =>
  startServerProcess(['--rate-limit', '0', '--log-level', 'warn', '--workers', '0', '--trust-proxy', '127.0.0.1', ...args], {
    GLOSA_API_KEYS: KEY,
  });

async function quietAndAttack(processes: string): Promise<void> {
  const server = await serve(['--processes', processes]);
  const name = processes === '1' ? '1 process' : `--processes ${processes}`;
  try {
    const url = `${server.url}/tagger/annotation`;
    await autocannon({ url, connections: CONCURRENCY, duration: 1, ...KEYED }); // warm-up (JIT)
    const pid = server.child.pid;
    const quiet = await run(url, KEYED, pid);
    const target = processes === '1' ? 1500 : 2500;
    if (ONLY.has('quiet'))
      row(
        'quiet: 2,000-char notes, c16',
        name,
        quiet,
        `target ≥ ${target} req/s, p99 ≤ 50 ms: ${quiet.rps >= target && quiet.p99 <= 50 ? 'met' : 'NOT met'}`,
      );
    if (ONLY.has('attack')) {
      const attackers = autocannon({
        url,
        connections: 4,
        duration: SECONDS,
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        body: NESTED,
      });
      const keyed = await run(url, KEYED, pid);
      const attack = await attackers;
      const ratio = keyed.rps / quiet.rps;
      row(
        'attack: same + 4 keyless nested-JSON clients',
        name,
        keyed,
        `${(ratio * 100).toFixed(0)}% of quiet (target ≥ 80%); attackers got ${attack.non2xx} refusals, ${Math.round(attack.requests.average)} req/s`,
      );
    }
  } finally {
    await server.stop();
  }
}

async function behindProxy(): Promise<void> {
  const redis = await startRedis();
  const instances: ServerProcess[] = [];
  try {
    for (let i = 0; i < 2; i++) instances.push(await serve(['--redis', redis.url, '--rate-limit', '100000000']));
    const config = readFileSync(new URL('../deploy/nginx/glosa.conf', import.meta.url), 'utf8');
    const proxy = await startNginx((port) =>
      config
        .replace('glosa1:8080', new URL(instances[0]!.url).host)
        .replace('glosa2:8080', new URL(instances[1]!.url).host)
        .replace('listen 80;', `listen 127.0.0.1:${port};`),
    );
    try {
      const url = `${proxy.url}/tagger/annotation`;
      // Fixed amounts, not durations: autocannon then waits for every answer, so the requests
      // answered can be compared with the count in Redis.
      const warm = await autocannon({ url, connections: CONCURRENCY, amount: 500, ...KEYED });
      const m = await run(url, { ...KEYED, amount: PROXY_REQUESTS });
      const client = new Redis(redis.url);
      const counter = Number(await client.get(`glosa-rl:key:${createHash('sha256').update(KEY).digest('hex')}`));
      client.disconnect();
      const answered = warm['2xx'] + m.ok + warm.non2xx + m.other;
      row(
        'proxy: nginx → 2 instances, Redis limits',
        '2 × 1 process',
        m,
        `Redis counted ${counter} of ${answered} requests: ${counter === answered ? 'exact' : 'NOT exact'}`,
      );
    } finally {
      await proxy.stop();
    }
  } finally {
    for (const instance of instances) await instance.stop();
    await redis.stop();
  }
}

async function memory(): Promise<void> {
  const server = await serve(['--processes', '1']);
  try {
    const url = `${server.url}/tagger/annotation`;
    const pid = server.child.pid ?? 0;
    const samples: string[] = [];
    let done = 0;
    const step = MEMORY_REQUESTS / 5;
    while (done < MEMORY_REQUESTS) {
      await autocannon({ url, connections: CONCURRENCY, amount: step, ...KEYED });
      done += step;
      samples.push(`${done / 1000}k: RSS ${rssMb(pid)} MB, heap ${await heapMb(server.url)} MB`);
    }
    rows.push(['memory: 2,000-char notes', '1 process', '-', '-', '-', '-', MEMORY_REQUESTS, '-', samples.join('; ')]);
  } finally {
    await server.stop();
  }
}

const against = process.argv.indexOf('--against');
if (against >= 0) {
  const rev = process.argv[against + 1];
  if (rev === undefined) throw new Error('usage: npm run bench:service -- --against REV');
  await serviceAgainst(rev, NOTE, SECONDS, Number(process.env.BENCH_ROUNDS ?? 3));
  process.exit(0);
}

if (ONLY.has('quiet') || ONLY.has('attack')) {
  await quietAndAttack('1');
  await quietAndAttack('0');
}
if (ONLY.has('proxy')) await behindProxy();
if (ONLY.has('memory')) await memory();
console.log(
  `glosa service bench: ${SECONDS} s per run, concurrency ${CONCURRENCY}, autocannon in this process; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores`,
);
console.log(table(rows));
