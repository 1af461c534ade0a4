import { describe, expect, it } from 'vitest';
import { forEachSentence } from '../../src/core/mention.ts';
import { staged } from './staged.ts';

describe('forEachSentence', () => {
  it('visits each sentence that holds mentions once, with its mention range', () => {
    const p = staged('Fiebre y tos. Nada. Cefalea\ndisnea.', 'measure');
    const visits: [number, string[]][] = [];
    forEachSentence(p.mentions, p.doc.sentenceOf ?? new Uint32Array(0), (sentence, from, to) => {
      visits.push([sentence, p.mentions.slice(from, to).map((m) => p.textOf(m) ?? '')]);
    });
    expect(visits).toEqual([
      [0, ['Fiebre', 'tos']],
      [2, ['Cefalea']],
      [3, ['disnea']],
    ]);
  });

  it('visits nothing when there are no mentions', () => {
    let calls = 0;
    forEachSentence([], new Uint32Array(0), () => calls++);
    expect(calls).toBe(0);
  });
});
