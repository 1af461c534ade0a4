/**
 * `/metrics` with `--processes`: a scrape reaches one process, so that process asks the supervisor,
 * which gathers every process's metrics through prom-client's AggregatorRegistry (counters and
 * histograms summed, gauges as prom-client aggregates them) and hands the text back.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

interface MetricsRequest {
  readonly glosaMetrics: number;
}
interface MetricsReply {
  readonly glosaMetricsReply: { id: number; text?: string; error?: string };
}

/** In a cluster worker: the metrics of all the service's processes, from the supervisor. */
export function clusterMetricsSource(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener that answers the supervisor's requests.
  new AggregatorRegistry();
  const pending = new Map<number, { resolve(text: string): void; reject(error: Error): void }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('glosaMetricsReply' in message)) return;
    const { id, text, error } = (message as MetricsReply).glosaMetricsReply;
    const waiting = pending.get(id);
    pending.delete(id);
    if (text !== undefined) waiting?.resolve(text);
    else waiting?.reject(new Error(error ?? 'no metrics'));
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      process.send?.({ glosaMetrics: id } satisfies MetricsRequest);
    });
}

/** In the supervisor: answers the workers' metrics requests. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (typeof message !== 'object' || message === null || !('glosaMetrics' in message)) return;
    const id = (message as MetricsRequest).glosaMetrics;
    const reply = (answer: MetricsReply['glosaMetricsReply']) => worker.send({ glosaMetricsReply: answer } satisfies MetricsReply);
    aggregator.clusterMetrics().then(
      (text) => reply({ id, text }),
      (error: Error) => reply({ id, error: error.message }),
    );
  });
}
