/**
 * Sites inside concepts (`config.nested_sites`): a finding or procedure whose own words hold an
 * anatomical site ("cáncer de esófago", "radiografía de tórax", "dolor torácico", "soplo cardíaco")
 * yields that site as an Anatomy mention over its own words, inside the concept's span, with the
 * side word after it when the concept holds one ("fractura de cadera derecha"). The site is the
 * dictionary's: its anatomy terms matched within the concept's words after the first (so a concept
 * is never its own site), then the site adjectives the lexicon has no term for (site-adjectives.json).
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

/** Makes the finder of the sites inside the concepts of `mentions` (sorted by position), in text order. */
export function nestedSiteFinder(dictionary: Dictionary, options: MatchOptions): NestedSiteFinder {
  const adjectives = siteAdjectives(dictionary);
  return (text, tokens, mentions) => {
    const sites: NestedSite[] = [];
    for (let k = 0; k < mentions.length; k++) {
      const m = mentions[k] as Mention;
      if (m.kind !== 'concept' || m.endToken - m.firstToken < 2 || isAnatomy(m) || !(isFinding(m) || isProcedure(m))) continue;
      const from = m.firstToken + 1;
      const before = sites.length;
      for (const s of matchConcepts(text, tokens.slice(from, m.endToken), dictionary, options)) {
        if (isAnatomy(s))
          sites.push({
            site: site(s.concept, tokens, s.firstToken + from, Math.min(afterSide(tokens, s.endToken + from), m.endToken)),
            of: k,
          });
      }
      if (sites.length > before) continue;
      // No site term inside: a site adjective the lexicon lacks ("dolor torácico").
      for (let i = from; i < m.endToken; i++) {
        const concept = adjectives.get((tokens[i] as Token).norm);
        if (concept !== undefined) sites.push({ site: site(concept, tokens, i, Math.min(afterSide(tokens, i + 1), m.endToken)), of: k });
      }
    }
    return sites;
  };
}

function site(concept: ConceptEntry, tokens: readonly Token[], first: number, end: number): Mention {
  return newMention('concept', concept, first, end, (tokens[first] as Token).start, (tokens[end - 1] as Token).end);
}
