/**
 * Negation and uncertainty, ConText-style, one sentence at a time, driven by the rules of a rule
 * pack (see rule-pack.ts). A cue opens a scope (forward), or reaches back (backward), or both; the
 * concepts inside a scope get the cue in the context layer. A scope ends at a terminate rule, the
 * sentence end (line breaks end sentences), a new cue of its kind, a reporting verb that opens a
 * new clause, or after `max_scope` words with no concept. Each cue records the text its scope
 * covered, for explanations.
 */
import type { Cue } from '../doc.ts';
import { forEachSentence, hasRole, isFamilyMember, isFinding, isProcedure, isReportingVerb, roleBits, type Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';
import type { CompiledRules, CueKind } from './compiled-rules.ts';
import type { ContextRule } from './rule-pack.ts';

export interface CueOptions {
  /** How many words with no concept a scope may run over before it ends, unless its rule says. */
  readonly windowWords: number;
}

/** The cue layers this stage fills, by mention index. */
export interface CueLayers {
  readonly negative: (Cue | undefined)[];
  readonly uncertain: (Cue | undefined)[];
}

interface Scope {
  readonly kind: CueKind;
  readonly rule: ContextRule;
  readonly targets: Targets;
  readonly cue: Cue;
  readonly cueToken: number;
  /** First token inside the scope. */
  readonly from: number;
  /** Reach back when the scope closes with no concept in it ("Neumonía probable."). */
  readonly fallsBack: boolean;
  /** Where that reach stops: the floor when the cue was found. */
  readonly floor: number;
  readonly maxWords: number;
  words: number;
  found: boolean;
  /** Index of the last mention the scope covered. */
  last: number | undefined;
}

/** A rule's allowed and excluded target roles as bits (0 allowed: any). */
interface Targets {
  readonly allowed: number;
  readonly excluded: number;
}

const targetsOfRule = new WeakMap<ContextRule, Targets>();

function targetsOf(rule: ContextRule): Targets {
  let t = targetsOfRule.get(rule);
  if (t === undefined) {
    t = { allowed: roleBits(rule.allowed_roles), excluded: roleBits(rule.excluded_roles) };
    targetsOfRule.set(rule, t);
  }
  return t;
}

/** Whether a rule may modify `m`: a concept, not a relative, and of the roles the rule allows. */
function targets(t: Targets, m: Mention): boolean {
  if (m.kind !== 'concept' || isFamilyMember(m)) return false;
  return (t.allowed === 0 || (m.roles & t.allowed) !== 0) && (m.roles & t.excluded) === 0;
}

/**
 * Whether the terminate rule `by` ends `scope`: a rule with `terminated_by` lists the ones that do;
 * a `named_only` terminator ends only the scopes whose rule lists it ("se desescala X a Y").
 */
function endedBy(scope: Scope | undefined, by: ContextRule): scope is Scope {
  if (scope === undefined) return false;
  if (by.behaviour === 'named_only') return scope.rule.terminated_by?.includes(by.id) === true;
  return scope.rule.terminated_by === undefined || scope.rule.terminated_by.includes(by.id);
}

function newCue(start: number, end: number, rule: ContextRule): Cue {
  const scope = { start: end, end };
  return rule.hypothetical === true ? { start, end, rule: rule.id, scope, hypothetical: true } : { start, end, rule: rule.id, scope };
}

/** Scans sentences one after another; one scanner serves a whole text. */
class SentenceScanner {
  /** The open scope of each kind (at most one each). */
  private negation: Scope | undefined;
  private uncertainty: Scope | undefined;
  /** Backward scopes never reach before this token (the end of the last cue or terminator). */
  private floor = 0;
  /** Index of the next mention not yet passed. */
  private next = 0;
  private firstMention = 0;
  private endMention = 0;
  private start = 0;
  private end = 0;
  /** The token being looked at: a scope that closes now covered the tokens before it. */
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly mentions: readonly Mention[],
    private readonly rules: CompiledRules,
    private readonly options: CueOptions,
    private readonly layers: CueLayers,
  ) {}

  /** Scans the sentence of tokens [start, end) that holds mentions [firstMention, endMention). */
  scan(firstMention: number, endMention: number, start: number, end: number): void {
    this.firstMention = firstMention;
    this.next = firstMention;
    this.endMention = endMention;
    this.start = start;
    this.floor = start;
    this.end = end;
    let i = start;
    while (i < end) i = this.step(i);
    this.at = end;
    this.close('negation');
    this.close('uncertainty');
  }

  /** Handles the token at `i`; returns the next token to look at. */
  private step(i: number): number {
    this.at = i;
    const here = this.mentionAt(i);
    const answer = this.formAnswer(i);
    if (answer !== undefined) {
      const { rule, last } = answer;
      this.reachBack(newCue(this.tok(i).start, this.tok(i).end, rule), 'negation', rule, last, this.isFieldList(last), this.floor);
      this.floor = i + 1;
      if (this.negation !== undefined) this.countWords(this.negation, i, i + 1);
      if (this.uncertainty !== undefined) this.countWords(this.uncertainty, i, i + 1);
      return i + 1;
    }
    const rule = this.rules.scan.matchAt(this.tokens, i);
    // A lexicon concept longer than the phrase owns its words ("no fumador").
    if (rule !== undefined && rule.end <= this.end && (here === undefined || (this.mentions[here] as Mention).endToken <= rule.end)) {
      const { negation, uncertainty } = this;
      const next = this.applyRule(i, rule.end, rule.value);
      // Words a rule took without ending a scope count towards its window ("sin el el el el a cefalea").
      if (negation !== undefined && negation === this.negation) this.countWords(negation, i, next);
      if (uncertainty !== undefined && uncertainty === this.uncertainty) this.countWords(uncertainty, i, next);
      return next;
    }
    if (here !== undefined) return this.enterMention(i, here);
    if (this.negation !== undefined && this.tok(i).norm === ',') {
      const closing = this.closedStatement(i);
      if (closing !== undefined && endedBy(this.negation, closing)) {
        this.endNegation(i + 1);
        return i + 1;
      }
    }
    if (this.negation !== undefined) this.countWords(this.negation, i, i + 1);
    if (this.uncertainty !== undefined) this.countWords(this.uncertainty, i, i + 1);
    return i + 1;
  }

  /** Counts the words of tokens [from, to) in `scope`'s window; closes it once the window is over. */
  private countWords(scope: Scope, from: number, to: number): void {
    for (let t = from; t < to; t++) if (this.tok(t).kind === 'word') scope.words++;
    if (scope.words > scope.maxWords) this.close(scope.kind);
  }

  /** A rule's phrase at tokens [i, end). */
  private applyRule(i: number, end: number, r: ContextRule): number {
    if (r.direction === 'pseudo') return this.pass(end);
    if (r.direction === 'self') return this.selfNegating(i, end, r);
    if (r.direction === 'terminate') {
      if (r.behaviour === 'reason' || r.behaviour === 'means' || r.behaviour === 'place') {
        if (endedBy(this.negation, r) && this.isReason(end, r)) this.endNegation(end);
        return this.pass(end);
      }
      return this.terminate(end, r);
    }
    // "Sin antecedentes salvo HTA": an exception ends the scopes open; with none open it excludes
    // the acts after it ("Mantener tratamiento habitual salvo metformina").
    if (r.behaviour === 'exception' && (this.negation !== undefined || this.uncertainty !== undefined))
      return this.terminate(end, undefined);
    // "dolor torácico no irradiado", "tos no productiva": a negated description of the finding before it.
    if (r.behaviour === 'describes_after_finding' && this.describesFinding(i, end)) return this.pass(end);
    // "sin datos que sugieran infección": inside a negation the hedge is part of what is negated.
    if (r.behaviour === 'hedge_unless_negated' && this.negation !== undefined) return this.pass(end);
    const kind = r.category as CueKind;
    // "Sin mejoría de la disnea", "No tolera la dieta": the first word negates the concept inside the phrase only.
    if (r.behaviour === 'object_cue') return this.objectCue(i, end, r);
    // "pero si tos": "si" is "sí" (yes), which ends every scope.
    if (r.behaviour === 'si_reading' && this.readsAsYes(i)) return this.terminate(i + 1, undefined);
    if (r.behaviour === 'coordination' && this.scope(kind) !== undefined) return this.pass(end);
    const firstWordOnly = r.behaviour === 'first_word_cue';
    let cueEnd = firstWordOnly ? i + 1 : this.fusedVerbEnd(i, end);
    // "no refiere dolor": the cue is "no" alone and the reporting verb is inside the scope.
    const verb = this.reportingVerbWithin(i + 1, cueEnd);
    if (verb !== undefined) cueEnd = verb;
    const cue = newCue(this.tok(i).start, this.tok(cueEnd - 1).end, r);
    const from = firstWordOnly ? end : cueEnd;
    const both = r.direction === 'bidirectional' && r.behaviour !== 'both_sides';
    // "Cefalea de probable origen tensional": after "de" the cue hedges only what follows it.
    const forwardOnly = both && i > this.start && this.tok(i - 1).norm === 'de';
    if (r.behaviour === 'both_sides') {
      // "Neumonía vs bronquitis": each side is one possibility.
      this.reachBack(cue, kind, r, i - 1, false, this.floor);
      this.open(kind, r, cue, i, from, false);
    } else if (r.behaviour === 'hedges_negation') {
      this.reachBack(cue, kind, r, i - 1, false, this.floor, true);
    } else if (both && !forwardOnly && this.endsClause(from)) {
      // "Neumonía probable, ...": a two-way cue that closes its phrase looks back.
      this.reachBack(cue, kind, r, i - 1, false, this.floor);
    } else if (r.direction !== 'backward') {
      this.open(kind, r, cue, i, from, both && !forwardOnly);
    } else if (
      this.reachBack(cue, kind, r, this.appositionEnd(i, r), r.behaviour === 'over_list', this.floor) === 0 &&
      (i === this.floor || r.behaviour === 'either_side')
    ) {
      // A post-trigger that opens its clause with nothing before it looks forward ("Descartado TEP.");
      // an either_side one does so whenever nothing before it took it ("Con paracetamol cede la fiebre").
      this.open(kind, r, cue, i, from, false);
    }
    this.floor = from;
    return this.pass(from);
  }

  /**
   * "Sin mejoría de la disnea", "No tolera la dieta": the cue's first word negates the concept that
   * starts inside the rest of its phrase (what did not happen), and nothing after it; with no such
   * concept the phrase is a pseudo-cue.
   */
  private objectCue(i: number, end: number, r: ContextRule): number {
    let k = this.next;
    while (k < this.endMention && (this.mentions[k] as Mention).firstToken <= i) k++;
    const m = this.mentions[k];
    if (k >= this.endMention || m === undefined || m.firstToken >= end) return this.pass(end);
    const cue: Cue = { start: this.tok(i).start, end: this.tok(i).end, rule: r.id, scope: { start: m.start, end: m.end } };
    this.mark(k, r.category as CueKind, targetsOf(r), cue);
    this.floor = m.endToken;
    return this.pass(Math.max(end, m.endToken));
  }

  /**
   * Where a post-cue's reach back starts: right before it, or, for an `apposition` cue right after a
   * concept and a comma ("Digoxina, retirada."), before the comma.
   */
  private appositionEnd(i: number, r: ContextRule): number {
    if (r.behaviour === 'apposition' && i - 1 > this.floor && this.tok(i - 1).norm === ',' && this.conceptEndsAt(i - 1)) return i - 2;
    return i - 1;
  }

  /**
   * "afebril", "asintomático": a word that carries its own negation is its scope; the concept made of
   * exactly its words is negated, with the word as its trigger. Open scopes go on past it.
   */
  private selfNegating(i: number, end: number, r: ContextRule): number {
    const k = this.mentionAt(i);
    if (k !== undefined && (this.mentions[k] as Mention).endToken === end) {
      const cue: Cue = {
        start: this.tok(i).start,
        end: this.tok(end - 1).end,
        rule: r.id,
        scope: { start: this.tok(i).start, end: this.tok(end - 1).end },
      };
      this.mark(k, r.category as CueKind, targetsOf(r), cue);
    }
    return this.pass(end);
  }

  /**
   * Ends the scopes that the terminate rule `by` ends (of its category, or both when it has none;
   * `undefined`: "sí" or an exception, which end every scope) before token `end`, and moves past it.
   */
  private terminate(end: number, by: ContextRule | undefined): number {
    if (by === undefined || (by.category !== 'uncertainty' && endedBy(this.negation, by))) this.close('negation');
    if (by === undefined || (by.category !== 'negation' && endedBy(this.uncertainty, by))) this.close('uncertainty');
    // A relative or coordinated clause ends what is open, but a post-cue still reaches back over it
    // ("Neumonía que ha sido descartada").
    if (by?.behaviour !== 'clause_end' && by?.behaviour !== 'named_only') this.floor = end;
    return this.pass(end);
  }

  /** Ends the negation scope; nothing before token `at` is negated by a later cue. */
  private endNegation(at: number): void {
    this.close('negation');
    this.floor = at;
  }

  /**
   * Whether "si" at token `i` is "sí" (yes): written so, after a "yes_lead" word ("pero si tos",
   * "Tos: si"), closing its clause ("Tos si, fiebre no"), or opening a sentence with no comma before
   * the main clause that a condition needs ("Si refiere tos.", but "Si fiebre, acudir").
   */
  private readsAsYes(i: number): boolean {
    const t = this.tok(i);
    if (this.text.slice(t.start, t.end).toLowerCase() !== 'si') return true;
    if (i === this.start) return !this.commaAfter(i + 1);
    return this.rules.words.yes_lead.has(this.tok(i - 1).norm) || this.endsClause(i + 1);
  }

  private commaAfter(from: number): boolean {
    for (let k = from; k < this.end; k++) if (this.tok(k).norm === ',') return true;
    return false;
  }

  /** Mention `k` starts at token `i`: open scopes cover it. */
  private enterMention(i: number, k: number): number {
    const m = this.mentions[k] as Mention;
    if (this.negation !== undefined && this.negation.from < i) {
      // "Sin signos de X, peristaltismo conservado": a concept said to be there ends the list.
      const affirmer = this.rules.side.affirmer.matchAt(this.tokens, m.endToken);
      if (affirmer !== undefined && endedBy(this.negation, affirmer.value)) this.close('negation');
    }
    this.next++;
    if (isReportingVerb(m) && !(i > this.start && this.rules.words.coordination.has(this.tok(i - 1).norm))) {
      // A reporting verb after a scope's first token opens a new, affirmative clause ("ni refiere" does not).
      if (this.negation !== undefined && i > this.negation.from) this.close('negation');
      if (this.uncertainty !== undefined && i > this.uncertainty.from) this.close('uncertainty');
    }
    this.cover(this.negation, k);
    this.cover(this.uncertainty, k);
    return Math.max(m.endToken, i + 1);
  }

  private open(kind: CueKind, rule: ContextRule, cue: Cue, cueToken: number, from: number, fallsBack: boolean): void {
    this.close(kind);
    // After a comma a new cue starts a new clause: "compatible con X, no se observa Y".
    if (cueToken > this.start && this.rules.words.new_clause.has(this.tok(cueToken - 1).norm))
      this.close(kind === 'negation' ? 'uncertainty' : 'negation');
    const maxWords = rule.max_scope ?? this.options.windowWords;
    this.setScope(kind, {
      kind,
      rule,
      targets: targetsOf(rule),
      cue,
      cueToken,
      from,
      fallsBack,
      floor: this.floor,
      maxWords,
      words: 0,
      found: false,
      last: undefined,
    });
  }

  private tok(i: number): Token {
    return this.tokens[i] as Token;
  }

  private scope(kind: CueKind): Scope | undefined {
    return kind === 'negation' ? this.negation : this.uncertainty;
  }

  private setScope(kind: CueKind, scope: Scope | undefined): void {
    if (kind === 'negation') this.negation = scope;
    else this.uncertainty = scope;
  }

  private mark(k: number, kind: CueKind, t: Targets, cue: Cue): boolean {
    if (!targets(t, this.mentions[k] as Mention)) return false;
    const layer = kind === 'negation' ? this.layers.negative : this.layers.uncertain;
    layer[k] ??= cue;
    return true;
  }

  /** A mention inside an open scope takes its cue, and the scope's word window starts again. */
  private cover(scope: Scope | undefined, k: number): void {
    if (scope === undefined) return;
    this.mark(k, scope.kind, scope.targets, scope.cue);
    scope.found = true;
    scope.last = k;
    scope.words = 0;
  }

  /**
   * Whether "por", "con" or "en" (behaviours reason, means, place) before token `at` gives a reason,
   * a means or a place rather than more of what is negated:
   * - a test after "en": where a finding was looked for ("No se observan alteraciones en la
   *   radiografía");
   * - a test after "por" or "con" once a finding is negated: how it was ruled out ("Se descarta TEP
   *   con angioTC"); before that the test itself may be negated ("No se realiza seguimiento con
   *   ecografía");
   * - a finding after "por" and a withheld act: the reason, which is there ("No se pauta AINE por
   *   insuficiencia renal"). After a negated finding, "por" and another finding may still be
   *   negated ("no dolor por hernia"), so that is left alone.
   * The concept may come up to the rule's `max_scope` words on ("por riesgo de sangrado").
   */
  private isReason(at: number, rule: ContextRule): boolean {
    if (this.negation === undefined) return false;
    const next = this.conceptNear(at, rule.max_scope ?? 0);
    if (next === undefined) return false;
    const last = this.negation.last === undefined ? undefined : (this.mentions[this.negation.last] as Mention);
    if (isProcedure(next)) return rule.behaviour === 'place' || (last !== undefined && isFinding(last));
    return rule.behaviour === 'reason' && last !== undefined && hasRole(last, 'act') && isFinding(next);
  }

  /**
   * The closed_statement rule when the comma at `comma` ends a negated statement that history lists
   * open with, because its last words close it ("sin alergias medicamentosas conocidas, hipertensa y
   * diabética"), and what follows is no negated list ("Niega hábitos tóxicos, fiebre o tos"). A list
   * goes on over commas ("Sin fiebre, tos ni disnea", "Niega alergias, HTA y DM").
   */
  private closedStatement(comma: number): ContextRule | undefined {
    const scope = this.negation;
    if (scope === undefined) return undefined;
    const lastEnd = scope.last === undefined ? 0 : (this.mentions[scope.last] as Mention).endToken;
    let closing: ContextRule | undefined;
    for (let from = Math.max(scope.from, lastEnd, comma - 2); from < comma && closing === undefined; from++) {
      const ending = this.rules.side.closed_statement.matchAt(this.tokens, from);
      if (ending?.end === comma) closing = ending.value;
    }
    if (closing === undefined) return undefined;
    for (let i = comma + 1; i < this.end && this.tok(i).norm !== ';'; i++) {
      if (this.rules.words.negated_list_joiner.has(this.tok(i).norm)) return undefined;
    }
    return closing;
  }

  /** Index of the mention that starts at token `i`, skipping any that the scan has passed. */
  private mentionAt(i: number): number | undefined {
    while (this.next < this.endMention && (this.mentions[this.next] as Mention).firstToken < i) this.next++;
    if (this.next >= this.endMention) return undefined;
    return (this.mentions[this.next] as Mention).firstToken === i ? this.next : undefined;
  }

  /** The first concept at `at` or after at most `words` words, with no punctuation between. */
  private conceptNear(at: number, words: number): Mention | undefined {
    for (let k = this.next; k < this.endMention; k++) {
      const m = this.mentions[k] as Mention;
      if (m.firstToken < at) continue;
      if (m.kind !== 'concept' || m.firstToken - at > words) return undefined;
      for (let t = at; t < m.firstToken; t++) if (this.tok(t).kind !== 'word') return undefined;
      return m;
    }
    return undefined;
  }

  /** Moves past tokens that a cue or pseudo-cue took; mentions inside them are not modified. */
  private pass(to: number): number {
    while (this.next < this.endMention && (this.mentions[this.next] as Mention).firstToken < to) this.next++;
    return to;
  }

  /** "No se identifican X": a bare "no", a fused_verb prefix and a verb that is no concept make one cue. */
  private fusedVerbEnd(i: number, end: number): number {
    if (end !== i + 1) return end;
    const prefix = this.rules.side.fused_verb.matchAt(this.tokens, i);
    if (prefix === undefined || prefix.end >= this.end || this.tok(prefix.end).kind !== 'word') return end;
    return this.mentionStartsAt(prefix.end) ? end : prefix.end + 1;
  }

  private mentionStartsAt(token: number): boolean {
    for (let k = this.next; k < this.endMention; k++) {
      const first = (this.mentions[k] as Mention).firstToken;
      if (first >= token) return first === token;
    }
    return false;
  }

  private reportingVerbWithin(from: number, to: number): number | undefined {
    for (let k = this.next; k < this.endMention; k++) {
      const m = this.mentions[k] as Mention;
      if (m.firstToken >= to) break;
      if (m.firstToken >= from && isReportingVerb(m)) return m.firstToken;
    }
    return undefined;
  }

  /** Whether token `i` ends a phrase: the sentence end or punctuation other than an opening bracket. */
  private endsClause(i: number): boolean {
    if (i >= this.end) return true;
    const t = this.tok(i);
    return t.kind === 'punct' && t.norm !== '(';
  }

  /**
   * "Fiebre: no", "Cefalea no.": a form answer closing its clause, right after a colon or (when it
   * would otherwise look forward, as "no" does) right after a concept, negates the field; `last` is
   * the field's last token.
   */
  private formAnswer(i: number): { readonly rule: ContextRule; readonly last: number } | undefined {
    if (i <= this.start) return undefined;
    const colon = i - 1 > this.start && this.tok(i - 1).norm === ':';
    if (!colon && !this.conceptEndsAt(i)) return undefined;
    const answer = this.rules.side.form_answer.matchAt(this.tokens, i);
    if (answer === undefined || answer.end !== i + 1 || !this.endsClause(i + 1)) return undefined;
    if (!colon && this.rules.scan.matchAt(this.tokens, i)?.value.direction !== 'forward') return undefined;
    return { rule: answer.value, last: colon ? i - 2 : i - 1 };
  }

  /**
   * Whether the cue at tokens [i, end) sits right after a finding and before a word that starts no
   * concept ("diabetes no controlada", "fiebre de origen no filiado"), so that it describes the
   * finding rather than negating what follows.
   */
  private describesFinding(i: number, end: number): boolean {
    if (!this.conceptEndsAt(i) || !isFinding(this.mentions[this.next - 1] as Mention)) return false;
    return (
      end < this.end &&
      this.tok(end).kind === 'word' &&
      !this.mentionStartsAt(end) &&
      this.rules.scan.matchAt(this.tokens, end) === undefined
    );
  }

  /** Whether the mention just passed is a concept that ends at token `i`. */
  private conceptEndsAt(i: number): boolean {
    const previous = this.next > this.firstMention ? this.mentions[this.next - 1] : undefined;
    return previous?.kind === 'concept' && previous.endToken === i;
  }

  /**
   * Whether tokens up to `last`, back to the floor or a backward stop, are only concepts and list
   * joiners ("Hemocultivos, urocultivo y coprocultivo: negativos"): an answer then covers the list.
   */
  private isFieldList(last: number): boolean {
    let k = this.next - 1;
    for (let t = last; t >= this.floor && !this.rules.words.backward_stop.has(this.tok(t).norm); t--) {
      while (k >= this.firstMention && (this.mentions[k] as Mention).firstToken > t) k--;
      const inMention = k >= this.firstMention && (this.mentions[k] as Mention).endToken > t;
      if (!inMention && !this.rules.words.list_joiner.has(this.tok(t).norm)) return false;
    }
    return true;
  }

  /** Marks the concepts that end at or before token `last`, back to the clause start; returns how many. */
  private reachBack(cue: Cue, kind: CueKind, rule: ContextRule, last: number, overList: boolean, floor: number, hedge = false): number {
    const maxWords = rule.max_scope ?? this.options.windowWords;
    let limit = last + 1;
    let words = 0;
    while (limit - 1 >= floor) {
      const t = this.tok(limit - 1);
      // A post-cue of one item stops at an item joiner: "Dolor abdominal y PCR negativa" ("negativos" goes over).
      if (this.rules.words.backward_stop.has(t.norm) || (!overList && this.rules.words.item_joiner.has(t.norm))) break;
      if (t.kind === 'word' && ++words > maxWords) break;
      limit--;
    }
    this.setScopeRange(cue, limit, last + 1);
    const t = targetsOf(rule);
    let marked = 0;
    for (let k = this.next - 1; k >= this.firstMention; k--) {
      const m = this.mentions[k] as Mention;
      if (m.firstToken < limit) break;
      if (m.endToken > last + 1 || isReportingVerb(m)) continue;
      // "Sin neumonía aparente": a hedged negation is uncertainty.
      if (hedge && targets(t, m)) this.layers.negative[k] = undefined;
      if (this.mark(k, kind, t, cue)) marked++;
    }
    return marked;
  }

  /** Records tokens [from, to) as the cue's scope, without punctuation at its ends. */
  private setScopeRange(cue: Cue, from: number, to: number): void {
    while (from < to && this.tok(from).kind === 'punct') from++;
    while (to > from && this.tok(to - 1).kind === 'punct') to--;
    if (from < to) {
      cue.scope.start = this.tok(from).start;
      cue.scope.end = this.tok(to - 1).end;
    } else {
      cue.scope.start = cue.scope.end = cue.end;
    }
  }

  private close(kind: CueKind): void {
    const scope = this.scope(kind);
    if (scope === undefined) return;
    this.setScope(kind, undefined);
    this.setScopeRange(scope.cue, scope.from, this.at);
    if (scope.fallsBack && !scope.found) this.reachBack(scope.cue, kind, scope.rule, scope.cueToken - 1, false, scope.floor);
  }
}

/** The negation and uncertainty layers; `mentions` must be sorted by position. */
export function findCues(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  rules: CompiledRules,
  options: CueOptions,
): CueLayers {
  const layers: CueLayers = {
    negative: new Array<Cue | undefined>(mentions.length).fill(undefined),
    uncertain: new Array<Cue | undefined>(mentions.length).fill(undefined),
  };
  const scanner = new SentenceScanner(text, tokens, mentions, rules, options, layers);
  forEachSentence(mentions, sentenceOf, (sentence, from, to) => {
    let start = (mentions[from] as Mention).firstToken;
    while (start > 0 && sentenceOf[start - 1] === sentence) start--;
    let end = (mentions[to - 1] as Mention).endToken;
    while (end < tokens.length && sentenceOf[end] === sentence) end++;
    scanner.scan(from, to, start, end);
  });
  return layers;
}
