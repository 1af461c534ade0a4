/** The context stage: negation and uncertainty cues, then family members, as one layer. */
import type { ContextLayer } from '../doc.ts';
import type { Mention } from '../mention.ts';
import type { Section } from '../text/sections.ts';
import type { Token } from '../text/tokenise.ts';
import type { CompiledRules } from './compiled-rules.ts';
import { findCues, type CueOptions } from './cues.ts';
import { findFamilyMembers, withFamilyPhrases, withFamilySections } from './family.ts';

export type ContextOptions = CueOptions;

/** `mentions` must be sorted by position. */
export function findContext(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  sections: readonly Section[],
  rules: CompiledRules,
  options: ContextOptions,
): ContextLayer {
  const { negative, uncertain } = findCues(text, mentions, tokens, sentenceOf, rules, options);
  const relatives = findFamilyMembers(mentions, tokens, sentenceOf, rules);
  const family = withFamilyPhrases(withFamilySections(relatives, mentions, sections, rules), mentions, tokens, sentenceOf, rules);
  return { negative, uncertain, family };
}
