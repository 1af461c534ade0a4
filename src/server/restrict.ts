/**
 * `POST /tagger/annotation/<category>`: the result restricted to one coarse category. Ids are
 * renumbered from 0 (the contract's convention); heads and relations that named a dropped
 * annotation are removed, so the restricted result still satisfies the contract.
 */
import { categoryOf, type Annotation, type AnnotationResult, type Category } from '../core/index.ts';

export function restrictToCategory(result: AnnotationResult, category: Category): AnnotationResult {
  const kept = result.annotations.filter((a) => categoryOf(a) === category);
  const newId = new Map(kept.map((a, i) => [a.id, i]));
  const annotations = kept.map((a): Annotation => {
    const { head, ...rest } = a;
    const newHead = head === undefined ? undefined : newId.get(head);
    return { ...rest, id: newId.get(a.id) as number, ...(newHead === undefined ? {} : { head: newHead }) };
  });
  const relations = (result.relations ?? []).flatMap((r) => {
    const from = newId.get(r.from);
    const to = newId.get(r.to);
    return from === undefined || to === undefined ? [] : [{ ...r, from, to }];
  });
  return { annotations, ...(relations.length > 0 ? { relations } : {}), version: result.version };
}
