/**
 * The second-edition date cases (second-edition.jsonl, one class of expression each) and those of
 * issue 28 (real-text.jsonl) must pass:
 * every listed expression with its span, TIMEX3 type, value and mod, and, as every case lists all
 * the temporal expressions of its text, no other temporal annotation. A case in MISSES must
 * still fail (so the list shrinks as work lands). extra.jsonl is measured by `npm run eval:dates`
 * only: it keeps expressions Glosa does not cover.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnnotationResult } from '../../src/core/contract.ts';
import { createAnnotator } from '../../src/core/index.ts';
import { loadDefaultDictionary } from '../../src/lexicon/load.ts';
import { checkCase, nthBegin, type DevCase } from '../dev-cases/check-case.ts';
import { loadCases } from '../dev-cases/load-cases.ts';

/** Cases Glosa does not get right yet, with why (none at the moment). */
const MISSES: Record<string, string> = {};

/** The mod an expectation gives (the eval cases' timex may carry one; check-case's type has none). */
const goldMod = (timex: object | undefined): unknown => (timex as { mod?: string } | undefined)?.mod;

/** Mods and completeness, which checkCase does not look at. */
function moreProblems(c: DevCase, result: AnnotationResult): string[] {
  const problems: string[] = [];
  const temporal = result.annotations.filter((a) => a.characteristics.timex !== undefined);
  const listed = (c.expect ?? []).map((e) => ({ begin: nthBegin(c.text, e.span, e.occurrence ?? 1), e }));
  for (const a of temporal) {
    const gold = listed.find((l) => l.begin === a.match.begin && l.e.span === a.match.text);
    if (gold === undefined) problems.push(`unexpected temporal "${a.match.text}"`);
    else if (a.characteristics.timex?.mod !== goldMod(gold.e.timex)) {
      problems.push(`"${a.match.text}": mod ${a.characteristics.timex?.mod} ≠ ${String(goldMod(gold.e.timex))}`);
    }
  }
  return problems;
}

const annotator = createAnnotator(loadDefaultDictionary());
/** The second edition's cases (issue 19) and those of real text's classes (issue 28, real-text.jsonl). */
const files = loadCases(dirname(fileURLToPath(import.meta.url)));
const cases = files.find((f) => f.topic === 'second-edition')?.cases ?? [];
const realText = files.find((f) => f.topic === 'real-text')?.cases ?? [];

describe('second-edition date cases', () => {
  it('has at least 150 expressions, and 70 more of real text', () => {
    expect(cases.reduce((n, c) => n + (c.expect?.length ?? 0), 0)).toBeGreaterThanOrEqual(150);
    expect(realText.reduce((n, c) => n + (c.expect?.length ?? 0), 0)).toBeGreaterThanOrEqual(70);
  });
  for (const c of [...cases, ...realText]) {
    const problemsOf = (): string[] => {
      const result = annotator.annotate(c.text, c.config);
      return [...checkCase(c, result, new Date()), ...moreProblems(c, result)];
    };
    const miss = MISSES[c.id];
    if (miss === undefined) it(`${c.id}: ${c.text}`, () => expect(problemsOf()).toEqual([]));
    else it(`${c.id} is a known miss (${miss})`, () => expect(problemsOf()).not.toEqual([]));
  }
});
