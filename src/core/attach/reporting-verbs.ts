/**
 * Reporting verbs ("refiere", "presenta", "niega", "consulta por") head the findings they
 * introduce, coordinated ones too, up to the end of their clause or the next reporting verb. The
 * context stage runs first, so that a finding negated by a later cue of its own is left alone.
 */
import type { AttachBuilder, ContextLayer } from '../doc.ts';
import { isFinding, isReportingVerb, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import links from './links.json' with { type: 'json' };

const CLAUSE_ENDS = PhraseSet.of(links.clauseEnds);

/** First token after the verb's clause: a clause end, a line break or `limit`. */
function clauseEnd(tokens: readonly Token[], from: number, limit: number): number {
  for (let i = from; i < limit; i++) {
    if ((tokens[i] as Token).afterLineBreak || CLAUSE_ENDS.matchAt(tokens, i) !== undefined) return i;
  }
  return limit;
}

/** "Refiere tos, sin fiebre": a finding negated by its own cue after the verb is not the verb's. */
function negatedAfter(context: ContextLayer, finding: number, verb: number, verbEnd: number): boolean {
  const cue = context.negative[finding];
  return cue !== undefined && cue !== context.negative[verb] && cue.start >= verbEnd;
}

export function attachReportingVerbs(
  mentions: readonly Mention[],
  tokens: readonly Token[],
  context: ContextLayer,
  links: AttachBuilder,
): void {
  for (let k = 0; k < mentions.length; k++) {
    const verb = mentions[k] as Mention;
    if (!isReportingVerb(verb)) continue;
    let last = k + 1;
    while (last < mentions.length && !isReportingVerb(mentions[last] as Mention)) last++;
    const limit = last < mentions.length ? (mentions[last] as Mention).firstToken : tokens.length;
    const end = clauseEnd(tokens, verb.endToken, limit);
    for (let j = k + 1; j < last; j++) {
      const m = mentions[j] as Mention;
      if (m.firstToken >= end) break;
      if (isFinding(m) && links.head[j] === -1 && !negatedAfter(context, j, k, verb.end)) links.head[j] = k;
    }
  }
}
