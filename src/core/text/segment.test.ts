import { describe, expect, it } from 'vitest';
import { segmentSentences } from './segment.ts';
import { tokenise } from './tokenise.ts';

function sentences(text: string): string[] {
  const tokens = tokenise(text);
  const of = segmentSentences(text, tokens);
  const out: string[] = [];
  tokens.forEach((t, i) => {
    const s = of[i] as number;
    out[s] = (out[s] === undefined ? '' : out[s] + ' ') + text.slice(t.start, t.end);
  });
  return out;
}

describe('segmentSentences', () => {
  it('splits at sentence-final punctuation', () => {
    expect(sentences('Sin fiebre. Refiere tos! ¿Disnea?')).toEqual(['Sin fiebre .', 'Refiere tos !', '¿ Disnea ?']);
  });

  it('does not split inside a route written with points ("v.o.", "s.c.", "i.v.", "e.v.", "i.m.")', () => {
    for (const route of ['v.o.', 's.c.', 'i.v.', 'e.v.', 'i.m.']) {
      expect(sentences(`Heparina ${route} cada 12 h. Tos.`), route).toHaveLength(2);
    }
  });

  it('does not split after a title, nor after another abbreviation unless a capitalised word follows', () => {
    expect(sentences('Visto por el Dr. Pérez hoy.')).toHaveLength(1);
    expect(sentences('Paracetamol 1 comp. cada 8 h. durante 3 días.')).toHaveLength(1);
    expect(sentences('Sin fiebre desde hace 2 h. Dolor abdominal, etc. Tos.')).toEqual([
      'Sin fiebre desde hace 2 h .',
      'Dolor abdominal , etc .',
      'Tos .',
    ]);
  });

  it('splits at line breaks', () => {
    expect(sentences('Tos\nFiebre')).toEqual(['Tos', 'Fiebre']);
  });

  it('keeps "..." as one sentence end', () => {
    expect(sentences('Tos... fiebre')).toEqual(['Tos . . .', 'fiebre']);
  });
});
