/**
 * Senses an abbreviation takes from the concept after it (`senses.json`): "PCR de SARS-CoV-2" is the
 * polymerase chain reaction, "PCR 45 mg/l" C-reactive protein. The other sense is a lexicon term,
 * looked up once per dictionary, so the codes stay in the lexicon.
 */
import type { Dictionary } from '../dictionary/lookup.ts';
import type { ConceptEntry } from '../dictionary/types.ts';
import { newMention, roleBits, type Mention, type Role } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import { termKey, type Token } from '../text/tokenise.ts';
import senses from './senses.json' with { type: 'json' };

const LINKS = PhraseSet.of(senses.links);

interface SenseRule {
  readonly abbreviation: string;
  /** The roles, as bits, of a concept after the abbreviation that gives away the other sense. */
  readonly beforeRoles: number;
  readonly otherSense: ConceptEntry;
}

/** Rules by the concept the abbreviation matches, for the senses this dictionary has. */
export type SenseRules = ReadonlyMap<ConceptEntry, SenseRule>;

export function senseRules(dictionary: Dictionary): SenseRules {
  const rules = new Map<ConceptEntry, SenseRule>();
  for (const rule of senses.rules) {
    const other = dictionary.lookup(termKey(rule.otherSense))[0];
    if (other === undefined) continue;
    const sense: SenseRule = {
      abbreviation: rule.abbreviation,
      beforeRoles: roleBits(rule.beforeRoles as Role[]),
      otherSense: dictionary.concept(other.concept),
    };
    for (const entry of dictionary.lookup(termKey(rule.abbreviation))) rules.set(dictionary.concept(entry.concept), sense);
  }
  return rules;
}

/** Gives each abbreviation followed by a concept of the listed roles its other sense, in place. */
export function applySenses(text: string, mentions: Mention[], tokens: readonly Token[], rules: SenseRules): void {
  if (rules.size === 0) return;
  for (let k = 0; k + 1 < mentions.length; k++) {
    const m = mentions[k] as Mention;
    const rule = rules.get(m.concept);
    if (rule === undefined || text.slice(m.start, m.end) !== rule.abbreviation) continue;
    const next = mentions[k + 1] as Mention;
    const gapEnd = LINKS.matchAt(tokens, m.endToken)?.end ?? m.endToken;
    if (next.firstToken !== gapEnd || (next.roles & rule.beforeRoles) === 0) continue;
    mentions[k] = newMention(m.kind, rule.otherSense, m.firstToken, m.endToken, m.start, m.end);
  }
}
