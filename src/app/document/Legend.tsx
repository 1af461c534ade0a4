/**
 * What the colours and markers mean: the categories present, and the status markers. Each is a
 * toggle of the filters (the same state as the filter panel): pressed, its annotations are shown.
 */
import { byLabel, isHidden, toggleValue, type Facet } from '../filters/model.ts';
import { categoryClass, categoryLabel } from '../format/labels.ts';
import { useAppStore } from '../state/store.ts';

const STATUS_MARKERS: [string, string, string][] = [
  ['negated', 'neg', 'negado'],
  ['uncertain', 'unc', 'incierto'],
  ['family', 'fam', 'familiar'],
];

function Toggle({ facet, value, className, label }: { facet: Facet; value: string; className: string; label: string }) {
  const filters = useAppStore((s) => s.filters);
  const setFilters = useAppStore((s) => s.setFilters);
  const shown = !isHidden(filters, facet, value);
  return (
    <button
      type="button"
      className={`legend-toggle ann ${className}${shown ? '' : ' off'}`}
      aria-pressed={shown}
      title={shown ? `Ocultar «${label}»` : `Mostrar «${label}»`}
      onClick={() => setFilters(toggleValue(filters, facet, value))}
    >
      {label}
    </button>
  );
}

export function Legend({ categories }: { categories: readonly string[] }) {
  const hideArcs = useAppStore((s) => s.hideArcs);
  const setHideArcs = useAppStore((s) => s.setHideArcs);
  return (
    <div className="legend" role="group" aria-label="Leyenda">
      {[...categories].sort(byLabel('category')).map((c) => (
        <Toggle key={c} facet="category" value={c} className={categoryClass(c || undefined)} label={categoryLabel(c)} />
      ))}
      {STATUS_MARKERS.map(([status, marker, label]) => (
        <Toggle key={status} facet="status" value={status} className={`cat-none ${marker}`} label={label} />
      ))}
      <span className="cue cue-negation">disparador</span>
      <svg width="46" height="14" aria-hidden="true" className="legend-arc">
        <path d="M 3 13 L 3 4 L 43 4 L 43 13" fill="none" stroke="currentColor" />
      </svg>
      <span className="muted">relación / núcleo</span>
      <label className="hide-arcs">
        <input type="checkbox" checked={hideArcs} onChange={(e) => setHideArcs(e.target.checked)} /> Ocultar arcos
      </label>
    </div>
  );
}
