/** The context stage: negation and uncertainty cues, then family members. */
import type { Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';
import { applyCues, type CueOptions } from './cues.ts';
import { applyFamilyMembers } from './family.ts';

export type ContextOptions = CueOptions;

/** `mentions` must be sorted by position (see `byPosition`). */
export function applyContext(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  options: ContextOptions,
): void {
  applyCues(text, mentions, tokens, sentenceOf, options);
  applyFamilyMembers(mentions, tokens, sentenceOf);
}
