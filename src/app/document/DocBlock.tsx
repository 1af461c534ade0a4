/**
 * One block of the document. Until it comes near the viewport it is plain text (cheap, and still
 * found by the browser's search); then its marks and arcs are drawn. The block's
 * line spacing follows its deepest arc stack; that changes only vertical positions, so a second
 * measurement settles the layout.
 */
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DocumentFilter } from '../filters/model.ts';
import { sameBlockProps } from '../filters/useFilters.ts';
import { ArcLayer } from './ArcLayer.tsx';
import { DEFAULT_GEOMETRY, layoutArcs, roomAbove, type ArcGeometry, type ArcSegment } from './arcs.ts';
import type { Verdicts } from '../review/spans.ts';
import { BlockText } from './BlockText.tsx';
import type { Block, Link } from './marks.ts';
import { measureLinks } from './measure.ts';
import type { DrawTracker } from './visibility.ts';

interface Layout {
  readonly segments: readonly ArcSegment[];
  readonly geometry: ArcGeometry;
  readonly width: number;
  readonly height: number;
  readonly levels: number;
}

interface Props {
  readonly block: Block;
  readonly text: string;
  readonly firstFocusable: boolean;
  readonly linksByKey: ReadonlyMap<string, Link>;
  readonly tracker: DrawTracker;
  /** Draw the marks now, visible or not (keyboard navigation is heading here). */
  readonly forced: boolean;
  /** Column width: a change re-wraps lines, so arcs are measured again. */
  readonly columnWidth: number;
  /** Review mode: the verdicts, and the signature of this block's own (see review/spans.ts). */
  readonly verdicts?: Verdicts | undefined;
  readonly verdictSig?: string | undefined;
  /** What the filters hide, and the signature of this block's part of it. */
  readonly filter?: DocumentFilter | undefined;
  readonly filterSig?: string | undefined;
}

/**
 * Arc levels last measured for a block's text. The document is mounted afresh for each
 * result, so without this every drawn block would be measured twice (once at one level, again at
 * its real spacing); after an edit, unchanged blocks start at their spacing and are measured once.
 * A stale guess is only a starting point: the measurement corrects it.
 */
const knownLevels = new Map<string, number>();
const KNOWN_LEVELS_MAX = 5000;

const NO_ARCS: Layout = { segments: [], geometry: { ...DEFAULT_GEOMETRY, width: 0 }, width: 0, height: 0, levels: 1 };

const levelsKey = (block: Block, text: string): string => text.slice(block.begin, block.end);

export const DocBlock = memo(function DocBlock({
  block,
  text,
  firstFocusable,
  linksByKey,
  tracker,
  forced,
  columnWidth,
  verdicts,
  verdictSig,
  filter,
  filterSig,
}: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [layout, setLayout] = useState<Layout | undefined>(undefined);
  const [initialLevels] = useState(() => (block.links.length > 0 ? (knownLevels.get(levelsKey(block, text)) ?? 1) : 1));
  const levels = layout?.levels ?? initialLevels;
  const hasMarks = block.tree.some((n) => n.type === 'mark');
  const shown = hasMarks && (visible || forced);
  // The arcs the filters leave; a change re-lays out this block's arcs only (see filterSig).
  const links = useMemo(
    () => (filterSig ? block.links.filter((l) => !filter?.hiddenLinks.has(l.key)) : block.links),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `filter` counts through this block's signature
    [block, filterSig],
  );

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !hasMarks) return;
    return tracker.watch(el, () => setVisible(true));
  }, [tracker, hasMarks]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !shown) return;
    if (links.length === 0) {
      // Every arc filtered out: no room above the lines any more.
      if (block.links.length > 0) setLayout(NO_ARCS);
      tracker.drawn();
      return;
    }
    const geometry: ArcGeometry = { ...DEFAULT_GEOMETRY, width: el.clientWidth };
    const segments = layoutArcs(measureLinks(el, links), geometry);
    const next = Math.max(1, ...segments.map((s) => s.level + 1));
    setLayout({ segments, geometry, width: el.clientWidth, height: el.scrollHeight, levels: next });
    if (knownLevels.size >= KNOWN_LEVELS_MAX) knownLevels.clear();
    knownLevels.set(levelsKey(block, text), next);
    if (next === levels) tracker.drawn();
  }, [shown, block, links, text, levels, columnWidth, tracker]);

  return (
    <div
      ref={ref}
      className="block"
      data-begin={block.begin}
      style={{ '--room': `${roomAbove(levels, DEFAULT_GEOMETRY)}px` } as React.CSSProperties}
    >
      {shown ? (
        <BlockText
          nodes={block.tree}
          text={text}
          firstFocusable={firstFocusable}
          verdicts={verdicts}
          verdictSig={verdictSig}
          filter={filter}
          filterSig={filterSig}
        />
      ) : (
        text.slice(block.begin, block.end)
      )}
      {layout && layout.segments.length > 0 && (
        <ArcLayer
          segments={layout.segments}
          linksByKey={linksByKey}
          geometry={layout.geometry}
          width={layout.width}
          height={layout.height}
        />
      )}
    </div>
  );
}, sameBlockProps);
