import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sliceCodePoints } from '../../core/text/codepoints.ts';
import { containsFolded, findInNote, foldForSearch, hitsFor } from './search.ts';

const texts = (note: string, query: string) => findInNote(note, query).map((h) => sliceCodePoints(note, h.begin, h.end));

describe('search within the note', () => {
  it('ignores case and accents', () => {
    expect(texts('Disnea. DISNEA de esfuerzo; disnéa', 'disnea')).toEqual(['Disnea', 'DISNEA', 'disnéa']);
    expect(texts('Antecedente de cáncer de colon', 'cancer')).toEqual(['cáncer']);
    expect(texts('Antecedente de cancer de colon', 'CÁNCER')).toEqual(['cancer']);
  });

  it('keeps «ñ» a letter of its own', () => {
    expect(texts('Hace un año; ano normal', 'año')).toEqual(['año']);
    expect(texts('Hace un año; ano normal', 'ano')).toEqual(['ano']);
    expect(texts('Hace un an\u0303o', 'año')).toEqual(['an\u0303o']);
  });

  it('counts offsets in code points: an emoji before a hit shifts it by one', () => {
    const note = '😷 Tos. 👨‍👩‍👧 Fiebre y tos';
    const hits = findInNote(note, 'tos');
    expect(hits).toEqual([
      { begin: 2, end: 5 },
      { begin: 22, end: 25 },
    ]);
    expect(hits.map((h) => Array.from(note).slice(h.begin, h.end).join(''))).toEqual(['Tos', 'tos']);
  });

  it('takes a combining accent after the hit with it, and never half a letter', () => {
    expect(findInNote('cance\u0301r', 'cancer')).toEqual([{ begin: 0, end: 7 }]);
    expect(findInNote('fiebre\u0301', 'fiebre')).toEqual([{ begin: 0, end: 7 }]);
    // "ß" does not fold to "ss".
    expect(findInNote('straße', 'ss')).toEqual([]);
  });

  it('finds nothing for an empty query and does not overlap hits', () => {
    expect(findInNote('tos', '')).toEqual([]);
    expect(findInNote('tos', '\u0301')).toEqual([]);
    expect(findInNote('aaaa', 'aa')).toEqual([
      { begin: 0, end: 2 },
      { begin: 2, end: 4 },
    ]);
  });

  it('remembers the last search', () => {
    const a = hitsFor('Tos y tos', 'tos');
    expect(hitsFor('Tos y tos', 'tos')).toBe(a);
    expect(hitsFor('Tos y tos', 'to')).not.toBe(a);
  });

  it('matches table text the same way', () => {
    expect(containsFolded('Cáncer de mama', foldForSearch('cancer'))).toBe(true);
    expect(containsFolded('Cáncer de mama', '')).toBe(false);
  });

  // Letters that fold in interesting ways, emoji (surrogate pairs, ZWJ sequences) and combining marks.
  const alphabet = fc.constantFrom(...Array.from('aáAÁeéÉnñÑiíIİuüÜoóß 😷👨‍👩‍👧.\u0301\u0303'), 'e\u0301', '\ud83d');
  const note = fc.array(alphabet, { maxLength: 40 }).map((parts) => parts.join(''));

  it('property: every hit, folded, is the folded query; hits are ordered, disjoint and inside the note', () => {
    fc.assert(
      fc.property(note, note, (text, query) => {
        const length = Array.from(text).length;
        let last = 0;
        for (const hit of findInNote(text, query)) {
          expect(hit.begin).toBeGreaterThanOrEqual(last);
          expect(hit.end).toBeGreaterThan(hit.begin);
          expect(hit.end).toBeLessThanOrEqual(length);
          expect(foldForSearch(sliceCodePoints(text, hit.begin, hit.end))).toBe(foldForSearch(query));
          last = hit.end;
        }
      }),
      { numRuns: 500 },
    );
  });

  it('property: a piece of the note is found in it (when it starts and ends on whole letters)', () => {
    fc.assert(
      fc.property(note, fc.nat(), fc.nat(), (text, x, y) => {
        const chars = Array.from(text);
        const [from, to] = [x % (chars.length + 1), y % (chars.length + 1)].sort((a, b) => a - b) as [number, number];
        const query = chars.slice(from, to).join('');
        // A piece that starts with a mark, or cuts an «n» from its tilde, is not a whole letter.
        fc.pre(foldForSearch(query).length > 0 && !/^\p{M}/u.test(query) && chars[to] !== '\u0303');
        expect(findInNote(text, query).length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
