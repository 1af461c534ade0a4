/**
 * Prometheus metrics (prom-client), one registry per server: requests by route and status, a
 * latency histogram by route, characters and documents annotated, and prom-client's process
 * metrics (event-loop delay among them). Routes are labelled by their pattern, never the raw path.
 */
import cluster from 'node:cluster';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { clusterMetricsSource } from './cluster-metrics.ts';

export interface Metrics {
  readonly registry: Registry;
  annotated(codePoints: number): void;
}

/** `on`: anyone may read /metrics; `key`: an API key is needed; `off`: no /metrics. */
export type MetricsMode = 'on' | 'key' | 'off';

/** The route pattern of a request, for logs and labels: never the raw path (it may hold text). */
export function routeName(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const characters = new Counter({
    name: 'glosa_annotated_characters_total',
    help: 'Characters (code points) annotated.',
    registers: [registry],
  });
  const documents = new Counter({ name: 'glosa_annotated_documents_total', help: 'Documents annotated.', registers: [registry] });
  return {
    registry,
    annotated(codePoints) {
      characters.inc(codePoints);
      documents.inc();
    },
  };
}

export function installMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  mode: MetricsMode,
  requireKey: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): void {
  const requests = new Counter({
    name: 'glosa_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [metrics.registry],
  });
  const latency = new Histogram({
    name: 'glosa_http_request_duration_seconds',
    help: 'Time to answer, by route pattern.',
    labelNames: ['route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  // Label sets looked up once, not hashed on every request.
  const requestsBy = new Map<string, Counter.Internal>();
  const latencyBy = new Map<string, Histogram.Internal<'route'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeName(request);
    const key = `${route} ${request.method} ${reply.statusCode}`;
    let counter = requestsBy.get(key);
    if (counter === undefined) {
      counter = requests.labels({ route, method: request.method, status: String(reply.statusCode) });
      requestsBy.set(key, counter);
    }
    counter.inc();
    let histogram = latencyBy.get(route);
    if (histogram === undefined) {
      histogram = latency.labels({ route });
      latencyBy.set(route, histogram);
    }
    histogram.observe(reply.elapsedTime / 1000);
    done();
  });
  if (mode === 'off') return;
  // Under `--processes`, the metrics of every process; otherwise this one's.
  const render = cluster.isWorker ? clusterMetricsSource(metrics.registry) : () => metrics.registry.metrics();
  app.get('/metrics', { ...(mode === 'key' ? { onRequest: requireKey } : {}) }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await render()),
  );
}
