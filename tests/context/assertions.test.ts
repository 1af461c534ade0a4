/**
 * The assertion classes of issue 16 as real notes write them, one describe per class, on the
 * context stage with the fixture dictionary (tests/context/fixture-lexicon.ts).
 */
import { describe, expect, it } from 'vitest';
import { staged, type Staged } from './staged.ts';

const context = (text: string): Staged => staged(text, 'context');
const negation = (p: Staged, span: string, occurrence?: number): string | undefined => p.textOf(p.negativeCue(span, occurrence));

describe('words that carry their own negation', () => {
  it('negate the concept they name, with the word itself as trigger and scope', () => {
    const p = context('Paciente afebril, asintomática.');
    expect(negation(p, 'afebril')).toBe('afebril');
    expect(negation(p, 'asintomática')).toBe('asintomática');
    const cue = p.negativeCue('afebril');
    expect(cue?.rule).toBe('neg-self-afebril');
    expect(p.textOf(cue?.scope)).toBe('afebril');
  });

  it('negate nothing after them and leave an open scope going', () => {
    const p = context('Apirética, refiere cefalea. Sin tos, afebril, ni disnea.');
    expect(negation(p, 'cefalea')).toBeUndefined();
    expect(negation(p, 'afebril')).toBe('afebril');
    expect(negation(p, 'disnea')).toBe('Sin');
  });
});
