/** What the colours and markers mean: the categories present, and the status markers. */
import { categoryClass, categoryLabel } from '../format/labels.ts';
import { useAppStore } from '../state/store.ts';

export function Legend({ categories }: { categories: readonly string[] }) {
  const hideArcs = useAppStore((s) => s.hideArcs);
  const setHideArcs = useAppStore((s) => s.setHideArcs);
  return (
    <div className="legend" aria-label="Leyenda">
      {categories.map((c) => (
        <span key={c} className={`ann ${categoryClass(c || undefined)}`}>
          {categoryLabel(c)}
        </span>
      ))}
      <span className="ann cat-none neg">negado</span>
      <span className="ann cat-none unc">incierto</span>
      <span className="ann cat-none fam">familiar</span>
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
