/**
 * Heads and relations:
 * - a finding followed by "en"/"de" (an article may come between) and an anatomical site gets a
 *   `has_anatomical_location` relation; the site's head is the finding, and a negated finding's
 *   site is negated with the same trigger;
 * - a reporting verb ("refiere", "presenta", "niega") heads the findings it introduces, up to the
 *   end of its clause or the next reporting verb.
 */
import { isAnatomy, isFinding, isReportingVerb, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import links from './links.json' with { type: 'json' };

const SITE_PREPOSITIONS = PhraseSet.of(links.sitePrepositions);
const ARTICLES = PhraseSet.of(links.articles);
const CLAUSE_ENDS = PhraseSet.of(links.clauseEnds);

/** Token index where a site linked to the mention would start, or -1. */
function siteStart(tokens: readonly Token[], after: number): number {
  const preposition = SITE_PREPOSITIONS.matchAt(tokens, after);
  if (preposition === undefined) return -1;
  return ARTICLES.matchAt(tokens, preposition.end)?.end ?? preposition.end;
}

function attachSites(mentions: readonly Mention[], tokens: readonly Token[]): void {
  const byFirstToken = new Map(mentions.map((m) => [m.firstToken, m]));
  for (const finding of mentions) {
    if (!isFinding(finding)) continue;
    const site = byFirstToken.get(siteStart(tokens, finding.endToken));
    if (site === undefined || !isAnatomy(site) || site.head !== undefined) continue;
    site.head = finding;
    finding.relations.push({ rel: 'has_anatomical_location', to: site });
    if (finding.characteristics.negative !== undefined) site.characteristics.negative ??= finding.characteristics.negative;
  }
}

function attachReportingVerbs(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array): void {
  mentions.forEach((verb, index) => {
    if (!isReportingVerb(verb)) return;
    let clauseEnd = verb.endToken;
    while (clauseEnd < tokens.length && sentenceOf[clauseEnd] === sentenceOf[verb.firstToken]) {
      if ((tokens[clauseEnd] as Token).afterLineBreak || CLAUSE_ENDS.matchAt(tokens, clauseEnd) !== undefined) break;
      clauseEnd++;
    }
    for (const m of mentions.slice(index + 1)) {
      if (m.firstToken >= clauseEnd || isReportingVerb(m)) break;
      if (isFinding(m) && m.head === undefined) m.head = verb;
    }
  });
}

export function attachHeadsAndRelations(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array): void {
  attachSites(mentions, tokens);
  attachReportingVerbs(mentions, tokens, sentenceOf);
}
