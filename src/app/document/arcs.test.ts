import { describe, expect, it } from 'vitest';
import {
  arcPath,
  arcTop,
  DEFAULT_GEOMETRY,
  labelBox,
  layoutArcs,
  roomAbove,
  type ArcGeometry,
  type ArcRequest,
  type ArcSegment,
  type Box,
} from './arcs.ts';

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

  it('stacks as many levels as it takes: ten nested arcs take ten levels', () => {
    const many = Array.from({ length: 10 }, (_, i) => arc(`a${i}`, 100 - i * 8, 200 + i * 8));
    const s = layoutArcs(many, g);
    expect(new Set(s.map((x) => x.level)).size).toBe(10);
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

  it('keeps a label inside the text column, even for an arc at its edge', () => {
    const [left, right] = layoutArcs([arc('a', 2, 8, 100, 'localización'), arc('b', 792, 798, 180, 'localización')], g);
    for (const s of [left, right]) {
      const box = labelBox(s as ArcSegment, g);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(g.width);
    }
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

  it('never lets two label boxes meet on a dense block (nested spans, cue arcs, split arcs), on every line', () => {
    const labels = ['localización', 'NEG', 'núcleo', 'frecuencia', 'vía', 'dosis', 'forma', 'cantidad', 'calificador', 'duración'];
    let seed = 7;
    const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const lineOf = (): number => Math.floor(random() * 6);
    const ends = Array.from({ length: 160 }, (_, i) => ({ x: 5 + random() * 380, line: lineOf(), i }));
    // Like the document: measure at one spacing, lay out, then again at the spacing the levels ask for.
    const lineTop = (room: number, line: number): number => line * (20 + 2 * room) + room;
    const requestsAt = (room: number): ArcRequest[] =>
      ends.slice(0, 80).map((from, k) => {
        const to = k % 4 === 0 ? { ...from, x: from.x + 6 } : (ends[80 + k] as (typeof ends)[number]); // a nested span: 6 px apart
        return {
          key: `k${k}`,
          label: labels[k % labels.length] as string,
          from: { x: from.x, line: from.line, top: lineTop(room, from.line) },
          to: { x: to.x, line: to.line, top: lineTop(room, to.line) },
        };
      });
    const narrow = { ...g, width: 390 };
    const first = layoutArcs(requestsAt(roomAbove(1, narrow)), narrow);
    const room = roomAbove(Math.max(...first.map((x) => x.level + 1)), narrow);
    const segments = layoutArcs(requestsAt(room), narrow);
    const boxes = segments.map((x): [ArcSegment, Box] => [x, labelBox(x, narrow)]);
    const meet = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    let pairs = 0;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, boxA] = boxes[i] as [ArcSegment, Box];
        const [b, boxB] = boxes[j] as [ArcSegment, Box];
        expect(meet(boxA, boxB), `${a.key} (${a.label}) and ${b.key} (${b.label})`).toBe(false);
        pairs++;
      }
      // Every label stays in the room above its own line, below the line before.
      const [s, box] = boxes[i] as [ArcSegment, Box];
      expect(box.top).toBeGreaterThanOrEqual(s.base - room - 0.001);
    }
    expect(pairs).toBeGreaterThan(5000);
    expect(Math.max(...segments.map((x) => x.level))).toBeGreaterThan(3); // denser than the old cap of 4 levels
  });
});
