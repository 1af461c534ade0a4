/**
 * No stage changes an earlier stage's output: every behaviour case runs through `runPipeline` with
 * a snapshot of the layers each stage returns, taken as the stage ends, and every snapshot is
 * compared with those layers once the whole pipeline has run. Mentions are frozen after measure, so
 * a stage that wrote to one would throw; the cases must still pass as in the dev-case run.
 */
import { describe, expect, it } from 'vitest';
import { createAnnotator, type Stage, type StageRunner } from '../../src/core/annotate.ts';
import type { Doc } from '../../src/core/doc.ts';
import { loadDefaultDictionary } from '../../src/lexicon/load.ts';
import { checkCase } from '../dev-cases/check-case.ts';
import knownFailures from '../dev-cases/known-failures.json' with { type: 'json' };
import { loadCases } from '../dev-cases/load-cases.ts';

/** The dev-case run's clock: Monday 2024-06-10 12:00 local time. */
const FIXED_NOW = new Date(2024, 5, 10, 12, 0, 0);
const annotator = createAnnotator(loadDefaultDictionary(), { clock: () => FIXED_NOW, freezeMentions: true });
const waiting: Record<string, string> = knownFailures.cases;

/** The layers a stage returned, as JSON (typed arrays as arrays). */
const snapshot = (layers: Partial<Doc>): string =>
  JSON.stringify(layers, (_key, value: unknown) => (ArrayBuffer.isView(value) ? Array.from(value as Uint32Array) : value));

describe('every behaviour case through the staged pipeline', () => {
  it('changes no layer after its stage, keeps mentions frozen from measure on, and passes as the dev-case run does', () => {
    let cases = 0;
    for (const { cases: list } of loadCases()) {
      for (const c of list) {
        const taken: [Stage, Partial<Doc>, string][] = [];
        const time: StageRunner = (stage, run) => {
          const layers = run() as Partial<Doc>;
          taken.push([stage, layers, snapshot(layers)]);
          return layers as never;
        };
        const doc = annotator.runPipeline(c.config === undefined ? { text: c.text } : { text: c.text, config: c.config }, { time });
        expect(taken.map(([stage]) => stage)).toEqual(['text', 'match', 'measure', 'context', 'attach', 'emit']);
        for (const [stage, layers, json] of taken) expect(snapshot(layers), `${c.id}: a layer of ${stage} changed`).toBe(json);
        const mentions = doc.mentions ?? [];
        expect(Object.isFrozen(mentions) && mentions.every((m) => Object.isFrozen(m) && Object.isFrozen(m.characteristics))).toBe(true);
        const problems = checkCase(c, doc.result as NonNullable<Doc['result']>, FIXED_NOW);
        if (waiting[c.id] === undefined) expect(problems, c.id).toEqual([]);
        cases++;
      }
    }
    expect(cases).toBeGreaterThan(250);
  });

  it('refuses a write to a measured mention', () => {
    const doc = annotator.runPipeline({ text: 'Sin fiebre.' }, { until: 'measure' });
    const mention = doc.mentions?.[0];
    expect(mention).toBeDefined();
    expect(() => {
      (mention as { start: number }).start = 3;
    }).toThrow(TypeError);
  });

  it('stops at `until`, leaving the later layers out', () => {
    const doc = annotator.runPipeline({ text: 'Sin fiebre.' }, { until: 'context' });
    expect(doc.context?.negative).toHaveLength(1);
    expect(doc.attach).toBeUndefined();
    expect(doc.result).toBeUndefined();
  });
});
