/** The service on a real loopback socket: raw requests, TLS, malformed HTTP, the `glosa serve` CLI. */
import { execFileSync, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema } from '../core/index.ts';
import { buildTestServer, defaultDictionaryFile, TEST_KEY } from './testing/fixture.ts';
import { send } from './testing/http-client.ts';

describe('plain HTTP on loopback', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildTestServer();
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('annotates a raw request that declares no Content-Type, as the original curl example does', async () => {
    const response = await send(`${base}/tagger/annotation`, { headers: { apikey: TEST_KEY }, body: '{"text": "no refiere dolor"}' });
    expect(response.status).toBe(200);
    const result = AnnotationResultSchema.parse(JSON.parse(response.body));
    expect(result.annotations.map((a) => a.match.text)).toEqual(['refiere', 'dolor']);
  });

  it('answers malformed HTTP with a JSON error and closes the connection', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = ErrorBodySchema.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)));
    expect(body.error.code).toBe('bad_request');
  });
});

describe('HTTPS', () => {
  it('serves TLS with a certificate made for the test', async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keyType: 'ec',
      algorithm: 'sha256',
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    });
    const app = await buildTestServer({ tls: { cert: pems.cert, key: pems.private } });
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      expect(base).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const response = await send(`${base}/tagger/annotation`, {
        headers: { apikey: TEST_KEY },
        body: '{"text": "dolor en el brazo"}',
        ca: pems.cert,
      });
      expect(response.status).toBe(200);
      expect(AnnotationResultSchema.parse(JSON.parse(response.body)).relations).toHaveLength(1);
      // HSTS only where the service itself speaks TLS; the CSP then upgrades insecure requests.
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      // Without trusting the certificate the client must refuse: the channel really is TLS.
      await expect(send(`${base}/tagger/ping`)).rejects.toThrow(/self-signed|certificate/i);
    } finally {
      await app.close();
    }
  });
});

describe('glosa serve', () => {
  it('prints "listening on http://HOST:PORT" first, serves with GLOSA_API_KEYS and stops on SIGTERM', async () => {
    const bin = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--workers', '0', '--dict', defaultDictionaryFile()], {
      env: { ...process.env, GLOSA_API_KEYS: 'cli-key-1-0123456789,cli-key-2-0123456789', GLOSA_LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    const match = /listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(firstLine);
    expect(match, firstLine).not.toBeNull();
    const base = match![1]!;
    const response = await send(`${base}/tagger/annotation`, { headers: { apikey: 'cli-key-2-0123456789' }, body: '{"text": "dolor"}' });
    expect(response.status).toBe(200);
    expect((await send(`${base}/tagger/annotation`, { headers: { apikey: 'other' }, body: '{"text": "dolor"}' })).status).toBe(401);
    // SIGHUP without a keys file changes nothing and does not end the service.
    child.kill('SIGHUP');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      (await send(`${base}/tagger/annotation`, { headers: { apikey: 'cli-key-1-0123456789' }, body: '{"text": "dolor"}' })).status,
    ).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('glosa serve --processes', () => {
  it('shares one port among processes with the key generated for the run, replaces a dead one and drains all on SIGTERM', async () => {
    const bin = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));
    const env: Record<string, string | undefined> = { ...process.env, GLOSA_LOG_LEVEL: 'warn' };
    delete env.GLOSA_API_KEYS;
    const child = spawn(
      process.execPath,
      [bin, 'serve', '--port', '0', '--workers', '0', '--processes', '2', '--dict', defaultDictionaryFile()],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    const banner: string[] = [];
    await new Promise<void>((resolve) =>
      lines.on('line', (line) => {
        banner.push(line);
        if (line.startsWith('API key')) resolve();
      }),
    );
    const base = /listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(banner[0] ?? '')?.[1];
    const key = /: (\S+)$/.exec(banner[1] ?? '')?.[1];
    expect(base, banner.join('\n')).toBeDefined();
    const annotate = () => send(`${base}/tagger/annotation`, { headers: { apikey: key! }, body: '{"text": "dolor"}' });
    // The banner comes once both listen; connections are dealt out in turn, so these reach both
    // processes, which hold the same key.
    for (let i = 0; i < 6; i++) expect((await annotate()).status).toBe(200);

    const workers = () =>
      execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n');
    const before = workers();
    expect(before).toHaveLength(2);
    process.kill(Number(before[0]), 'SIGKILL');
    await vi.waitFor(() => expect(stderr).toContain('starting another'), { timeout: 10_000 });
    await vi.waitFor(
      async () => {
        expect(workers()).toHaveLength(2);
        for (let i = 0; i < 4; i++) expect((await annotate()).status).toBe(200);
      },
      { timeout: 20_000, interval: 250 },
    );

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('stops with an error when the processes cannot start, rather than restarting them forever', async () => {
    const bin = fileURLToPath(new URL('../../bin/glosa.mjs', import.meta.url));
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--processes', '2', '--dict', 'no-such-dictionary.glsd'], {
      env: { ...process.env, GLOSA_API_KEYS: 'process-test-key-0123' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr).toContain('no-such-dictionary.glsd');
    expect(stderr).toContain('failed to start');
  }, 30_000);
});
