/**
 * The contract at its edges: a client that half-closes after sending is answered (compressed or
 * from a worker), a batch refused for quota spends none of it, `Expect:` gets 417 in the error
 * shape, and an empty body is `invalid_json` whatever its Content-Type.
 */
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema } from '../core/index.ts';
import { buildTestServer, clinicalNote, TEST_KEY } from './testing/fixture.ts';

interface RawAnswer {
  readonly head: string;
  readonly body: Buffer;
}

/** Sends raw bytes, half-closes at once (FIN after the request) and reads until the server closes. */
function halfClosed(url: string, request: string): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      resolve({ head: all.subarray(0, Math.max(0, split)).toString('latin1'), body: all.subarray(split + 4) });
    });
    socket.end(request);
  });
}

function post(body: string, headers: string): string {
  return `POST /tagger/annotation HTTP/1.1\r\nHost: test\r\napikey: ${TEST_KEY}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

async function listening(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

describe('a client that half-closes after sending', () => {
  it('gets its compressed answer', async () => {
    const app = await buildTestServer();
    try {
      const answer = await halfClosed(
        await listening(app),
        post(JSON.stringify({ text: clinicalNote(2000) }), 'accept-encoding: gzip\r\n'),
      );
      expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.head.toLowerCase()).toContain('content-encoding: gzip');
      expect(answer.head.toLowerCase()).toContain('transfer-encoding: chunked');
      const body = answer.body.toString('latin1');
      // Chunked framing: strip the chunk sizes, then gunzip.
      const parts: Buffer[] = [];
      let at = 0;
      while (at < body.length) {
        const end = body.indexOf('\r\n', at);
        const size = Number.parseInt(body.slice(at, end), 16);
        if (!(size > 0)) break;
        parts.push(answer.body.subarray(end + 2, end + 2 + size));
        at = end + 2 + size + 2;
      }
      const result = JSON.parse(gunzipSync(Buffer.concat(parts)).toString('utf8'));
      expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('gets the answer of a worker', async () => {
    const app = await buildTestServer({ workerThreads: 1, workerThresholdCodePoints: 1_000 });
    try {
      const url = await listening(app);
      const body = JSON.stringify({ text: clinicalNote(3000) });
      await halfClosed(url, post(body, '')); // warms the worker
      const answer = await halfClosed(url, post(body, ''));
      expect(answer.head).toMatch(/^HTTP\/1\.1 200 /);
      expect(AnnotationResultSchema.safeParse(JSON.parse(answer.body.toString('utf8'))).success).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('the contract of errors', () => {
  it('answers an unsupported Expect with 417 in the error shape', async () => {
    const app = await buildTestServer();
    try {
      const answer = await halfClosed(await listening(app), post('{"text": "dolor"}', 'expect: something-else\r\n'));
      expect(answer.head).toMatch(/^HTTP\/1\.1 417 /);
      expect(answer.head.toLowerCase()).toContain('content-type: application/json');
      expect(ErrorBodySchema.parse(JSON.parse(answer.body.toString('utf8'))).error.code).toBe('expectation_failed');
    } finally {
      await app.close();
    }
  });

  it('answers an empty body with invalid_json whatever its Content-Type', async () => {
    const app = await buildTestServer();
    try {
      for (const url of ['/tagger/annotation', '/tagger/annotations']) {
        for (const type of [undefined, 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
          const headers = { apikey: TEST_KEY, ...(type === undefined ? {} : { 'content-type': type }) };
          const response = await app.inject({ method: 'POST', url, headers, payload: '' });
          expect([url, type, response.statusCode]).toEqual([url, type, 400]);
          expect([url, type, ErrorBodySchema.parse(response.json()).error.code]).toEqual([url, type, 'invalid_json']);
        }
      }
    } finally {
      await app.close();
    }
  });
});

describe('the quota', () => {
  it('is spent only by accepted work: a batch refused for quota spends nothing', async () => {
    const app = await buildTestServer({ rateLimit: { max: 5, windowMs: 60_000 } });
    const batch = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/tagger/annotations',
        headers: { apikey: TEST_KEY },
        payload: JSON.stringify({ documents: Array.from({ length: n }, (_, i) => ({ id: String(i), text: 'dolor' })) }),
      });
    const single = () =>
      app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload: '{"text": "dolor"}' });
    try {
      const first = await batch(3);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-ratelimit-remaining']).toBe('2');
      const refused = await batch(3);
      expect(refused.statusCode).toBe(429);
      expect(ErrorBodySchema.parse(refused.json()).error.code).toBe('rate_limited');
      expect(refused.headers['x-ratelimit-remaining']).toBe('2');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The two documents left are still there.
      expect((await batch(2)).statusCode).toBe(200);
      const over = await single();
      expect(over.statusCode).toBe(429);
      expect((await batch(1)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
