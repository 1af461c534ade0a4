/**
 * Runs every behaviour case through the annotator with the default dictionary and a fixed clock.
 * A case listed in known-failures.json must still fail (so the list shrinks as work lands);
 * every other case must pass.
 */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/index.ts';
import { loadDefaultDictionary } from '../../src/lexicon/load.ts';
import { checkCase } from './check-case.ts';
import knownFailures from './known-failures.json' with { type: 'json' };
import { loadCases } from './load-cases.ts';

/** Fixed clock for cases without text_datetime: Monday 2024-06-10 12:00 local time. */
export const FIXED_NOW = new Date(2024, 5, 10, 12, 0, 0);

const waiting: Record<string, string> = knownFailures.cases;
const annotator = createAnnotator(loadDefaultDictionary(), { clock: () => FIXED_NOW });

for (const { topic, cases } of loadCases()) {
  describe(`dev cases: ${topic}`, () => {
    for (const c of cases) {
      const issue = waiting[c.id];
      const problemsOf = (): string[] => checkCase(c, annotator.annotate(c.text, c.config), FIXED_NOW);
      if (issue === undefined) {
        it(`${c.id}: ${c.text}`, () => {
          expect(problemsOf()).toEqual([]);
        });
      } else {
        it(`${c.id} is a known failure waiting for ${issue} (remove it from known-failures.json once it passes)`, () => {
          expect(problemsOf()).not.toEqual([]);
        });
      }
    }
  });
}
