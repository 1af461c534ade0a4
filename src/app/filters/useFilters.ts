/** The filter model bound to the store: what the document, the table, the lens and the panel read. */
import { useMemo } from 'react';
import type { Annotation } from '../../core/contract.ts';
import type { DocumentModel } from '../document/marks.ts';
import { sameButVerdicts, type Verdicts } from '../review/spans.ts';
import { useAppStore } from '../state/store.ts';
import { annotationFacets, filterDocument, visibleAnnotations, type DocumentFilter, type Facets, type Filters } from './model.ts';

// Facets are computed once per result (its annotations) or document model, whoever asks first.
const facetCache = new WeakMap<object, Map<number, Facets>>();

function cachedFacets(key: object, annotations: () => readonly Annotation[]): Map<number, Facets> {
  let facets = facetCache.get(key);
  if (!facets) facetCache.set(key, (facets = annotationFacets(annotations())));
  return facets;
}

export const facetsOfModel = (model: DocumentModel): Map<number, Facets> =>
  cachedFacets(model, () => [...model.byId.values()].map((m) => m.annotation));

/** The annotations the filters let through (the table's and the lens's). */
export function useVisibleAnnotations(annotations: readonly Annotation[]): Annotation[] {
  const filters = useAppStore((s) => s.filters);
  return useMemo(
    () =>
      visibleAnnotations(
        annotations,
        cachedFacets(annotations, () => annotations),
        filters,
      ),
    [annotations, filters],
  );
}

let lastDocumentFilter: { model: DocumentModel; filters: Filters; value: DocumentFilter } | undefined;

/** What the document hides; the document and the panel's count share one computation per change. */
export function documentFilterFor(model: DocumentModel, filters: Filters): DocumentFilter {
  if (lastDocumentFilter?.model !== model || lastDocumentFilter.filters !== filters)
    lastDocumentFilter = { model, filters, value: filterDocument(model, facetsOfModel(model), filters) };
  return lastDocumentFilter.value;
}

export function useDocumentFilter(model: DocumentModel): DocumentFilter {
  const filters = useAppStore((s) => s.filters);
  return documentFilterFor(model, filters);
}

/**
 * memo's comparison for the document's blocks: the filter, like the verdicts, counts only through
 * its per-block signature, so a toggle re-renders just the blocks whose marks or arcs it changes.
 */
export function sameBlockProps<
  P extends {
    filter?: DocumentFilter | undefined;
    filterSig?: string | undefined;
    verdicts?: Verdicts | undefined;
    verdictSig?: string | undefined;
  },
>(a: P, b: P): boolean {
  return a.filterSig === b.filterSig && sameButVerdicts({ ...a, filter: undefined }, { ...b, filter: undefined });
}
