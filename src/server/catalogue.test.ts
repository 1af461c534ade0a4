/** The bad-input catalogue: every way a request can be wrong, its status and stable error code. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../core/index.ts';
import { DEFAULT_MAX_TEXT_CODE_POINTS } from './config.ts';
import { buildTestServer, TEST_KEY } from './testing/fixture.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

interface Case {
  readonly name: string;
  readonly method?: Method;
  readonly url?: string;
  /** A raw body, sent as is. */
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** Send no apikey header. */
  readonly noKey?: boolean;
  readonly status: number;
  readonly code: string;
}

const json = (value: unknown) => JSON.stringify(value);
const withDatetime = (text_datetime: unknown) => json({ text: 'dolor hace 3 días', config: { text_datetime } });

const CASES: Case[] = [
  { name: 'malformed JSON', body: '{"text": "dolor",', status: 400, code: 'invalid_json' },
  {
    name: 'malformed JSON declared as text/plain',
    body: 'text=dolor',
    headers: { 'content-type': 'text/plain' },
    status: 400,
    code: 'invalid_json',
  },
  { name: 'single-quoted JSON', body: "{'text': 'dolor'}", status: 400, code: 'invalid_json' },
  { name: 'trailing garbage after JSON', body: '{"text": "dolor"} x', status: 400, code: 'invalid_json' },
  { name: 'empty body declared as JSON', body: '', headers: { 'content-type': 'application/json' }, status: 400, code: 'invalid_json' },
  { name: 'prototype poisoning', body: '{"text": "dolor", "__proto__": {"admin": true}}', status: 400, code: 'invalid_json' },
  { name: 'constructor poisoning', body: '{"text": "x", "constructor": {"prototype": {"a": 1}}}', status: 400, code: 'invalid_json' },
  { name: 'null body', body: 'null', status: 400, code: 'invalid_body' },
  { name: 'array body', body: json([{ text: 'dolor' }]), status: 400, code: 'invalid_body' },
  { name: 'string body', body: json('dolor'), status: 400, code: 'invalid_body' },
  { name: 'number body', body: '42', status: 400, code: 'invalid_body' },
  { name: 'boolean body', body: 'true', status: 400, code: 'invalid_body' },
  { name: 'empty object', body: '{}', status: 400, code: 'missing_text' },
  { name: 'config without text', body: json({ config: {} }), status: 400, code: 'missing_text' },
  { name: 'misspelled text key', body: json({ txt: 'dolor' }), status: 400, code: 'missing_text' },
  { name: 'numeric text', body: json({ text: 5 }), status: 400, code: 'invalid_text' },
  { name: 'null text', body: json({ text: null }), status: 400, code: 'invalid_text' },
  { name: 'array text', body: json({ text: ['dolor'] }), status: 400, code: 'invalid_text' },
  { name: 'object text', body: json({ text: { value: 'dolor' } }), status: 400, code: 'invalid_text' },
  { name: 'string config', body: json({ text: 'dolor', config: 'x' }), status: 400, code: 'invalid_config' },
  { name: 'array config', body: json({ text: 'dolor', config: [] }), status: 400, code: 'invalid_config' },
  { name: 'null config', body: json({ text: 'dolor', config: null }), status: 400, code: 'invalid_config' },
  { name: 'numeric config', body: json({ text: 'dolor', config: 1 }), status: 400, code: 'invalid_config' },
  { name: 'month 13', body: withDatetime('2024-13-01T00:00:00'), status: 400, code: 'invalid_text_datetime' },
  { name: 'February 30', body: withDatetime('2024-02-30T10:00:00'), status: 400, code: 'invalid_text_datetime' },
  { name: 'space instead of T', body: withDatetime('2024-06-10 12:00:00'), status: 400, code: 'invalid_text_datetime' },
  { name: 'hour 24', body: withDatetime('2024-06-10T24:00:00'), status: 400, code: 'invalid_text_datetime' },
  { name: 'date without time', body: withDatetime('2024-06-10'), status: 400, code: 'invalid_text_datetime' },
  { name: 'timezone suffix', body: withDatetime('2024-06-10T12:00:00Z'), status: 400, code: 'invalid_text_datetime' },
  { name: 'numeric datetime', body: withDatetime(20240610), status: 400, code: 'invalid_text_datetime' },
  { name: 'February 29 of a common year', body: withDatetime('2023-02-29T08:00:00'), status: 400, code: 'invalid_text_datetime' },
  {
    name: 'text one over the limit',
    body: json({ text: 'a'.repeat(DEFAULT_MAX_TEXT_CODE_POINTS + 1) }),
    status: 413,
    code: 'text_too_long',
  },
  { name: 'body over the byte limit', body: json({ text: 'x'.repeat(1_400_000) }), status: 413, code: 'body_too_large' },
  { name: 'missing key', noKey: true, body: json({ text: 'dolor' }), status: 401, code: 'missing_api_key' },
  { name: 'empty key', headers: { apikey: '' }, body: json({ text: 'dolor' }), status: 401, code: 'missing_api_key' },
  { name: 'wrong key', headers: { apikey: 'not-a-key' }, body: json({ text: 'dolor' }), status: 401, code: 'invalid_api_key' },
  {
    name: 'key with an extra character',
    headers: { apikey: `${TEST_KEY}x` },
    body: json({ text: 'dolor' }),
    status: 401,
    code: 'invalid_api_key',
  },
  { name: 'missing key on a category', url: '/tagger/annotation/Finding', noKey: true, body: '{}', status: 401, code: 'missing_api_key' },
  { name: 'unknown category', url: '/tagger/annotation/Findings', body: json({ text: 'dolor' }), status: 404, code: 'unknown_category' },
  {
    name: 'category in lower case',
    url: '/tagger/annotation/finding',
    body: json({ text: 'dolor' }),
    status: 404,
    code: 'unknown_category',
  },
  { name: 'path below a category', url: '/tagger/annotation/Finding/x', body: json({ text: 'dolor' }), status: 404, code: 'not_found' },
  { name: 'unknown path', method: 'GET', url: '/nope', status: 404, code: 'not_found' },
  { name: 'misspelled endpoint', url: '/tagger/anotation', body: json({ text: 'dolor' }), status: 404, code: 'not_found' },
  { name: 'GET on the annotation endpoint', method: 'GET', status: 405, code: 'method_not_allowed' },
  { name: 'PUT on the annotation endpoint', method: 'PUT', body: json({ text: 'dolor' }), status: 405, code: 'method_not_allowed' },
  { name: 'DELETE on a category', method: 'DELETE', url: '/tagger/annotation/Finding', status: 405, code: 'method_not_allowed' },
  { name: 'POST on ping', url: '/tagger/ping', body: '{}', status: 405, code: 'method_not_allowed' },
  { name: 'PATCH on config', method: 'PATCH', url: '/tagger/config', body: '{}', status: 405, code: 'method_not_allowed' },
];

describe('bad-input catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('has at least 30 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('$name → $status $code', async (c) => {
    const response = await app.inject({
      method: c.method ?? 'POST',
      url: c.url ?? '/tagger/annotation',
      headers: { ...(c.noKey ? {} : { apikey: TEST_KEY }), ...c.headers },
      ...(c.body === undefined ? {} : { payload: c.body }),
    });
    expect(response.statusCode).toBe(c.status);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe(c.code);
    expect(Object.keys(body)).toEqual(['error']);
    expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
    expect(response.body).not.toMatch(/\bat .*\.(ts|js):\d+/);
    if (c.status === 405) expect(response.headers.allow).toMatch(/^(GET|POST)/);
  });
});
