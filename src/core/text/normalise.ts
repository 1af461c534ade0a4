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
  let plain = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x41 && code <= 0x5a) {
      plain = false;
      break;
    }
    if (code >= 0x80) {
      plain = false;
      break;
    }
  }
  if (plain) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < TABLE_SIZE) {
      out += FOLD_TABLE[code] as string;
    } else if (code >= 0x0300 && code <= 0x036f) {
      // A combining mark after a base letter (decomposed input): a tilde on n makes ñ.
      if (code === COMBINING_TILDE && out.endsWith('n')) out = out.slice(0, -1) + 'ñ';
    } else {
      const cp = text.codePointAt(i) as number;
      const ch = String.fromCodePoint(cp);
      out += foldSlow(ch);
      if (cp > 0xffff) i++;
    }
  }
  return out;
}
