import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { memoryStorage as sessionMemory } from '../state/memory-storage.ts';
import { annotation, NEGATED_TEXT, negatedResult, span } from '../test/fixtures.ts';
import { BatchError, batchFromTextFiles, parseJsonlBatch } from './batch.ts';
import { sentenceAround, toDevCases } from './cases.ts';
import { parseReviewFile, ReviewImportError, toReviewFile } from './exchange.ts';
import type { GlosaProvenance } from '../../core/export/provenance.ts';
import { APP_EXPORTER } from '../format/provenance.ts';
import { bratConf, fileStems, reviewBratZip, reviewProvenance, toReviewBrat, toReviewCsv } from './handoff.ts';
import { UNKNOWN_DICTIONARY } from './useReviewedResult.ts';
import {
  addMissed,
  carryOver,
  clearVerdict,
  countsOf,
  countsText,
  newReview,
  reviewKey,
  setComment,
  setVerdict,
  textHash,
  type NoteReview,
} from './model.ts';
import { reportOf } from './report.ts';
import { blockSignatures, sameButVerdicts } from './spans.ts';
import { mapBackend, memoryStorage, storageOver, type ReviewStorage } from './storage.ts';
import { createReviewStore } from './store.ts';
import { matchesVerdictFilter, verdictCell } from './table.ts';

const DT = '2024-06-10T12:00:00';
const NOW = new Date('2024-06-11T09:00:00Z');

/** "No refiere dolor en el brazo": refiere correct, dolor wrong (negation, commented), brazo unreviewed, a missed concept. */
function judged(): NoteReview {
  let r = newReview('nota-1', NEGATED_TEXT, DT, negatedResult(), 'dict0001', NOW);
  r = setVerdict(r, 0, 'correct', {}, NOW);
  r = setVerdict(r, 1, 'wrong', { reason: 'negation', comment: 'no está negado' }, NOW);
  r = addMissed(r, { begin: 23, end: 28, text: 'brazo', category: 'Anatomy', cui: 'C0446516' }, NOW);
  return r;
}

describe('hash and key', () => {
  it('hashes the UTF-8 text with SHA-256 (known vector, emoji included)', () => {
    expect(textHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(textHash('😷 tos')).toMatch(/^[0-9a-f]{64}$/);
    expect(textHash('😷 tos')).not.toBe(textHash('😷 tos '));
  });

  it('keys a review by text hash, reference datetime, annotator version and dictionary hash', () => {
    const base = { text_hash: textHash('tos'), text_datetime: DT, annotator_version: '1.0', dictionary_hash: 'd1' };
    const key = reviewKey(base);
    expect(key).toContain(base.text_hash);
    for (const change of [
      { text_datetime: '2024-06-11T12:00:00' },
      { annotator_version: '1.1' },
      { dictionary_hash: 'd2' },
      { text_hash: textHash('tos.') },
    ])
      expect(reviewKey({ ...base, ...change })).not.toBe(key);
    expect(newReview('x', 'tos', DT, { annotations: [], version: '1.0' }, 'd1').key).toBe(key);
  });
});

describe('verdicts', () => {
  it('sets, comments, replaces and clears verdicts, and counts them', () => {
    let r = judged();
    expect(countsOf(r)).toEqual({ total: 3, reviewed: 2, wrong: 1, missed: 1 });
    expect(countsText(countsOf(r))).toBe('revisadas 2 de 3, 1 incorrecta, 1 omitida');
    // A wrong verdict marked again keeps its reason and comment; "correct" drops the reason.
    r = setVerdict(r, 1, 'wrong');
    expect(r.verdicts.get(1)).toEqual({ annotation_id: 1, verdict: 'wrong', reason: 'negation', comment: 'no está negado' });
    r = setVerdict(r, 1, 'correct');
    expect(r.verdicts.get(1)).toEqual({ annotation_id: 1, verdict: 'correct', comment: 'no está negado' });
    r = setComment(r, 1, '  ');
    expect(r.verdicts.get(1)).toEqual({ annotation_id: 1, verdict: 'correct' });
    expect(setComment(r, 2, 'sin veredicto')).toBe(r);
    r = clearVerdict(r, 0);
    expect(countsText(countsOf(r))).toBe('revisadas 1 de 3, 0 incorrectas, 1 omitida');
  });

  it('gives each block a signature that changes only with its own verdicts', () => {
    const blockOf = new Map([
      [0, 0],
      [1, 0],
      [2, 1],
    ]);
    const r = judged();
    const before = blockSignatures(blockOf, r.verdicts);
    const after = blockSignatures(blockOf, setVerdict(r, 2, 'correct').verdicts);
    expect(after.get(0)).toBe(before.get(0));
    expect(before.get(1)).toBeUndefined();
    expect(after.get(1)).toBe('2c');
    const props = { nodes: [], verdicts: r.verdicts, verdictSig: 'a' };
    expect(sameButVerdicts(props, { ...props, verdicts: new Map() })).toBe(true);
    expect(sameButVerdicts(props, { ...props, verdictSig: 'b' })).toBe(false);
    expect(sameButVerdicts(props, { ...props, nodes: [] })).toBe(false);
  });

  it('filters and labels the table column by verdict', () => {
    const r = judged();
    expect(verdictCell(r.verdicts.get(1))).toBe('✗ incorrecta: negación errónea · no está negado');
    expect(verdictCell(r.verdicts.get(0))).toBe('✓ correcta');
    expect(verdictCell(undefined)).toBe('—');
    expect(matchesVerdictFilter(undefined, 'unreviewed')).toBe(true);
    expect(matchesVerdictFilter(r.verdicts.get(1), 'correct')).toBe(false);
  });
});

describe('carry-over', () => {
  it('moves verdicts to annotations that still exist, orphans the others, keeps missed concepts', () => {
    const old = judged();
    // The new result: ids shifted by a new first annotation, and "dolor" is no longer negated.
    const fresh = negatedResult();
    const shifted = {
      version: '0.2.0',
      annotations: [
        annotation(0, NEGATED_TEXT, 0, 2, { type: { umls: 'Functional Concept' } }),
        ...fresh.annotations.map((a) => ({
          ...a,
          id: a.id + 1,
          ...(a.head !== undefined ? { head: a.head + 1 } : {}),
          characteristics: a.id === 1 ? {} : a.characteristics,
        })),
      ],
    };
    const moved = carryOver(old, newReview('nota-1', NEGATED_TEXT, DT, shifted, 'dict0001'), NOW);
    expect([...moved.verdicts.values()]).toEqual([{ annotation_id: 1, verdict: 'correct' }]);
    expect(moved.orphans).toEqual([
      { verdict: 'wrong', reason: 'negation', comment: 'no está negado', annotation: old.result.annotations[1] },
    ]);
    expect(moved.missed).toEqual(old.missed);
    expect(moved.carriedFrom).toEqual({ key: old.key, carried: 1, orphaned: 1 });
    expect(moved.key).not.toBe(old.key);
    // Back to the first result: the orphan finds its annotation again.
    const back = carryOver(moved, newReview('nota-1', NEGATED_TEXT, DT, negatedResult(), 'dict0001'));
    expect(back.verdicts.get(1)?.reason).toBe('negation');
    expect(back.orphans).toEqual([]);
  });
});

describe('review file', () => {
  it('writes the glosa-review v1 shape and reads it back to the same review', () => {
    const r = judged();
    const content = toReviewFile([r]);
    const data = JSON.parse(content);
    expect(Object.keys(data)).toEqual(['format', 'version', 'notes']);
    expect(data.format).toBe('glosa-review');
    expect(data.version).toBe(1);
    expect(Object.keys(data.notes[0])).toEqual([
      'id',
      'text',
      'text_hash',
      'text_datetime',
      'annotator_version',
      'dictionary_hash',
      'result',
      'verdicts',
      'missed',
    ]);
    expect(data.notes[0].verdicts).toEqual([
      { annotation_id: 0, verdict: 'correct' },
      { annotation_id: 1, verdict: 'wrong', reason: 'negation', comment: 'no está negado' },
    ]);
    const [back] = parseReviewFile(content, NOW);
    expect(back?.key).toBe(r.key);
    expect(toReviewFile([back as NoteReview])).toBe(content);
  });

  it('accepts a file without text_hash (hashing the text), and keeps orphans', () => {
    const data = JSON.parse(toReviewFile([judged()]));
    delete data.notes[0].text_hash;
    const [back] = parseReviewFile(JSON.stringify(data));
    expect(back?.text_hash).toBe(textHash(NEGATED_TEXT));
    const withOrphan = { ...judged(), orphans: [{ verdict: 'correct' as const, annotation: negatedResult().annotations[0]! }] };
    expect(parseReviewFile(toReviewFile([withOrphan]))[0]?.orphans).toHaveLength(1);
  });

  it.each([
    ['not JSON', () => 'hola', /no es JSON/],
    ['not a review', () => JSON.stringify(negatedResult()), /no es una revisión de Glosa/],
    [
      'another version',
      (c: Record<string, unknown>) => JSON.stringify({ ...c, version: 2 }),
      /versión 2; esta aplicación lee la versión 1/,
    ],
    ['no notes', (c: Record<string, unknown>) => JSON.stringify({ ...c, notes: [] }), /no es válido: notes/],
    [
      'a text changed after the review',
      (c: { notes: { text: string }[] }) => JSON.stringify({ ...c, notes: [{ ...c.notes[0], text: `${NEGATED_TEXT}.` }] }),
      /no coincide con su huella/,
    ],
    [
      'a result of another text',
      (c: { notes: { text: string; text_hash?: string }[] }) => {
        const text = NEGATED_TEXT.replace('dolor', 'tos  ');
        return JSON.stringify({ ...c, notes: [{ ...c.notes[0], text, text_hash: textHash(text) }] });
      },
      /no está en el texto/,
    ],
    [
      'a verdict on no annotation',
      (c: { notes: { verdicts: unknown[] }[] }) =>
        JSON.stringify({ ...c, notes: [{ ...c.notes[0], verdicts: [{ annotation_id: 9, verdict: 'correct' }] }] }),
      /anotación 9, que no existe/,
    ],
    [
      'an unknown reason',
      (c: { notes: { verdicts: unknown[] }[] }) =>
        JSON.stringify({ ...c, notes: [{ ...c.notes[0], verdicts: [{ annotation_id: 1, verdict: 'wrong', reason: 'mal' }] }] }),
      /unknown reason/,
    ],
  ] as const)('refuses %s with a clear message', (_name, make, message) => {
    const content = JSON.parse(toReviewFile([judged()]));
    const attempt = () => parseReviewFile((make as (c: unknown) => string)(content));
    expect(attempt).toThrow(ReviewImportError);
    expect(attempt).toThrow(message);
  });
});

describe('CSV and brat', () => {
  it('writes one row per annotation with its verdict and one per missed concept; semicolon with a BOM', () => {
    const r = judged();
    const rows = toReviewCsv([r]).trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 3 + 1);
    // What produced the result, in the last columns (here only what the review knows, and no export time).
    const made = `,,,${DT},,dict0001,,,,0.1.0,,,${APP_EXPORTER}`;
    expect(
      rows[0]?.endsWith(
        ',comment,mode,endpoint,text_datetime,dictionary_id,dictionary_hash,rule_pack,rule_pack_sha256,nested_sites,glosa_version,annotated_at,exported_at,exported_by',
      ),
    ).toBe(true);
    expect(rows[2]).toBe(`nota-1,1,11,16,dolor,Finding,C0000001,término,negated,wrong,negation,no está negado${made}`);
    expect(rows[3]).toBe(`nota-1,2,23,28,brazo,Anatomy,C0000002,término,negated,unreviewed,,${made}`);
    expect(rows[4]).toBe(`nota-1,,23,28,brazo,Anatomy,C0446516,,,missed,,${made}`);
    const commented = setVerdict(r, 2, 'wrong', { comment: 'sí; seguro, "no"' });
    const semi = toReviewCsv([commented], 'semicolon');
    expect(semi.startsWith('\uFEFFnote_id;annotation_id;')).toBe(true);
    expect(semi).toContain(`;wrong;;"sí; seguro, ""no""";;;${DT};;dict0001;;;;0.1.0;;;${APP_EXPORTER}\r\n`);
    expect(toReviewCsv([commented])).toContain(`,wrong,,"sí; seguro, ""no""",,,${DT},,dict0001,,,,0.1.0,,,${APP_EXPORTER}\r\n`);
  });

  it('adds verdict attributes and notes to the brat standoff, missed concepts as entities, and a conf that declares them', () => {
    const { txt, ann } = toReviewBrat(judged());
    expect(txt).toBe(NEGATED_TEXT);
    const lines = ann.trimEnd().split('\n');
    expect(lines).toContain('A4\tVerdict T1 correct');
    expect(lines).toContain('A5\tVerdict T2 wrong');
    expect(lines).toContain('A6\tReason T2 negation');
    expect(lines.find((l) => /AnnotatorNotes T2\t/.test(l))).toBe(
      '#2\tAnnotatorNotes T2\tC0000001 término | revisión: incorrecta · negación errónea · no está negado',
    );
    const missed = lines.find((l) => l.includes('Missed_concept'));
    expect(missed).toMatch(/^T\d+\tMissed_concept 23 28\tbrazo$/);
    expect(lines).toContain(`#4\tAnnotatorNotes ${missed?.split('\t')[0]}\tomitido · Anatomy · C0446516`);
    const ids = lines.filter((l) => l.startsWith('#')).map((l) => l.split('\t')[0]);
    expect(new Set(ids).size).toBe(ids.length);

    const conf = bratConf([judged()]);
    for (const type of ['Finding', 'Anatomy', 'Functional_Concept', 'Negation_cue', 'Missed_concept'])
      expect(conf.split('\n')).toContain(type);
    expect(conf).toContain('has_anatomical_location\tArg1:<ENTITY>, Arg2:<ENTITY>');
    expect(conf).toContain('Verdict\tArg:<ENTITY>, Value:correct|wrong');
    expect(conf).toMatch(/^Reason\tArg:<ENTITY>, Value:concept\|span\|negation\|/m);
  });

  it('zips one .txt/.ann pair per note with unique safe names and one annotation.conf', () => {
    const a = judged();
    const b = { ...judged(), id: 'nota/1' };
    expect(fileStems([a, b, { ...a, id: '' }])).toEqual(['nota-1', 'nota_1', 'nota-3']);
    const files = unzipSync(reviewBratZip([a, { ...a, id: 'nota-1' }], NOW));
    expect(Object.keys(files).sort()).toEqual([
      'annotation.conf',
      'nota-1-2.ann',
      'nota-1-2.provenance.json',
      'nota-1-2.txt',
      'nota-1.ann',
      'nota-1.provenance.json',
      'nota-1.txt',
    ]);
    expect(strFromU8(files['nota-1.txt'] as Uint8Array)).toBe(NEGATED_TEXT);
    expect(JSON.parse(strFromU8(files['nota-1.provenance.json'] as Uint8Array))).toEqual({
      exported_by: APP_EXPORTER,
      text_datetime: DT,
      glosa_version: '0.1.0',
      dictionary: { content_hash: 'dict0001' },
      exported_at: NOW.toISOString(),
    });
  });

  it('records the provenance a review kept of its result, in the review file, the CSV and the zip', () => {
    const provenance: GlosaProvenance = {
      exported_by: APP_EXPORTER,
      mode: 'remote',
      endpoint: 'https://svc.test/tagger/annotation',
      text_datetime: DT,
      dictionary: { id: 'glosa-es', content_hash: 'dict0001' },
      glosa_version: '0.1.0',
      annotated_at: '2024-06-11T08:59:00.000Z',
    };
    const r: NoteReview = { ...judged(), provenance };
    const file = toReviewFile([r]);
    expect(JSON.parse(file).notes[0].glosa_provenance).toEqual(provenance);
    const [back] = parseReviewFile(file);
    expect(back?.provenance).toEqual(provenance);
    expect(toReviewFile([back as NoteReview])).toBe(file);
    expect(toReviewCsv([r], 'comma', NOW).split('\r\n')[1]).toContain(
      `,remote,https://svc.test/tagger/annotation,${DT},glosa-es,dict0001,,,,0.1.0,2024-06-11T08:59:00.000Z,${NOW.toISOString()},`,
    );
    // A review without one (made before, or of an unknown dictionary) writes no glosa_provenance.
    expect(JSON.parse(toReviewFile([judged()])).notes[0]).not.toHaveProperty('glosa_provenance');
    expect(reviewProvenance({ ...judged(), dictionary_hash: UNKNOWN_DICTIONARY })).not.toHaveProperty('dictionary');
  });
});

describe('cases for the test suite', () => {
  it('cuts the sentence (or line) around a span', () => {
    const cutAt = (text: string, word: string) => {
      const at = text.indexOf(word);
      const { start, stop } = sentenceAround(text, at, at + word.length);
      return text.slice(start, stop);
    };
    expect(cutAt('Tos seca. No refiere dolor en el brazo. Fiebre.', 'dolor')).toBe('No refiere dolor en el brazo.');
    expect(cutAt('línea uno\nfiebre alta\notra', 'alta')).toBe('fiebre alta');
    expect(cutAt('Sin fiebre', 'fiebre')).toBe('Sin fiebre');
  });

  it('writes a line per wrong or missed item in the dev-cases format', () => {
    let r = judged();
    r = setVerdict(r, 2, 'wrong', { reason: 'span' });
    const lines = toDevCases([r]).map((l) => JSON.parse(l));
    const tag = r.text_hash.slice(0, 8);
    expect(lines).toEqual([
      {
        id: `neg-rev-${tag}-1`,
        text: NEGATED_TEXT,
        config: { text_datetime: DT },
        expect: [{ span: 'dolor', negated: false }],
        note: 'revisión (nota-1): negación errónea; Glosa anotó C0000001 «término» (Finding), negado por «No»; comentario: no está negado',
      },
      {
        id: `spec-rev-${tag}-2`,
        text: NEGATED_TEXT,
        config: { text_datetime: DT },
        not_annotated: ['brazo'],
        note: 'revisión (nota-1): extensión errónea; Glosa anotó C0000002 «término» (Anatomy), negado por «No»',
      },
      {
        id: `spec-rev-${tag}-3`,
        text: NEGATED_TEXT,
        config: { text_datetime: DT },
        expect: [{ span: 'brazo', umls: 'C0446516', type_vendor: 'Anatomy' }],
        note: 'revisión (nota-1): concepto omitido (Anatomy)',
      },
    ]);
  });

  it('gives the occurrence of a repeated span and counts offsets in code points', () => {
    const text = '😷 tos y tos.';
    const result = { annotations: [annotation(0, text, 8, 11)], version: '1' };
    const r = setVerdict(newReview('n', text, DT, result, 'd'), 0, 'wrong', { reason: 'uncertainty' });
    expect(JSON.parse(toDevCases([r])[0] as string).expect).toEqual([{ span: 'tos', occurrence: 2, uncertain: true }]);
  });
});

describe('report', () => {
  it('counts per category, per characteristic, and the reviewed negations by reason', () => {
    const text = 'Madre con asma. No tos.';
    const fam = { family_member: { match: span(text, 0, 5) } };
    const neg = { negative: { trigger: span(text, 16, 18) } };
    const result = {
      version: '1',
      annotations: [
        annotation(0, text, 0, 5, { type: { umls: 'Family Group', vendor: 'Group' } }),
        annotation(1, text, 10, 14, { type: { umls: 'Disease', vendor: 'Disease or Syndrome' }, characteristics: fam }),
        annotation(2, text, 19, 22, { characteristics: neg }),
      ],
    };
    let r = newReview('n', text, DT, result, 'd');
    r = setVerdict(r, 1, 'wrong', { reason: 'family' });
    r = setVerdict(r, 2, 'wrong', { reason: 'negation' });
    const report = reportOf([r, judged()]);
    expect(report.overall).toEqual({ total: 6, reviewed: 4, wrong: 3 });
    expect(report.byCategory.find(([c]) => c === 'Finding')?.[1]).toEqual({ total: 2, reviewed: 2, wrong: 2 });
    expect(report.byCharacteristic.family).toEqual({ total: 1, reviewed: 1, wrong: 1 });
    expect(report.byCharacteristic.negated).toEqual({ total: 4, reviewed: 3, wrong: 2 });
    expect(report.negations.correct).toBe(1);
    expect(report.negations.wrong.negation).toBe(2);
    expect(report.missed).toBe(1);
  });
});

describe('batch', () => {
  it('reads the CLI input format, with a per-note reference datetime', () => {
    const notes = parseJsonlBatch('{"id":"a","text":"tos"}\n\n{"id":7,"text":"fiebre","config":{"text_datetime":"2024-06-10T12:00:00"}}\n');
    expect(notes).toEqual([
      { id: 'a', text: 'tos' },
      { id: '7', text: 'fiebre', textDatetime: DT },
    ]);
  });

  it('refuses a file with bad lines, naming them, and duplicate ids', () => {
    expect(() => parseJsonlBatch('{"id":"a","text":"tos"}\nnope\n{"id":"b"}\n')).toThrow(/línea 2: no es JSON; línea 3: text/);
    expect(() => parseJsonlBatch('{"id":"a","text":"tos","config":{"text_datetime":"ayer"}}')).toThrow(BatchError);
    expect(() => parseJsonlBatch('{"id":"a","text":"x"}\n{"id":"a","text":"y"}')).toThrow(/«a» aparece dos veces/);
    expect(() => parseJsonlBatch('\n')).toThrow(/ninguna nota/);
  });

  it('takes .txt files in natural name order, the name as id', () => {
    const notes = batchFromTextFiles([
      { name: 'n10.txt', content: 'b' },
      { name: 'n2.txt', content: 'a' },
      { name: 'vacía.txt', content: ' ' },
    ]);
    expect(notes.map((n) => n.id)).toEqual(['n2', 'n10']);
  });
});

describe('review store', () => {
  /** A storage that fails every write as a full disk does. */
  function fullDisk(): ReviewStorage {
    const quota = Object.assign(new Error('quota'), { name: 'QuotaExceededError' });
    return { ...memoryStorage(), kind: 'indexeddb', save: () => Promise.reject(quota) };
  }
  const shown = { text: NEGATED_TEXT, textDatetime: DT, result: negatedResult(), dictionaryHash: 'dict0001' };

  it('keeps verdicts in storage and finds them again for the same result', async () => {
    const storage = memoryStorage();
    const store = createReviewStore(sessionMemory, () => ({ storage, warning: null }));
    store.getState().setEnabled(true);
    await store.getState().resultShown(shown);
    store.getState().mark(1, 'wrong');
    store.getState().giveReason('negation');
    await new Promise((r) => setTimeout(r));
    expect((await storage.all()).map((r) => r.verdicts.get(1)?.reason)).toEqual(['negation']);
    expect(store.getState().announcement.text).toBe('Motivo: negación errónea. revisadas 1 de 3, 1 incorrecta.');

    const again = createReviewStore(sessionMemory, () => ({ storage, warning: null }));
    await again.getState().resultShown({ ...shown, result: negatedResult() });
    expect(again.getState().current?.verdicts.get(1)?.verdict).toBe('wrong');
    expect(again.getState().current?.carriedFrom).toBeUndefined();
  });

  it('keeps with a review the provenance of the result it judges (the first one recorded)', async () => {
    const storage = memoryStorage();
    const store = createReviewStore(sessionMemory, () => ({ storage, warning: null }));
    const provenance = { exported_by: APP_EXPORTER, mode: 'local' as const, glosa_version: '0.1.0', annotated_at: NOW.toISOString() };
    await store.getState().resultShown({ ...shown, provenance });
    expect(store.getState().current?.provenance).toEqual(provenance);
    store.getState().mark(1, 'correct');
    await new Promise((r) => setTimeout(r));
    expect((await storage.all())[0]?.provenance).toEqual(provenance);
    const again = createReviewStore(sessionMemory, () => ({ storage, warning: null }));
    await again.getState().resultShown({ ...shown, result: negatedResult(), provenance: { ...provenance, annotated_at: 'later' } });
    expect(again.getState().current?.provenance).toEqual(provenance);
  });

  it('carries a review over when the same note and datetime get another result', async () => {
    const storage = memoryStorage();
    const store = createReviewStore(sessionMemory, () => ({ storage, warning: null }));
    await store.getState().resultShown(shown);
    store.getState().mark(0, 'correct');
    await new Promise((r) => setTimeout(r));
    await store.getState().resultShown({ ...shown, result: { ...negatedResult(), version: '9.9.9' } });
    expect(store.getState().current?.carriedFrom).toMatchObject({ carried: 1, orphaned: 0 });
    expect(store.getState().current?.annotator_version).toBe('9.9.9');
    // Both are kept: the one judged first and the carried one.
    expect((await storage.all()).map((r) => r.annotator_version).sort()).toEqual(['0.1.0', '9.9.9']);
    await store.getState().resultShown({ ...shown, textDatetime: '2024-06-12T12:00:00' });
    expect(store.getState().current?.verdicts.size).toBe(0);
  });

  it('writes the text and result once per review, the verdicts each time, and forgets a removed review whole', async () => {
    const backend = mapBackend();
    const writes: string[] = [];
    const storage = storageOver('memory', {
      ...backend,
      set: (key, value) => (writes.push(key.split('|')[0] as string), backend.set(key, value)),
    });
    const r = judged();
    await storage.save(r);
    await storage.save(setVerdict(r, 2, 'correct'));
    expect(writes).toEqual(['body', 'review', 'review']);
    expect((await storage.get(r.key))?.verdicts.size).toBe(3);
    expect((await storage.get(r.key))?.result).toEqual(r.result);
    await storage.remove(r.key);
    expect(await storage.get(r.key)).toBeUndefined();
    expect(await storage.all()).toEqual([]);
    // Saved again after removal (same result object): the body is written again, not assumed.
    await storage.save(r);
    expect((await storage.get(r.key))?.text).toBe(NEGATED_TEXT);
  });

  it('finds the reviews of one text by key', async () => {
    const storage = memoryStorage();
    const other = newReview('b', 'tos', DT, { annotations: [], version: '1' }, 'd');
    await storage.save(judged());
    await storage.save(other);
    await storage.saveBatch({ name: 'l', notes: [], index: 0, source: 'file' });
    expect((await storage.ofText(textHash(NEGATED_TEXT))).map((r) => r.id)).toEqual(['nota-1']);
    expect((await storage.all()).map((r) => r.id).sort()).toEqual(['b', 'nota-1']);
  });

  it('imports a file of several notes as a batch that shows each stored review as judged', async () => {
    const storage = memoryStorage();
    const store = createReviewStore(sessionMemory, () => ({ storage, warning: null }));
    const other = setVerdict(
      newReview('n-2', 'Tos seca.', DT, { annotations: [annotation(0, 'Tos seca.', 0, 3)], version: '0.1.0' }, 'd'),
      0,
      'correct',
    );
    await store.getState().importReviews(parseReviewFile(toReviewFile([judged(), other])));
    const { batch, opened } = store.getState();
    expect(batch?.source).toBe('import');
    expect(batch?.notes.map((n) => n.id)).toEqual(['nota-1', 'n-2']);
    expect(batch?.progress['n-2']).toEqual({ total: 1, reviewed: 1, wrong: 0, missed: 0 });
    expect(opened?.id).toBe('nota-1');
    expect(opened?.verdicts.get(1)?.reason).toBe('negation');
    await store.getState().goTo(1);
    expect(store.getState().opened?.text).toBe('Tos seca.');
    expect((await store.getState().reviewsToExport()).map((r) => r.id)).toEqual(['nota-1', 'n-2']);
  });

  it('on a quota error warns, goes on in memory and loses nothing', async () => {
    const store = createReviewStore(sessionMemory, () => ({ storage: fullDisk(), warning: null }));
    await store.getState().resultShown(shown);
    store.getState().mark(0, 'correct');
    await new Promise((r) => setTimeout(r));
    expect(store.getState().storageKind).toBe('memory');
    expect(store.getState().storageWarning).toMatch(/no deja más espacio.*expórtela/);
    store.getState().mark(2, 'correct');
    const [exported] = await store.getState().reviewsToExport();
    expect(exported?.verdicts.size).toBe(2);
    expect((await store.getState().listStored())[0]?.verdicts.size).toBe(2);
  });
});
