/**
 * The circuit breaker on Redis: a hung Redis (the test's redis-server stopped with SIGSTOP) costs
 * a few slow counts, then every count is local at once; once Redis answers again a background
 * probe closes the breaker and counts are shared again.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createBreaker } from './redis-breaker.ts';
import { connectRedis, redisStore } from './rate-store.ts';
import { startRedis } from './testing/external.ts';
import { buildTestServer, TEST_KEY } from './testing/fixture.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the breaker', () => {
  it('opens after a few failures in a row, probes once the open time is over, closes when the probe answers', async () => {
    let now = 0;
    let probes = 0;
    let probeAnswers = false;
    const events: string[] = [];
    const breaker = createBreaker({
      failuresToOpen: 3,
      openMs: 1000,
      now: () => now,
      probe: async () => {
        probes++;
        return probeAnswers;
      },
      onOpen: () => events.push('open'),
      onClose: () => events.push('close'),
    });
    breaker.failed();
    breaker.failed();
    breaker.succeeded(); // a success in between: the count starts again
    breaker.failed();
    breaker.failed();
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    expect(breaker.allows()).toBe(false);
    now = 999;
    expect(breaker.allows()).toBe(false);
    expect(probes).toBe(0);
    now = 1000;
    expect(breaker.allows()).toBe(false); // the request that starts the probe does not wait for it
    expect(breaker.allows()).toBe(false);
    await pause(0);
    expect(probes).toBe(1);
    expect(breaker.state).toBe('open'); // the probe failed: open again for openMs
    now = 2000;
    probeAnswers = true;
    breaker.allows();
    await pause(0);
    expect(breaker.state).toBe('closed');
    expect(breaker.allows()).toBe(true);
    expect(events).toEqual(['open', 'close']);
  });
});

describe('a hung Redis', () => {
  it('costs a few slow counts, then none; counts are shared again once Redis answers', async () => {
    const redis = await startRedis();
    const client = connectRedis(redis.url, () => {});
    await new Promise<void>((resolve) => client.once('ready', () => resolve()));
    const reasons: string[] = [];
    let recovered = 0;
    const app = await buildTestServer({
      rateLimit: { max: 1_000, windowMs: 60_000 },
      rateStore: redisStore(
        client,
        (error) => reasons.push(error.message),
        () => recovered++,
        { openMs: 1_000 },
      ),
    });
    const post = async () => {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/tagger/annotation',
        headers: { apikey: TEST_KEY },
        payload: '{"text": "tos"}',
      });
      return { status: response.statusCode, ms: performance.now() - started };
    };
    const counterKey = `glosa-rl:key:${createHash('sha256').update(TEST_KEY).digest('hex')}`;
    try {
      for (let i = 0; i < 3; i++) expect((await post()).status).toBe(200);
      expect(reasons).toEqual([]);
      expect(await client.get(counterKey)).toBe('3');

      process.kill(redis.pid, 'SIGSTOP');
      const hung = [];
      for (let i = 0; i < 20; i++) hung.push(await post());
      expect(hung.map((r) => r.status)).toEqual(Array(20).fill(200));
      // Three counts waited for Redis (150 ms each, not the 500 ms command timeout); then none did.
      expect(reasons.filter((r) => r === 'redis slow')).toHaveLength(3);
      expect(reasons.filter((r) => r === 'redis circuit open')).toHaveLength(17);
      const total = hung.reduce((sum, r) => sum + r.ms, 0);
      console.info(
        `20 keyed requests with Redis hung: ${Math.round(total)} ms in all, slowest ${Math.round(Math.max(...hung.map((r) => r.ms)))} ms`,
      );
      expect(total).toBeLessThan(20 * 500);

      process.kill(redis.pid, 'SIGCONT');
      await pause(1_100);
      // The first request after the open time starts the probe (and is counted locally).
      for (let i = 0; i < 50 && recovered === 0; i++) {
        expect((await post()).status).toBe(200);
        await pause(20);
      }
      expect(recovered).toBe(1);
      const before = Number(await client.get(counterKey));
      expect((await post()).status).toBe(200);
      expect(Number(await client.get(counterKey))).toBe(before + 1);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
      await app.close();
      client.disconnect();
      await redis.stop();
    }
  }, 30_000);
});
