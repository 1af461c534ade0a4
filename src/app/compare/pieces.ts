/**
 * The note cut where differences begin and end: each piece of text with the entries that cover it,
 * and those that start there. Offsets become UTF-16 here (the DOM's), from the contract's code points.
 */
import { createOffsetConverter } from '../../core/text/codepoints.ts';
import type { DiffEntry } from './entries.ts';

export interface Piece {
  /** UTF-16 offsets into the note. */
  readonly begin: number;
  readonly end: number;
  /** Entries covering the piece (none: plain text). */
  readonly entries: readonly DiffEntry[];
  /** Entries whose span starts with this piece. */
  readonly starts: readonly DiffEntry[];
}

export function diffPieces(text: string, entries: readonly DiffEntry[]): Piece[] {
  const converter = createOffsetConverter(text);
  const limit = text.length;
  const ranges = entries
    .map((entry) => {
      const begin = Math.min(converter.toUtf16(entry.span.begin), limit);
      return { begin, end: Math.min(converter.toUtf16(entry.span.end), limit), entry };
    })
    .filter((r) => r.end > r.begin)
    .sort((x, y) => x.begin - y.begin);
  const cuts = [...new Set([0, limit, ...ranges.flatMap((r) => [r.begin, r.end])])].sort((x, y) => x - y);
  const pieces: Piece[] = [];
  let open: typeof ranges = [];
  let next = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const begin = cuts[i] as number;
    const end = cuts[i + 1] as number;
    open = open.filter((r) => r.end > begin);
    const starting: DiffEntry[] = [];
    while (next < ranges.length && (ranges[next] as (typeof ranges)[number]).begin <= begin) {
      const r = ranges[next++] as (typeof ranges)[number];
      open.push(r);
      starting.push(r.entry);
    }
    const last = pieces[pieces.length - 1];
    if (open.length === 0 && last && last.entries.length === 0) pieces[pieces.length - 1] = { ...last, end };
    else pieces.push({ begin, end, entries: open.map((r) => r.entry), starts: starting });
  }
  return pieces;
}
