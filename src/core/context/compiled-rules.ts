/**
 * A rule list compiled for the scanners: one phrase set of the rules matched in the text (the
 * longest phrase at a position decides: "no se descarta" is uncertainty, not "no"; "sin embargo"
 * ends a scope, it is not "sin"; of two rules with the same phrase the later wins), and one per
 * word-list behaviour.
 */
import { PhraseSet } from '../text/phrases.ts';
import { termKey } from '../text/tokenise.ts';
import { defaultRules, rulePhrases, SIDE_BEHAVIOURS, type ContextRule, type SideBehaviour } from './rule-pack.ts';

export type CueKind = 'negation' | 'uncertainty';

export interface CompiledRules {
  /** The rules as given, in order (what `glosa rules export` prints for the default pack). */
  readonly rules: readonly ContextRule[];
  /** Cues, pseudo-cues and terminators matched while scanning. */
  readonly scan: PhraseSet<ContextRule>;
  /** The word lists of the behaviours that consult one. */
  readonly side: Readonly<Record<SideBehaviour, PhraseSet<ContextRule>>>;
  /** One-word lists by behaviour, for checks at every token. */
  readonly words: Readonly<
    Record<
      'coordination' | 'yes_lead' | 'negated_list_joiner' | 'backward_stop' | 'new_clause' | 'list_joiner' | 'item_joiner',
      ReadonlyMap<string, ContextRule>
    >
  >;
  /** The rule a relative's forward scope fires as (behaviour "relative"), if any. */
  readonly relative: ContextRule | undefined;
  /** The rule a family-history section's header fires as (behaviour "family_section"), if any. */
  readonly familySection: ContextRule | undefined;
  /** Words in the longest companion phrase ("en compañía de su"). */
  readonly companionWords: number;
}

const isSide = (b: string | undefined): b is SideBehaviour => b !== undefined && (SIDE_BEHAVIOURS as readonly string[]).includes(b);

function phraseSet(rules: readonly ContextRule[]): PhraseSet<ContextRule> {
  return new PhraseSet<ContextRule>(rules.flatMap((r) => rulePhrases(r).map((p) => [p, r] as const)));
}

function mostWords(rules: readonly ContextRule[]): number {
  let most = 0;
  for (const rule of rules) for (const p of rulePhrases(rule)) most = Math.max(most, termKey(p).split(' ').length);
  return most;
}

function wordMap(rules: readonly ContextRule[], behaviour: string): ReadonlyMap<string, ContextRule> {
  return new Map(rules.filter((r) => r.behaviour === behaviour).flatMap((r) => rulePhrases(r).map((p) => [termKey(p), r] as const)));
}

/** Compiles validated rules (see `applyRulePack`). */
export function compileRules(rules: readonly ContextRule[]): CompiledRules {
  const side = Object.fromEntries(SIDE_BEHAVIOURS.map((b) => [b, phraseSet(rules.filter((r) => r.behaviour === b))])) as Record<
    SideBehaviour,
    PhraseSet<ContextRule>
  >;
  return {
    rules,
    scan: phraseSet(rules.filter((r) => !isSide(r.behaviour) && r.behaviour !== 'relative' && r.behaviour !== 'family_section')),
    side,
    words: {
      coordination: wordMap(rules, 'coordination'),
      yes_lead: wordMap(rules, 'yes_lead'),
      negated_list_joiner: wordMap(rules, 'negated_list_joiner'),
      backward_stop: wordMap(rules, 'backward_stop'),
      new_clause: wordMap(rules, 'new_clause'),
      list_joiner: wordMap(rules, 'list_joiner'),
      item_joiner: wordMap(rules, 'item_joiner'),
    },
    relative: rules.find((r) => r.behaviour === 'relative'),
    familySection: rules.find((r) => r.behaviour === 'family_section'),
    companionWords: mostWords(rules.filter((r) => r.behaviour === 'family_companion')),
  };
}

let defaultCompiled: CompiledRules | undefined;

/** The default Spanish pack, compiled once. */
export function defaultCompiledRules(): CompiledRules {
  return (defaultCompiled ??= compileRules(defaultRules()));
}
