/**
 * One annotation job, run the same way inline on the event loop or in a worker thread. It ends in
 * the response's JSON text: a worker then hands back one string, much cheaper to pass between
 * threads than the result's object graph (and the serialising is done off the event loop).
 */
import { resultToJson, type Annotator, type Category, type RequestConfig } from '../core/index.ts';
import { restrictToCategory } from './restrict.ts';

export interface AnnotationTask {
  readonly text: string;
  readonly config?: RequestConfig;
  /** Keep only this category's annotations (the `/tagger/annotation/<category>` form). */
  readonly category?: Category;
}

/** The annotation result as JSON text. */
export function runAnnotationTask(annotator: Annotator, task: AnnotationTask): string {
  const result = annotator.annotate(task.text, task.config);
  return resultToJson(task.category === undefined ? result : restrictToCategory(result, task.category));
}
