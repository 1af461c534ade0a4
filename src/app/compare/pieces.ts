/**
 * The note cut where differences begin and end: each piece of text with the entries that cover it,
 * and those that start there. Offsets become UTF-16 here (the DOM's), from the contract's code points.
 * Optionally the spans one run annotated (the side-by-side view shows each run's annotations): a
 * piece says whether one covers it.
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
  /** Whether one of the `annotated` spans covers the piece. */
  readonly annotated: boolean;
}

/** A span in code points, as the contract gives it. */
export interface CodePointSpan {
  readonly begin: number;
  readonly end: number;
}

export function diffPieces(text: string, entries: readonly DiffEntry[], annotatedSpans: readonly CodePointSpan[] = []): Piece[] {
  const converter = createOffsetConverter(text);
  const limit = text.length;
  const utf16 = (s: CodePointSpan) => ({
    begin: Math.min(converter.toUtf16(s.begin), limit),
    end: Math.min(converter.toUtf16(s.end), limit),
  });
  const ranges = entries
    .map((entry) => ({ ...utf16(entry.span), entry }))
    .filter((r) => r.end > r.begin)
    .sort((x, y) => x.begin - y.begin);
  const annotated = annotatedSpans
    .map(utf16)
    .filter((r) => r.end > r.begin)
    .sort((x, y) => x.begin - y.begin);
  const cuts = [...new Set([0, limit, ...ranges.flatMap((r) => [r.begin, r.end]), ...annotated.flatMap((r) => [r.begin, r.end])])].sort(
    (x, y) => x - y,
  );
  const pieces: Piece[] = [];
  let open: typeof ranges = [];
  let next = 0;
  // The annotated spans open at the piece, as the end of the furthest one (sorted by begin: one pointer).
  let annotatedTo = 0;
  let nextAnnotated = 0;
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
    while (nextAnnotated < annotated.length && (annotated[nextAnnotated] as CodePointSpan).begin <= begin)
      annotatedTo = Math.max(annotatedTo, (annotated[nextAnnotated++] as CodePointSpan).end);
    const isAnnotated = annotatedTo > begin;
    const last = pieces[pieces.length - 1];
    if (open.length === 0 && last && last.entries.length === 0 && last.annotated === isAnnotated)
      pieces[pieces.length - 1] = { ...last, end };
    else pieces.push({ begin, end, entries: open.map((r) => r.entry), starts: starting, annotated: isAnnotated });
  }
  return pieces;
}
