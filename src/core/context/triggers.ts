/**
 * The context stage's lexicon: cue phrases from the JSON lists beside this file, gathered in one
 * phrase set so that the longest phrase at a position decides what it is ("no se descarta" is
 * uncertainty, not "no"; "sin embargo" ends a scope, it is not "sin").
 */
import { PhraseSet } from '../text/phrases.ts';
import negation from './negation-triggers.json' with { type: 'json' };
import scopeRules from './scope-rules.json' with { type: 'json' };
import uncertainty from './uncertainty-triggers.json' with { type: 'json' };

export type CueKind = 'negation' | 'uncertainty';

/** What a preposition of `scopeRules.reasons`, `means` or `places` introduces. */
export type Gives = 'reason' | 'means' | 'place';

export type Rule =
  | { readonly role: 'pseudo' }
  | { readonly role: 'terminator' }
  /**
   * "por", "con", "en": ends a negation scope when what follows is a reason or a means, not more of
   * what is negated (see `SentenceScanner.isReason`).
   */
  | { readonly role: 'reason'; readonly gives: Gives }
  | {
      readonly role: 'cue';
      readonly kind: CueKind;
      /** forward: what follows; backward: what precedes; both: forward, else backward. */
      readonly direction: 'forward' | 'backward' | 'both';
      /** A backward scope that runs over commas (plural post-triggers: "X, Y y Z descartados"). */
      readonly overList: boolean;
      /** Only the first word is the cue's span ("Sin sospecha de": "Sin"). */
      readonly firstWordOnly: boolean;
      /** A cue only when it opens a scope ("ni"); inside one it merely coordinates. */
      readonly coordination: boolean;
      /** Begins with "si" (if), which may be "sí" (yes): see `readsAsYes` in cues.ts. */
      readonly conditional: boolean;
    };

function cue(kind: CueKind, direction: 'forward' | 'backward' | 'both', extra: Partial<Rule> = {}): Rule {
  return { role: 'cue', kind, direction, overList: false, firstWordOnly: false, coordination: false, conditional: false, ...extra } as Rule;
}

function entries(): [string, Rule][] {
  const list: [string, Rule][] = [];
  const add = (phrases: readonly string[], rule: Rule): void => {
    for (const p of phrases) list.push([p, rule]);
  };
  add(negation.forward, cue('negation', 'forward'));
  add(negation.cueIsFirstWord, cue('negation', 'forward', { firstWordOnly: true }));
  add(negation.coordination, cue('negation', 'forward', { coordination: true }));
  add(negation.backward, cue('negation', 'backward'));
  add(negation.backwardList, cue('negation', 'backward', { overList: true }));
  add(uncertainty.forward, cue('uncertainty', 'forward'));
  add(uncertainty.both, cue('uncertainty', 'both'));
  add(uncertainty.backward, cue('uncertainty', 'backward'));
  add(uncertainty.hypothetical, cue('uncertainty', 'forward'));
  add(uncertainty.conditional, cue('uncertainty', 'forward', { conditional: true }));
  // Later entries win on the same phrase: pseudo-triggers, terminators and reasons override cues.
  add(scopeRules.pseudo, { role: 'pseudo' });
  add(scopeRules.terminators, { role: 'terminator' });
  add(scopeRules.reasons, { role: 'reason', gives: 'reason' });
  add(scopeRules.means, { role: 'reason', gives: 'means' });
  add(scopeRules.places, { role: 'reason', gives: 'place' });
  return list;
}

export const CONTEXT_RULES = new PhraseSet<Rule>(entries());

/** Answers that, after "Field:", negate the field ("Fiebre: no"). */
export const FORM_ANSWERS = PhraseSet.of(negation.formAnswers);

/** Single tokens that end a backward scope, besides terminators and sentence edges. */
export const BACKWARD_STOPS: ReadonlySet<string> = new Set([':', '(', ')']);

/** Punctuation after which a new cue opens a new clause and ends the other kind's scope too. */
export const CLAUSE_COMMAS: ReadonlySet<string> = new Set([',', ':']);

/** Words that keep a reporting verb inside the open scope ("No refiere ni presenta fiebre"). */
export const VERB_COORDINATORS: ReadonlySet<string> = new Set(negation.coordination);

/** Bare "no" + these words + a verb make one cue ("No se identifican"). */
export const FUSED_VERB_PREFIXES = PhraseSet.of(negation.fusedVerbPrefixes);

/** Tokens after which "si" is "sí" (yes) written without its accent ("pero si tos", "Tos: si"). */
export const YES_LEADS: ReadonlySet<string> = new Set(uncertainty.yesLeads);

/** Words that, right after a concept, say it is present ("peristaltismo conservado"). */
export const AFFIRMERS = PhraseSet.of(scopeRules.affirmers);

/** Last words of a negated statement that is complete at its comma ("sin alergias conocidas,"). */
export const STATEMENT_ENDINGS = PhraseSet.of(scopeRules.closedStatements.endings);

/** Words that join a negated list ("fiebre o tos", "ni tos"), which a closed statement does not end. */
export const NEGATED_LIST_JOINERS: ReadonlySet<string> = new Set(scopeRules.closedStatements.negatedListJoiners);

/** Categories of acts rather than hypotheses, which uncertainty cues leave alone. */
export const NOT_HEDGED: ReadonlySet<string> = new Set(scopeRules.notHedged);
