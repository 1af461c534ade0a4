/** Closed to abuse: what a client without a key can make the service do, and the limits it meets. */
import { createHash, createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema } from '../core/index.ts';
import { defaultServerOptions } from './config.ts';
import { jsonDeeperThan } from './json-body.ts';
import { buildTestServer, capturedLogger, TEST_KEY } from './testing/fixture.ts';

const codeOf = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).error.code;

/** Sends `head` (request line and headers) on a raw socket and resolves with the first response. */
function rawRequest(port: number, head: string, bodyStart = ''): Promise<{ raw: string; ms: number; socket: Socket }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head + bodyStart));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
      const end = data.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(data)?.[1] ?? -1);
      if (end >= 0 && length >= 0 && data.length >= end + 4 + length) resolve({ raw: data, ms: Date.now() - started, socket });
    });
    socket.on('error', reject);
  });
}

describe('a client without a key on a real socket', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    app = await buildTestServer();
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  // A 10 MB body is announced and never sent: an answer proves the body was not waited for.
  it.each([
    ['POST', '/tagger/annotation', 401, 'missing_api_key'],
    ['POST', '/tagger/annotations', 401, 'missing_api_key'],
    ['POST', '/tagger/ping', 405, 'method_not_allowed'],
    ['PUT', '/tagger/annotation', 405, 'method_not_allowed'],
    ['POST', '/no/such/path', 404, 'not_found'],
  ])('%s %s is refused (%i %s) before its body is read', async (method, path, status, code) => {
    const head = `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n`;
    const { raw, socket } = await rawRequest(port, head, '[[[[[[[[');
    socket.destroy();
    expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(codeOf(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toBe(code);
    // The rest of the body is not read to be thrown away: the connection closes instead.
    expect(raw).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('keeps the connection of a refused request whose small body has arrived', async () => {
    const body = '{"text": "dolor"}';
    const head = `POST /tagger/annotation HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { raw, socket } = await rawRequest(port, head, body);
    socket.destroy();
    expect(raw).toMatch(/^HTTP\/1\.1 401 /);
    expect(raw).toMatch(/\r\nconnection: keep-alive\r\n/i);
  });

  it('caps open connections', async () => {
    const capped = await buildTestServer({ maxConnections: 2 });
    await capped.listen({ host: '127.0.0.1', port: 0 });
    const cappedPort = (capped.server.address() as { port: number }).port;
    const open = () =>
      new Promise<Socket>((resolve) => {
        const s = connect(cappedPort, '127.0.0.1', () => resolve(s));
      });
    const held = [await open(), await open()];
    const third = await open();
    const closed = await new Promise<boolean>((resolve) => {
      third.on('close', () => resolve(true));
      third.write('GET /tagger/ping HTTP/1.1\r\nHost: x\r\n\r\n');
      setTimeout(() => resolve(false), 2_000);
    });
    expect(closed).toBe(true);
    for (const s of held) s.destroy();
    await capped.close();
  });

  it('answers a request not received in time with 408 at the configured time, not up to 30 s later', async () => {
    const slow = await buildTestServer({ requestTimeoutMs: 1_500 });
    await slow.listen({ host: '127.0.0.1', port: 0 });
    const slowPort = (slow.server.address() as { port: number }).port;
    const head = `POST /tagger/annotation HTTP/1.1\r\nHost: x\r\napikey: ${TEST_KEY}\r\nContent-Length: 100\r\n\r\n`;
    const { raw, ms, socket } = await rawRequest(slowPort, head, '{"text": ');
    socket.destroy();
    expect(raw).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(2_600);
    await slow.close();
  });
});

describe('failed keys per address', () => {
  it('allows 60 failed attempts a minute by default, then answers 429 to every keyed request from that address', async () => {
    const defaults = defaultServerOptions({ apiKeys: [], dictionaryBytes: new Uint8Array() });
    expect([defaults.failedAuthLimit, defaults.blockedDelayMs]).toEqual([{ max: 60, windowMs: 60_000 }, 1_000]);
    const app = await buildTestServer({ failedAuthLimit: { max: 60, windowMs: 60_000 } });
    const post = (apikey: string | undefined, remoteAddress = '127.0.0.1') =>
      app.inject({
        method: 'POST',
        url: '/tagger/annotation',
        remoteAddress,
        headers: apikey === undefined ? {} : { apikey },
        payload: '{"text": "dolor"}',
      });
    for (let i = 0; i < 60; i++) expect((await post(i % 2 === 0 ? `guess-${i}-0123456789abcdef` : undefined)).statusCode).toBe(401);
    const started = Date.now();
    const limited = await post('guess-60-0123456789abcdef');
    // Held back a second: a client hammering without a key is slowed to one try per connection a second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited.body)).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A right key from the same address gets the same answer: a guesser cannot tell a hit.
    expect((await post(TEST_KEY)).statusCode).toBe(429);
    // Other addresses and the open endpoints are unaffected.
    expect((await post(TEST_KEY, '10.1.2.3')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/tagger/ping' })).statusCode).toBe(200);
    await app.close();
  });
});

describe('request bodies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());
  const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY, ...headers }, payload });

  it('reads an empty or malformed Content-Type as JSON', async () => {
    for (const type of ['', 'json', 'application/', '/json', '???', 'text/plain; charset']) {
      const response = await post('{"text": "dolor"}', { 'content-type': type });
      expect(response.statusCode, type).toBe(200);
      expect(AnnotationResultSchema.parse(response.json()).annotations).toHaveLength(1);
    }
  });

  it('converts a declared non-UTF-8 charset; offsets are code points of the decoded text', async () => {
    const latin1 = await post(Buffer.from('{"text": "Dolor en el coraz\u00f3n"}', 'latin1'), {
      'content-type': 'application/json; charset=ISO-8859-1',
    });
    expect(latin1.statusCode).toBe(200);
    const heart = AnnotationResultSchema.parse(latin1.json()).annotations.find((a) => a.match.text === 'corazón');
    expect(heart?.match).toMatchObject({ begin: 12, end: 19 });
    const utf16 = await post(Buffer.from('{"text": "😀 dolor"}', 'utf16le'), { 'content-type': 'application/json; charset=utf-16le' });
    expect(AnnotationResultSchema.parse(utf16.json()).annotations[0]?.match).toMatchObject({ begin: 2, end: 7, text: 'dolor' });
  });

  it('decodes gzip and br request bodies', async () => {
    const body = '{"text": "no refiere dolor"}';
    expect((await post(gzipSync(body), { 'content-encoding': 'gzip' })).json().annotations).toHaveLength(2);
    expect((await post(brotliCompressSync(body), { 'content-encoding': 'br' })).json().annotations).toHaveLength(2);
    expect((await post(Buffer.from(body), { 'content-encoding': 'identity' })).statusCode).toBe(200);
  });

  it('counts depth outside strings only', () => {
    expect(jsonDeeperThan('{"a": [[1]]}', 3)).toBe(false);
    expect(jsonDeeperThan('{"a": [[[1]]]}', 3)).toBe(true);
    expect(jsonDeeperThan(`{"text": "${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });

  it('compresses responses with gzip or br when asked, identical once decoded', async () => {
    const payload = JSON.stringify({ text: 'Paciente con dolor en el brazo izquierdo. '.repeat(40) });
    const plain = await post(payload);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await post(payload, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const br = await post(payload, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });
});

describe('security headers and load shedding', () => {
  it('sends a CSP and no HSTS over plain HTTP', async () => {
    const app = await buildTestServer();
    const response = await app.inject({ method: 'GET', url: '/tagger/config' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });

  it('sheds load with 503 server_busy and Retry-After when the event loop lags; /health still answers', async () => {
    const app = await buildTestServer({ maxEventLoopDelayMs: 30 });
    await app.ready();
    let shed: Awaited<ReturnType<typeof app.inject>> | undefined;
    for (let attempt = 0; attempt < 20 && shed === undefined; attempt++) {
      const until = Date.now() + 150;
      while (Date.now() < until); // a stalled event loop
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await app.inject({ method: 'GET', url: '/tagger/config' });
      if (response.statusCode === 503) {
        shed = response;
        expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      }
    }
    expect(shed?.statusCode).toBe(503);
    expect(codeOf(shed!.body)).toBe('server_busy');
    expect(shed!.headers['retry-after']).toBe('5');
    await app.close();
  });
});

describe('logs', () => {
  it('name a key by a keyed HMAC and a request by its route, never the raw path', async () => {
    const { logger, lines } = capturedLogger('info');
    const app = await buildTestServer({ logger, keyLogSecret: 'log-secret' });
    const send = (url: string, method: 'GET' | 'POST' = 'POST') =>
      app.inject({ method, url, headers: { apikey: TEST_KEY }, ...(method === 'POST' ? { payload: '{"text": "dolor"}' } : {}) });
    expect((await send('/tagger/annotation/Paciente%20Zacar%C3%ADas')).statusCode).toBe(404);
    expect((await send('/Paciente/Quintanilla')).statusCode).toBe(404);
    expect((await send('/tagger/%Paciente', 'GET')).statusCode).toBe(400);
    expect((await send('/tagger/annotation')).statusCode).toBe(200);
    await app.close();
    const log = lines.join('');
    expect(log).not.toMatch(/Paciente|Zacar|Quintanilla/);
    expect(log).toContain('"route":"/tagger/annotation/:category"');
    expect(log).toContain('"route":"unmatched"');
    expect(log).toContain('"code":"bad_request"');
    const digest = createHash('sha256').update(TEST_KEY).digest();
    expect(log).toContain(`"key":"${createHmac('sha256', 'log-secret').update(digest).digest('hex').slice(0, 16)}"`);
    expect(log).not.toContain(digest.toString('hex').slice(0, 16));
  });
});
