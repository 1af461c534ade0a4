/**
 * The attach stage: anatomical sites (after the finding, then a line's header site), qualifiers,
 * reporting verbs, quantities, times, medication frames, allergens and ages, in that order: each step reads the heads the steps before
 * it gave (a site takes its finding as head before a reporting verb could claim it, and a qualifier
 * may follow the sites). Sites and reporting verbs read the context layer (a site takes its
 * finding's negation; a verb leaves a finding negated by a later cue of its own). `mentions` must be
 * sorted by position.
 */
import { newAttachBuilder, type AttachLayer, type ContextLayer } from '../doc.ts';
import { attachTimes } from '../measure/time/attach-time.ts';
import type { Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';
import { attachAges } from './ages.ts';
import { attachAllergens } from './allergens.ts';
import { attachFrames } from './frames.ts';
import { attachQualifiers } from './qualifiers.ts';
import { attachQuantities } from './quantities.ts';
import { attachReportingVerbs } from './reporting-verbs.ts';
import { attachHeaderSites, attachSites } from './sites.ts';

export function attachHeadsAndRelations(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  context: ContextLayer,
  isAllergy: (m: Mention) => boolean,
): AttachLayer {
  const links = newAttachBuilder(mentions.length);
  attachSites(text, mentions, tokens, context, links);
  attachHeaderSites(mentions, tokens, sentenceOf, links);
  attachQualifiers(text, mentions, tokens, links);
  attachReportingVerbs(mentions, tokens, context, links);
  attachQuantities(text, mentions, tokens, links);
  attachTimes(mentions, tokens, sentenceOf, links);
  attachFrames(mentions, tokens, sentenceOf, links);
  attachAllergens(mentions, tokens, isAllergy, links);
  attachAges(mentions, tokens, links);
  return links;
}
