/**
 * A short, bounded load on loopback mixing good and bad requests: every response has the status
 * its request calls for, no connection errors, results satisfy the contract, the heap stays flat.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema, ErrorBodySchema } from '../core/index.ts';
import { buildTestServer, clinicalNote, TEST_KEY } from './testing/fixture.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const json = { apikey: TEST_KEY, 'content-type': 'application/json' };

interface Expected {
  readonly status: number;
  readonly request: autocannon.Request;
}

const MIX: Expected[] = [
  {
    status: 200,
    request: { method: 'POST', path: '/tagger/annotation', headers: json, body: JSON.stringify({ text: clinicalNote(2000) }) },
  },
  { status: 400, request: { method: 'POST', path: '/tagger/annotation', headers: json, body: '{"text": ' } },
  { status: 401, request: { method: 'POST', path: '/tagger/annotation', body: '{"text": "dolor"}' } },
  {
    status: 200,
    request: { method: 'POST', path: '/tagger/annotation/Finding', headers: { apikey: TEST_KEY }, body: '{"text": "no refiere dolor"}' },
  },
  { status: 405, request: { method: 'GET', path: '/tagger/annotation' } },
  { status: 404, request: { method: 'GET', path: '/tagger/nothing' } },
  { status: 401, request: { method: 'POST', path: '/tagger/annotation', headers: { apikey: 'wrong' }, body: '{"text": "dolor"}' } },
  { status: 200, request: { method: 'GET', path: '/tagger/ping' } },
  {
    status: 400,
    request: {
      method: 'POST',
      path: '/tagger/annotation',
      headers: json,
      body: '{"text": "x", "config": {"text_datetime": "2024-02-30T10:00:00"}}',
    },
  },
  {
    status: 413,
    request: { method: 'POST', path: '/tagger/annotation', headers: json, body: JSON.stringify({ text: 'a'.repeat(10_001) }) },
  },
  // Over the worker threshold: annotated in the pool.
  {
    status: 200,
    request: { method: 'POST', path: '/tagger/annotation', headers: json, body: JSON.stringify({ text: clinicalNote(6000) }) },
  },
  { status: 404, request: { method: 'POST', path: '/tagger/annotation/Nothing', headers: json, body: '{"text": "x"}' } },
];

function bodyFits(status: number, path: string | undefined, body: string): boolean {
  if (path === '/tagger/ping') return body === 'pong';
  try {
    return (status === 200 ? AnnotationResultSchema : ErrorBodySchema).safeParse(JSON.parse(body)).success;
  } catch {
    return false;
  }
}

describe('bounded load on loopback', () => {
  it('keeps every answer right and memory flat under a mixed load', async () => {
    const app = await buildTestServer({
      maxTextCodePoints: 10_000,
      workerThreads: 1,
      workerThresholdCodePoints: 5_000,
      rateLimit: { max: 1_000_000, windowMs: 60_000 },
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const wrong: string[] = [];
    let checked = 0;
    // Every field explicit: autocannon carries unset fields over from the previous request.
    const requests = MIX.map(({ status, request }, index): autocannon.Request => ({
      headers: {},
      body: '',
      ...request,
      onResponse: (actual, body) => {
        if (actual !== status) wrong.push(`#${index} ${request.method} ${request.path}: ${actual}`);
        // Check a sample of bodies against the contract (all of them would slow the load).
        else if (checked++ % 7 === 0 && !bodyFits(status, request.path, body)) wrong.push(`#${index}: ${body.slice(0, 80)}`);
      },
    }));
    // Bounded by count (each connection cycles through the mix `rounds` times), not by time.
    const run = (rounds: number) => autocannon({ url, connections: 8, amount: MIX.length * 8 * rounds, timeout: 10, requests });
    try {
      await run(1); // warm-up: JIT, worker start, caches
      gc();
      const heapBefore = process.memoryUsage().heapUsed;
      const result = await run(2);
      gc();
      const heapAfter = process.memoryUsage().heapUsed;

      expect(wrong.slice(0, 5)).toEqual([]);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.requests.total).toBe(MIX.length * 8 * 2);
      const statuses = Object.keys(result.statusCodeStats ?? {}).sort();
      expect(statuses).toEqual(['200', '400', '401', '404', '405', '413']);
      expect(heapAfter - heapBefore).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await app.close();
    }
  });
});
