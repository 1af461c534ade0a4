/** Metrics, liveness and readiness, request ids, draining, keys reloaded on SIGHUP, and batches. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema } from '../core/index.ts';
import { startDraining } from './lifecycle.ts';
import { MAX_BATCH_DOCUMENTS } from './routes/annotation.ts';
import { buildTestServer, defaultDictionaryFile, TEST_KEY } from './testing/fixture.ts';
import { send } from './testing/http-client.ts';

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code;

describe('metrics', () => {
  it('count requests by route pattern and status, latency, characters and event-loop delay', async () => {
    const app = await buildTestServer();
    await app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload: '{"text": "dolor 😀"}' });
    await app.inject({ method: 'POST', url: '/tagger/annotation/Finding', headers: { apikey: TEST_KEY }, payload: '{"text": "tos"}' });
    await app.inject({ method: 'POST', url: '/tagger/annotation', payload: '{"text": "dolor"}' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/);
    const text = metrics.body;
    expect(text).toContain('glosa_http_requests_total{route="/tagger/annotation",method="POST",status="200"} 1');
    expect(text).toContain('glosa_http_requests_total{route="/tagger/annotation",method="POST",status="401"} 1');
    expect(text).toContain('glosa_http_requests_total{route="/tagger/annotation/:category",method="POST",status="200"} 1');
    expect(text).toMatch(/glosa_http_request_duration_seconds_count\{route="\/tagger\/annotation"\} 2/);
    expect(text).toContain('glosa_annotated_characters_total 10');
    expect(text).toContain('glosa_annotated_documents_total 2');
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds \d/);
    await app.close();
  });

  it('can need a key, or be off', async () => {
    const keyed = await buildTestServer({ metrics: 'key' });
    expect((await keyed.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await keyed.inject({ method: 'GET', url: '/metrics', headers: { apikey: TEST_KEY } })).statusCode).toBe(200);
    await keyed.close();
    const off = await buildTestServer({ metrics: 'off' });
    const response = await off.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response.body)).toBe('not_found');
    await off.close();
  });
});

describe('health, readiness, request ids and draining', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('is not ready before it listens; ready once it does', async () => {
    const starting = await app.inject({ method: 'GET', url: '/ready' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json().error.message).toMatch(/starting/);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('echoes a plain X-Request-Id and replaces one that is not', async () => {
    const given = await app.inject({ method: 'GET', url: '/tagger/ping', headers: { 'x-request-id': 'abc-123.x' } });
    expect(given.headers['x-request-id']).toBe('abc-123.x');
    const bad = await app.inject({ method: 'GET', url: '/tagger/ping', headers: { 'x-request-id': 'a b\u00e9'.repeat(50) } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await app.inject({ method: 'POST', url: '/tagger/annotation', payload: '{}' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is ready once started; draining, /ready answers 503 and every response closes its connection', async () => {
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    expect(ready.headers.connection).not.toBe('close');
    startDraining(app);
    const draining = await app.inject({ method: 'GET', url: '/ready' });
    expect(draining.statusCode).toBe(503);
    expect(codeOf(draining.body)).toBe('not_ready');
    expect(draining.headers.connection).toBe('close');
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect([health.statusCode, health.json().status, health.headers.connection]).toEqual([200, 'ok', 'close']);
    const annotated = await app.inject({
      method: 'POST',
      url: '/tagger/annotation',
      headers: { apikey: TEST_KEY },
      payload: '{"text": "tos"}',
    });
    expect([annotated.statusCode, annotated.headers.connection]).toEqual([200, 'close']);
  });
});

describe('POST /tagger/annotations', () => {
  it('answers each document with its result or its error, in the shape of one request each', async () => {
    const app = await buildTestServer();
    const response = await app.inject({
      method: 'POST',
      url: '/tagger/annotations',
      headers: { apikey: TEST_KEY },
      payload: JSON.stringify({
        documents: [
          { id: 'a', text: 'no refiere dolor' },
          { id: 'b', text: 5 },
          { id: 'c', text: 'dolor hace 3 días', config: { text_datetime: '2024-02-30T00:00:00' } },
          { id: 'd', text: '😀 tos', config: { text_datetime: '2024-06-10T12:00:00' } },
          { id: 'e', text: 'x'.repeat(100_001) },
        ],
      }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { documents: { id: string; result: unknown }[]; errors: { id: string; error: unknown }[] };
    expect(body.documents.map((d) => d.id)).toEqual(['a', 'd']);
    const a = AnnotationResultSchema.parse(body.documents[0]?.result);
    expect(a.annotations.map((x) => x.match.text)).toEqual(['refiere', 'dolor']);
    expect(AnnotationResultSchema.parse(body.documents[1]?.result).annotations[0]?.match).toMatchObject({ begin: 2, end: 5 });
    expect(body.errors.map((e) => [e.id, ErrorBodySchema.parse(e).error.code])).toEqual([
      ['b', 'invalid_text'],
      ['c', 'invalid_text_datetime'],
      ['e', 'text_too_long'],
    ]);
    await app.close();
  });

  it('counts every document against the key rate limit', async () => {
    const app = await buildTestServer({ rateLimit: { max: 5, windowMs: 60_000 } });
    const batch = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/tagger/annotations',
        headers: { apikey: TEST_KEY },
        payload: JSON.stringify({ documents: Array.from({ length: n }, (_, i) => ({ id: `d${i}`, text: 'tos' })) }),
      });
    const first = await batch(3);
    expect([first.statusCode, first.headers['x-ratelimit-remaining']]).toEqual([200, '2']);
    const second = await batch(3);
    expect(second.statusCode).toBe(429);
    expect(codeOf(second.body)).toBe('rate_limited');
    expect(MAX_BATCH_DOCUMENTS).toBe(25);
    await app.close();
  });
});

describe('glosa serve --keys-file', () => {
  it('reloads the keys file on SIGHUP, keeping the old keys when the new file is bad', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'glosa-keys-')), 'keys');
    writeFileSync(file, 'first-key-0123456789\n');
    const bin = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--workers', '0', '--keys-file', file, '--dict', defaultDictionaryFile(), '--log-level', 'info'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const stderr = createInterface({ input: child.stderr });
    const logged = (pattern: RegExp) => new Promise<void>((resolve) => stderr.on('line', (line) => pattern.test(line) && resolve()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const base = /listening on (\S+)/.exec(firstLine)![1]!;
    const status = async (key: string) =>
      (await send(`${base}/tagger/annotation`, { headers: { apikey: key }, body: '{"text": "tos"}' })).status;
    expect(await status('first-key-0123456789')).toBe(200);

    writeFileSync(file, 'second-key-0123456789\n');
    const reloaded = logged(/keys file reloaded/);
    child.kill('SIGHUP');
    await reloaded;
    expect(await status('first-key-0123456789')).toBe(401);
    expect(await status('second-key-0123456789')).toBe(200);

    writeFileSync(file, 'short\n');
    const refused = logged(/keys file not reloaded/);
    child.kill('SIGHUP');
    await refused;
    expect(await status('second-key-0123456789')).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
