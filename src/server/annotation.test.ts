/** Successful annotation over HTTP (inject): contract-valid results, categories, vendor key, limits. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema, type AnnotationResult } from '../core/index.ts';
import { buildTestServer, TEST_KEY } from './testing/fixture.ts';

function post(app: FastifyInstance, payload: unknown, url = '/tagger/annotation') {
  return app.inject({
    method: 'POST',
    url,
    headers: { apikey: TEST_KEY, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

async function annotate(app: FastifyInstance, payload: unknown, url?: string): Promise<AnnotationResult> {
  const response = await post(app, payload, url);
  expect(response.statusCode, response.body).toBe(200);
  return AnnotationResultSchema.parse(response.json());
}

const byText = (result: AnnotationResult, text: string) => result.annotations.find((a) => a.match.text === text);

describe('POST /tagger/annotation', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('annotates "no refiere dolor": negated dolor headed by refiere', async () => {
    const result = await annotate(app, { text: 'no refiere dolor' });
    const refiere = byText(result, 'refiere');
    const dolor = byText(result, 'dolor');
    expect(dolor?.code.umls).toBe('C0030193');
    expect(dolor?.head).toBe(refiere?.id);
    expect(dolor?.characteristics.negative?.trigger).toMatchObject({ begin: 0, end: 2, text: 'no' });
  });

  it('annotates "dolor en el brazo": the site is related to the finding', async () => {
    const result = await annotate(app, { text: 'dolor en el brazo' });
    const dolor = byText(result, 'dolor');
    const brazo = byText(result, 'brazo');
    expect(brazo?.type.vendor).toBe('Anatomy');
    expect(result.relations).toContainEqual({ from: dolor?.id, to: brazo?.id, rel: 'has_anatomical_location' });
  });

  it('accepts a valid text_datetime and an empty text', async () => {
    await annotate(app, { text: 'dolor desde hace 3 días', config: { text_datetime: '2024-02-29T23:59:59' } });
    expect((await annotate(app, { text: '' })).annotations).toEqual([]);
  });

  it('reads the body as JSON whatever the declared content type', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const response = await app.inject({
        method: 'POST',
        url: '/tagger/annotation',
        headers: { apikey: TEST_KEY, 'content-type': contentType },
        payload: '{"text": "no refiere dolor"}',
      });
      expect(response.statusCode, contentType).toBe(200);
      expect(AnnotationResultSchema.parse(response.json()).annotations.length).toBeGreaterThan(0);
    }
  });

  it('marks results as not cacheable', async () => {
    const response = await post(app, { text: 'dolor' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('POST /tagger/annotation/<category>', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('keeps only the category, renumbered from 0, and still satisfies the contract', async () => {
    const text = 'no refiere dolor en el brazo';
    const full = await annotate(app, { text });
    const anatomy = await annotate(app, { text }, '/tagger/annotation/Anatomy');
    expect(full.annotations.length).toBeGreaterThan(anatomy.annotations.length);
    expect(anatomy.annotations.map((a) => [a.id, a.type.vendor, a.match.text])).toEqual([[0, 'Anatomy', 'brazo']]);
    expect(anatomy.relations).toBeUndefined();
    const findings = await annotate(app, { text }, '/tagger/annotation/Finding');
    expect(findings.annotations.every((a) => a.type.vendor === 'Finding')).toBe(true);
    expect(findings.annotations.map((a) => a.match.text)).toEqual(['dolor']);
  });

  it('accepts a category with a space, URL-encoded', async () => {
    const result = await annotate(app, { text: 'dolor' }, '/tagger/annotation/Disease%20or%20Syndrome');
    expect(result.annotations).toEqual([]);
  });
});

describe('service settings', () => {
  it('names the category key as configured', async () => {
    const app = await buildTestServer({ vendorKey: 'acme' });
    const result = await annotate(app, { text: 'dolor en el brazo' });
    expect(byText(result, 'brazo')?.type).toEqual({ umls: expect.any(String), acme: 'Anatomy' });
    const anatomy = await annotate(app, { text: 'dolor en el brazo' }, '/tagger/annotation/Anatomy');
    expect(anatomy.annotations.map((a) => a.match.text)).toEqual(['brazo']);
    const config = (await app.inject({ url: '/tagger/config' })).json();
    expect(config.vendor_key).toBe('acme');
    await app.close();
  });

  it('counts the text limit in code points, not UTF-16 units', async () => {
    const app = await buildTestServer({ maxTextCodePoints: 10 });
    expect((await post(app, { text: '😀'.repeat(10) })).statusCode).toBe(200);
    const over = await post(app, { text: '😀'.repeat(11) });
    expect(over.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(over.json()).error.code).toBe('text_too_long');
    await app.close();
  });

  it('limits requests per key with 429 and Retry-After, other keys unaffected', async () => {
    const app = await buildTestServer({ apiKeys: [TEST_KEY, 'second-key-0123456789'], rateLimit: { max: 2, windowMs: 60_000 } });
    expect((await post(app, { text: 'dolor' })).statusCode).toBe(200);
    expect((await post(app, { text: 'dolor' })).statusCode).toBe(200);
    const limited = await post(app, { text: 'dolor' });
    expect(limited.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(limited.json()).error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const other = await app.inject({
      method: 'POST',
      url: '/tagger/annotation',
      headers: { apikey: 'second-key-0123456789' },
      payload: '{"text":"dolor"}',
    });
    expect(other.statusCode).toBe(200);
    await app.close();
  });

  it('refuses to start without an API key', async () => {
    await expect(buildTestServer({ apiKeys: [' ', ''] })).rejects.toThrow(/API key/);
  });
});
