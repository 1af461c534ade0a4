import { describe, expect, it } from 'vitest';
import { arcPath, arcTop, DEFAULT_GEOMETRY, layoutArcs, roomAbove, type ArcGeometry, type ArcRequest } from './arcs.ts';

const g: ArcGeometry = { ...DEFAULT_GEOMETRY, width: 800 };
const at = (x: number, line = 100) => ({ x, top: line, line });
const arc = (key: string, x1: number, x2: number, line = 100, label = 'r'): ArcRequest => ({
  key,
  label,
  from: at(x1, line),
  to: at(x2, line),
});

describe('arc layout', () => {
  it('puts disjoint arcs on one line at the lowest level', () => {
    const s = layoutArcs([arc('a', 10, 60), arc('b', 200, 260)], g);
    expect(s.map((x) => x.level)).toEqual([0, 0]);
  });

  it('stacks overlapping arcs, the narrower one lower', () => {
    const s = layoutArcs([arc('wide', 10, 300), arc('narrow', 100, 160)], g);
    const level = Object.fromEntries(s.map((x) => [x.key, x.level]));
    expect(level).toEqual({ narrow: 0, wide: 1 });
  });

  it('counts the label width: two short arcs whose labels would collide are stacked', () => {
    const long = 'has_anatomical_location';
    const s = layoutArcs([arc('a', 100, 110, 100, long), arc('b', 130, 140, 100, long)], g);
    expect(new Set(s.map((x) => x.level)).size).toBe(2);
  });

  it('caps the levels: extra arcs share the top level', () => {
    const many = Array.from({ length: 10 }, (_, i) => arc(`a${i}`, 100 - i, 200 + i));
    const s = layoutArcs(many, g);
    expect(Math.max(...s.map((x) => x.level))).toBe(g.maxLevels - 1);
  });

  it('draws identical segments once: one trigger negating three concepts on the next line', () => {
    const requests = [40, 90, 140].map((x, i): ArcRequest => ({ key: `neg${i}`, label: 'NEG', from: at(500, 100), to: at(x, 180) }));
    const s = layoutArcs(requests, g);
    const upper = s.filter((x) => x.line === 100);
    expect(upper).toHaveLength(1);
    expect(upper[0]?.merged).toEqual(['neg1#1', 'neg2#1']);
    // The lower halves end at different concepts: all three are drawn, none merged.
    expect(s.filter((x) => x.line === 180).map((x) => x.merged)).toEqual([undefined, undefined, undefined]);
    // Same ends but another label is another segment.
    expect(layoutArcs([arc('a', 10, 60, 100, 'NEG'), arc('b', 10, 60, 100, 'núcleo')], g)).toHaveLength(2);
  });

  it('keeps lines apart: arcs on different lines never stack on each other', () => {
    const s = layoutArcs([arc('a', 10, 300, 100), arc('b', 10, 300, 180)], g);
    expect(s.map((x) => x.level)).toEqual([0, 0]);
  });

  it('splits a link between two lines into two half-arcs, arrow on the target side', () => {
    const s = layoutArcs([{ key: 'x', label: 'head', from: at(500, 100), to: at(40, 180) }], g);
    expect(s).toHaveLength(2);
    const upper = s.find((x) => x.line === 100);
    const lower = s.find((x) => x.line === 180);
    expect(upper).toMatchObject({ x1: 500, x2: 800, open: 'right', arrow: 'none' });
    expect(lower).toMatchObject({ x1: 0, x2: 40, open: 'left', arrow: 'x2' });
  });

  it('points the arrow at the target when it is on the left', () => {
    const [s] = layoutArcs([{ key: 'x', label: 'r', from: at(300), to: at(100) }], g);
    expect(s).toMatchObject({ x1: 100, x2: 300, arrow: 'x1' });
  });

  it('draws every arc above the text it stands on, within the room the lines leave', () => {
    const segments = layoutArcs(
      Array.from({ length: 6 }, (_, i) => arc(`a${i}`, 50 - i * 5, 90 + i * 5)),
      g,
    );
    const levels = Math.max(...segments.map((x) => x.level)) + 1;
    for (const s of segments) {
      const top = arcTop(s, g);
      expect(top).toBeLessThan(s.base);
      // The label (6px above the bar) must stay inside the room left above the line.
      expect(s.base - (top - 6)).toBeLessThanOrEqual(roomAbove(levels, g));
      // The path never goes below the text top.
      const ys = [...arcPath(s, g).matchAll(/-?\d+(?:\.\d+)?/g)].map((m) => Number(m[0])).filter((_, i) => i % 2 === 1);
      expect(Math.max(...ys)).toBeLessThan(s.base);
    }
  });
});
