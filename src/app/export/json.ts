/** The contract's JSON, as returned by the annotator. */
import type { AnnotationResult } from '../../core/contract.ts';

export function toJson(result: AnnotationResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}
