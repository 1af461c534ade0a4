import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createOffsetConverter, sliceCodePoints } from './codepoints.ts';

describe('offset converter', () => {
  it('is the identity for text without astral characters', () => {
    const c = createOffsetConverter('dolor en el brazo');
    expect(c.toCodePoint(6)).toBe(6);
    expect(c.toUtf16(6)).toBe(6);
    expect(c.codePointLength).toBe(17);
  });

  it('counts an emoji as one code point', () => {
    const text = '😀😀 dolor';
    const c = createOffsetConverter(text);
    expect(c.codePointLength).toBe(8);
    expect(c.toCodePoint(text.indexOf('dolor'))).toBe(3);
    expect(c.toUtf16(3)).toBe(5);
    expect(c.toCodePoint(text.length)).toBe(8);
    expect(sliceCodePoints(text, 3, 8)).toBe('dolor');
  });

  it('maps an index inside a surrogate pair to that pair', () => {
    const c = createOffsetConverter('a𝕏b');
    expect(c.toCodePoint(1)).toBe(1);
    expect(c.toCodePoint(2)).toBe(1);
    expect(c.toCodePoint(3)).toBe(2);
  });

  it('treats lone surrogates as one unit each, like Python does with lone code points', () => {
    const c = createOffsetConverter('a\ud800b');
    expect(c.codePointLength).toBe(3);
    expect(c.toCodePoint(2)).toBe(2);
  });

  it('round-trips every code point boundary of random text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite' }), (text) => {
        const c = createOffsetConverter(text);
        const points = Array.from(text);
        expect(c.codePointLength).toBe(points.length);
        let utf16 = 0;
        points.forEach((p, cp) => {
          expect(c.toUtf16(cp)).toBe(utf16);
          expect(c.toCodePoint(utf16)).toBe(cp);
          utf16 += p.length;
        });
        expect(c.toUtf16(points.length)).toBe(text.length);
      }),
    );
  });
});
