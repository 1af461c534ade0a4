/**
 * Family members: a relative ("madre", "abuela materna", an annotation of its own) governs the
 * concepts after it up to ";", a return to the patient or the sentence end; they carry
 * `family_member` = the relative. A scope never reaches back before its relative.
 */
import { forEachSentence, isFamilyMember, isReportingVerb, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import type { Token } from '../text/tokenise.ts';
import family from './family.json' with { type: 'json' };

const SCOPE_ENDS = PhraseSet.of(family.scopeEnds);

function endsScope(tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (SCOPE_ENDS.matchAt(tokens, i) !== undefined) return true;
  return false;
}

export function applyFamilyMembers(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array): void {
  forEachSentence(mentions, sentenceOf, (_sentence, from, to) => {
    let relative: Mention | undefined;
    let previousEnd = 0;
    for (let k = from; k < to; k++) {
      const m = mentions[k] as Mention;
      if (relative !== undefined && endsScope(tokens, previousEnd, m.endToken)) relative = undefined;
      previousEnd = Math.max(previousEnd, m.endToken);
      if (isFamilyMember(m)) relative = m;
      else if (relative !== undefined && m.kind === 'concept' && !isReportingVerb(m)) m.characteristics.familyMember ??= relative;
    }
  });
}
