import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './config.ts';
import { resolveServeSettings, SettingsError } from './settings.ts';

describe('glosa serve settings', () => {
  it('defaults to loopback port 8080 and generates a key when none is configured', () => {
    const s = resolveServeSettings({}, {});
    expect([s.host, s.port]).toEqual(['127.0.0.1', 8080]);
    expect(s.generatedKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.options.apiKeys).toEqual([s.generatedKey]);
  });

  it('takes keys from GLOSA_API_KEYS and a keys file, flags before environment', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'glosa-keys-')), 'keys');
    writeFileSync(file, '# team\nfile-key-0123456789\n');
    const s = resolveServeSettings(
      { 'keys-file': file, port: '0' },
      { GLOSA_API_KEYS: 'env-a-0123456789abc,env-b-0123456789abc', GLOSA_PORT: '9000' },
    );
    expect(s.options.apiKeys).toEqual(['file-key-0123456789', 'env-a-0123456789abc', 'env-b-0123456789abc']);
    expect(s.keysFile).toBe(file);
    expect(s.generatedKey).toBeUndefined();
    expect(s.port).toBe(0);
    expect(resolveServeSettings({}, { GLOSA_PORT: '9000', GLOSA_HOST: 'localhost' })).toMatchObject({ port: 9000, host: 'localhost' });
  });

  it('refuses plain HTTP off loopback unless allowed, and bad numbers', () => {
    expect(() => resolveServeSettings({ host: '0.0.0.0' }, {})).toThrow(SettingsError);
    expect(resolveServeSettings({ host: '0.0.0.0', 'allow-insecure-http': true }, {}).host).toBe('0.0.0.0');
    expect(() => resolveServeSettings({ port: 'http' }, {})).toThrow(/--port/);
    expect(() => resolveServeSettings({ port: '70000' }, {})).toThrow(/65535/);
    expect(() => resolveServeSettings({ 'tls-cert': 'cert.pem' }, {})).toThrow(/both/);
  });

  it('maps limits and rate settings onto service options', () => {
    const s = resolveServeSettings(
      { 'max-chars': '5000', 'rate-limit': '0', 'vendor-key': 'acme', 'cors-origin': ['https://app.example'], 'worker-threshold': '0' },
      { GLOSA_WORKERS: '3' },
    );
    expect(s.options).toMatchObject({
      maxTextCodePoints: 5000,
      rateLimit: false,
      vendorKey: 'acme',
      corsOrigins: ['https://app.example'],
      workerThreads: 3,
      workerThresholdCodePoints: 0,
    });
    expect(resolveServeSettings({ 'rate-limit': '30' }, {}).options.rateLimit).toEqual({ max: 30, windowMs: 60_000 });
  });

  it('runs one process unless told otherwise; the rate limit stays the whole limit with several', () => {
    expect(resolveServeSettings({}, {}).processes).toBe(1);
    const three = resolveServeSettings({ processes: '3', 'rate-limit': '100' }, {});
    expect(three.processes).toBe(3);
    expect(three.options.rateLimit).toEqual({ max: 100, windowMs: 60_000 });
    expect(resolveServeSettings({}, { GLOSA_PROCESSES: '0' }).processes).toBe(availableParallelism());
    expect(() => resolveServeSettings({ processes: '-1' }, {})).toThrow(SettingsError);
  });

  it('refuses short keys unless allowed, and reads the hardening and deployment flags', () => {
    expect(() => resolveServeSettings({}, { GLOSA_API_KEYS: 'k1' })).toThrow(/shorter than 16.*--allow-short-keys/);
    expect(resolveServeSettings({ 'allow-short-keys': true }, { GLOSA_API_KEYS: 'k1' }).options.apiKeys).toEqual(['k1']);
    const s = resolveServeSettings(
      {
        redis: 'redis://127.0.0.1:6390',
        'failed-auth-limit': '0',
        metrics: 'key',
        'trust-proxy': '127.0.0.1,10.0.0.0/8',
        'max-connections': '50',
        'max-event-loop-delay': '200',
        'drain-seconds': '3',
      },
      {},
    );
    expect(s).toMatchObject({ redisUrl: 'redis://127.0.0.1:6390', drainSeconds: 3 });
    expect(s.options).toMatchObject({
      failedAuthLimit: false,
      metrics: 'key',
      trustProxy: '127.0.0.1,10.0.0.0/8',
      maxConnections: 50,
      maxEventLoopDelayMs: 200,
    });
    expect(resolveServeSettings({ 'trust-proxy': '1' }, {}).options.trustProxy).toBe(1);
    expect(resolveServeSettings({}, { GLOSA_FAILED_AUTH_LIMIT: '5' }).options.failedAuthLimit).toEqual({ max: 5, windowMs: 60_000 });
    expect(() => resolveServeSettings({ metrics: 'public' }, {})).toThrow(/--metrics/);
  });

  it('knows loopback hosts', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.1.2.3']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.4', 'example.com']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
