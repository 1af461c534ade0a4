/**
 * The context behaviour cases (negation, uncertainty, family, relations, quantities, spec examples)
 * against the context and attach stages with a fixture dictionary that holds every concept they
 * name: every case must pass here, whatever the default lexicon holds today. Cases that need the
 * dates stage (a `text_datetime` or a timex) are left to the dev-case run with the full pipeline.
 */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { checkCase } from '../dev-cases/check-case.ts';
import { loadCases } from '../dev-cases/load-cases.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const NOW = new Date(2024, 5, 10, 12, 0, 0);
export const CONTEXT_TOPICS = ['negation', 'uncertainty', 'family', 'relations', 'quantities', 'spec-examples'];
const annotator = createAnnotator(fixtureDictionary(), { clock: () => NOW });

for (const { topic, cases } of loadCases().filter((t) => CONTEXT_TOPICS.includes(t.topic))) {
  describe(`context cases with the fixture dictionary: ${topic}`, () => {
    for (const c of cases.filter((x) => x.config === undefined && !(x.expect ?? []).some((e) => e.timex || e.timex_relative))) {
      it(`${c.id}: ${c.text}`, () => {
        expect(checkCase(c, annotator.annotate(c.text, c.config), NOW)).toEqual([]);
      });
    }
  });
}
