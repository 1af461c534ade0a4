/** `glosa annotate` through the real command: one output line per input line, in order, bad lines as errors. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema } from '../src/core/index.ts';

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

  it('rejects a malformed --datetime with a clear message', () => {
    const { status, stderr } = glosa(['annotate', '--datetime', '10/06/2024'], '');
    expect(status).toBe(2);
    expect(stderr).toMatch(/YYYY-MM-DDTHH:MM:SS/);
  });
});
