/** Worker-thread side of the pool: one annotator per worker, built from the pool's workerData. */
import { workerData } from 'piscina';
import { annotatorFromSetup, type AnnotatorSetup } from './annotator-setup.ts';
import { runAnnotationTask, type AnnotationTask } from './annotation-task.ts';

const annotator = annotatorFromSetup(workerData as AnnotatorSetup);

export default function annotateInWorker(task: AnnotationTask): string {
  return runAnnotationTask(annotator, task);
}
