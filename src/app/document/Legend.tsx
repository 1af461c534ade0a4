/** What the colours and markers mean: the categories present, and the status markers. */
import { categoryClass, categoryLabel } from '../format/labels.ts';

export function Legend({ categories }: { categories: readonly string[] }) {
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
    </div>
  );
}
