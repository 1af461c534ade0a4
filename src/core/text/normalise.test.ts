import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalise } from './normalise.ts';

describe('normalise', () => {
  it('folds case and accents', () => {
    expect(normalise('Cefálea')).toBe('cefalea');
    expect(normalise('TÓRAX')).toBe('torax');
    expect(normalise('pingüino')).toBe('pinguino');
  });

  it('keeps ñ apart from n', () => {
    expect(normalise('Año')).toBe('año');
    expect(normalise('AÑO')).toBe('año');
    expect(normalise('año')).not.toBe(normalise('ano'));
  });

  it('handles decomposed accents and a decomposed ñ', () => {
    expect(normalise('cefa\u0301lea')).toBe('cefalea');
    expect(normalise('an\u0303o')).toBe('año');
  });

  it('leaves text outside Latin alone except for case', () => {
    expect(normalise('ΔΣ')).toBe('δσ');
    expect(normalise('😀')).toBe('😀');
  });
});

describe('normalise on very long words', () => {
  it('folds a word longer than any argument list', () => {
    const word = 'Á'.repeat(300_000);
    expect(normalise(word)).toBe('a'.repeat(300_000));
  });
});

describe('normalise, property', () => {
  /** The folding spelled out one code point at a time: lower case, accents off, ñ kept. */
  const reference = (text: string): string =>
    Array.from(text, (ch) => {
      const lower = ch.toLowerCase();
      if (lower === 'ñ') return 'ñ';
      return lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    }).join('');

  it('folds ASCII and Latin text (precomposed) as the per-character definition does', () => {
    const latin = fc.constantFrom(...'aAzZ09 -ñÑáÁéÉíÍóÓúÚüÜçÇàèìòùâêîôûãõ'.split(''));
    fc.assert(
      fc.property(fc.array(latin, { maxLength: 30 }), (chars) => {
        expect(normalise(chars.join(''))).toBe(reference(chars.join('')));
      }),
    );
  });
});
