/** `glosa annotate` through the real command: one output line per input line, in order, bad lines as errors. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema, GLOSA_VERSION } from '../src/core/index.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';

const bin = fileURLToPath(new URL('../bin/glosa.mjs', import.meta.url));

function glosa(args: string[], input: string) {
  const run = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return {
    status: run.status,
    stderr: run.stderr,
    lines: run.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('glosa annotate', () => {
  it('answers every line in order, turning bad lines into error lines', () => {
    const input = [
      '{"id":"1","text":"no refiere dolor"}',
      'not json',
      '{"id":"3"}',
      '{"id":"4","text":42}',
      '{"id":"5","text":"tos","config":"x"}',
      '{"id":"6","text":"tos","config":{"text_datetime":"2024-02-30T10:00:00"}}',
      '[1,2]',
      '{"id":"8","text":"😀 fiebre"}',
    ].join('\n');
    const { status, lines } = glosa(['annotate'], input + '\n');
    expect(status).toBe(0);
    expect(lines.map((l) => l.id)).toEqual(['1', null, '3', '4', '5', '6', null, '8']);
    expect(lines.map((l) => (l.error as { code: string } | undefined)?.code)).toEqual([
      undefined,
      'invalid_json',
      'missing_text',
      'invalid_text',
      'invalid_config',
      'invalid_text_datetime',
      'invalid_body',
      undefined,
    ]);
    const first = AnnotationResultSchema.parse(lines[0]?.result);
    expect(first.annotations.map((a) => [a.match.text, a.characteristics.negative?.trigger.text])).toEqual([
      ['refiere', 'no'],
      ['dolor', 'no'],
    ]);
    const last = AnnotationResultSchema.parse(lines[7]?.result);
    expect(last.annotations[0]?.match).toMatchObject({ begin: 2, end: 8, text: 'fiebre' });
  });

  it('records on every result line what produced it: dictionary, rules, reference datetime, version and time', () => {
    const input = [
      '{"id":"a","text":"tos","config":{"text_datetime":"2024-06-10T12:00:00"}}',
      '{"id":"b","text":"fiebre","config":{"nested_sites":true}}',
      'x',
    ].join('\n');
    const before = Date.now();
    const { lines } = glosa(['annotate', '--datetime', '2023-01-01T00:00:00'], input + '\n');
    const { id, contentHash } = loadDefaultDictionary().meta;
    const [a, b, bad] = lines;
    expect(a?.glosa_provenance).toMatchObject({
      exported_by: `glosa-cli ${GLOSA_VERSION}`,
      mode: 'local',
      text_datetime: '2024-06-10T12:00:00',
      dictionary: { id, content_hash: contentHash },
      rule_pack: null,
      nested_sites: false,
      glosa_version: GLOSA_VERSION,
    });
    expect(b?.glosa_provenance).toMatchObject({ nested_sites: true });
    // The line's own datetime wins; --datetime is the reference for lines without one.
    expect((b?.glosa_provenance as { text_datetime: string }).text_datetime).toBe('2023-01-01T00:00:00');
    const at = Date.parse((a?.glosa_provenance as { annotated_at: string }).annotated_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(bad).not.toHaveProperty('glosa_provenance');
  });

  it('names a user rule pack by file name and SHA-256', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'glosa-prov-')), 'mis-reglas.json');
    const pack = JSON.stringify({ rules: [{ id: 'neg-sin', disabled: true }] });
    writeFileSync(path, pack);
    const { lines } = glosa(['annotate', '--context-rules', path], '{"id":"1","text":"tos"}\n');
    expect(lines[0]?.glosa_provenance).toMatchObject({
      rule_pack: { name: 'mis-reglas.json', sha256: createHash('sha256').update(pack).digest('hex') },
    });
  });

  it('rejects a malformed --datetime with a clear message', () => {
    const { status, stderr } = glosa(['annotate', '--datetime', '10/06/2024'], '');
    expect(status).toBe(2);
    expect(stderr).toMatch(/YYYY-MM-DDTHH:MM:SS/);
  });
});
