/**
 * Load shedding on event-loop delay, measured so that only real overload sheds.
 *
 * @fastify/under-pressure averages a `monitorEventLoopDelay` histogram every 200 ms and reads an
 * empty histogram (NaN mean: its sampler did not get to run in the window) as an infinite delay, so
 * one busy stretch of 120–200 ms refused every request for the next 200 ms. Here the delay is the
 * lateness of a timer that should tick every `sampleMs`: the lateness of its last tick, or, when
 * the next tick is overdue right now, how overdue it is. Both are times the loop really was behind;
 * "no sample" cannot be read as overload. Beyond the limit a share of requests is shed, rising
 * linearly from none at the limit to all at twice the limit, spread evenly (every k-th request) so
 * that clients see the same rate, not bursts of refusals.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { ServiceError } from './errors.ts';

/** Why a request was refused with 503 `server_busy`; the label of `glosa_shed_requests_total`. */
export type ShedReason = 'event_loop_delay' | 'worker_queue_full' | 'worker_queue_wait';

export interface DelayMeter {
  /** The event-loop delay now, in ms: never more than the loop was really behind. */
  delayMs(): number;
  stop(): void;
}

/** A timer's lateness as the event-loop delay; `now` is injectable for tests. */
export function startDelayMeter(sampleMs = 100, now: () => number = () => performance.now()): DelayMeter {
  let expected = now() + sampleMs;
  let lastLag = 0;
  const timer = setInterval(() => {
    const at = now();
    lastLag = Math.max(0, at - expected);
    expected = at + sampleMs;
  }, sampleMs);
  timer.unref();
  return {
    delayMs: () => Math.max(lastLag, now() - expected),
    stop: () => clearInterval(timer),
  };
}

/** Share of requests to shed at `delayMs`: 0 up to the limit, then linear, 1 from twice the limit. */
export function shedShare(delayMs: number, limitMs: number): number {
  if (!(delayMs > limitMs)) return 0;
  return Math.min(1, (delayMs - limitMs) / limitMs);
}

/** Spreads a share of refusals evenly: refuses when the accumulated share reaches one request. */
export function createShedder(): (share: number) => boolean {
  let credit = 0;
  return (share) => {
    if (share <= 0) {
      credit = 0;
      return false;
    }
    credit += share;
    if (credit < 1) return false;
    credit -= 1;
    return true;
  };
}

export interface ShedMetrics {
  shed(reason: ShedReason): void;
}

/** `glosa_shed_requests_total{reason}`: every 503 `server_busy`, counted by why. */
export function createShedMetrics(registry: Registry): ShedMetrics {
  const shed = new Counter({
    name: 'glosa_shed_requests_total',
    help: 'Requests refused with 503 server_busy, by reason.',
    labelNames: ['reason'],
    registers: [registry],
  });
  // Every reason present from the start, so a rate over it is defined before the first refusal.
  for (const reason of ['event_loop_delay', 'worker_queue_full', 'worker_queue_wait'] satisfies ShedReason[]) shed.inc({ reason }, 0);
  return { shed: (reason) => shed.inc({ reason }) };
}

export interface LoadSheddingOptions {
  readonly maxEventLoopDelayMs: number;
  /** Routes that answer even under overload (health, readiness, metrics). */
  readonly neverShed: ReadonlySet<string>;
  /** Where the measured delay is published (`glosa_event_loop_delay_seconds`). */
  readonly registry: Registry;
  readonly metrics: ShedMetrics;
  readonly sampleMs?: number;
}

/** Installs the `onRequest` shedding hook (nothing when the limit is 0). */
export function installLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): void {
  if (options.maxEventLoopDelayMs <= 0) return;
  const meter = startDelayMeter(options.sampleMs);
  const { metrics } = options;
  new Gauge({
    name: 'glosa_event_loop_delay_seconds',
    help: 'Event-loop delay the load shedding decides on (a timer’s lateness).',
    registers: [options.registry],
    collect() {
      this.set(meter.delayMs() / 1000);
    },
  });
  const shouldShed = createShedder();
  app.addHook('onClose', (_app, done) => {
    meter.stop();
    done();
  });
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (options.neverShed.has(request.routeOptions.url ?? '')) return done();
    const delay = meter.delayMs();
    if (!shouldShed(shedShare(delay, options.maxEventLoopDelayMs))) return done();
    metrics.shed('event_loop_delay');
    request.log.warn({ delayMs: Math.round(delay) }, 'request shed: event loop delay over the limit');
    done(new ServiceError('server_busy', 'The service is overloaded; retry after the time in Retry-After.', { 'retry-after': '5' }));
  });
}
