/**
 * Tokenisation: words (a letter, then letters, digits and marks: "DM2"), numbers (digits with
 * inner "," or "." followed by a digit: "38,5", "15.000") and single punctuation or symbol tokens. Every token keeps
 * its UTF-16 range in the original text; `norm` is its matching form (see normalise.ts).
 */
import { normalise } from './normalise.ts';

export type TokenKind = 'word' | 'number' | 'punct';

export interface Token {
  readonly start: number;
  readonly end: number;
  readonly kind: TokenKind;
  readonly norm: string;
  /** A line break separates this token from the previous one. */
  readonly afterLineBreak: boolean;
}

const ASCII_CLASS = new Uint8Array(128); // 0 other, 1 letter, 2 digit, 3 space, 4 newline
for (let c = 0; c < 128; c++) {
  if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) ASCII_CLASS[c] = 1;
  else if (c >= 0x30 && c <= 0x39) ASCII_CLASS[c] = 2;
  else if (c === 0x20 || c === 0x09 || c === 0x0b || c === 0x0c) ASCII_CLASS[c] = 3;
  else if (c === 0x0a || c === 0x0d) ASCII_CLASS[c] = 4;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const SPACE_CHAR = /\s/u;
const LINE_BREAK = /[\u0085\u2028\u2029]/u;
/** Classes of the other BMP code points, worked out on first sight (255: not yet). */
const BMP_CLASS = new Uint8Array(0x10000).fill(255);
const astralClassCache = new Map<number, number>();

function classOf(cp: number): number {
  const ch = String.fromCodePoint(cp);
  return LINE_BREAK.test(ch) ? 4 : SPACE_CHAR.test(ch) ? 3 : WORD_CHAR.test(ch) ? 1 : 0;
}

/** Class of the code point at `i`: 1 letter-like, 2 ASCII digit, 3 space, 4 newline, 0 other. */
function classAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return ASCII_CLASS[code] as number;
  if (code < 0xd800 || code > 0xdbff || i + 1 >= text.length) {
    let cls = BMP_CLASS[code] as number;
    if (cls === 255) cls = BMP_CLASS[code] = classOf(code);
    return cls;
  }
  const cp = text.codePointAt(i) as number;
  let cls = astralClassCache.get(cp);
  if (cls === undefined) {
    cls = classOf(cp);
    if (astralClassCache.size < 4096) astralClassCache.set(cp, cls);
  }
  return cls;
}

function unitLength(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
}

/** Matching forms of the words seen lately that need folding (clinical words recur from note to note). */
const FOLDED_CACHE_SIZE = 8192;
let folded = new Map<string, string>();

function foldedForm(surface: string): string {
  let norm = folded.get(surface);
  if (norm === undefined) {
    norm = normalise(surface);
    if (folded.size >= FOLDED_CACHE_SIZE) folded = new Map();
    folded.set(surface, norm);
  }
  return norm;
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  let lineBreak = false;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const cls = classAt(text, i);
    if (cls === 3) {
      i++;
      continue;
    }
    if (cls === 4) {
      lineBreak = true;
      i++;
      continue;
    }
    const start = i;
    if (cls === 0) {
      i += unitLength(text, i);
      const surface = text.slice(start, i);
      tokens.push({ start, end: i, kind: 'punct', norm: surface, afterLineBreak: lineBreak });
    } else if (cls === 2) {
      // A number stops at its first letter, so "10mg" and "38,5ºC" keep the number apart.
      while (i < n) {
        const code = text.charCodeAt(i);
        if (code >= 0x30 && code <= 0x39) i++;
        else if ((code === 0x2c || code === 0x2e) && i + 1 < n && classAt(text, i + 1) === 2) i++;
        else break;
      }
      tokens.push({ start, end: i, kind: 'number', norm: text.slice(start, i), afterLineBreak: lineBreak });
    } else {
      // Plain lower-case ASCII words, the most common, need no folding.
      let plain = true;
      while (i < n) {
        const code = text.charCodeAt(i);
        if (code < 128) {
          const c = ASCII_CLASS[code];
          if (c !== 1 && c !== 2) break;
          if (code <= 0x5a && code >= 0x41) plain = false;
          i++;
        } else {
          if (classAt(text, i) !== 1) break;
          plain = false;
          i += unitLength(text, i);
        }
      }
      const surface = text.slice(start, i);
      tokens.push({ start, end: i, kind: 'word', norm: plain ? surface : foldedForm(surface), afterLineBreak: lineBreak });
    }
    lineBreak = false;
  }
  return tokens;
}

/** Matching key of a term: its tokens' matching forms joined by one space. */
export function termKey(term: string): string {
  return tokenise(term)
    .map((t) => t.norm)
    .join(' ');
}
