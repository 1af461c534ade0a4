/**
 * `glosa serve --processes N`: N server processes share the port through Node's cluster module,
 * so annotation, which is CPU-bound on one event loop per process, can use more than one core.
 * The primary supervises: it prints the banner once every worker listens, replaces a worker that
 * dies, forwards SIGHUP, gathers the metrics of all workers for `/metrics`, and on SIGINT/SIGTERM has every worker drain and waits. Without Redis it
 * also keeps the rate-limit counters of all workers, so a limit holds exactly across them.
 */
import cluster, { type Worker } from 'node:cluster';
import { answerMetricsRequests } from '../server/cluster-metrics.ts';
import { answerCountRequests, localStore } from '../server/rate-store.ts';

export interface ClusterOptions {
  readonly processes: number;
  /** Environment for the workers (e.g. the API key generated for this run, so all share it). */
  readonly env: Record<string, string>;
  readonly graceMs: number;
  /** Keep the workers' rate-limit counters here (no Redis), so all processes count them once. */
  readonly countLimits: boolean;
  onListening(port: number): void;
}

function log(message: string): void {
  process.stderr.write(`glosa serve: ${message}\n`);
}

export function runClusterPrimary(options: ClusterOptions): Promise<number> {
  const started = new Set<number>();
  let stopping = false;
  let announced = false;
  let exitCode = 0;
  const fork = (): Worker => cluster.fork(options.env);

  return new Promise<number>((resolve) => {
    const finishWhenAllGone = (): void => {
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
    };
    cluster.on('listening', (worker, address) => {
      started.add(worker.id);
      // Announced once every first process listens, so a client that waits for it finds all up.
      if (!announced && started.size === options.processes) {
        announced = true;
        options.onListening(address.port);
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return finishWhenAllGone();
      if (started.size === 0 && signal === null) {
        // No process has started and this one failed on its own (port taken, bad dictionary):
        // the others would fail alike.
        log(`a server process failed to start (exit code ${code}); stopping`);
        exitCode = code || 1;
        stop();
        return finishWhenAllGone();
      }
      log(`server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`);
      fork();
    });
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      setTimeout(() => {
        log('shutdown grace period over, exiting');
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        resolve(1);
      }, options.graceMs + 2_000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // SIGHUP (reload the keys file) goes to every worker.
    process.on('SIGHUP', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
    });
    answerMetricsRequests();
    if (options.countLimits) {
      const counters = localStore();
      cluster.on('message', (worker, message: unknown) => answerCountRequests(message, (answer) => worker.send(answer), counters));
    }
    for (let i = 0; i < options.processes; i++) fork();
  });
}
