/**
 * One set of limits across processes and instances: two service instances on one Redis count a
 * key once, exactly; `--processes` without Redis counts in the supervisor, exactly; with Redis
 * down each process keeps counting on its own and keeps serving.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, redisStore } from './rate-store.ts';
import { startRedis, type External } from './testing/external.ts';
import { buildTestServer, defaultDictionaryFile, TEST_KEY } from './testing/fixture.ts';
import { send } from './testing/http-client.ts';

const annotate = (base: string, apikey: string) => send(`${base}/tagger/annotation`, { headers: { apikey }, body: '{"text": "tos"}' });

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}

describe('two instances sharing one Redis', () => {
  let redis: External;
  const clients: Redis[] = [];
  const instances: FastifyInstance[] = [];
  const bases: string[] = [];
  let fallbacks = 0;

  beforeAll(async () => {
    redis = await startRedis();
    for (let i = 0; i < 2; i++) {
      const client = connectRedis(redis.url, () => {});
      await new Promise<void>((resolve) => client.once('ready', () => resolve()));
      clients.push(client);
      const app = await buildTestServer({
        rateLimit: { max: 10, windowMs: 60_000 },
        failedAuthLimit: { max: 4, windowMs: 60_000 },
        rateStore: redisStore(client, () => fallbacks++),
      });
      instances.push(app);
      bases.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    }
  }, 20_000);

  afterAll(async () => {
    for (const app of instances) await app.close();
    for (const client of clients) client.disconnect();
    await redis?.stop();
  });

  it('count one key once: 20 requests alternating between them, exactly 10 pass', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await annotate(bases[i % 2]!, TEST_KEY)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(tally(statuses)).toEqual({ 200: 10, 429: 10 });
    expect(fallbacks).toBe(0);
  });

  it('count failed keys of one address once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await annotate(bases[i % 2]!, `wrong-key-${i}-0123456789`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('keep serving when Redis goes away, each process then counting on its own, and share again once it is back', async () => {
    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    let recovered = 0;
    const other = await buildTestServer({
      rateLimit: { max: 3, windowMs: 60_000 },
      rateStore: redisStore(
        clients[0]!,
        () => fallbacks++,
        () => recovered++,
      ),
    });
    const post = async () =>
      (await other.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload: '{"text": "tos"}' }))
        .statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await post());
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(fallbacks).toBeGreaterThan(0);
    // The instances themselves still answer (their counts now per process).
    expect((await send(`${bases[0]}/tagger/ping`)).status).toBe(200);

    // Redis back on its port (empty): the client reconnects by itself and counts go there again.
    redis = await startRedis(redis.port);
    await new Promise<void>((resolve) => (clients[0]!.status === 'ready' ? resolve() : clients[0]!.once('ready', () => resolve())));
    expect(await post()).toBe(200);
    expect(recovered).toBe(1);
    const counter = await clients[0]!.get(`glosa-rl:key:${createHash('sha256').update(TEST_KEY).digest('hex')}`);
    expect(counter).toBe('1');
    await other.close();
  }, 20_000);
});

describe('glosa serve --processes 2 without Redis', () => {
  it('holds one key to its limit exactly across the processes; /metrics counts all of them', async () => {
    const bin = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));
    const child = spawn(
      process.execPath,
      // No load shedding: on a loaded test machine a start-up stall could turn a counted request into a 503.
      [
        bin,
        'serve',
        '--port',
        '0',
        '--processes',
        '2',
        '--workers',
        '0',
        '--rate-limit',
        '7',
        '--max-event-loop-delay',
        '0',
        '--dict',
        defaultDictionaryFile(),
      ],
      { env: { ...process.env, GLOSA_API_KEYS: TEST_KEY, GLOSA_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const base = /listening on (\S+)/.exec(firstLine)![1]!;
    // A fresh connection each: the cluster deals connections out to both processes.
    const statuses = await Promise.all(Array.from({ length: 16 }, () => annotate(base, TEST_KEY).then((r) => r.status)));
    expect(tally(statuses)).toEqual({ 200: 7, 429: 9 });
    // /metrics, whichever process answers it, counts the requests of both.
    const metrics = (await send(`${base}/metrics`)).body;
    expect(metrics).toContain('glosa_http_requests_total{route="/tagger/annotation",method="POST",status="200"} 7');
    expect(metrics).toContain('glosa_http_requests_total{route="/tagger/annotation",method="POST",status="429"} 9');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});

describe('a missing redis-server or nginx', () => {
  it('fails at once with the command that installs it', async () => {
    const { requireProgram } = await import('./testing/external.ts');
    expect(() => requireProgram('glosa-no-such-program', 'glosa-no-such-package')).toThrow(
      /^glosa-no-such-program is missing: apt-get install glosa-no-such-package$/,
    );
  });
});
