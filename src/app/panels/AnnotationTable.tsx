/**
 * The annotations as a table: sortable columns, the rows the filters let through (filters/), or
 * only those whose text contains the search when asked; in review mode (`verdicts`) a "Revisión"
 * column and a filter by verdict.
 */
import { useMemo, useState } from 'react';
import type { Annotation } from '../../core/contract.ts';
import { containsFolded, foldForSearch } from '../filters/search.ts';
import { useVisibleAnnotations } from '../filters/useFilters.ts';
import { categoryLabel, STATUS_LABELS } from '../format/labels.ts';
import { matchesVerdictFilter, verdictCell } from '../review/table.ts';
import type { Verdicts } from '../review/spans.ts';
import { useReviewStore, type VerdictFilter } from '../review/store.ts';
import { VerdictButtons } from '../review/VerdictButtons.tsx';
import { useAppStore, type SortColumn } from '../state/store.ts';
import { detailOf, sortRows, toRows } from './rows.ts';

const PAGE = 100;
const COLUMNS: [SortColumn, string][] = [
  ['begin', 'Posición'],
  ['text', 'Texto'],
  ['category', 'Categoría'],
  ['cui', 'CUI'],
  ['status', 'Estado'],
];

export function AnnotationTable({ annotations, verdicts }: { annotations: readonly Annotation[]; verdicts?: Verdicts | undefined }) {
  const verdictFilter = useReviewStore((s) => s.verdictFilter);
  const setVerdictFilter = useReviewStore((s) => s.setVerdictFilter);
  const sort = useAppStore((s) => s.sort);
  const query = useAppStore((s) => (s.searchFiltersTable ? s.search.query : ''));
  const sortBy = useAppStore((s) => s.sortBy);
  const reveal = useAppStore((s) => s.revealInNote);
  const [limit, setLimit] = useState(PAGE);
  const visible = useVisibleAnnotations(annotations);
  const sorted = useMemo(() => sortRows(toRows(visible), sort), [visible, sort]);
  const shown = useMemo(() => {
    const folded = foldForSearch(query);
    return sorted.filter(
      (r) =>
        (!folded || containsFolded(r.annotation.match.text, folded)) &&
        (!verdicts || matchesVerdictFilter(verdicts.get(r.annotation.id), verdictFilter)),
    );
  }, [sorted, query, verdicts, verdictFilter]);

  return (
    <div>
      <div className="filters">
        {verdicts && (
          <label>
            Veredicto{' '}
            <select value={verdictFilter} onChange={(e) => setVerdictFilter(e.target.value as VerdictFilter)}>
              <option value="all">todas</option>
              <option value="unreviewed">sin revisar</option>
              <option value="correct">correctas</option>
              <option value="wrong">incorrectas</option>
            </select>
          </label>
        )}
        <span className="muted" role="status">
          {shown.length} de {annotations.length}
          {query && ` · con «${query}»`}
        </span>
      </div>
      {/* The table scrolls in its own area (both ways), never the page sideways. */}
      <div className="table-scroll" role="region" aria-label="Tabla de anotaciones" tabIndex={0}>
        <table className="ann-table">
          <thead>
            <tr>
              {COLUMNS.map(([column, label]) => (
                <th key={column} aria-sort={sort.column === column ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
                  <button type="button" onClick={() => sortBy(column)}>
                    {label} {sort.column === column ? (sort.descending ? '▼' : '▲') : ''}
                  </button>
                </th>
              ))}
              <th>Detalle</th>
              {verdicts && <th>Revisión</th>}
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, limit).map(({ annotation: a, category: c, status }) => (
              <tr key={a.id} className={`row-${status}`}>
                <td>
                  {a.match.begin}–{a.match.end}
                </td>
                <td>
                  <button type="button" className="link" onClick={() => reveal(a.id)}>
                    {a.match.text}
                  </button>
                </td>
                <td>{c ? categoryLabel(c) : '—'}</td>
                <td>
                  <code>{a.code.umls}</code>
                </td>
                <td>{STATUS_LABELS[status]}</td>
                <td>{detailOf(a)}</td>
                {verdicts && (
                  <td>
                    <span data-testid="verdict-cell">{verdictCell(verdicts.get(a.id))}</span>
                    <VerdictButtons id={a.id} text={a.match.text} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length > limit && (
        <button type="button" onClick={() => setLimit(limit + PAGE)}>
          Mostrar {Math.min(PAGE, shown.length - limit)} más
        </button>
      )}
    </div>
  );
}
