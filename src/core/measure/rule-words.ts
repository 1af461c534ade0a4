/**
 * Words read by rule rather than from the dictionary (routes and dosing words, allergy words, the
 * patient's sex) keep off every mention found before them, and are looked for only where one may
 * start: one pass over the tokens finds those places for all of them.
 */
import type { Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';

/** 1 for every token some mention covers. */
export function takenTokens(tokenCount: number, mentions: readonly Mention[]): Uint8Array {
  const taken = new Uint8Array(tokenCount);
  for (const m of mentions) taken.fill(1, m.firstToken, m.endToken);
  return taken;
}

/** Whether no token of [from, to) is taken. */
export function untaken(taken: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (taken[k] === 1) return false;
  return true;
}

/** The untaken tokens, in order, whose matching form is in `firstTokens`. */
export function candidateStarts(tokens: readonly Token[], taken: Uint8Array, firstTokens: ReadonlySet<string>): number[] {
  const starts: number[] = [];
  for (let i = 0; i < tokens.length; i++) if (taken[i] === 0 && firstTokens.has((tokens[i] as Token).norm)) starts.push(i);
  return starts;
}
