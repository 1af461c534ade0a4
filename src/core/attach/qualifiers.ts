/**
 * Qualifiers: a severity word of the lexicon ("leve", "moderado", "intensa", "de intensidad
 * severa") qualifies the finding it stands next to: right after it ("cefalea intensa"), after the
 * finding's sites ("dolor en rodilla derecha intenso") or a describing word or two ("cefalea
 * holocraneal opresiva de intensidad moderada"), with "muy" or "no" between or not ("dolor muy
 * intenso"; "dolor no intenso": the severity, which the context stage negates, carries the
 * negation), or right before it ("intenso dolor"; a finding before the word takes it first). The
 * finding gets `qualifier` and the qualifier's head is the finding. Sites must be attached first;
 * nothing links across a line break.
 */
import type { AttachBuilder } from '../doc.ts';
import { isFinding, isQualifier, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import { isDescription, MAX_DESCRIPTION_WORDS } from './descriptions.ts';
import links from './links.json' with { type: 'json' };

const INTENSIFIERS = PhraseSet.of(links.qualifierIntensifiers);

function free(mentions: readonly Mention[], links: AttachBuilder, k: number): boolean {
  const m = mentions[k];
  return m !== undefined && isQualifier(m) && links.head[k] === -1;
}

function qualify(links: AttachBuilder, finding: number, qualifier: number): void {
  links.qualifier[finding] = qualifier;
  links.head[qualifier] = finding;
}

/** Where a qualifier right after token `end` may start: there, or after an intensifier ("muy"). */
export function qualifierStart(tokens: readonly Token[], end: number): number {
  if (end >= tokens.length || (tokens[end] as Token).afterLineBreak) return -1;
  const intensifier = INTENSIFIERS.matchAt(tokens, end);
  if (intensifier === undefined) return end;
  return (tokens[intensifier.end] as Token | undefined)?.afterLineBreak === false ? intensifier.end : -1;
}

/** `mentions` must be sorted by position. */
export function attachQualifiers(text: string, mentions: readonly Mention[], tokens: readonly Token[], links: AttachBuilder): void {
  for (let k = 0; k < mentions.length; k++) {
    const finding = mentions[k] as Mention;
    if (!isFinding(finding)) continue;
    // The finding's phrase runs on over its sites.
    let end = finding.endToken;
    let next = k + 1;
    while (next < mentions.length && links.head[next] === k) end = (mentions[next++] as Mention).endToken;
    const after = mentions[next];
    // A describing word or two may come first: "cefalea holocraneal opresiva de intensidad moderada".
    for (let words = 0; words < MAX_DESCRIPTION_WORDS && after !== undefined && end < after.firstToken; words++) {
      if (!isDescription(text, tokens[end] as Token)) break;
      end++;
    }
    const before = mentions[k - 1];
    if (after !== undefined && free(mentions, links, next) && after.firstToken === qualifierStart(tokens, end)) qualify(links, k, next);
    else if (
      before !== undefined &&
      free(mentions, links, k - 1) &&
      before.endToken === finding.firstToken &&
      !(tokens[finding.firstToken] as Token).afterLineBreak
    )
      qualify(links, k, k - 1);
  }
}
