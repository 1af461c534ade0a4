/** Builds the annotator from dictionary bytes, identically in the main thread and in workers. */
import { createAnnotator, loadDictionary, type Annotator, type ContextRule } from '../core/index.ts';

export interface AnnotatorSetup {
  /** The compiled dictionary (the `.glsd` format). */
  readonly dictionaryBytes: Uint8Array;
  /** Name of the coarse-category key inside `type`. */
  readonly vendorKey: string;
  /** Context rules with a user pack applied; the default pack when absent. */
  readonly contextRules?: readonly ContextRule[];
  /** Sites inside concepts unless a request says otherwise (default false). */
  readonly nestedSites?: boolean;
}

export function annotatorFromSetup(setup: AnnotatorSetup): Annotator {
  return createAnnotator(loadDictionary(setup.dictionaryBytes), {
    vendorKey: setup.vendorKey,
    ...(setup.contextRules === undefined ? {} : { contextRules: setup.contextRules }),
    nestedSites: setup.nestedSites === true,
  });
}
