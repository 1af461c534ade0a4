/**
 * The note with its differences marked: added (only in B), removed (only in A, shown although B has
 * no such span), changed, and relations' origins. Each kind has its own line style and a symbol, not
 * colour alone. The selected difference is outlined, scrolled to the middle and focused.
 *
 * With `side`, the note as one run (A or B) of the side-by-side view: every difference is still
 * marked with its kind, those the run lacks faded («no está en A»), a changed one shows that
 * run's own values, and the run's other annotations are underlined lightly.
 */
import { useEffect, useMemo, useRef } from 'react';
import { KIND_LABELS, presentIn, sideValues, type DiffEntry, type RunSide } from './entries.ts';
import { diffPieces, type CodePointSpan } from './pieces.ts';
import { useCompareStore } from './store.ts';

interface DiffNoteProps {
  readonly text: string;
  readonly entries: readonly DiffEntry[];
  readonly selectedKey: string | null;
  readonly side?: RunSide;
  /** The spans the side's run annotated, underlined lightly where no difference is. */
  readonly annotated?: readonly CodePointSpan[];
  /** Whether the selected span takes the focus (one column of two does). */
  readonly focusSelected?: boolean;
}

const srLabel = (e: DiffEntry, side: RunSide | undefined) =>
  `[${KIND_LABELS[e.kind]}${side && !presentIn(e.kind, side) ? `, no está en ${side.toUpperCase()}` : ''}] `;

export function DiffNote({ text, entries, selectedKey, side, annotated, focusSelected = true }: DiffNoteProps) {
  const pieces = useMemo(() => diffPieces(text, entries, annotated), [text, entries, annotated]);
  const ref = useRef<HTMLDivElement>(null);
  const select = useCompareStore((s) => s.selectDifference);
  const selectSeq = useCompareStore((s) => s.selectSeq);

  useEffect(() => {
    if (selectedKey === null) return;
    const el = ref.current?.querySelector<HTMLElement>(`[data-starts~="${selectedKey}"]`);
    if (!el) return;
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    if (focusSelected) el.focus({ preventScroll: true });
  }, [selectedKey, selectSeq, focusSelected]);

  return (
    <div
      ref={ref}
      className="diff-note"
      role="region"
      aria-label={side ? `Ejecución ${side.toUpperCase()}` : 'Nota con las diferencias'}
      data-side={side}
      tabIndex={0}
      onClick={(e) => {
        // A click on a marked span selects its (first) difference, which the list shows too.
        const key = (e.target as Element).closest('[data-entries]')?.getAttribute('data-entries')?.split(' ')[0];
        if (key) select(key);
      }}
    >
      {pieces.map((p) => {
        const slice = text.slice(p.begin, p.end);
        if (p.entries.length === 0)
          return p.annotated ? (
            <span key={p.begin} className="d-same">
              {slice}
            </span>
          ) : (
            slice
          );
        const kinds = [...new Set(p.entries.map((e) => e.kind))];
        const selected = selectedKey !== null && p.entries.some((e) => e.key === selectedKey);
        const absent = side !== undefined && p.entries.every((e) => !presentIn(e.kind, side));
        return (
          <span
            key={p.begin}
            className={['d-mark', ...kinds.map((k) => `d-${k}`), absent && 'd-absent', selected && 'd-selected'].filter(Boolean).join(' ')}
            data-entries={p.entries.map((e) => e.key).join(' ')}
            {...(p.starts.length ? { 'data-starts': p.starts.map((e) => e.key).join(' '), tabIndex: -1 } : {})}
          >
            {p.starts.map((e) => (
              <span key={e.key} className={`d-sym d-sym-${e.kind}`}>
                <span className="sr-only">{srLabel(e, side)}</span>
                {side && e.kind === 'changed' && <span className="d-value">{sideValues(e, side).join('; ')}</span>}
              </span>
            ))}
            {slice}
          </span>
        );
      })}
    </div>
  );
}
