/**
 * The note with its differences marked: added (only in B), removed (only in A, shown although B has
 * no such span), changed, and relations' origins. Each kind has its own line style and a symbol, not
 * colour alone. The selected difference is outlined, scrolled to the middle and focused.
 */
import { useEffect, useMemo, useRef } from 'react';
import { KIND_LABELS, type DiffEntry } from './entries.ts';
import { diffPieces } from './pieces.ts';
import { useCompareStore } from './store.ts';

export function DiffNote({ text, entries, selectedKey }: { text: string; entries: readonly DiffEntry[]; selectedKey: string | null }) {
  const pieces = useMemo(() => diffPieces(text, entries), [text, entries]);
  const ref = useRef<HTMLDivElement>(null);
  const select = useCompareStore((s) => s.selectDifference);
  const selectSeq = useCompareStore((s) => s.selectSeq);

  useEffect(() => {
    if (selectedKey === null) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-starts~="${selectedKey}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    el.focus({ preventScroll: true });
  }, [selectedKey, selectSeq]);

  return (
    <div
      ref={ref}
      className="diff-note"
      role="region"
      aria-label="Nota con las diferencias"
      tabIndex={0}
      onClick={(e) => {
        // A click on a marked span selects its (first) difference, which the list shows too.
        const key = (e.target as Element).closest('[data-entries]')?.getAttribute('data-entries')?.split(' ')[0];
        if (key) select(key);
      }}
    >
      {pieces.map((p) => {
        const slice = text.slice(p.begin, p.end);
        if (p.entries.length === 0) return slice;
        const kinds = [...new Set(p.entries.map((e) => e.kind))];
        const selected = selectedKey !== null && p.entries.some((e) => e.key === selectedKey);
        return (
          <span
            key={p.begin}
            className={['d-mark', ...kinds.map((k) => `d-${k}`), selected && 'd-selected'].filter(Boolean).join(' ')}
            data-entries={p.entries.map((e) => e.key).join(' ')}
            {...(p.starts.length ? { 'data-starts': p.starts.map((e) => e.key).join(' '), tabIndex: -1 } : {})}
          >
            {p.starts.map((e) => (
              <span key={e.key} className={`d-sym d-sym-${e.kind}`}>
                <span className="sr-only">[{KIND_LABELS[e.kind]}] </span>
              </span>
            ))}
            {slice}
          </span>
        );
      })}
    </div>
  );
}
