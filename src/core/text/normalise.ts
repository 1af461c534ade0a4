/**
 * Matching form of a word: lower case, accents and diaeresis removed, but ñ kept ("año" ≠ "ano").
 * Latin-1 and Latin Extended-A go through a precomputed table; anything else through NFD.
 */
const COMBINING_TILDE = 0x0303;

function foldSlow(ch: string): string {
  const lower = ch.toLowerCase();
  let out = '';
  for (const c of lower.normalize('NFD')) {
    const code = c.codePointAt(0) as number;
    if (code === COMBINING_TILDE && out.endsWith('n')) {
      out = out.slice(0, -1) + 'ñ';
    } else if (code < 0x0300 || code > 0x036f) {
      out += c;
    }
  }
  return out;
}

const TABLE_SIZE = 0x0250;
const FOLD_TABLE: string[] = [];
for (let code = 0; code < TABLE_SIZE; code++) {
  const ch = String.fromCharCode(code);
  FOLD_TABLE.push(code === 0xd1 || code === 0xf1 ? 'ñ' : foldSlow(ch));
}

/** Folds one word (or any string) to its matching form. */
export function normalise(text: string): string {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return text.toLowerCase();
  // Folded character by character (lower-casing a whole string is context-sensitive: Greek final
  // sigma), into char codes rather than by `+=`, so the result is a flat string: its hash is
  // computed on every dictionary lookup, and a concatenation tree would be flattened each time.
  const units: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < TABLE_SIZE) {
      pushUnits(units, FOLD_TABLE[code] as string);
    } else if (code >= 0x0300 && code <= 0x036f) {
      // A combining mark after a base letter (decomposed input): a tilde on n makes ñ.
      if (code === COMBINING_TILDE && units[units.length - 1] === 0x6e) units[units.length - 1] = 0xf1;
    } else {
      const cp = text.codePointAt(i) as number;
      pushUnits(units, foldSlow(String.fromCodePoint(cp)));
      if (cp > 0xffff) i++;
    }
  }
  return fromCharCodes(units);
}

/** A string from char codes, in chunks: an argument list has a size limit and a word need not. */
function fromCharCodes(units: readonly number[]): string {
  const CHUNK = 4096;
  if (units.length <= CHUNK) return String.fromCharCode(...units);
  let out = '';
  for (let k = 0; k < units.length; k += CHUNK) out += String.fromCharCode(...units.slice(k, k + CHUNK));
  return out;
}

function pushUnits(units: number[], s: string): void {
  for (let k = 0; k < s.length; k++) units.push(s.charCodeAt(k));
}
