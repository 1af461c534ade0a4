/**
 * Paints the search hits over the document with the CSS Custom Highlight API: no element is added
 * or changed, so the document is not re-rendered and its arcs stay where they were measured. The
 * note's text nodes are walked in order (timex chips, arc labels and section bands are not note
 * text), hits are mapped from code points to those nodes, and the painting is redone when blocks
 * draw their marks (the text nodes change). The hit in focus is scrolled into view.
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { createOffsetConverter } from '../../core/text/codepoints.ts';
import { useAppStore } from '../state/store.ts';
import { hitsFor } from './search.ts';

const ALL = 'glosa-search';
const CURRENT = 'glosa-search-current';
/** Not note text: dates resolved next to their span, arc labels, section headers' bands. */
const NOT_NOTE_TEXT = '.timex-chip, svg, .section-band';

interface TextMap {
  readonly nodes: Text[];
  /** UTF-16 offset in the note where each node starts. */
  readonly starts: number[];
}

function textMap(root: HTMLElement): TextMap {
  const nodes: Text[] = [];
  const starts: number[] = [];
  let at = 0;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.nodeType === Node.TEXT_NODE
        ? NodeFilter.FILTER_ACCEPT
        : (node as Element).matches(NOT_NOTE_TEXT)
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_SKIP,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    nodes.push(t);
    starts.push(at);
    at += t.data.length;
  }
  return { nodes, starts };
}

/** The node holding UTF-16 offset `offset` (the last one starting at or before it). */
function nodeAt(map: TextMap, offset: number): number {
  let lo = 0;
  let hi = map.starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((map.starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function rangeOf(map: TextMap, begin: number, end: number): Range | undefined {
  if (map.nodes.length === 0) return undefined;
  const a = nodeAt(map, begin);
  // The end falls in the node that holds its last character.
  const b = nodeAt(map, Math.max(begin, end - 1));
  const range = document.createRange();
  range.setStart(map.nodes[a] as Text, begin - (map.starts[a] as number));
  range.setEnd(map.nodes[b] as Text, end - (map.starts[b] as number));
  return range;
}

const canPaint = (): boolean => typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight !== 'undefined';

/** Brings the range into the middle of the view unless it is already well inside it. */
function scrollToRange(range: Range): void {
  const block = range.startContainer.parentElement?.closest('.block');
  // A block not laid out yet (content-visibility) has no real position until it is in view.
  block?.scrollIntoView({ block: 'nearest' });
  const box = range.getBoundingClientRect();
  const margin = 80;
  if (box.top < margin || box.bottom > window.innerHeight - margin)
    window.scrollBy({ top: box.top - window.innerHeight / 2 + box.height / 2 });
}

export function useSearchHighlights(root: RefObject<HTMLElement | null>, text: string): void {
  const query = useAppStore((s) => s.search.query);
  const current = useAppStore((s) => s.search.current);
  const seq = useAppStore((s) => s.search.seq);
  const hits = useMemo(() => {
    const converter = createOffsetConverter(text);
    return hitsFor(text, query).map((h) => [converter.toUtf16(h.begin), converter.toUtf16(h.end)] as const);
  }, [text, query]);
  const index = hits.length ? Math.min(current, hits.length - 1) : -1;
  // Scrolling is asked for by a new query or a step (a new seq, not the one found at mount); it
  // is redone, for a moment after, while the blocks around the hit draw and their lines grow.
  const scrolledFor = useRef(seq);

  useEffect(() => {
    const el = root.current;
    if (!el || hits.length === 0) return;
    let frame = 0;
    let scrollUntil = 0;
    if (scrolledFor.current !== seq) {
      scrolledFor.current = seq;
      scrollUntil = performance.now() + 1000;
    }
    const paint = () => {
      frame = 0;
      const map = textMap(el);
      const focus = index >= 0 ? hits[index] : undefined;
      const focusRange = focus && rangeOf(map, focus[0], focus[1]);
      if (canPaint()) {
        const others = hits.filter((_, i) => i !== index).flatMap(([b, e]) => rangeOf(map, b, e) ?? []);
        CSS.highlights.set(ALL, new Highlight(...others));
        CSS.highlights.set(CURRENT, focusRange ? new Highlight(focusRange) : new Highlight());
      }
      if (focusRange && performance.now() < scrollUntil) scrollToRange(focusRange);
    };
    paint();
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(paint);
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      if (canPaint()) {
        CSS.highlights.delete(ALL);
        CSS.highlights.delete(CURRENT);
      }
    };
  }, [root, hits, index, seq]);
}
