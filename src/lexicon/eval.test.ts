import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnnotationResult } from '../core/contract.ts';
import { EvalNoteSchema, locate, scoreNote, summarise, type EvalNote } from './eval.ts';

const NOTES_DIR = join(import.meta.dirname, '..', '..', 'tests', 'lexicon-eval', 'notes');

function annotation(begin: number, end: number, text: string, cui: string): AnnotationResult['annotations'][number] {
  const span = { begin, end, text, found_as: text, preferred_term: text };
  return { id: 0, code: { umls: cui }, type: { umls: 'T000', vendor: 'Finding' }, match: span, characteristics: {} };
}

function result(annotations: AnnotationResult['annotations']): AnnotationResult {
  return { annotations } as unknown as AnnotationResult;
}

describe('locate', () => {
  it('finds the n-th case-sensitive copy in code points', () => {
    const text = '😀 Dolor y dolor, dolor.';
    expect(locate(text, 'dolor', 1)).toEqual({ begin: 10, end: 15 });
    expect(locate(text, 'dolor', 2)).toEqual({ begin: 17, end: 22 });
    expect(locate(text, 'dolor', 3)).toBeUndefined();
  });
});

describe('scoreNote', () => {
  const note: EvalNote = {
    id: 'n1',
    kind: 'test',
    text: 'Refiere dolor y fiebre.',
    mentions: [
      { span: 'Refiere', occurrence: 1, cui: 'C0205543' },
      { span: 'dolor', occurrence: 1, cui: 'C0030193' },
      { span: 'fiebre', occurrence: 1, cui: ['C0015967', 'C0015968'] },
    ],
  };
  const lexicon = (cui: string): boolean => cui !== 'C9999999';

  it('counts right span and CUI, misses, wrong CUIs and unmarked annotations', () => {
    const score = scoreNote(
      note,
      result([
        annotation(0, 7, 'Refiere', 'C0205543'),
        annotation(8, 13, 'dolor', 'C0000001'),
        annotation(16, 22, 'fiebre', 'C0015968'),
        annotation(14, 15, 'y', 'C0000002'),
        annotation(16, 22, 'fiebre', 'C9999999'),
      ]),
      lexicon,
    );
    expect(score.marked).toBe(3);
    expect(score.produced).toBe(4);
    expect(score.truePositives).toBe(2);
    expect(score.misses).toEqual([{ note: 'n1', span: 'dolor', begin: 8, cui: 'C0030193', found: 'C0000001' }]);
    expect(score.falsePositives.map((f) => f.span)).toEqual(['dolor', 'y']);
    const summary = summarise([score]);
    expect(summary.recall).toBeCloseTo(2 / 3);
    expect(summary.precision).toBeCloseTo(2 / 4);
  });

  it('rejects a marked span that is not in the text', () => {
    const bad = { ...note, mentions: [{ span: 'tos', occurrence: 1, cui: 'C0010200' }] };
    expect(() => scoreNote(bad, result([]), lexicon)).toThrow(/not in the text/);
  });
});

describe('the evaluation notes', () => {
  const files = readdirSync(NOTES_DIR).filter((f) => f.endsWith('.json'));

  it('are at least 30 valid notes whose marked spans are all in their text', () => {
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const file of files) {
      const note = EvalNoteSchema.parse(JSON.parse(readFileSync(join(NOTES_DIR, file), 'utf8')));
      expect(note.mentions.length, file).toBeGreaterThan(0);
      for (const m of note.mentions) expect(locate(note.text, m.span, m.occurrence), `${file}: ${m.span}`).toBeDefined();
    }
  });
});
