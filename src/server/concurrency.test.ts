/**
 * A 100,000-character text runs in a worker, so small requests sent while it is being annotated
 * finish first; closing the server lets the in-flight big request finish before it stops.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema } from '../core/index.ts';
import { buildTestServer, clinicalNote, TEST_KEY } from './testing/fixture.ts';
import { send } from './testing/http-client.ts';

const BIG = JSON.stringify({ text: clinicalNote(100_000) });
const SMALL = JSON.stringify({ text: 'no refiere dolor en el brazo' });

/** A server that signals when a big request reaches its handler. */
async function startServer(): Promise<{ app: FastifyInstance; base: string; bigStarted: () => Promise<void> }> {
  const app = await buildTestServer({ workerThreads: 1, workerThresholdCodePoints: 20_000, workerMaxQueue: 1 });
  let signal: () => void = () => {};
  app.addHook('preHandler', async (request) => {
    const text = (request.body as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string' && text.length > 50_000) signal();
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const bigStarted = () =>
    new Promise<void>((resolve) => {
      signal = resolve;
    });
  return { app, base, bigStarted };
}

const post = (base: string, body: string) => send(`${base}/tagger/annotation`, { headers: { apikey: TEST_KEY }, body });

describe('large texts in worker threads, and graceful shutdown', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
    // Warm the worker (it loads TS and the dictionary on start).
    expect((await post(server.base, BIG)).status).toBe(200);
  });
  afterAll(() => server.app.close());

  it('answers small requests while a 100,000-character text is annotated', async () => {
    const order: string[] = [];
    const started = server.bigStarted();
    const big = post(server.base, BIG).then((response) => {
      order.push('big');
      return response;
    });
    await started;
    for (let i = 0; i < 3; i++) {
      expect((await post(server.base, SMALL)).status).toBe(200);
      order.push(`small${i}`);
    }
    const bigResponse = await big;
    expect(bigResponse.status).toBe(200);
    expect(AnnotationResultSchema.parse(JSON.parse(bigResponse.body)).annotations.length).toBeGreaterThan(1000);
    expect(order).toEqual(['small0', 'small1', 'small2', 'big']);
  });

  it('refuses large texts with 503 server_busy and Retry-After when the queue is full', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(server.base, BIG)));
    expect(responses.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
    const busy = responses.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) {
      expect(ErrorBodySchema.parse(JSON.parse(r.body)).error.code).toBe('server_busy');
      expect(r.headers['retry-after']).toBe('1');
    }
  });

  it('ignores unknown config entries on the way to a worker; nesting beyond the depth cap is refused', async () => {
    const nested = (depth: number) =>
      `{"text": ${JSON.stringify(clinicalNote(30_000))}, "config": {"text_datetime": "2024-06-10T12:00:00", "x": ${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const response = await post(server.base, nested(30));
    expect(response.status).toBe(200);
    expect(AnnotationResultSchema.parse(JSON.parse(response.body)).annotations.length).toBeGreaterThan(100);
    const deep = await post(server.base, nested(100_000));
    expect(deep.status).toBe(400);
    expect(ErrorBodySchema.parse(JSON.parse(deep.body)).error.code).toBe('json_too_deep');
  });

  // Last: it closes the shared server.
  it('drains on close: the in-flight request finishes, then new connections are refused', async () => {
    const started = server.bigStarted();
    const big = post(server.base, BIG);
    await started;
    const closed = server.app.close();
    const response = await big;
    expect(response.status).toBe(200);
    expect(AnnotationResultSchema.safeParse(JSON.parse(response.body)).success).toBe(true);
    await closed;
    await expect(post(server.base, SMALL)).rejects.toThrow(/ECONNREFUSED/);
  });
});
