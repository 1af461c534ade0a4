/**
 * Arc layout, as brat draws relations: each link becomes a bracket-shaped arc in the space above a
 * text line, labelled at its top. Arcs on the same line whose bar or label overlap horizontally are
 * stacked on different levels (narrow ones lowest), as many as it takes: levels are `step` apart,
 * more than a label is high, so no two labels ever overlap (nested spans, "cáncer de esófago" with
 * its site inside, and a negated sentence's cue arcs crowd a line). A link between two lines becomes
 * two half-arcs, one leaving each line towards the margin. Identical segments (same line, ends and
 * label, as when one trigger negates several concepts on the next line) are drawn once. Pure
 * geometry: the caller measures the span rects; the label's place is decided here and only here.
 */

/** Where a link end sits: horizontal centre and top of the span's first box, and its line. */
export interface Anchor {
  readonly x: number;
  readonly top: number;
  readonly line: number;
}

export interface ArcRequest {
  readonly key: string;
  readonly label: string;
  readonly from: Anchor;
  readonly to: Anchor;
}

export interface ArcSegment {
  readonly key: string;
  readonly label: string;
  readonly line: number;
  /** Left and right ends; `open` says which side runs off to the margin (a split arc). */
  readonly x1: number;
  readonly x2: number;
  readonly open: 'none' | 'left' | 'right';
  /** Which end carries the arrowhead (the link's target), if it is on this segment. */
  readonly arrow: 'x1' | 'x2' | 'none';
  /** Top of the spans the arc stands on. */
  readonly base: number;
  readonly level: number;
  /** Horizontal centre of the label. */
  readonly labelX: number;
  /** Keys of the identical segments drawn as this one. */
  readonly merged?: readonly string[];
}

export interface ArcGeometry {
  /** Gap between the text and the lowest arc, and between stacked levels, in px. */
  readonly gap: number;
  readonly step: number;
  /** Estimated label width per character, in px (generous: the label's box must hold its text). */
  readonly charWidth: number;
  /** Height of a label's box, in px; `step` is larger, so labels on different levels never meet. */
  readonly labelHeight: number;
  /** Width of the text column, where split arcs end. */
  readonly width: number;
}

export const DEFAULT_GEOMETRY: Omit<ArcGeometry, 'width'> = { gap: 7, step: 14, charWidth: 5.6, labelHeight: 12 };

/** Room kept between two labels (or bars) side by side on one level, in px. */
const SIDE_GAP = 3;

export function labelWidth(label: string, g: Pick<ArcGeometry, 'charWidth'>): number {
  return label.length * g.charWidth + 6;
}

/** The label's box of a laid-out segment, in the block's coordinates. */
export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export function labelBox(segment: ArcSegment, g: Pick<ArcGeometry, 'gap' | 'step' | 'charWidth' | 'labelHeight'>): Box {
  const half = labelWidth(segment.label, g) / 2;
  const y = arcTop(segment, g);
  return { left: segment.labelX - half, right: segment.labelX + half, top: y - g.labelHeight / 2, bottom: y + g.labelHeight / 2 };
}

/** Where a segment's label sits: mid-bar, or near the span end of a half-arc (the rest runs to the margin). */
function labelCentre(s: Pick<ArcSegment, 'x1' | 'x2' | 'open'>): number {
  return s.open === 'none' ? (s.x1 + s.x2) / 2 : s.open === 'right' ? Math.min(s.x1 + 40, s.x2 - 30) : Math.max(s.x2 - 40, s.x1 + 30);
}

interface Pending {
  readonly segment: Omit<ArcSegment, 'level' | 'merged'>;
  readonly merged?: string[];
  /** Horizontal extent including the label. */
  readonly lo: number;
  readonly hi: number;
}

/** One pending segment per distinct (label, ends, open side, arrow); the others' keys are kept on it. */
function mergeIdentical(list: readonly Pending[]): Pending[] {
  const byShape = new Map<string, Pending & { merged: string[] }>();
  for (const p of list) {
    const s = p.segment;
    const shape = `${s.label}|${s.x1}|${s.x2}|${s.open}|${s.arrow}|${s.base}`;
    const seen = byShape.get(shape);
    if (seen) seen.merged.push(s.key);
    else byShape.set(shape, { ...p, merged: [] });
  }
  return [...byShape.values()].map((p) => (p.merged.length ? p : { segment: p.segment, lo: p.lo, hi: p.hi }));
}

function pending(shape: Omit<ArcSegment, 'level' | 'merged' | 'labelX'>, g: ArcGeometry): Pending {
  const half = labelWidth(shape.label, g) / 2;
  // Kept inside the text column, where the layer is drawn (a label at the margin would be cut).
  const segment = { ...shape, labelX: Math.max(half, Math.min(labelCentre(shape), g.width - half)) };
  return { segment, lo: Math.min(segment.x1, segment.labelX - half), hi: Math.max(segment.x2, segment.labelX + half) };
}

/** Splits requests into per-line segments and stacks overlapping ones. */
export function layoutArcs(requests: readonly ArcRequest[], g: ArcGeometry): ArcSegment[] {
  const byLine = new Map<number, Pending[]>();
  const add = (p: Pending): void => {
    const list = byLine.get(p.segment.line);
    if (list) list.push(p);
    else byLine.set(p.segment.line, [p]);
  };
  for (const r of requests) {
    const { from, to } = r;
    if (from.line === to.line) {
      const leftToRight = from.x <= to.x;
      add(
        pending(
          {
            key: r.key,
            label: r.label,
            line: from.line,
            x1: Math.min(from.x, to.x),
            x2: Math.max(from.x, to.x),
            open: 'none',
            arrow: leftToRight ? 'x2' : 'x1',
            base: Math.min(from.top, to.top),
          },
          g,
        ),
      );
      continue;
    }
    const [upper, lower] = from.line < to.line ? [from, to] : [to, from];
    const targetIsLower = lower === to;
    add(
      pending(
        {
          key: `${r.key}#1`,
          label: r.label,
          line: upper.line,
          x1: upper.x,
          x2: g.width,
          open: 'right',
          arrow: targetIsLower ? 'none' : 'x1',
          base: upper.top,
        },
        g,
      ),
    );
    add(
      pending(
        {
          key: `${r.key}#2`,
          label: r.label,
          line: lower.line,
          x1: 0,
          x2: lower.x,
          open: 'left',
          arrow: targetIsLower ? 'x2' : 'none',
          base: lower.top,
        },
        g,
      ),
    );
  }

  const out: ArcSegment[] = [];
  for (const all of byLine.values()) {
    const list = mergeIdentical(all);
    // Narrow arcs first, so they sit low and wider ones arch over them.
    list.sort((a, b) => a.hi - a.lo - (b.hi - b.lo) || a.lo - b.lo);
    const levels: { lo: number; hi: number }[][] = [];
    for (const p of list) {
      let level = 0;
      while (levels[level]?.some((q) => q.lo < p.hi + SIDE_GAP && p.lo < q.hi + SIDE_GAP)) level++;
      (levels[level] ??= []).push({ lo: p.lo, hi: p.hi });
      out.push({ ...p.segment, level, ...(p.merged ? { merged: p.merged } : {}) });
    }
  }
  return out;
}

/** The height of the arc's horizontal bar above the text top. */
export function arcTop(segment: Pick<ArcSegment, 'base' | 'level'>, g: Pick<ArcGeometry, 'gap' | 'step'>): number {
  return segment.base - g.gap - (segment.level + 1) * g.step;
}

/** SVG path of a segment: up from each end, across at its level (open ends run flat to the margin). */
export function arcPath(segment: ArcSegment, g: Pick<ArcGeometry, 'gap' | 'step'>): string {
  const y = arcTop(segment, g);
  const foot = segment.base - 1;
  const r = 4;
  const { x1, x2 } = segment;
  const left = segment.open === 'left' ? `M ${x1} ${y}` : `M ${x1} ${foot} L ${x1} ${y + r} Q ${x1} ${y} ${x1 + r} ${y}`;
  const right = segment.open === 'right' ? `L ${x2} ${y}` : `L ${x2 - r} ${y} Q ${x2} ${y} ${x2} ${y + r} L ${x2} ${foot}`;
  return `${left} ${right}`;
}

/** Room the line spacing must leave above the text for `levels` levels of arcs and their labels. */
export function roomAbove(levels: number, g: Pick<ArcGeometry, 'gap' | 'step' | 'labelHeight'>): number {
  return g.gap + Math.max(1, levels) * g.step + g.labelHeight / 2;
}
