/**
 * The deployment of deploy/compose.yaml, run with processes on loopback (no container engine is
 * needed): Debian's redis-server, two `glosa serve --redis` instances and Debian's nginx with
 * deploy/nginx/glosa.conf, only its upstream addresses and port changed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startNginx, startRedis, type External } from './testing/external.ts';
import { defaultDictionaryFile, TEST_KEY } from './testing/fixture.ts';
import { send } from './testing/http-client.ts';

const DEPLOY = new URL('../../deploy/', import.meta.url);
const BIN = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));

interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
}

async function startInstance(redisUrl: string): Promise<Instance> {
  const child = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      '--port',
      '0',
      '--workers',
      '0',
      '--dict',
      defaultDictionaryFile(),
      '--redis',
      redisUrl,
      '--trust-proxy',
      '127.0.0.1',
      '--rate-limit',
      '12',
      '--failed-auth-limit',
      '3',
      '--drain-seconds',
      '1',
      // No load shedding: on a loaded test machine a stall could turn a counted request into a 503.
      '--max-event-loop-delay',
      '0',
    ],
    { env: { ...process.env, GLOSA_API_KEYS: TEST_KEY, GLOSA_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { url: /listening on (\S+)/.exec(line)![1]!, child, exited };
}

/** deploy/nginx/glosa.conf with the instances' loopback addresses and a free port. */
function proxyConfig(instances: Instance[]): (port: number) => string {
  const original = readFileSync(new URL('nginx/glosa.conf', DEPLOY), 'utf8');
  return (port) =>
    original
      .replace(/glosa1:8080/, new URL(instances[0]!.url).host)
      .replace(/glosa2:8080/, new URL(instances[1]!.url).host)
      .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
}

const annotate = (base: string, headers: Record<string, string>) =>
  send(`${base}/tagger/annotation`, { headers, body: '{"text": "dolor en el brazo"}' });

describe('two instances, Redis and nginx on loopback (the compose topology)', () => {
  let redis: External;
  let proxy: External;
  const instances: Instance[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    instances.push(...(await Promise.all([startInstance(redis.url), startInstance(redis.url)])));
    proxy = await startNginx(proxyConfig(instances));
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const instance of instances) {
      instance.child.kill('SIGTERM');
      await instance.exited;
    }
    await redis?.stop();
  });

  it('is the topology of deploy/compose.yaml', () => {
    const compose = parse(readFileSync(new URL('compose.yaml', DEPLOY), 'utf8')) as { services: Record<string, { volumes?: string[] }> };
    expect(Object.keys(compose.services).sort()).toEqual(['glosa1', 'glosa2', 'proxy', 'redis']);
    expect(compose.services.proxy?.volumes?.[0]).toMatch(/^\.\/nginx\/glosa\.conf:/);
  });

  it('spreads requests over both instances and holds one key to its limit exactly', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await annotate(proxy.url, { apikey: TEST_KEY })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.slice(12)).toEqual(Array(12).fill(429));
    for (const instance of instances) {
      const metrics = (await send(`${instance.url}/metrics`)).body;
      expect(metrics, instance.url).toMatch(/glosa_http_requests_total\{route="\/tagger\/annotation",method="POST",status="200"\} [1-9]/);
    }
  });

  it('limits failed keys per client address across instances; a forged X-Forwarded-For does not escape it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await annotate(proxy.url, { apikey: `wrong-key-${i}-0123456789`, 'x-forwarded-for': `203.0.113.${i}` })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('keeps answering while one instance drains and stops', async () => {
    const stopping = instances[0]!;
    stopping.child.kill('SIGTERM');
    const statuses: number[] = [];
    const until = Date.now() + 2_500;
    while (Date.now() < until) statuses.push((await send(`${proxy.url}/tagger/config`)).status);
    expect(await stopping.exited).toBe(0);
    expect(statuses.length).toBeGreaterThan(10);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
