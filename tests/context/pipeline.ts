/** Runs the stages before the one under test, so that each stage can be checked alone. */
import type { Dictionary } from '../../src/core/dictionary/lookup.ts';
import { extendLaterality } from '../../src/core/match/laterality.ts';
import { matchConcepts } from '../../src/core/match/matcher.ts';
import { findQuantities, withQuantities } from '../../src/core/measure/quantities/quantities.ts';
import type { Mention } from '../../src/core/mention.ts';
import { segmentSentences } from '../../src/core/text/segment.ts';
import { tokenise, type Token } from '../../src/core/text/tokenise.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

export interface Prepared {
  readonly text: string;
  readonly tokens: Token[];
  readonly sentenceOf: Uint32Array;
  readonly mentions: Mention[];
  /** The mention whose text is `span` (the `occurrence`-th such one, from 1). */
  readonly get: (span: string, occurrence?: number) => Mention;
  /** The text of a cue or mention span. */
  readonly textOf: (range: { start: number; end: number } | undefined) => string | undefined;
}

let fixture: Dictionary | undefined;

export function prepare(text: string, dictionary: Dictionary = (fixture ??= fixtureDictionary())): Prepared {
  const tokens = tokenise(text);
  const sentenceOf = segmentSentences(text, tokens);
  const concepts = matchConcepts(text, tokens, dictionary, { maxTermWords: 9, minTermChars: 3 });
  extendLaterality(concepts, tokens);
  const mentions = withQuantities(concepts, findQuantities(text, tokens));
  const textOf = (r: { start: number; end: number } | undefined): string | undefined =>
    r === undefined ? undefined : text.slice(r.start, r.end);
  const get = (span: string, occurrence = 1): Mention => {
    const found = mentions.filter((m) => textOf(m) === span)[occurrence - 1];
    if (found === undefined) throw new Error(`no mention "${span}" in "${text}"`);
    return found;
  };
  return { text, tokens, sentenceOf, mentions, get, textOf };
}
