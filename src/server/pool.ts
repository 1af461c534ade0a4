/**
 * Where annotations run. Short texts run inline (a worker round trip would cost more than the
 * annotation); texts at or above the threshold run in a piscina worker pool so that one
 * 100,000-character request does not hold up the small ones behind it on the event loop.
 *
 * Long texts wait in this module's own first-in-first-out queue, handed to piscina only when a
 * worker is free, so piscina's queue stays empty. Two separate limits: the wait in the queue
 * (503 `server_busy` with Retry-After beyond it) and the work itself, timed from the moment the
 * worker starts on it (503 `annotation_timeout`): a text never times out without having run.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Annotator } from '../core/index.ts';
import { annotatorFromSetup, type AnnotatorSetup } from './annotator-setup.ts';
import { runAnnotationTask, type AnnotationTask } from './annotation-task.ts';
import type { WorkerJob } from './annotate-worker.ts';
import { ServiceError } from './errors.ts';
import type { ShedReason } from './load-shedding.ts';

export interface RunnerOptions {
  readonly setup: AnnotatorSetup;
  /** Worker threads for large texts; 0 runs everything inline. */
  readonly workerThreads: number;
  /** Texts of at least this many code points go to a worker. */
  readonly workerThresholdCodePoints: number;
  /** Large texts waiting for a worker before new ones are refused with 503. */
  readonly maxQueue: number;
  /** Longest wait for a worker; beyond it the text is refused with 503 and Retry-After. */
  readonly maxQueueWaitMs: number;
  /** A worker task running longer (from its start) is stopped (its worker is replaced). */
  readonly taskTimeoutMs: number;
  /** Told of every long text refused as busy, with the reason (for the metrics). */
  readonly onShed?: (reason: ShedReason) => void;
}

export interface AnnotationRunner {
  /** The main thread's annotator (also describes the dictionary). */
  readonly annotator: Annotator;
  /** The result as JSON text. */
  run(task: AnnotationTask, codePoints: number): Promise<string>;
  close(): Promise<void>;
}

type RunOptions = NonNullable<Parameters<Piscina['run']>[1]>;

const WORKER_ENTRY = new URL('./annotate-worker.mjs', import.meta.url).href;

interface Waiting {
  readonly task: AnnotationTask;
  readonly resolve: (json: string) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
}

const busy = (message: string) => new ServiceError('server_busy', message, { 'retry-after': '1' });

export function createAnnotationRunner(options: RunnerOptions): AnnotationRunner {
  const annotator = annotatorFromSetup(options.setup);
  const pool =
    options.workerThreads > 0
      ? new Piscina<WorkerJob, string>({
          filename: WORKER_ENTRY,
          workerData: options.setup,
          // Workers start with the server: loading TS and the dictionary takes a moment.
          minThreads: options.workerThreads,
          maxThreads: options.workerThreads,
          idleTimeout: Number.POSITIVE_INFINITY,
        })
      : undefined;
  const queue: Waiting[] = [];
  const inPool = new Set<Promise<string>>();

  /** Runs a task on a worker; its time limit starts when the worker picks it up. */
  async function work(task: AnnotationTask): Promise<string> {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => abort.abort(), options.taskTimeoutMs);
    });
    // piscina's TransferList type resolves to the DOM overload of postMessage; a port is transferable.
    const transferList = [port2] as unknown as RunOptions['transferList'];
    const running = pool!.run({ task, started: port2 }, { signal: abort.signal, transferList });
    inPool.add(running);
    try {
      return await running;
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') {
        throw new ServiceError('annotation_timeout', 'The annotation took longer than this service allows; try a shorter text.');
      }
      throw error;
    } finally {
      clearTimeout(timer);
      port1.close();
      inPool.delete(running);
      startNext();
    }
  }

  function startNext(): void {
    while (inPool.size < options.workerThreads && queue.length > 0) {
      const next = queue.shift()!;
      clearTimeout(next.timer);
      work(next.task).then(next.resolve, next.reject);
    }
  }

  function enqueue(task: AnnotationTask): Promise<string> {
    if (queue.length >= options.maxQueue) {
      options.onShed?.('worker_queue_full');
      throw busy('The service is busy with other long texts; retry shortly.');
    }
    return new Promise<string>((resolve, reject) => {
      const waiting: Waiting = {
        task,
        resolve,
        reject,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiting), 1);
          options.onShed?.('worker_queue_wait');
          reject(busy('Long texts waited too long for a worker; retry shortly.'));
        }, options.maxQueueWaitMs),
      };
      queue.push(waiting);
    });
  }

  return {
    annotator,
    async run(task, codePoints) {
      if (pool === undefined || codePoints < options.workerThresholdCodePoints) return runAnnotationTask(annotator, task);
      return inPool.size < options.workerThreads && queue.length === 0 ? work(task) : enqueue(task);
    },
    async close() {
      // Let tasks already queued or in the pool finish, even for clients that have gone.
      while (inPool.size > 0) await Promise.allSettled([...inPool]);
      await pool?.destroy();
    },
  };
}
