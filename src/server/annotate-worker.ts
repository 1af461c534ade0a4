/** Worker-thread side of the pool: one annotator per worker, built from the pool's workerData. */
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'piscina';
import { annotatorFromSetup, type AnnotatorSetup } from './annotator-setup.ts';
import { runAnnotationTask, type AnnotationTask } from './annotation-task.ts';

const annotator = annotatorFromSetup(workerData as AnnotatorSetup);

export interface WorkerJob {
  readonly task: AnnotationTask;
  /** Told when the work begins: the time limit counts from then, not from the submission. */
  readonly started: MessagePort;
}

export default function annotateInWorker({ task, started }: WorkerJob): string {
  started.postMessage('started');
  started.close();
  return runAnnotationTask(annotator, task);
}
