/**
 * Negation and uncertainty, ConText-style, one sentence at a time. A cue opens a scope (forward),
 * or reaches back (post-triggers), or both; concepts inside a scope carry the cue's span. A scope
 * ends at a terminator, the sentence end (line breaks end sentences), a new cue of its kind, a
 * reporting verb that opens a new clause, or after `windowWords` words with no concept.
 */
import { forEachSentence, isFamilyMember, isFinding, isProcedure, isReportingVerb, type Cue, type Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';
import {
  AFFIRMERS,
  BACKWARD_STOPS,
  CLAUSE_COMMAS,
  CONTEXT_RULES,
  FORM_ANSWERS,
  FUSED_VERB_PREFIXES,
  NEGATED_LIST_JOINERS,
  NOT_HEDGED,
  STATEMENT_ENDINGS,
  VERB_COORDINATORS,
  YES_LEADS,
  type CueKind,
  type Gives,
  type Rule,
} from './triggers.ts';

export interface CueOptions {
  /** How many words with no concept a scope may run over before it ends. */
  readonly windowWords: number;
}

interface Scope {
  readonly kind: CueKind;
  readonly cue: Cue;
  readonly cueToken: number;
  /** First token inside the scope. */
  readonly from: number;
  /** Reach back when the scope closes with no concept in it ("Neumonía probable."). */
  readonly fallsBack: boolean;
  /** Where that reach stops: the floor when the cue was found. */
  readonly floor: number;
  words: number;
  found: boolean;
  /** The last concept the scope covered. */
  last: Mention | undefined;
}

/** Concepts a cue may modify: not quantities or dates, not the relatives that govern others. */
function modifiable(m: Mention): boolean {
  return m.kind === 'concept' && !isFamilyMember(m);
}

/** How many words may come between "por", "con" or "en" and the reason or means ("por riesgo de sangrado"). */
const REASON_REACH_WORDS = 2;

/** A drug, test, treatment or activity: an act, which uncertainty leaves alone. */
function isAct(m: Mention): boolean {
  return m.concept.category !== undefined && NOT_HEDGED.has(m.concept.category);
}

function mark(m: Mention, kind: CueKind, cue: Cue): void {
  if (kind === 'negation') m.characteristics.negative ??= cue;
  else if (!isAct(m)) m.characteristics.uncertain ??= cue;
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

  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private readonly mentions: readonly Mention[],
    private readonly options: CueOptions,
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
    this.close('negation');
    this.close('uncertainty');
  }

  /** Handles the token at `i`; returns the next token to look at. */
  private step(i: number): number {
    const here = this.mentionAt(i);
    if (this.isFormAnswer(i)) {
      this.reachBack({ start: this.tok(i).start, end: this.tok(i).end }, 'negation', i - 2, false, this.floor);
      this.floor = i + 1;
      return i + 1;
    }
    const rule = CONTEXT_RULES.matchAt(this.tokens, i);
    // A lexicon concept longer than the phrase owns its words ("no fumador").
    if (rule !== undefined && rule.end <= this.end && (here === undefined || here.endToken <= rule.end)) {
      return this.applyRule(i, rule.end, rule.value);
    }
    if (here !== undefined) return this.enterMention(i, here);
    if (this.negation !== undefined && this.tok(i).norm === ',' && this.closesStatement(i)) {
      this.endNegation(i + 1);
      return i + 1;
    }
    if (this.tok(i).kind === 'word') {
      if (this.negation !== undefined && ++this.negation.words > this.options.windowWords) this.close('negation');
      if (this.uncertainty !== undefined && ++this.uncertainty.words > this.options.windowWords) this.close('uncertainty');
    }
    return i + 1;
  }

  /** A cue, pseudo-cue or terminator phrase at tokens [i, end). */
  private applyRule(i: number, end: number, r: Rule): number {
    if (r.role === 'pseudo') return this.pass(end);
    if (r.role === 'reason') {
      if (this.isReason(end, r.gives)) this.endNegation(end);
      return this.pass(end);
    }
    if (r.role === 'terminator') return this.terminate(end);
    // "pero si tos": "si" is "sí" (yes), which ends every scope.
    if (r.role === 'cue' && r.conditional && this.readsAsYes(i)) return this.terminate(i + 1);
    if (r.coordination && this.scope(r.kind) !== undefined) return this.pass(end);
    let cueEnd = r.firstWordOnly ? i + 1 : this.fusedVerbEnd(i, end);
    // "no refiere dolor": the cue is "no" alone and the reporting verb is inside the scope.
    const verb = this.reportingVerbWithin(i + 1, cueEnd);
    if (verb !== undefined) cueEnd = verb;
    const cue: Cue = { start: this.tok(i).start, end: this.tok(cueEnd - 1).end };
    const from = r.firstWordOnly ? end : cueEnd;
    // "Cefalea de probable origen tensional": after "de" the cue hedges only what follows it.
    const forwardOnly = r.direction === 'both' && i > this.start && this.tok(i - 1).norm === 'de';
    if (r.direction === 'both' && !forwardOnly && this.endsClause(from)) {
      // "Neumonía probable, ...": a two-way cue that closes its phrase looks back.
      this.reachBack(cue, r.kind, i - 1, false, this.floor);
    } else if (r.direction !== 'backward') {
      this.open(r.kind, cue, i, from, r.direction === 'both' && !forwardOnly);
    } else if (this.reachBack(cue, r.kind, i - 1, r.overList, this.floor) === 0 && i === this.floor) {
      // A post-trigger that opens its clause with nothing before it looks forward ("Descartado TEP.").
      this.open(r.kind, cue, i, from, false);
    }
    this.floor = from;
    return this.pass(from);
  }

  /** Ends every scope before token `end` (a terminator), and moves past it. */
  private terminate(end: number): number {
    this.endNegation(end);
    this.close('uncertainty');
    return this.pass(end);
  }

  /** Ends the negation scope; nothing before token `at` is negated by a later cue. */
  private endNegation(at: number): void {
    this.close('negation');
    this.floor = at;
  }

  /**
   * Whether "si" at token `i` is "sí" (yes): written so, after "pero", a comma or a colon ("pero si
   * tos", "Tos: si"), closing its clause ("Tos si, fiebre no"), or opening a sentence with no comma
   * before the main clause that a condition needs ("Si refiere tos.", but "Si fiebre, acudir").
   */
  private readsAsYes(i: number): boolean {
    const t = this.tok(i);
    if (this.text.slice(t.start, t.end).toLowerCase() !== 'si') return true;
    if (i === this.start) return !this.commaAfter(i + 1);
    return YES_LEADS.has(this.tok(i - 1).norm) || this.endsClause(i + 1);
  }

  private commaAfter(from: number): boolean {
    for (let k = from; k < this.end; k++) if (this.tok(k).norm === ',') return true;
    return false;
  }

  /** A mention starting at token `i`: open scopes cover it. */
  private enterMention(i: number, m: Mention): number {
    if (this.negation !== undefined && this.negation.from < i && AFFIRMERS.matchAt(this.tokens, m.endToken) !== undefined) {
      // "Sin signos de X, peristaltismo conservado": a concept said to be there ends the list.
      this.close('negation');
    }
    this.next++;
    if (isReportingVerb(m) && !(i > this.start && VERB_COORDINATORS.has(this.tok(i - 1).norm))) {
      // A reporting verb after a scope's first token opens a new, affirmative clause ("ni refiere" does not).
      if (this.negation !== undefined && i > this.negation.from) this.close('negation');
      if (this.uncertainty !== undefined && i > this.uncertainty.from) this.close('uncertainty');
    }
    this.cover(this.negation, m);
    this.cover(this.uncertainty, m);
    return Math.max(m.endToken, i + 1);
  }

  private open(kind: CueKind, cue: Cue, cueToken: number, from: number, fallsBack: boolean): void {
    this.close(kind);
    // After a comma a new cue starts a new clause: "compatible con X, no se observa Y".
    if (cueToken > this.start && CLAUSE_COMMAS.has(this.tok(cueToken - 1).norm))
      this.close(kind === 'negation' ? 'uncertainty' : 'negation');
    this.setScope(kind, { kind, cue, cueToken, from, fallsBack, floor: this.floor, words: 0, found: false, last: undefined });
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

  /** A mention inside an open scope takes its cue, and the scope's word window starts again. */
  private cover(scope: Scope | undefined, m: Mention): void {
    if (scope === undefined) return;
    if (modifiable(m)) mark(m, scope.kind, scope.cue);
    scope.found = true;
    scope.last = m;
    scope.words = 0;
  }

  /**
   * Whether "por", "con" or "en" before token `at` gives a reason, a means or a place rather than
   * more of what is negated:
   * - a test after "en": where a finding was looked for ("No se observan alteraciones en la
   *   radiografía");
   * - a test after "por" or "con" once a finding is negated: how it was ruled out ("Se descarta TEP
   *   con angioTC"); before that the test itself may be negated ("No se realiza seguimiento con
   *   ecografía");
   * - a finding after "por" and a withheld act: the reason, which is there ("No se pauta AINE por
   *   insuficiencia renal"). After a negated finding, "por" and another finding may still be
   *   negated ("no dolor por hernia"), so that is left alone.
   * The concept may come a few words on ("por riesgo de sangrado").
   */
  private isReason(at: number, gives: Gives): boolean {
    if (this.negation === undefined) return false;
    const next = this.conceptNear(at, REASON_REACH_WORDS);
    if (next === undefined) return false;
    const last = this.negation.last;
    if (isProcedure(next)) return gives === 'place' || (last !== undefined && isFinding(last));
    return gives === 'reason' && last !== undefined && isAct(last) && isFinding(next);
  }

  /**
   * Whether the comma at `comma` ends a negated statement that history lists open with, because its
   * last words close it ("sin alergias medicamentosas conocidas, hipertensa y diabética"), and what
   * follows is no negated list ("Niega hábitos tóxicos, fiebre o tos"). A list goes on over commas
   * ("Sin fiebre, tos ni disnea", "Niega alergias, HTA y DM").
   */
  private closesStatement(comma: number): boolean {
    const scope = this.negation;
    if (scope === undefined) return false;
    let closed = false;
    for (let from = Math.max(scope.from, scope.last?.endToken ?? 0, comma - 2); from < comma && !closed; from++) {
      closed = STATEMENT_ENDINGS.matchAt(this.tokens, from)?.end === comma;
    }
    if (!closed) return false;
    for (let i = comma + 1; i < this.end && this.tok(i).norm !== ';'; i++) if (NEGATED_LIST_JOINERS.has(this.tok(i).norm)) return false;
    return true;
  }

  /** The mention that starts at token `i`, skipping any that the scan has passed. */
  private mentionAt(i: number): Mention | undefined {
    while (this.next < this.endMention && (this.mentions[this.next] as Mention).firstToken < i) this.next++;
    if (this.next >= this.endMention) return undefined;
    const m = this.mentions[this.next] as Mention;
    return m.firstToken === i ? m : undefined;
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

  /** "No se identifican X": a bare "no", "se" and a verb that is no concept make one cue. */
  private fusedVerbEnd(i: number, end: number): number {
    if (end !== i + 1) return end;
    const prefix = FUSED_VERB_PREFIXES.matchAt(this.tokens, i);
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

  /** "Fiebre: no": an answer right after a colon, closing its clause, negates the field. */
  private isFormAnswer(i: number): boolean {
    if (i - 1 <= this.start || this.tok(i - 1).norm !== ':') return false;
    const answer = FORM_ANSWERS.matchAt(this.tokens, i);
    if (answer === undefined || answer.end !== i + 1) return false;
    return this.endsClause(i + 1);
  }

  /** Marks the concepts that end at or before token `last`, back to the clause start. */
  /** Returns how many concepts it marked. */
  private reachBack(cue: Cue, kind: CueKind, last: number, overList: boolean, floor: number): number {
    let limit = last + 1;
    let words = 0;
    while (limit - 1 >= floor) {
      const t = this.tok(limit - 1);
      if (BACKWARD_STOPS.has(t.norm) || (t.norm === ',' && !overList)) break;
      if (t.kind === 'word' && ++words > this.options.windowWords) break;
      limit--;
    }
    let marked = 0;
    for (let k = this.next - 1; k >= this.firstMention; k--) {
      const m = this.mentions[k] as Mention;
      if (m.firstToken < limit) break;
      if (m.endToken <= last + 1 && modifiable(m) && !isReportingVerb(m)) {
        mark(m, kind, cue);
        marked++;
      }
    }
    return marked;
  }

  private close(kind: CueKind): void {
    const scope = this.scope(kind);
    if (scope === undefined) return;
    this.setScope(kind, undefined);
    if (scope.fallsBack && !scope.found) this.reachBack(scope.cue, kind, scope.cueToken - 1, false, scope.floor);
  }
}

/** Marks negated and uncertain concepts; `mentions` must be sorted by position. */
export function applyCues(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  options: CueOptions,
): void {
  const scanner = new SentenceScanner(text, tokens, mentions, options);
  forEachSentence(mentions, sentenceOf, (sentence, from, to) => {
    let start = (mentions[from] as Mention).firstToken;
    while (start > 0 && sentenceOf[start - 1] === sentence) start--;
    let end = (mentions[to - 1] as Mention).endToken;
    while (end < tokens.length && sentenceOf[end] === sentence) end++;
    scanner.scan(from, to, start, end);
  });
}
