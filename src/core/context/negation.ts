/**
 * Negation, first pass (NegEx-style): a pre-trigger negates the concepts after it up to the end of
 * its clause (a terminator, the sentence end or a line break) or a window of words. Pseudo-triggers
 * are skipped whole. The negated concept carries the trigger's span.
 */
import type { Cue, Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import triggers from './negation-triggers.json' with { type: 'json' };

const PRE = PhraseSet.of(triggers.pre);
const PSEUDO = PhraseSet.of(triggers.pseudo);
const TERMINATORS = PhraseSet.of(triggers.terminators);

export interface NegationOptions {
  /** How many words after a trigger its scope may reach. */
  readonly windowWords: number;
}

interface Scope {
  readonly cue: Cue;
  /** Token range [from, to) the cue negates. */
  readonly from: number;
  readonly to: number;
}

function findScopes(tokens: readonly Token[], sentenceOf: Uint32Array, options: NegationOptions): Scope[] {
  const scopes: Scope[] = [];
  let i = 0;
  while (i < tokens.length) {
    const pseudo = PSEUDO.matchAt(tokens, i);
    if (pseudo !== undefined) {
      i = pseudo.end;
      continue;
    }
    const pre = PRE.matchAt(tokens, i);
    if (pre === undefined) {
      i++;
      continue;
    }
    const cue: Cue = { start: (tokens[i] as Token).start, end: (tokens[pre.end - 1] as Token).end };
    let to = pre.end;
    let words = 0;
    while (to < tokens.length && sentenceOf[to] === sentenceOf[i]) {
      const token = tokens[to] as Token;
      if (token.afterLineBreak || TERMINATORS.matchAt(tokens, to) !== undefined) break;
      if (token.kind !== 'punct' && ++words > options.windowWords) break;
      to++;
    }
    scopes.push({ cue, from: pre.end, to });
    i = pre.end;
  }
  return scopes;
}

/** Marks every concept inside a negation scope with the scope's trigger. */
export function applyNegation(
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  options: NegationOptions,
): void {
  const scopes = findScopes(tokens, sentenceOf, options);
  if (scopes.length === 0) return;
  for (const m of mentions) {
    if (m.kind !== 'concept' || m.characteristics.negative !== undefined) continue;
    const scope = scopes.find((s) => m.firstToken >= s.from && m.endToken <= s.to);
    if (scope !== undefined) m.characteristics.negative = scope.cue;
  }
}
