/** The bad-input catalogue: every way a request can be wrong, its status and stable error code. */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../core/index.ts';
import { DEFAULT_MAX_TEXT_CODE_POINTS } from './config.ts';
import { buildTestServer, TEST_KEY } from './testing/fixture.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';

interface Case {
  readonly name: string;
  readonly method?: Method;
  readonly url?: string;
  /** A raw body, sent as is. */
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
  /** Send no apikey header. */
  readonly noKey?: boolean;
  readonly status: number;
  readonly code: string;
}

const json = (value: unknown) => JSON.stringify(value);
const withDatetime = (text_datetime: unknown) => json({ text: 'dolor hace 3 días', config: { text_datetime } });
const nestedConfig = (depth: number) => `{"text": "dolor", "config": {"x": ${'['.repeat(depth)}${']'.repeat(depth)}}}`;
const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), text: 'dolor' }));
const batch = (value: unknown): Partial<Case> => ({ url: '/tagger/annotations', body: json(value) });
const BATCH_INVALID = { status: 400, code: 'invalid_batch' } as const;

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
  // Methods no endpoint takes.
  { name: 'TRACE on the annotation endpoint', method: 'TRACE', status: 405, code: 'method_not_allowed' },
  { name: 'TRACE on an unknown path', method: 'TRACE', url: '/nope', status: 405, code: 'method_not_allowed' },
  { name: 'OPTIONS that is not a CORS preflight', method: 'OPTIONS', status: 405, code: 'method_not_allowed' },
  {
    name: 'CORS preflight from an origin not allowed',
    method: 'OPTIONS',
    headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    status: 405,
    code: 'method_not_allowed',
  },
  { name: 'OPTIONS on ping', method: 'OPTIONS', url: '/tagger/ping', status: 405, code: 'method_not_allowed' },
  { name: 'DELETE on health', method: 'DELETE', url: '/health', status: 405, code: 'method_not_allowed' },
  { name: 'POST on ready', url: '/ready', body: '{}', status: 405, code: 'method_not_allowed' },
  { name: 'POST on metrics', url: '/metrics', body: '{}', status: 405, code: 'method_not_allowed' },
  { name: 'POST on ping without a key', url: '/tagger/ping', noKey: true, body: '{"a": 1}', status: 405, code: 'method_not_allowed' },
  { name: 'POST to an unknown path without a key', url: '/admin', noKey: true, body: '{}', status: 404, code: 'not_found' },
  { name: 'DELETE with a body on an unknown path', method: 'DELETE', url: '/x', body: '{}', status: 404, code: 'not_found' },
  { name: 'a note in an unknown path', url: '/tagger/annotation/Paciente%20con%20dolor/x', body: '{}', status: 404, code: 'not_found' },
  // URLs that cannot be decoded.
  { name: 'bad percent-encoding in a GET path', method: 'GET', url: '/tagger/%zz', status: 400, code: 'bad_request' },
  { name: 'truncated UTF-8 escape in a category', url: '/tagger/annotation/%E0%A4%A', body: '{}', status: 400, code: 'bad_request' },
  { name: 'bad percent-encoding without a key', url: '/tagger/annotation/%', noKey: true, body: '{}', status: 400, code: 'bad_request' },
  // Charsets and encodings.
  {
    name: 'unknown charset',
    headers: { 'content-type': 'application/json; charset=klingon' },
    body: json({ text: 'dolor' }),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'latin-1 body that is not JSON',
    headers: { 'content-type': 'application/json; charset=iso-8859-1' },
    body: Buffer.from('{"text": "coraz\xf3n",', 'latin1'),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'unknown Content-Encoding',
    headers: { 'content-encoding': 'zstd' },
    body: json({ text: 'dolor' }),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'Content-Encoding compress',
    headers: { 'content-encoding': 'compress' },
    body: json({ text: 'dolor' }),
    status: 415,
    code: 'unsupported_media_type',
  },
  { name: 'gzip declared, plain text sent', headers: { 'content-encoding': 'gzip' }, body: 'not gzip', status: 400, code: 'bad_request' },
  { name: 'br declared, plain text sent', headers: { 'content-encoding': 'br' }, body: 'not brotli', status: 400, code: 'bad_request' },
  {
    name: 'gzip bomb beyond the body limit',
    headers: { 'content-encoding': 'gzip' },
    body: gzipSync(Buffer.alloc(20_000_000, 32)),
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'brotli body that is not JSON',
    headers: { 'content-encoding': 'br' },
    body: brotliCompressSync('{"text": '),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'gzip body without a key',
    noKey: true,
    headers: { 'content-encoding': 'gzip' },
    body: gzipSync(json({ text: 'dolor' })),
    status: 401,
    code: 'missing_api_key',
  },
  // Depth.
  { name: 'config nested 33 deep', body: nestedConfig(31), status: 400, code: 'json_too_deep' },
  { name: 'config nested 100,000 deep', body: nestedConfig(100_000), status: 400, code: 'json_too_deep' },
  { name: 'objects nested 1,000 deep', body: `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`, status: 400, code: 'json_too_deep' },
  { name: 'deep nesting without a key', noKey: true, body: '['.repeat(500_000), status: 401, code: 'missing_api_key' },
  // Keys.
  { name: 'short wrong key', headers: { apikey: 'k1' }, body: json({ text: 'dolor' }), status: 401, code: 'invalid_api_key' },
  {
    name: 'key differing in case',
    headers: { apikey: TEST_KEY.toUpperCase() },
    body: json({ text: 'dolor' }),
    status: 401,
    code: 'invalid_api_key',
  },
  // Batches.
  { name: 'batch without a key', ...batch({ documents: docs(1) }), noKey: true, status: 401, code: 'missing_api_key' },
  { name: 'GET on the batch endpoint', method: 'GET', url: '/tagger/annotations', status: 405, code: 'method_not_allowed' },
  { name: 'PUT on the batch endpoint', method: 'PUT', url: '/tagger/annotations', body: '{}', status: 405, code: 'method_not_allowed' },
  { name: 'batch of malformed JSON', url: '/tagger/annotations', body: '{"documents": [', status: 400, code: 'invalid_json' },
  {
    name: 'batch nested too deep',
    url: '/tagger/annotations',
    body: `{"documents": ${'['.repeat(40)}${']'.repeat(40)}}`,
    status: 400,
    code: 'json_too_deep',
  },
  { name: 'batch body an array', ...batch(docs(2)), ...BATCH_INVALID },
  { name: 'batch without documents', ...batch({ text: 'dolor' }), ...BATCH_INVALID },
  { name: 'batch with no document', ...batch({ documents: [] }), ...BATCH_INVALID },
  { name: 'batch documents not an array', ...batch({ documents: { id: '1', text: 'dolor' } }), ...BATCH_INVALID },
  { name: 'batch of 26 documents', ...batch({ documents: docs(26) }), ...BATCH_INVALID },
  { name: 'batch document not an object', ...batch({ documents: ['dolor'] }), ...BATCH_INVALID },
  { name: 'batch document without id', ...batch({ documents: [{ text: 'dolor' }] }), ...BATCH_INVALID },
  { name: 'batch document with a numeric id', ...batch({ documents: [{ id: 1, text: 'dolor' }] }), ...BATCH_INVALID },
  { name: 'batch document with an empty id', ...batch({ documents: [{ id: '', text: 'dolor' }] }), ...BATCH_INVALID },
  { name: 'batch document id of 65 characters', ...batch({ documents: [{ id: 'x'.repeat(65), text: 'dolor' }] }), ...BATCH_INVALID },
  {
    name: 'batch with a repeated id',
    ...batch({
      documents: [
        { id: 'a', text: 'dolor' },
        { id: 'a', text: 'tos' },
      ],
    }),
    ...BATCH_INVALID,
  },
  {
    name: 'batch over the byte limit',
    ...batch({ documents: [{ id: '1', text: 'x'.repeat(1_400_000) }] }),
    status: 413,
    code: 'body_too_large',
  },
  {
    name: 'batch in an unknown charset',
    ...batch({ documents: docs(1) }),
    headers: { 'content-type': 'application/json; charset=ebcdic-x' },
    status: 415,
    code: 'unsupported_media_type',
  },
];

describe('bad-input catalogue', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestServer();
  });
  afterAll(() => app.close());

  it('has at least 80 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
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
    if (c.status === 400 && c.code === 'bad_request') expect(response.body).not.toContain('%');
  });
});
