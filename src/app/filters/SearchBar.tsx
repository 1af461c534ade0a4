/**
 * Search within the note: the box, "n de m" over the whole note, previous / next (Enter,
 * Shift+Enter), and the option to list in the table only what contains the query. The document
 * paints the hits and scrolls to the one in focus (highlight.ts).
 */
import type { KeyboardEvent } from 'react';
import { useAppStore } from '../state/store.ts';
import { hitsFor } from './search.ts';

export function SearchBar({ text }: { text: string }) {
  const { query, current } = useAppStore((s) => s.search);
  const setQuery = useAppStore((s) => s.setSearchQuery);
  const step = useAppStore((s) => s.stepSearch);
  const filtersTable = useAppStore((s) => s.searchFiltersTable);
  const setFiltersTable = useAppStore((s) => s.setSearchFiltersTable);
  const count = hitsFor(text, query).length;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      step(e.shiftKey ? -1 : 1, count);
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      setQuery('');
    }
  };
  return (
    <div className="note-search" role="search" aria-label="Buscar en la nota">
      <input
        type="search"
        aria-label="Buscar en la nota (Intro: siguiente; Mayús+Intro: anterior)"
        placeholder="Buscar en la nota"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <span className="muted search-count" role="status" data-testid="search-count">
        {query === '' ? '' : count === 0 ? 'sin resultados' : `${Math.min(current, count - 1) + 1} de ${count}`}
      </span>
      <button type="button" aria-label="Resultado anterior" disabled={count === 0} onClick={() => step(-1, count)}>
        ↑
      </button>
      <button type="button" aria-label="Resultado siguiente" disabled={count === 0} onClick={() => step(1, count)}>
        ↓
      </button>
      <label>
        <input type="checkbox" checked={filtersTable} onChange={(e) => setFiltersTable(e.target.checked)} /> Filtrar la tabla
      </label>
    </div>
  );
}
