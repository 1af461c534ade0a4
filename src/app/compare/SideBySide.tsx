/**
 * «Lado a lado»: run A's note beside run B's (stacked, A above B, on narrow screens), each marking
 * every difference (see DiffNote's `side`) and underlining its run's other annotations. The two
 * columns scroll together: scrolling one moves the other to the same proportion of its height (their
 * texts differ only by the values shown inline). A selection scrolls each column to its own span, so
 * syncing pauses briefly after one.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AnnotationResult } from '../../core/contract.ts';
import { DiffNote } from './DiffNote.tsx';
import type { DiffEntry, RunSide } from './entries.ts';
import { syncedScrollTop } from './scroll.ts';
import { useCompareStore } from './store.ts';

/** How long after a selection the columns scroll on their own (smooth scrolling aside, one or two frames). */
const SELECTION_SCROLL_MS = 250;

interface SideBySideProps {
  readonly text: string;
  readonly a: AnnotationResult;
  readonly b: AnnotationResult;
  readonly entries: readonly DiffEntry[];
  readonly selectedKey: string | null;
}

const spansOf = (result: AnnotationResult) => result.annotations.map((x) => x.match);

export function SideBySide({ text, a, b, entries, selectedKey }: SideBySideProps) {
  const spansA = useMemo(() => spansOf(a), [a]);
  const spansB = useMemo(() => spansOf(b), [b]);
  const ref = useRef<HTMLDivElement>(null);
  const selectSeq = useCompareStore((s) => s.selectSeq);
  const pausedUntil = useRef(0);
  // The selected span takes the focus in the column last clicked (B's until one is).
  const [focusSide, setFocusSide] = useState<RunSide>('b');
  // Paused by a new selection, not by the view's first paint.
  const seenSeq = useRef(selectSeq);
  useEffect(() => {
    if (selectSeq === seenSeq.current) return;
    seenSeq.current = selectSeq;
    pausedUntil.current = performance.now() + SELECTION_SCROLL_MS;
  }, [selectSeq]);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const onScroll = (e: Event) => {
      const from = e.target as HTMLElement;
      if (!from.classList.contains('diff-note') || performance.now() < pausedUntil.current) return;
      const to = [...box.querySelectorAll<HTMLElement>('.diff-note')].find((el) => el !== from);
      if (!to) return;
      const top = syncedScrollTop(from, to);
      // Within a pixel or two: the echo of our own move, left alone so the columns do not bounce.
      if (Math.abs(to.scrollTop - top) > 2) to.scrollTop = top;
    };
    // Scroll events do not bubble: listened to in the capture phase, from both columns.
    box.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => box.removeEventListener('scroll', onScroll, { capture: true });
  }, []);

  return (
    <div
      ref={ref}
      className="diff-sbs"
      onClickCapture={(e) => {
        const side = (e.target as Element).closest('[data-side]')?.getAttribute('data-side');
        if (side === 'a' || side === 'b') setFocusSide(side);
      }}
      data-testid="compare-side-by-side"
    >
      <DiffNote text={text} entries={entries} selectedKey={selectedKey} side="a" annotated={spansA} focusSelected={focusSide === 'a'} />
      <DiffNote text={text} entries={entries} selectedKey={selectedKey} side="b" annotated={spansB} focusSelected={focusSide === 'b'} />
    </div>
  );
}
