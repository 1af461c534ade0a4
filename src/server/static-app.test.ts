/** `--with-app`: the built app at `/`, index.html for app routes, JSON 404s for the API. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer } from './testing/fixture.ts';

describe('serving the web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glosa-app-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Glosa</title>');
    writeFileSync(join(dir, 'assets', 'main.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'index-DQ3x_9aB.js'), 'console.log(2)');
    app = await buildTestServer({ appDir: dir });
  });
  afterAll(() => app.close());

  it('serves index.html at / and for app routes', async () => {
    for (const url of ['/', '/documents/42']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>Glosa</title>');
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('serves static files; content-hashed ones cached for a year, the others revalidated', async () => {
    const response = await app.inject({ url: '/assets/main.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
    expect(response.headers['cache-control']).toBe('no-cache');
    const hashed = await app.inject({ url: '/assets/index-DQ3x_9aB.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
  });

  it('keeps JSON errors for API paths, missing files and non-GET requests', async () => {
    const api = await app.inject({ url: '/tagger/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const missingFile = await app.inject({ url: '/assets/missing.js' });
    expect(missingFile.statusCode).toBe(404);
    expect(missingFile.json().error.code).toBe('not_found');
    const post = await app.inject({ method: 'POST', url: '/documents', payload: '{}' });
    expect(post.statusCode).toBe(404);
    expect((await app.inject({ url: '/tagger/ping' })).body).toBe('pong');
  });
});
