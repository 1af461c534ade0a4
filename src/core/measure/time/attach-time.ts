/**
 * `has_time` links: a temporal expression dates the finding or procedure just before it in its
 * sentence ("Fiebre desde hace 3 días", "apendicectomía en 2010"; a site, quantity or qualifier of
 * it may come between), and those coordinated with that one. An expression that opens the sentence
 * or a clause dates the one after it instead ("Ayer presentó fiebre", "sin fiebre; hace 2 semanas tuvo
 * gastroenteritis"). The expression's head is the nearest.
 */
import type { AttachBuilder } from '../../doc.ts';
import { afterSide } from '../../match/laterality.ts';
import { forEachSentence, isAnatomy, isFinding, isProcedure, isQualifier, isReportingVerb, isVisit, type Mention } from '../../mention.ts';
import { normalise } from '../../text/normalise.ts';
import { PhraseSet } from '../../text/phrases.ts';
import type { Token } from '../../text/tokenise.ts';
import rules from './attach-time.json' with { type: 'json' };

const GAP_BREAKS = PhraseSet.of(rules.gapBreaks);
const COORDINATORS: ReadonlySet<string> = new Set(rules.coordinators.map(normalise));
const LEAD_WORDS: ReadonlySet<string> = new Set(rules.leadWords.map(normalise));
const CLAUSE_OPENERS: ReadonlySet<string> = new Set(rules.clauseOpeners.map(normalise));

/** Tokens [from, to) are few and hold no clause break (a comma allowed first when `commaFirst`). */
function openGap(tokens: readonly Token[], from: number, to: number, commaFirst = false): boolean {
  if (to - from > rules.maxGapTokens) return false;
  for (let i = from; i < to; i++) {
    if (i === from && commaFirst && tokens[i]?.norm === ',') continue;
    if ((tokens[i] as Token).afterLineBreak || GAP_BREAKS.matchAt(tokens, i) !== undefined) return false;
  }
  return true;
}

/** Mentions that may stand between a finding and its time: its site, quantity or qualifier ("intensa"). */
function belongsToFinding(m: Mention): boolean {
  return isAnatomy(m) || m.kind === 'quantity' || isQualifier(m);
}

/** What a date can date: findings, the tests and treatments done ("apendicectomía en 2010"), and visits ("consultas externas en 3 meses"). */
function datable(m: Mention): boolean {
  return isFinding(m) || isProcedure(m) || isVisit(m);
}

/** Only a coordinator ("y", ",", "ni") lies between; a side word of the first may come before it ("hemiparesia izquierda y disartria"). */
function coordinated(tokens: readonly Token[], end: number, to: number): boolean {
  const from = afterSide(tokens, end);
  if (to <= from || to - from > 2) return false;
  for (let i = from; i < to; i++) if (!COORDINATORS.has((tokens[i] as Token).norm)) return false;
  return true;
}

/** The finding or procedure before mention `k` that it dates, and those coordinated with it. */
function datedBefore(mentions: readonly Mention[], tokens: readonly Token[], head: Int32Array, from: number, k: number): number[] {
  const time = mentions[k] as Mention;
  let j = k - 1;
  while (j >= from && belongsToFinding(mentions[j] as Mention)) j--;
  const nearest = j >= from ? mentions[j] : undefined;
  if (nearest === undefined || !datable(nearest)) return [];
  // What the finding has attached (its size, site, severity) counts with it, not as gap.
  let gapFrom = nearest.endToken;
  for (let p = j + 1; p < k && head[p] === j; p++) gapFrom = (mentions[p] as Mention).endToken;
  if (!openGap(tokens, gapFrom, time.firstToken)) return [];
  const found = [j];
  for (let p = j - 1; p >= from; p--) {
    const previous = mentions[p] as Mention;
    const next = mentions[found[found.length - 1] as number] as Mention;
    if (!datable(previous) || !coordinated(tokens, previous.endToken, next.firstToken)) break;
    found.push(p);
  }
  return found;
}

/** The finding or procedure after mention `k` when `k` opens its sentence or clause, and those coordinated with it. */
function datedAfter(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array, to: number, k: number): number[] {
  const time = mentions[k] as Mention;
  const sentence = sentenceOf[time.firstToken];
  for (let i = time.firstToken - 1; i >= 0 && sentenceOf[i] === sentence; i--) {
    const norm = (tokens[i] as Token).norm;
    if (CLAUSE_OPENERS.has(norm)) break;
    if (!LEAD_WORDS.has(norm)) return [];
  }
  let j = k + 1;
  while (j < to && (belongsToFinding(mentions[j] as Mention) || isReportingVerb(mentions[j] as Mention))) j++;
  const nearest = mentions[j];
  if (j >= to || nearest === undefined || !datable(nearest) || !openGap(tokens, time.endToken, nearest.firstToken, true)) return [];
  const found = [j];
  for (let p = j + 1; p < to; p++) {
    const following = mentions[p] as Mention;
    const last = mentions[found[found.length - 1] as number] as Mention;
    if (!datable(following) || !coordinated(tokens, last.endToken, following.firstToken)) break;
    found.push(p);
  }
  return found;
}

/** Links every temporal mention to the findings it dates (mentions sorted by position). */
export function attachTimes(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array, links: AttachBuilder): void {
  forEachSentence(mentions, sentenceOf, (_sentence, from, to) => {
    for (let k = from; k < to; k++) {
      const time = mentions[k] as Mention;
      if (time.kind !== 'temporal' || links.head[k] !== -1) continue;
      const before = datedBefore(mentions, tokens, links.head, from, k);
      const findings = before.length > 0 ? before : datedAfter(mentions, tokens, sentenceOf, to, k);
      const nearest = findings[0];
      if (nearest === undefined) continue;
      links.head[k] = nearest;
      for (const finding of findings) links.relations.push({ from: finding, rel: 'has_time', to: k });
    }
  });
}
