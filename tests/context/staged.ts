/**
 * Runs the annotator's own pipeline up to a stage (`runPipeline`), and reads its layers by the text
 * of the mentions, so that each stage can be checked on what the stages before it produced.
 */
import { createAnnotator, type Annotator, type AnnotatorOptions, type Stage } from '../../src/core/annotate.ts';
import type { Dictionary } from '../../src/core/dictionary/lookup.ts';
import type { Cue, Doc } from '../../src/core/doc.ts';
import type { Mention } from '../../src/core/mention.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

export interface Staged {
  readonly text: string;
  readonly doc: Doc;
  readonly mentions: readonly Mention[];
  /** Index of the mention whose text is `span` (the `occurrence`-th such one, from 1). */
  readonly index: (span: string, occurrence?: number) => number;
  readonly get: (span: string, occurrence?: number) => Mention;
  /** The text of a range or mention. */
  readonly textOf: (range: { start: number; end: number } | undefined) => string | undefined;
  /** The negation cue of a mention: its own, or after attach the one its finding gave it. */
  readonly negativeCue: (span: string, occurrence?: number) => Cue | undefined;
  readonly uncertainCue: (span: string, occurrence?: number) => Cue | undefined;
  /** The text of the relative that governs a mention. */
  readonly relativeOf: (span: string, occurrence?: number) => string | undefined;
  readonly headOf: (span: string, occurrence?: number) => string | undefined;
  readonly quantifierOf: (span: string) => string | undefined;
  readonly qualifierOf: (span: string) => string | undefined;
  /** "from -rel-> to" for every relation (of kind `rel` when given), by mention, each mention's in the order found. */
  readonly relations: (rel?: string) => string[];
}

let fixture: Dictionary | undefined;
const annotators = new Map<string, Annotator>();

function annotatorFor(dictionary: Dictionary | undefined, options: Partial<AnnotatorOptions>): Annotator {
  if (dictionary !== undefined) return createAnnotator(dictionary, options);
  const key = JSON.stringify(options);
  let annotator = annotators.get(key);
  if (annotator === undefined) {
    annotator = createAnnotator((fixture ??= fixtureDictionary()), options);
    annotators.set(key, annotator);
  }
  return annotator;
}

export function staged(
  text: string,
  until: Stage,
  options: { dictionary?: Dictionary; annotator?: Partial<AnnotatorOptions> } = {},
): Staged {
  const doc = annotatorFor(options.dictionary, options.annotator ?? {}).runPipeline({ text }, { until });
  const mentions = doc.mentions ?? [];
  const textOf = (r: { start: number; end: number } | undefined): string | undefined =>
    r === undefined ? undefined : text.slice(r.start, r.end);
  const index = (span: string, occurrence = 1): number => {
    let seen = 0;
    for (let k = 0; k < mentions.length; k++) if (textOf(mentions[k]) === span && ++seen === occurrence) return k;
    throw new Error(`no mention "${span}" in "${text}"`);
  };
  const mentionText = (k: number | undefined): string | undefined => (k === undefined || k < 0 ? undefined : textOf(mentions[k]));
  return {
    text,
    doc,
    mentions,
    index,
    get: (span, occurrence) => mentions[index(span, occurrence)] as Mention,
    textOf,
    negativeCue: (span, occurrence) => {
      const k = index(span, occurrence);
      return doc.context?.negative[k] ?? doc.attach?.inheritedNegative[k];
    },
    uncertainCue: (span, occurrence) => doc.context?.uncertain[index(span, occurrence)],
    relativeOf: (span, occurrence) => mentionText(doc.context?.family[index(span, occurrence)]?.relative),
    headOf: (span, occurrence) => mentionText(doc.attach?.head[index(span, occurrence)]),
    quantifierOf: (span) => mentionText(doc.attach?.quantifier[index(span)]),
    qualifierOf: (span) => mentionText(doc.attach?.qualifier[index(span)]),
    relations: (rel) =>
      [...(doc.attach?.relations ?? [])]
        .sort((a, b) => a.from - b.from)
        .filter((r) => rel === undefined || r.rel === rel)
        .map((r) => `${mentionText(r.from)} -${r.rel}-> ${mentionText(r.to)}`),
  };
}
