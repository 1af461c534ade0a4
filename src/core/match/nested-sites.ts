/**
 * Sites inside concepts (`config.nested_sites`): a finding or procedure whose own words hold an
 * anatomical site ("cáncer de esófago", "radiografía de tórax", "dolor torácico", "soplo cardíaco")
 * yields that site as an Anatomy mention over its own words, inside the concept's span, with the
 * side word after it when the concept holds one ("fractura de cadera derecha"). The site is the
 * dictionary's: its anatomy terms matched within the concept's words after the first (so a concept
 * is never its own site), then the site adjectives the lexicon has no term for (site-adjectives.json).
 * A site adjective the lexicon lacks right after a concept is its site too ("cáncer cervicouterino").
 * A site word that names no site after the word before it is none ("arterial" in "hipertensión
 * arterial": `notSites`).
 * They are found once every other stage is done and joined to the layers just before emit
 * (`attach/nested-sites.ts`), so that no stage before sees overlapping mentions.
 */
import type { Dictionary } from '../dictionary/lookup.ts';
import type { ConceptEntry } from '../dictionary/types.ts';
import { isAnatomy, isFinding, isProcedure, newMention, type Mention } from '../mention.ts';
import { termKey, type Token } from '../text/tokenise.ts';
import { afterSide } from './laterality.ts';
import { matchConcepts, type MatchOptions } from './matcher.ts';
import data from './site-adjectives.json' with { type: 'json' };

/** A site found inside the concept at mention index `of`. */
export interface NestedSite {
  readonly site: Mention;
  readonly of: number;
}

export type NestedSiteFinder = (text: string, tokens: readonly Token[], mentions: readonly Mention[]) => NestedSite[];

/** The site adjectives whose term the dictionary knows as exactly one Anatomy concept. */
function siteAdjectives(dictionary: Dictionary): ReadonlyMap<string, ConceptEntry> {
  const adjectives = new Map<string, ConceptEntry>();
  for (const [adjective, term] of Object.entries(data.adjectives as Record<string, string>)) {
    const concepts = [...new Set(dictionary.lookup(termKey(term)).map((e) => e.concept))].map((c) => dictionary.concept(c));
    const only = concepts.length === 1 ? concepts[0] : undefined;
    if (only !== undefined && only.category === 'Anatomy') adjectives.set(termKey(adjective), only);
  }
  return adjectives;
}

/** Site words that name no site after the words listed with them ("arterial" in "hipertensión arterial"). */
const NOT_SITES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(data.notSites as Record<string, string[]>).map(([word, after]) => [termKey(word), new Set(after.map(termKey))]),
);

/** Whether the site over tokens [first, end) is a word that, after the token before it, names no site. */
export function notASite(tokens: readonly Token[], first: number, end: number): boolean {
  const after = end === first + 1 ? NOT_SITES.get((tokens[first] as Token).norm) : undefined;
  return after !== undefined && after.has(tokens[first - 1]?.norm ?? '');
}

/** Makes the finder of the sites inside the concepts of `mentions` (sorted by position), in text order. */
export function nestedSiteFinder(dictionary: Dictionary, options: MatchOptions): NestedSiteFinder {
  const adjectives = siteAdjectives(dictionary);
  return (text, tokens, mentions) => {
    const sites: NestedSite[] = [];
    for (let k = 0; k < mentions.length; k++) {
      const m = mentions[k] as Mention;
      if (m.kind !== 'concept' || isAnatomy(m) || !(isFinding(m) || isProcedure(m))) continue;
      const afterSite = adjectiveAfter(adjectives, tokens, m, mentions[k + 1]);
      if (m.endToken - m.firstToken < 2) {
        if (afterSite !== undefined) sites.push({ site: afterSite, of: k });
        continue;
      }
      const from = m.firstToken + 1;
      const before = sites.length;
      for (const s of matchConcepts(text, tokens.slice(from, m.endToken), dictionary, options)) {
        if (isAnatomy(s) && !notASite(tokens, s.firstToken + from, s.endToken + from))
          sites.push({
            site: site(s.concept, tokens, s.firstToken + from, Math.min(afterSide(tokens, s.endToken + from), m.endToken)),
            of: k,
          });
      }
      if (sites.length === before) {
        // No site term inside: a site adjective the lexicon lacks ("dolor torácico").
        for (let i = from; i < m.endToken; i++) {
          const concept = adjectives.get((tokens[i] as Token).norm);
          if (concept !== undefined) sites.push({ site: site(concept, tokens, i, Math.min(afterSide(tokens, i + 1), m.endToken)), of: k });
        }
      }
      if (afterSite !== undefined) sites.push({ site: afterSite, of: k });
    }
    return sites;
  };
}

/** A site adjective the lexicon lacks right after the concept, on its line and in no mention ("cáncer cervicouterino"). */
function adjectiveAfter(
  adjectives: ReadonlyMap<string, ConceptEntry>,
  tokens: readonly Token[],
  m: Mention,
  next: Mention | undefined,
): Mention | undefined {
  const t = tokens[m.endToken];
  const concept = t === undefined || t.afterLineBreak ? undefined : adjectives.get(t.norm);
  if (concept === undefined || (next !== undefined && next.firstToken <= m.endToken)) return undefined;
  const end = Math.min(afterSide(tokens, m.endToken + 1), next?.firstToken ?? tokens.length);
  return site(concept, tokens, m.endToken, end);
}

function site(concept: ConceptEntry, tokens: readonly Token[], first: number, end: number): Mention {
  return newMention('concept', concept, first, end, (tokens[first] as Token).start, (tokens[end - 1] as Token).end);
}
