/**
 * The attach stage: anatomical sites (after the finding, then a line's header site), qualifiers,
 * reporting verbs and quantities, in that order (a site takes its finding as head before a
 * reporting verb could claim it, and a qualifier may follow the sites). `mentions` must be sorted
 * by position.
 */
import type { Mention } from '../mention.ts';
import type { Token } from '../text/tokenise.ts';
import { attachQualifiers } from './qualifiers.ts';
import { attachQuantities } from './quantities.ts';
import { attachReportingVerbs } from './reporting-verbs.ts';
import { attachHeaderSites, attachSites } from './sites.ts';

export function attachHeadsAndRelations(
  text: string,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
): void {
  attachSites(text, mentions, tokens);
  attachHeaderSites(mentions, tokens, sentenceOf);
  attachQualifiers(text, mentions, tokens);
  attachReportingVerbs(mentions, tokens);
  attachQuantities(text, mentions, tokens);
}
