/** The open endpoints, CORS, and logs that never carry the submitted text or the key. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, decodeDictionary, GLOSA_VERSION, RELATION_KINDS } from '../core/index.ts';
import { ENDPOINTS } from './endpoints.ts';
import { buildTestServer, capturedLogger, defaultDictionaryBytes, TEST_KEY } from './testing/fixture.ts';

describe('open endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('GET /tagger/ping answers exactly "pong", without a key', async () => {
    const response = await app.inject({ url: '/tagger/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('pong');
  });

  it('GET /tagger/config names the version, limit, vendor key and dictionary', async () => {
    const { meta } = decodeDictionary(defaultDictionaryBytes());
    const config = (await app.inject({ url: '/tagger/config' })).json();
    expect(config).toMatchObject({
      version: GLOSA_VERSION,
      max_num_characters: 100_000,
      vendor_key: 'vendor',
      dictionary: { id: meta.id, content_hash: meta.contentHash, term_count: meta.termCount },
    });
    expect(config.categories).toEqual([...CATEGORIES]);
  });

  it('GET /tagger lists every endpoint', async () => {
    const body = (await app.inject({ url: '/tagger/' })).json();
    expect(body.endpoints).toEqual(ENDPOINTS);
  });

  it('GET /health reports ok', async () => {
    const response = await app.inject({ url: '/health' });
    expect(response.json()).toMatchObject({ status: 'ok', version: GLOSA_VERSION });
  });

  it('GET /openapi.json is an OpenAPI 3.1 document naming every path', async () => {
    const doc = JSON.parse((await app.inject({ url: '/openapi.json' })).body);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(ENDPOINTS.map((e) => e.path))].sort());
    expect(doc.paths['/tagger/annotation'].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ in: 'header', name: 'apikey' });
    expect(doc.components.schemas.AnnotationResult.properties.annotations.type).toBe('array');
    expect(doc.components.schemas.AnnotationRequest.required).toEqual(['text']);
    const categoryParam = doc.paths['/tagger/annotation/{category}'].post.parameters[0];
    expect(categoryParam.schema.enum).toEqual([...CATEGORIES]);
    const batch = doc.paths['/tagger/annotations'].post;
    expect(batch.security).toEqual([{ apiKey: [] }]);
    expect(doc.components.schemas.BatchRequest.properties.documents.maxItems).toBe(25);
    expect(doc.components.schemas.BatchRequest.properties.documents.items.required).toEqual(['id', 'text']);
    expect(batch.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/BatchResult');
    expect(doc.paths['/ready'].get.responses['503']).toBeDefined();
    expect(Object.keys(doc.paths['/metrics'].get.responses['200'].content)).toEqual(['text/plain']);
    const relationName = JSON.stringify(doc.components.schemas.AnnotationResult.properties.relations);
    for (const name of RELATION_KINDS) expect(relationName, name).toContain(name);
  });

  it('answers CORS preflights for allowed origins only', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/tagger/annotation',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
      });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(allowed.headers['access-control-allow-headers'])).toContain('apikey');
    const refused = await preflight('https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logs', () => {
  it('never contain the submitted text or the API key', async () => {
    const { logger, lines } = capturedLogger('trace');
    const app = await buildTestServer({ logger });
    const secret = 'Paciente Zacarías Quintanilla refiere dolor';
    const send = (payload: string, headers: Record<string, string> = { apikey: TEST_KEY }) =>
      app.inject({ method: 'POST', url: '/tagger/annotation', headers, payload });
    expect((await send(JSON.stringify({ text: secret }))).statusCode).toBe(200);
    expect((await send(`{"text": "${secret}",`)).statusCode).toBe(400);
    expect((await send(JSON.stringify({ text: secret, config: { text_datetime: secret } }))).statusCode).toBe(400);
    expect((await send(JSON.stringify({ text: secret }), { apikey: secret })).statusCode).toBe(401);
    await app.close();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(log).toContain('"status":200');
    expect(log).not.toContain('Zacarías');
    expect(log).not.toContain('Quintanilla');
    expect(log).not.toContain(TEST_KEY);
  });
});
