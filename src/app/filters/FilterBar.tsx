/**
 * Above the document: the search within the note, the filter panel (categories, statuses, arc
 * types, reporting verbs, each value with its count, "todas" / "ninguna" per group) and a line that
 * says what the filters hide, with a one-click reset. One state in the store serves the document,
 * the table, the lens and the legend.
 */
import { useId, useMemo, useState } from 'react';
import type { DocumentModel } from '../document/marks.ts';
import { useAppStore } from '../state/store.ts';
import {
  FACET_LABELS,
  FACETS,
  facetCounts,
  hideAll,
  isEmpty,
  isHidden,
  NO_FILTERS,
  showAll,
  toggleValue,
  valueLabel,
  type Facet,
} from './model.ts';
import { SearchBar } from './SearchBar.tsx';
import { documentFilterFor, facetsOfModel } from './useFilters.ts';

function FacetGroup({ facet, counts }: { facet: Facet; counts: readonly { value: string; count: number }[] }) {
  const filters = useAppStore((s) => s.filters);
  const setFilters = useAppStore((s) => s.setFilters);
  const name = FACET_LABELS[facet];
  return (
    <fieldset className="facet" data-facet={facet}>
      <legend>{name}</legend>
      <div className="facet-all">
        <button type="button" aria-label={`${name}: mostrar todas`} onClick={() => setFilters(showAll(filters, facet))}>
          todas
        </button>
        <button
          type="button"
          aria-label={`${name}: ocultar todas`}
          onClick={() =>
            setFilters(
              hideAll(
                filters,
                facet,
                counts.map((c) => c.value),
              ),
            )
          }
        >
          ninguna
        </button>
      </div>
      <ul>
        {counts.map(({ value, count }) => (
          <li key={value}>
            <label>
              <input
                type="checkbox"
                checked={!isHidden(filters, facet, value)}
                onChange={() => setFilters(toggleValue(filters, facet, value))}
              />{' '}
              {valueLabel(facet, value)} ({count})
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

export function FilterBar({ model, text }: { model: DocumentModel; text: string }) {
  const filters = useAppStore((s) => s.filters);
  const setFilters = useAppStore((s) => s.setFilters);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const facets = facetsOfModel(model);
  const counts = useMemo(() => facetCounts(facets, model.links), [facets, model]);
  const hidden = documentFilterFor(model, filters);
  const active = !isEmpty(filters);
  return (
    <div className="filter-bar">
      <div className="filter-row">
        <SearchBar text={text} />
        <button type="button" className="filter-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          Filtros{active ? ' (activos)' : ''}
        </button>
      </div>
      {active && (
        <p className="filter-summary" role="status" data-testid="filter-summary">
          {hidden.hiddenIds.size} de {facets.size} anotaciones y {hidden.hiddenLinks.size} de {model.links.length} arcos ocultos por los
          filtros.{' '}
          <button type="button" className="link" onClick={() => setFilters(NO_FILTERS)}>
            Quitar los filtros
          </button>
        </p>
      )}
      {open && (
        <div id={panelId} className="filter-panel" role="group" aria-label="Filtros">
          {FACETS.filter((f) => counts[f].length > 0).map((f) => (
            <FacetGroup key={f} facet={f} counts={counts[f]} />
          ))}
        </div>
      )}
    </div>
  );
}
