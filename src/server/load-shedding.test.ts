/**
 * Load shedding sheds only real overload: a busy stretch well under the limit refuses nothing (it
 * refused everything for 200 ms with @fastify/under-pressure, which read an empty delay sample as
 * infinite), the share refused grows with the delay, and every refusal is counted by its reason.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { describe, expect, it } from 'vitest';
import { createShedder, shedShare, startDelayMeter } from './load-shedding.ts';
import { buildTestServer, clinicalNote, TEST_KEY } from './testing/fixture.ts';

const stall = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until); // a busy event loop
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function metricValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

describe('the delay measure', () => {
  it('reads a busy stretch as its length, and an idle loop as no delay, never as infinite', async () => {
    const meter = startDelayMeter(100);
    try {
      await pause(250);
      expect(meter.delayMs()).toBeLessThan(100);
      // The sampler cannot run during the stall: a window without a sample.
      stall(300);
      const during = meter.delayMs();
      expect(during).toBeGreaterThan(150);
      expect(Number.isFinite(during)).toBe(true);
      await pause(250);
      expect(meter.delayMs()).toBeLessThan(during);
    } finally {
      meter.stop();
    }
  });

  it('sheds a share proportional to the delay beyond the limit, spread evenly', () => {
    expect(shedShare(999, 1000)).toBe(0);
    expect(shedShare(1000, 1000)).toBe(0);
    expect(shedShare(1250, 1000)).toBeCloseTo(0.25);
    expect(shedShare(2000, 1000)).toBe(1);
    expect(shedShare(Number.NaN, 1000)).toBe(0);
    const shed = createShedder();
    const decisions = Array.from({ length: 100 }, () => shed(0.25));
    expect(decisions.filter(Boolean)).toHaveLength(25);
    // Evenly: one refusal in every four requests, never two in a row.
    expect(decisions.some((d, i) => d && decisions[i + 1] === true)).toBe(false);
    expect(Array.from({ length: 10 }, () => shed(0)).some(Boolean)).toBe(false);
  });
});

describe('load shedding in the service', () => {
  it('answers every request after busy stretches under the limit; sheds beyond it, with the reason in the metrics', async () => {
    const app = await buildTestServer({ maxEventLoopDelayMs: 1000 });
    await app.ready();
    try {
      // Busy stretches of 120-250 ms, the ones that made under-pressure refuse everything.
      for (const ms of [120, 160, 200, 250, 200, 160, 120, 250]) {
        stall(ms);
        const response = await app.inject({ method: 'GET', url: '/tagger/config' });
        expect(response.statusCode).toBe(200);
        await pause(ms % 3 === 0 ? 0 : 30);
      }
      let metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metricValue(metrics, 'glosa_shed_requests_total{reason="event_loop_delay"}')).toBe(0);

      // Real overload: 2.5 s behind, over twice the limit, so every request is shed.
      stall(2500);
      const shed = await app.inject({ method: 'GET', url: '/tagger/config' });
      expect(shed.statusCode).toBe(503);
      expect(JSON.parse(shed.body)).toMatchObject({ error: { code: 'server_busy' } });
      expect(shed.headers['retry-after']).toBe('5');
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metricValue(metrics, 'glosa_shed_requests_total{reason="event_loop_delay"}')).toBe(1);
      expect(metricValue(metrics, 'glosa_event_loop_delay_seconds')).toBeGreaterThanOrEqual(0);
      // Once the loop has caught up, nothing is shed.
      await pause(300);
      expect((await app.inject({ method: 'GET', url: '/tagger/config' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses nothing at concurrency 64 on 2,000-character notes while the loop is under the limit', async () => {
    const app = await buildTestServer({ maxEventLoopDelayMs: 1000 });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    // An independent measure of how far behind the loop got during the run.
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    try {
      histogram.enable();
      const result = await autocannon({
        url: `${url}/tagger/annotation`,
        method: 'POST',
        headers: { apikey: TEST_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ text: clinicalNote(2000) }),
        connections: 64,
        duration: 4,
      });
      histogram.disable();
      const maxDelayMs = histogram.max / 1e6;
      const shed = result.statusCodeStats?.['503']?.count ?? 0;
      console.info(`concurrency 64: ${result.requests.total} requests, ${shed} shed, loop at most ${Math.round(maxDelayMs)} ms behind`);
      expect(result.errors).toBe(0);
      expect(result.requests.total).toBeGreaterThan(64);
      if (maxDelayMs < 1000) expect(shed).toBe(0);
      else expect(shed).toBeLessThan(result.requests.total);
    } finally {
      await app.close();
    }
  });
});
