/**
 * Where annotations run. Short texts run inline (a worker round trip would cost more than the
 * annotation); texts at or above the threshold run in a piscina worker pool so that one
 * 100,000-character request does not hold up the small ones behind it on the event loop.
 */
import { Piscina } from 'piscina';
import type { Annotator } from '../core/index.ts';
import { annotatorFromSetup, type AnnotatorSetup } from './annotator-setup.ts';
import { runAnnotationTask, type AnnotationTask } from './annotation-task.ts';
import { ServiceError } from './errors.ts';

export interface RunnerOptions {
  readonly setup: AnnotatorSetup;
  /** Worker threads for large texts; 0 runs everything inline. */
  readonly workerThreads: number;
  /** Texts of at least this many code points go to a worker. */
  readonly workerThresholdCodePoints: number;
  /** Large texts waiting for a worker before new ones are refused with 503. */
  readonly maxQueue: number;
  /** A worker task running longer is stopped (its worker is replaced). */
  readonly taskTimeoutMs: number;
}

export interface AnnotationRunner {
  /** The main thread's annotator (also describes the dictionary). */
  readonly annotator: Annotator;
  /** The result as JSON text. */
  run(task: AnnotationTask, codePoints: number): Promise<string>;
  close(): Promise<void>;
}

const WORKER_ENTRY = new URL('./annotate-worker.mjs', import.meta.url).href;

export function createAnnotationRunner(options: RunnerOptions): AnnotationRunner {
  const annotator = annotatorFromSetup(options.setup);
  const pool =
    options.workerThreads > 0
      ? new Piscina<AnnotationTask, string>({
          filename: WORKER_ENTRY,
          workerData: options.setup,
          // Workers start with the server: loading TS and the dictionary takes a moment.
          minThreads: options.workerThreads,
          maxThreads: options.workerThreads,
          idleTimeout: Number.POSITIVE_INFINITY,
        })
      : undefined;
  // Tasks running or waiting in the pool; beyond the capacity new ones are refused at once.
  const inPool = new Set<Promise<string>>();
  const capacity = options.workerThreads + options.maxQueue;

  return {
    annotator,
    async run(task, codePoints) {
      if (pool === undefined || codePoints < options.workerThresholdCodePoints) return runAnnotationTask(annotator, task);
      if (inPool.size >= capacity) {
        throw new ServiceError('server_busy', 'The service is busy with other long texts; retry shortly.', { 'retry-after': '1' });
      }
      const running = pool.run(task, { signal: AbortSignal.timeout(options.taskTimeoutMs) });
      inPool.add(running);
      try {
        return await running;
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') {
          throw new ServiceError('annotation_timeout', 'The annotation took longer than this service allows; try a shorter text.');
        }
        throw error;
      } finally {
        inPool.delete(running);
      }
    },
    async close() {
      // Let tasks already in the pool finish, even for clients that have gone.
      await Promise.allSettled(inPool);
      await pool?.destroy();
    },
  };
}
