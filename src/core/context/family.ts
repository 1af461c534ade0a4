/**
 * Family members: a relative ("madre", "abuela materna", an annotation of its own) governs the
 * concepts after it up to ";", a return to the patient or the sentence end; they carry
 * `family_member` = the relative. A relative linked to the concept right before it ("cáncer de
 * colon en tío paterno", "HTA y DM2 en el padre") governs that concept and those coordinated with
 * it, even inside an earlier relative's scope, and opens no scope of its own; nothing else reaches
 * back before a relative. A companion ("acompañado de su hija") or an informant ("según su madre")
 * governs nothing, and ends the scope of a relative before it.
 */
import { forEachSentence, isFamilyMember, isReportingVerb, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import family from './family.json' with { type: 'json' };

const SCOPE_ENDS = PhraseSet.of(family.scopeEnds);
/** Words in the longest companion phrase ("en compañía de su"). */
const MAX_COMPANION_WORDS = Math.max(...family.companions.map((p) => p.split(' ').length));
const BACK_LINKS = PhraseSet.of(family.backLinks);
const COORDINATORS = PhraseSet.of(family.coordinators);
const COMPANIONS = PhraseSet.of(family.companions);

/** "Acude acompañado de su hija", "según su madre": the relative at token `at` is no subject. */
function isCompanion(tokens: readonly Token[], at: number): boolean {
  for (let from = Math.max(0, at - MAX_COMPANION_WORDS); from < at; from++) if (isPhrase(COMPANIONS, tokens, from, at)) return true;
  return false;
}

function endsScope(tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (SCOPE_ENDS.matchAt(tokens, i) !== undefined) return true;
  return false;
}

function governable(m: Mention): boolean {
  return m.kind === 'concept' && !isFamilyMember(m) && !isReportingVerb(m);
}

/** Whether tokens [from, to) are exactly one phrase of `phrases`. */
function isPhrase(phrases: PhraseSet, tokens: readonly Token[], from: number, to: number): boolean {
  return to > from && phrases.matchAt(tokens, from)?.end === to;
}

/**
 * The concepts a relative at mention `k` governs backwards ("X y Y en el padre"), nearest first: the
 * concept right before its link, and those coordinated with it that no relative governs yet.
 */
function linkedBefore(mentions: readonly Mention[], tokens: readonly Token[], from: number, k: number): Mention[] {
  const relative = mentions[k] as Mention;
  const nearest = k > from ? mentions[k - 1] : undefined;
  if (nearest === undefined || !governable(nearest)) return [];
  if (!isPhrase(BACK_LINKS, tokens, nearest.endToken, relative.firstToken)) return [];
  const found = [nearest];
  for (let j = k - 2; j >= from; j--) {
    const previous = mentions[j] as Mention;
    const next = found[found.length - 1] as Mention;
    // A concept an earlier relative already governs ends the list ("Padre con HTA, asma en la madre").
    if (!governable(previous) || previous.characteristics.familyMember !== undefined) break;
    if (!isPhrase(COORDINATORS, tokens, previous.endToken, next.firstToken)) break;
    found.push(previous);
  }
  return found;
}

export function applyFamilyMembers(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array): void {
  forEachSentence(mentions, sentenceOf, (_sentence, from, to) => {
    let relative: Mention | undefined;
    let previousEnd = 0;
    for (let k = from; k < to; k++) {
      const m = mentions[k] as Mention;
      if (relative !== undefined && endsScope(tokens, previousEnd, m.endToken)) relative = undefined;
      previousEnd = Math.max(previousEnd, m.endToken);
      if (isFamilyMember(m)) {
        if (isCompanion(tokens, m.firstToken)) {
          // "Acude con su madre por fiebre": the fever is the patient's.
          relative = undefined;
          continue;
        }
        const linked = linkedBefore(mentions, tokens, from, k);
        // A relative named right after a concept is more specific than one before it; it closes
        // that phrase and opens no scope of its own ("asma en la madre, HTA en el padre").
        for (const concept of linked) concept.characteristics.familyMember = m;
        relative = linked.length > 0 ? undefined : m;
      } else if (relative !== undefined && governable(m)) m.characteristics.familyMember ??= relative;
    }
  });
}
