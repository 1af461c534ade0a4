/**
 * Senses an abbreviation or a word takes from its neighbours (`senses.json`): "PCR de SARS-CoV-2" is
 * the polymerase chain reaction, "PCR 45 mg/l" C-reactive protein; "serología de VIH" tests for the
 * virus, "paciente con VIH" has the infection. A rule gives the other sense when any of its
 * conditions holds: the concept after it (`beforeRoles`) or before it (`afterRoles`) has one of the
 * roles, at most one link word ("de", "para"…) apart; the word just after it (`beforeWords`) or just
 * before it (`afterWords`) is listed; a number follows it (`beforeNumber`). An abbreviation in capitals
 * is matched as written, a lower-case word in any case. The other sense is a lexicon term, looked up
 * once per dictionary, so the codes stay in the lexicon.
 */
import type { Dictionary } from '../dictionary/lookup.ts';
import type { ConceptEntry } from '../dictionary/types.ts';
import { newMention, roleBits, type Mention, type Role } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import { termKey, type Token } from '../text/tokenise.ts';
import senses from './senses.json' with { type: 'json' };

const LINKS = PhraseSet.of(senses.links);

interface SenseRuleSource {
  readonly abbreviation: string;
  readonly otherSense: string;
  readonly beforeRoles?: readonly string[];
  readonly afterRoles?: readonly string[];
  readonly beforeWords?: readonly string[];
  readonly afterWords?: readonly string[];
  readonly beforeNumber?: boolean;
}

interface SenseRule {
  /** The form as written (an abbreviation), or undefined for a word matched in any case. */
  readonly written: string | undefined;
  readonly beforeRoles: number;
  readonly afterRoles: number;
  readonly beforeWords: ReadonlySet<string>;
  readonly afterWords: ReadonlySet<string>;
  readonly beforeNumber: boolean;
  readonly otherSense: ConceptEntry;
}

/** Rules by the concept the abbreviation or word matches, for the senses this dictionary has. */
export type SenseRules = ReadonlyMap<ConceptEntry, readonly SenseRule[]>;

export function senseRules(dictionary: Dictionary): SenseRules {
  const rules = new Map<ConceptEntry, SenseRule[]>();
  for (const rule of senses.rules as readonly SenseRuleSource[]) {
    const other = dictionary.lookup(termKey(rule.otherSense))[0];
    if (other === undefined) continue;
    const sense: SenseRule = {
      written: rule.abbreviation === rule.abbreviation.toLowerCase() ? undefined : rule.abbreviation,
      beforeRoles: roleBits((rule.beforeRoles ?? []) as Role[]),
      afterRoles: roleBits((rule.afterRoles ?? []) as Role[]),
      beforeWords: new Set((rule.beforeWords ?? []).map(termKey)),
      afterWords: new Set((rule.afterWords ?? []).map(termKey)),
      beforeNumber: rule.beforeNumber === true,
      otherSense: dictionary.concept(other.concept),
    };
    for (const entry of dictionary.lookup(termKey(rule.abbreviation))) {
      const concept = dictionary.concept(entry.concept);
      if (concept === sense.otherSense) continue;
      rules.set(concept, [...(rules.get(concept) ?? []), sense]);
    }
  }
  return rules;
}

/** Does the mention at k, written as the rule's form, stand in the rule's context? */
function holds(rule: SenseRule, k: number, text: string, mentions: readonly Mention[], tokens: readonly Token[]): boolean {
  const m = mentions[k] as Mention;
  if (rule.written !== undefined && text.slice(m.start, m.end) !== rule.written) return false;
  const after = tokens[m.endToken];
  const before = tokens[m.firstToken - 1];
  if (rule.beforeNumber && after?.kind === 'number') return true;
  if (after?.kind === 'word' && rule.beforeWords.has(after.norm)) return true;
  if (before?.kind === 'word' && rule.afterWords.has(before.norm)) return true;
  const next = mentions[k + 1];
  if (next !== undefined && (next.roles & rule.beforeRoles) !== 0) {
    const gapEnd = LINKS.matchAt(tokens, m.endToken)?.end ?? m.endToken;
    if (next.firstToken === gapEnd) return true;
  }
  const previous = mentions[k - 1];
  if (previous !== undefined && (previous.roles & rule.afterRoles) !== 0) {
    const gapEnd = LINKS.matchAt(tokens, previous.endToken)?.end ?? previous.endToken;
    if (m.firstToken === gapEnd || m.firstToken === previous.endToken) return true;
  }
  return false;
}

/** Gives each abbreviation or word whose context a rule names its other sense, in place. */
export function applySenses(text: string, mentions: Mention[], tokens: readonly Token[], rules: SenseRules): void {
  if (rules.size === 0) return;
  for (let k = 0; k < mentions.length; k++) {
    const m = mentions[k] as Mention;
    const candidates = rules.get(m.concept);
    if (candidates === undefined) continue;
    const rule = candidates.find((r) => holds(r, k, text, mentions, tokens));
    if (rule !== undefined) mentions[k] = newMention(m.kind, rule.otherSense, m.firstToken, m.endToken, m.start, m.end);
  }
}
