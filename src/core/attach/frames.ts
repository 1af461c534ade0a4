/**
 * Medication frames: a drug (or a treatment given like one) links the recurring times (SET:
 * `has_frequency`), routes (`has_route`), dose forms (`has_form`) and durations (DURATION: `has_duration`) after it in its
 * sentence ("Amoxicilina 875 mg c/8h v.o. durante 7 días"), up to the next drug or finding and at
 * most `frameTokens` tokens from the drug (medication.json); they take it as head. A time the time
 * step already gave to that same drug as `has_time` becomes its frame relation; one it gave to a
 * finding stays there. Its dose is its quantity (`has_quantity`, quantities.ts). A form right before
 * "de" and a drug is that drug's, wherever it stands ("Paracetamol 1 g y 2 comprimidos de ibuprofeno").
 * A finding after a condition cue ("si dolor") is when the drug is taken: the frame goes on past it,
 * and takes a time the time step gave to it ("... si dolor durante 5 días": the drug's duration).
 */
import type { RelationKind } from '../contract.ts';
import type { AttachBuilder } from '../doc.ts';
import { isFormConcept, isRouteConcept } from '../local-concepts.ts';
import { drugAfterForm, isMedication } from '../measure/medication/medication.ts';
import rules from '../measure/medication/medication.json' with { type: 'json' };
import { forEachSentence, isFinding, type Mention } from '../mention.ts';
import { PhraseSet } from '../text/phrases.ts';
import { termKey, type Token } from '../text/tokenise.ts';

function frameRelation(m: Mention): RelationKind | undefined {
  if (m.kind === 'temporal') {
    const type = m.characteristics.timex?.type;
    return type === 'SET' ? 'has_frequency' : type === 'DURATION' ? 'has_duration' : undefined;
  }
  return isRouteConcept(m.concept) ? 'has_route' : isFormConcept(m.concept) ? 'has_form' : undefined;
}

const CONDITION_CUES = PhraseSet.of(rules.conditionCues);
const MAX_CUE_TOKENS = Math.max(...rules.conditionCues.map((cue) => termKey(cue).split(' ').length));

/** Whether a condition cue ("si", "en caso de") ends right before token `i`: "dolor" in "si dolor". */
function afterCondition(tokens: readonly Token[], i: number): boolean {
  for (let from = Math.max(0, i - MAX_CUE_TOKENS); from < i; from++) if (CONDITION_CUES.matchAt(tokens, from)?.end === i) return true;
  return false;
}

/** Gives `to` to `drug` as `rel`, replacing a `has_time` link to it from the drug or from the drug's condition `condition`. */
function link(links: AttachBuilder, drug: number, rel: RelationKind, to: number, condition = -1): void {
  const from = links.head[to];
  if (from === drug || (from === condition && from !== -1)) {
    const timed = links.relations.findIndex((r) => r.from === from && r.to === to && r.rel === 'has_time');
    if (timed >= 0) links.relations.splice(timed, 1);
  } else if (from !== -1) {
    return;
  }
  links.head[to] = drug;
  links.relations.push({ from: drug, rel, to });
}

export function attachFrames(mentions: readonly Mention[], tokens: readonly Token[], sentenceOf: Uint32Array, links: AttachBuilder): void {
  forEachSentence(mentions, sentenceOf, (_sentence, from, to) => {
    let drug = -1;
    let condition = -1;
    for (let k = from; k < to; k++) {
      const m = mentions[k] as Mention;
      if (isMedication(m)) {
        drug = k;
        condition = -1;
      } else if (isFinding(m)) {
        // "si dolor" is when the drug is taken: its frame goes on.
        if (drug >= 0 && afterCondition(tokens, m.firstToken)) condition = k;
        else drug = -1;
      } else {
        const rel = frameRelation(m);
        if (rel === undefined) continue;
        if (rel === 'has_form' && k + 1 < to && drugAfterForm(tokens, m.endToken, mentions[k + 1])) link(links, k + 1, rel, k);
        else if (drug >= 0 && m.firstToken - (mentions[drug] as Mention).endToken <= rules.frameTokens)
          link(links, drug, rel, k, condition);
      }
    }
  });
}
