import { describe, expect, it } from 'vitest';
import type { AnnotationResult } from '../../core/contract.ts';
import { annotation, span } from '../test/fixtures.ts';
import { diffResults } from './diff.ts';
import { diffEntries, formatValue, presentIn, sideValues } from './entries.ts';
import { diffToCsv, diffToJson, provenanceOf } from './export.ts';
import { diffPieces } from './pieces.ts';
import type { Run } from './run.ts';

// An emoji first: code points and UTF-16 offsets differ from there on.
const TEXT = '😷 Fiebre ayer, sin tos. Dolor.';
const at = (s: string) => Array.from(TEXT.slice(0, TEXT.indexOf(s))).length;
const CUIS: Record<string, string> = { Fiebre: 'C0015967', ayer: 'C0000100', tos: 'C0010200', Dolor: 'C0030193' };
const ann = (id: number, s: string, extra = {}) =>
  annotation(id, TEXT, at(s), at(s) + Array.from(s).length, { code: { umls: CUIS[s] ?? 'C1' }, ...extra });

const A: AnnotationResult = {
  annotations: [
    ann(0, 'Fiebre'),
    ann(1, 'ayer', { characteristics: { timex: { type: 'DATE', value: '2024-05-09' } } }),
    ann(2, 'tos', { characteristics: { negative: { trigger: span(TEXT, at('sin'), at('sin') + 3) } } }),
  ],
  relations: [{ from: 0, to: 1, rel: 'has_time' }],
  version: '1',
};
const B: AnnotationResult = {
  annotations: [
    ann(10, 'Fiebre'),
    ann(11, 'ayer', { characteristics: { timex: { type: 'DATE', value: '2025-01-19' } } }),
    ann(12, 'Dolor'),
  ],
  relations: [{ from: 10, to: 11, rel: 'has_time' }],
  version: '1',
};

describe('diffEntries', () => {
  it('lists every difference in reading order, in Spanish', () => {
    const entries = diffEntries(diffResults(A, B));
    expect(entries.map((e) => [e.kind, e.span.text])).toEqual([
      ['changed', 'ayer'],
      ['removed', 'tos'],
      ['added', 'Dolor'],
    ]);
    expect(entries[0]?.details).toEqual(['fecha: 9 may 2024 (2024-05-09) → 19 ene 2025 (2025-01-19)']);
    expect(entries[1]?.title).toBe('«tos» (19–22) C0010200 · Hallazgo');
  });

  it('lists relations by their endpoints', () => {
    const noRelation = { ...B, relations: [] };
    const [entry] = diffEntries(diffResults(A, noRelation)).filter((e) => e.kind === 'relation-removed');
    expect(entry?.title).toBe('«Fiebre» (2–8) → fecha → «ayer» (9–13)');
  });

  it('words each kind of value', () => {
    expect(formatValue('negation', { trigger: { begin: 0, end: 2, text: 'No' }, rule: 'neg-1' })).toBe('por «No» (0–2), regla neg-1');
    expect(formatValue('quantity', { value: 2, high: 3, unit: 'lpm' })).toBe('2–3 lpm');
    expect(formatValue('codes', { snomed_ct: ['22253000'], icd10_cm: [] })).toBe('SNOMED CT 22253000');
    expect(formatValue('category', 'Finding')).toBe('Hallazgo');
    expect(formatValue('head', null)).toBe('—');
  });
});

describe('diffPieces', () => {
  it('cuts the note at the differences, in UTF-16 offsets, plain text merged', () => {
    const entries = diffEntries(diffResults(A, B));
    const pieces = diffPieces(TEXT, entries);
    expect(pieces.map((p) => p.end)).toContain(TEXT.length);
    expect(pieces.map((p) => TEXT.slice(p.begin, p.end)).join('')).toBe(TEXT);
    const marked = pieces.filter((p) => p.entries.length > 0).map((p) => [TEXT.slice(p.begin, p.end), p.starts.map((e) => e.kind)]);
    expect(marked).toEqual([
      ['ayer', ['changed']],
      ['tos', ['removed']],
      ['Dolor', ['added']],
    ]);
    expect(pieces.filter((p) => p.entries.length === 0)).toHaveLength(4);
  });

  it("says which pieces one run annotated, a difference's piece too; adjacent annotated text stays one piece", () => {
    const entries = diffEntries(diffResults(A, B));
    const spans = A.annotations.map((a) => a.match);
    const pieces = diffPieces(TEXT, entries, spans);
    expect(pieces.map((p) => TEXT.slice(p.begin, p.end)).join('')).toBe(TEXT);
    expect(pieces.filter((p) => p.annotated).map((p) => [TEXT.slice(p.begin, p.end), p.entries.length])).toEqual([
      ['Fiebre', 0],
      ['ayer', 1],
      ['tos', 1],
    ]);
    expect(pieces.filter((p) => !p.annotated && p.entries.length === 0).map((p) => TEXT.slice(p.begin, p.end))).toEqual([
      '😷 ',
      ' ',
      ', sin ',
      '. ',
      '.',
    ]);
    // Two overlapping annotated spans (code points 2–8 and 5–13) mark one stretch of text.
    const merged = diffPieces(
      TEXT,
      [],
      [
        { begin: 2, end: 8 },
        { begin: 5, end: 13 },
      ],
    ).filter((p) => p.annotated);
    expect(merged.map((p) => TEXT.slice(p.begin, p.end))).toEqual(['Fiebre ayer']);
  });

  it('splits overlapping differences so each piece names all that cover it', () => {
    const entries = [
      { key: 'removed-0', kind: 'removed' as const, span: { begin: 2, end: 13, text: 'Fiebre ayer' }, title: '', changes: [], details: [] },
      { key: 'added-0', kind: 'added' as const, span: { begin: 9, end: 13, text: 'ayer' }, title: '', changes: [], details: [] },
    ];
    const marked = diffPieces(TEXT, entries).filter((p) => p.entries.length);
    expect(marked.map((p) => [TEXT.slice(p.begin, p.end), p.entries.map((e) => e.key), p.starts.map((e) => e.key)])).toEqual([
      ['Fiebre ', ['removed-0'], ['removed-0']],
      ['ayer', ['removed-0', 'added-0'], ['added-0']],
    ]);
  });
});

describe('export', () => {
  const run = (result: AnnotationResult, annotator: string, textDatetime: string): Run => ({
    text: TEXT,
    result,
    info: { annotator, textDatetime, version: '1', dictionary: { id: 'default', contentHash: 'abc' } },
    unread: [],
  });

  it('writes both provenances and the lists as JSON', () => {
    const a = run(A, 'local:abc:rules:mis-reglas.json@17', '2024-05-10T09:00:00');
    const b = run(B, 'remote:https://glosa.example', '2025-01-20T09:00:00');
    const file = JSON.parse(diffToJson(TEXT, a, b, diffResults(A, B), new Date('2025-01-20T10:00:00Z'))) as Record<string, unknown>;
    expect(file).toMatchObject({
      format: 'glosa-diff',
      text: TEXT,
      exported_at: '2025-01-20T10:00:00.000Z',
      a: { mode: 'local', dictionary: { id: 'default', hash: 'abc' }, rules: 'mis-reglas.json', text_datetime: '2024-05-10T09:00:00' },
      b: { mode: 'remote', endpoint: 'https://glosa.example', dictionary: null, rules: null },
      counts: { added: 1, removed: 1, changed: 1 },
    });
    expect(provenanceOf({ ...a, info: { textDatetime: '', version: '1' } })).toMatchObject({ mode: null, text_datetime: null });
  });

  it('writes CSV with a row per changed field', () => {
    const rows = diffToCsv(diffResults(A, B)).trimEnd().split('\r\n');
    expect(rows[0]).toBe('kind,begin,end,text,what,field,a,b');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(
      /^changed,9,13,ayer,«ayer» \(9–13\) C0000100 · Hallazgo,date,9 may 2024 \(2024-05-09\),19 ene 2025 \(2025-01-19\)$/,
    );
  });
});

describe('side by side', () => {
  it('marks removed differences in A only, added in B only, changed in both', () => {
    const entries = diffEntries(diffResults(A, B));
    const inSide = (side: 'a' | 'b') => entries.filter((e) => presentIn(e.kind, side)).map((e) => [e.kind, e.span.text]);
    expect(inSide('a')).toEqual([
      ['changed', 'ayer'],
      ['removed', 'tos'],
    ]);
    expect(inSide('b')).toEqual([
      ['changed', 'ayer'],
      ['added', 'Dolor'],
    ]);
    expect(presentIn('relation-removed', 'a')).toBe(true);
    expect(presentIn('relation-removed', 'b')).toBe(false);
    expect(presentIn('relation-added', 'b')).toBe(true);
  });

  it("says each run's own value of what changed", () => {
    const changed = diffEntries(diffResults(A, B)).find((e) => e.kind === 'changed');
    expect(changed && sideValues(changed, 'a')).toEqual([`fecha: ${formatValue('date', { type: 'DATE', value: '2024-05-09' })}`]);
    expect(changed && sideValues(changed, 'b')).toEqual([`fecha: ${formatValue('date', { type: 'DATE', value: '2025-01-19' })}`]);
    const added = diffEntries(diffResults(A, B)).find((e) => e.kind === 'added');
    expect(added && sideValues(added, 'b')).toEqual([]);
  });
});
