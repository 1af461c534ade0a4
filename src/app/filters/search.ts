/**
 * Search within the note, accent- and case-insensitive ("cancer" finds "cáncer", "disnea" finds
 * "DISNEA"), with hits in code points of the note, as every offset in Glosa counts them. Each code
 * point is folded on its own (decomposed, marks dropped, lower-cased), so a hit in the folded text
 * maps back to whole code points exactly, an emoji before it included. «ñ» stays «ñ»: in Spanish it
 * is a letter of its own ("año" is not "ano").
 */

export interface Hit {
  /** Code points of the note, end exclusive. */
  readonly begin: number;
  readonly end: number;
}

const MARKS = /\p{M}/gu;
const COMBINING_TILDE = 0x303;

function foldCodePoint(cp: string, code: number): string {
  if (code < 0x80) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : cp;
  if (cp === 'ñ' || cp === 'Ñ') return 'ñ';
  return cp.normalize('NFD').toLowerCase().replace(MARKS, '');
}

interface Folded {
  /** The note folded. */
  readonly text: string;
  /** Code point index → where its folding starts in `text` (one more entry: the end). */
  readonly starts: Int32Array;
  /** UTF-16 index in `text` → the code point it came from. */
  readonly owner: Int32Array;
}

function foldWithMap(text: string): Folded {
  const pieces: string[] = [];
  const starts: number[] = [];
  const owner: number[] = [];
  let length = 0;
  let cp = 0;
  let previous = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    let piece = foldCodePoint(ch, code);
    // A decomposed «ñ» (n + combining tilde) folds as the precomposed one does.
    if (code === COMBINING_TILDE && (previous === 'n' || previous === 'N') && pieces[pieces.length - 1] === 'n') {
      pieces[pieces.length - 1] = 'ñ';
      piece = '';
    }
    starts.push(length);
    pieces.push(piece);
    for (let i = 0; i < piece.length; i++) owner.push(cp);
    length += piece.length;
    previous = ch;
    cp++;
  }
  starts.push(length);
  return { text: pieces.join(''), starts: Int32Array.from(starts), owner: Int32Array.from(owner) };
}

/** The text as search compares it: no accents, lower case, «ñ» kept. */
export function foldForSearch(text: string): string {
  return foldWithMap(text).text;
}

/** Whether `haystack` contains `query`, compared as search does (for the table's rows). */
export function containsFolded(haystack: string, foldedQuery: string): boolean {
  return foldedQuery.length > 0 && foldForSearch(haystack).includes(foldedQuery);
}

/**
 * Every non-overlapping occurrence of `query` in `text`, left to right, in code points. A hit
 * starts and ends on whole code points; marks that fold to nothing right after it (a combining
 * accent) are part of it.
 */
export function findInNote(text: string, query: string): Hit[] {
  const needle = foldForSearch(query);
  if (needle.length === 0) return [];
  const { text: hay, starts, owner } = foldWithMap(text);
  const count = starts.length - 1;
  const hits: Hit[] = [];
  for (let at = hay.indexOf(needle); at !== -1;) {
    const first = owner[at] as number;
    const last = owner[at + needle.length - 1] as number;
    if (starts[first] !== at || starts[last + 1] !== at + needle.length) {
      at = hay.indexOf(needle, at + 1);
      continue;
    }
    let end = last + 1;
    while (end < count && starts[end] === starts[end + 1]) end++;
    hits.push({ begin: first, end });
    at = hay.indexOf(needle, at + needle.length);
  }
  return hits;
}

let cached: { text: string; query: string; hits: Hit[] } | undefined;

/** `findInNote`, remembered for the last note and query: the search bar and the document share it. */
export function hitsFor(text: string, query: string): Hit[] {
  if (cached?.text !== text || cached.query !== query) cached = { text, query, hits: findInNote(text, query) };
  return cached.hits;
}
