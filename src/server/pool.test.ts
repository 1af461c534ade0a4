/**
 * The worker queue: first in, first out; the time limit counts from the start of work, so a long
 * text never times out while waiting; the wait itself is bounded apart (503 with Retry-After).
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VENDOR_KEY } from '../core/index.ts';
import { ServiceError } from './errors.ts';
import type { ShedReason } from './load-shedding.ts';
import { createAnnotationRunner, type RunnerOptions } from './pool.ts';
import { buildTestServer, clinicalNote, defaultDictionaryBytes, TEST_KEY } from './testing/fixture.ts';

const setup = { dictionaryBytes: defaultDictionaryBytes(), vendorKey: DEFAULT_VENDOR_KEY };
const TEXT = clinicalNote(60_000);

/** The median of three warm runs of TEXT in the pool's worker, in ms. */
async function workerRunMs(pool: ReturnType<typeof runner>): Promise<number> {
  await pool.run({ text: TEXT }, TEXT.length); // the worker is warm
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    await pool.run({ text: TEXT }, TEXT.length);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[1] ?? 0;
}

function runner(overrides: Partial<RunnerOptions>) {
  return createAnnotationRunner({
    setup,
    workerThreads: 1,
    workerThresholdCodePoints: 1,
    maxQueue: 32,
    maxQueueWaitMs: 60_000,
    taskTimeoutMs: 60_000,
    ...overrides,
  });
}

describe('the worker queue', () => {
  it('runs long texts first in, first out, each timed from its own start, not from its wait', async () => {
    // Measured in the same worker that then runs the queue, so the limit and the runs scale alike
    // on a slow or busy machine (one worker's pool: the limit is set per pool, after measuring).
    const probe = runner({});
    const oneMs = await workerRunMs(probe).finally(() => probe.close());
    // Ten texts wait for one worker: the last starts after nine runs, well beyond the time limit.
    const timeoutMs = 4 * oneMs;
    const pool = runner({ taskTimeoutMs: timeoutMs });
    try {
      await pool.run({ text: TEXT }, TEXT.length); // the worker is warm
      const finished: number[] = [];
      const started = performance.now();
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => pool.run({ text: TEXT }, TEXT.length).then(() => finished.push(i))),
      );
      const elapsed = performance.now() - started;
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // The queue really waited longer than the limit: the old count from submission would have failed.
      expect(elapsed).toBeGreaterThan(timeoutMs);
    } finally {
      await pool.close();
    }
  });

  it('bounds the wait apart: a text waiting too long is refused as busy, with the reason reported', async () => {
    const reasons: ShedReason[] = [];
    const pool = runner({ maxQueue: 1, maxQueueWaitMs: 50, onShed: (reason) => reasons.push(reason) });
    try {
      await pool.run({ text: TEXT }, TEXT.length);
      const outcomes = await Promise.allSettled([0, 1, 2].map(() => pool.run({ text: TEXT }, TEXT.length)));
      expect(outcomes[0]?.status).toBe('fulfilled');
      for (const outcome of outcomes.slice(1)) {
        expect(outcome.status).toBe('rejected');
        const error = (outcome as PromiseRejectedResult).reason as ServiceError;
        expect(error.code).toBe('server_busy');
        expect(error.headers['retry-after']).toBe('1');
      }
      // One waited past 50 ms (the first running takes longer); the other found the queue full.
      expect(reasons.sort()).toEqual(['worker_queue_full', 'worker_queue_wait']);
    } finally {
      await pool.close();
    }
  });

  it('answers 503 server_busy with Retry-After over HTTP and counts it by reason in the metrics', async () => {
    const app = await buildTestServer({ workerThreads: 1, workerThresholdCodePoints: 1_000, workerMaxQueue: 4, workerMaxQueueWaitMs: 1 });
    try {
      const post = () =>
        app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload: JSON.stringify({ text: TEXT }) });
      const responses = await Promise.all([post(), post(), post()]);
      expect(responses[0]?.statusCode).toBe(200);
      const busy = responses.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) {
        expect(JSON.parse(r.body)).toMatchObject({ error: { code: 'server_busy' } });
        expect(r.headers['retry-after']).toBe('1');
      }
      const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toContain(`glosa_shed_requests_total{reason="worker_queue_wait"} ${busy.length}`);
    } finally {
      await app.close();
    }
  });
});
