/** Failures inside the service: crashes, slow annotations, a full worker queue, broken HTTP. */
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../core/index.ts';
import { handleClientError } from './http-errors.ts';
import { buildTestServer, capturedLogger, clinicalNote, TEST_KEY } from './testing/fixture.ts';

const BIG = JSON.stringify({ text: clinicalNote(100_000) });
const postBig = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload: BIG });
const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code;

describe('an unexpected exception', () => {
  it('becomes 500 internal_error; the message reaches neither the client nor the log', async () => {
    const { logger, lines } = capturedLogger('info');
    const app = await buildTestServer({ logger });
    app.get('/boom', () => {
      throw new Error('Paciente Zacarías: secret detail');
    });
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(codeOf(response.body)).toBe('internal_error');
    expect(response.body).not.toMatch(/Zacarías|secret|\.ts:\d+/);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('failures.test.ts'); // where it failed is kept for diagnosis
    expect(log).not.toMatch(/Zacarías|secret/);
  });
});

describe('time limits', () => {
  it('answers 503 annotation_timeout when an annotation overruns the handler timeout', async () => {
    const app = await buildTestServer({ workerThreads: 1, handlerTimeoutMs: 5 });
    const response = await postBig(app);
    expect(response.statusCode).toBe(503);
    expect(codeOf(response.body)).toBe('annotation_timeout');
    await app.close();
  });

  it('answers a client too slow to send its request with 408 request_timeout', () => {
    const socket = new Socket();
    let written = '';
    Object.defineProperty(socket, 'writable', { value: true });
    socket.end = ((chunk: string) => {
      written += chunk;
      return socket;
    }) as Socket['end'];
    handleClientError(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    expect(written).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(codeOf(written.slice(written.indexOf('\r\n\r\n') + 4))).toBe('request_timeout');
  });
});
