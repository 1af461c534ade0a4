import { describe, expect, it } from 'vitest';
import { provenanceRecord } from '../../core/export/provenance.ts';
import { toJson } from '../export/json.ts';
import { annotation, negatedResult, NEGATED_TEXT } from '../test/fixtures.ts';
import { describeRun, differentNotes, readRunFile, RunFileError, type Run } from './run.ts';

const appRun = (text: string, result = negatedResult()): Run => ({
  text,
  result,
  info: {
    annotator: 'local:abcdef0123456789',
    textDatetime: '2024-05-10T09:00:00',
    version: '0.1.0',
    dictionary: { id: 'default', contentHash: 'abcdef0123456789' },
  },
  unread: [],
});

describe('readRunFile', () => {
  it("reads the app's JSON export and says what it does not hold", () => {
    const run = readRunFile(toJson(negatedResult()), 'nota.json');
    expect(run.result).toEqual(negatedResult());
    expect(run.text).toBeUndefined();
    expect(run.info).toMatchObject({ fileName: 'nota.json', version: '0.1.0', textDatetime: '', annotator: undefined });
    expect(run.unread).toEqual([
      'no incluye el texto de la nota (se comprueba por el texto de cada anotación)',
      'no dice la fecha de referencia',
      'no dice el modo ni el diccionario',
    ]);
  });

  it('reads an export wrapped with its provenance', () => {
    const file = {
      provenance: {
        mode: 'local',
        text_datetime: '2024-05-10T09:00:00',
        dictionary: { id: 'default', hash: 'ffee0011' },
        annotator_version: '0.2.0',
      },
      text: NEGATED_TEXT,
      result: negatedResult(),
    };
    const run = readRunFile(JSON.stringify(file), 'x.json');
    expect(run.text).toBe(NEGATED_TEXT);
    expect(run.unread).toEqual([]);
    expect(run.info).toMatchObject({ annotator: 'local:ffee0011', textDatetime: '2024-05-10T09:00:00', version: '0.2.0' });
    expect(describeRun(run)).toEqual([
      'archivo «x.json»',
      'local · diccionario default #ffee0011',
      'referencia 2024-05-10T09:00:00',
      'versión 0.2.0',
    ]);
  });

  it("reads the provenance the app's own JSON export records", () => {
    const provenance = provenanceRecord({
      exported_by: 'glosa-app 0.1.0',
      mode: 'local',
      text_datetime: '2024-05-10T09:00:00',
      dictionary: { id: 'default', content_hash: 'ffee0011' },
      rule_pack: { name: 'mis-reglas.json', sha256: 'aa' },
      glosa_version: '0.3.0',
    });
    const run = readRunFile(toJson(negatedResult(), provenance), 'nota.json');
    expect(run.unread).toEqual(['no incluye el texto de la nota (se comprueba por el texto de cada anotación)']);
    expect(run.info).toMatchObject({ annotator: 'local:ffee0011:rules:mis-reglas.json', textDatetime: '2024-05-10T09:00:00' });
    expect(run.info.dictionary).toEqual({ id: 'default', contentHash: 'ffee0011' });
  });

  it('finds the result and its provenance under other names', () => {
    const file = {
      glosa: { referenceDatetime: '2024-02-02T10:00:00', dictionary: { name: 'mío', sha256: 'beef' } },
      output: negatedResult(),
    };
    const run = readRunFile(JSON.stringify(file), 'otro.json');
    expect(run.result).toEqual(negatedResult());
    expect(describeRun(run)).toEqual([
      'archivo «otro.json»',
      'local · diccionario mío #beef',
      'referencia 2024-02-02T10:00:00',
      'versión 0.1.0',
    ]);
  });

  it('reads a remote run, a line of glosa annotate output and a review file', () => {
    const remote = readRunFile(JSON.stringify({ mode: 'remote', endpoint: 'https://glosa.example', result: negatedResult() }), 'r.json');
    expect(remote.info.annotator).toBe('remote:https://glosa.example');

    const lines = [
      { id: 'n1', result: negatedResult() },
      { id: 'n2', result: negatedResult() },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const cli = readRunFile(lines, 'salida.jsonl');
    expect(cli.result).toEqual(negatedResult());
    expect(cli.unread[0]).toBe('tiene 2 notas o líneas: se usa la primera');

    const review = {
      format: 'glosa-review',
      version: 1,
      notes: [
        {
          id: 'a',
          text: NEGATED_TEXT,
          text_datetime: '2024-01-01T00:00:00',
          dictionary_hash: 'aa11',
          result: negatedResult(),
          verdicts: [],
        },
      ],
    };
    const fromReview = readRunFile(JSON.stringify(review), 'revision.json');
    expect(fromReview.text).toBe(NEGATED_TEXT);
    expect(fromReview.info).toMatchObject({ annotator: 'local:aa11', textDatetime: '2024-01-01T00:00:00' });
  });

  it('refuses what is not JSON, or holds no result of the contract, saying why', () => {
    expect(() => readRunFile('{"annotations": [', 'rota.json')).toThrow(RunFileError);
    expect(() => readRunFile('{"annotations": [', 'rota.json')).toThrow(/«rota.json» no es JSON/);
    expect(() => readRunFile('{"annotations": [{"id": "x"}], "version": "1"}', 'mala.json')).toThrow(
      /no contiene un resultado de anotación.*annotations\.0\.id/,
    );
  });
});

describe('differentNotes', () => {
  it('compares texts when both runs have one', () => {
    expect(differentNotes(appRun(NEGATED_TEXT), appRun(NEGATED_TEXT))).toBeNull();
    expect(differentNotes(appRun(NEGATED_TEXT), appRun(`${NEGATED_TEXT}.`))).toMatch(/no son el mismo texto \(A: 28 caracteres, B: 29\)/);
  });

  it("checks a file without text by its spans' text, in code points", () => {
    const text = '😷 dolor';
    const result = { annotations: [annotation(0, text, 2, 7)], version: '1' };
    const file: Run = { result, info: { textDatetime: '', version: '1' }, unread: [] };
    expect(differentNotes(appRun(text, result), file)).toBeNull();
    expect(differentNotes(file, appRun('😷 calor', result))).toBe(
      'El resultado A no es de esta nota: «dolor» (posiciones 2–7) no está en el texto. No se comparan.',
    );
  });
});
