/**
 * A site followed by its side ("rodilla derecha", "fémur izquierdo", "ambos ojos" is left to the
 * lexicon) is one Anatomy span: the laterality word joins the anatomy mention.
 */
import { isAnatomy, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import laterality from './laterality.json' with { type: 'json' };

const LATERALITY = PhraseSet.of(laterality.after);

/** One past a side word at token `i` ("izquierda", "bilateral"), or `i` when there is none. */
export function afterSide(tokens: readonly Token[], i: number): number {
  return LATERALITY.matchAt(tokens, i)?.end ?? i;
}

/** Replaces each anatomy mention followed by its side with one that takes the side in. */
export function extendLaterality(mentions: Mention[], tokens: readonly Token[]): void {
  mentions.forEach((m, index) => {
    if (!isAnatomy(m)) return;
    const found = LATERALITY.matchAt(tokens, m.endToken);
    if (found === undefined) return;
    const next = mentions[index + 1];
    if (next !== undefined && next.firstToken < found.end) return; // the word belongs to another concept
    if ((tokens[m.endToken] as Token).afterLineBreak) return;
    mentions[index] = { ...m, endToken: found.end, end: (tokens[found.end - 1] as Token).end };
  });
}
