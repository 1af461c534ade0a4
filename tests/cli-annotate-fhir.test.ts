/** `glosa annotate --format fhir` through the real command: one valid R4 Bundle per line. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Bundle, Condition, OperationOutcome, Provenance } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { fhirSchemaErrors } from './support/fhir-schema.ts';

const bin = fileURLToPath(new URL('../bin/glosa.mjs', import.meta.url));

function glosa(args: string[], input: string) {
  const run = spawnSync(process.execPath, [bin, 'annotate', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  const lines = run.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Bundle | OperationOutcome);
  return { status: run.status, stderr: run.stderr, lines };
}

describe('glosa annotate --format fhir', () => {
  it('writes one valid Bundle per note and an OperationOutcome for a bad line', () => {
    const input = [
      '{"id":"n1","text":"😷 No refiere fiebre. Posible neumonía."}',
      'not json',
      '{"id":"n3","text":"Madre con diabetes."}',
    ].join('\n');
    const { status, lines } = glosa(['--format', 'fhir', '--datetime', '2024-06-10T12:00:00'], input + '\n');
    expect(status).toBe(0);
    expect(lines.map((l) => l.resourceType)).toEqual(['Bundle', 'OperationOutcome', 'Bundle']);
    for (const line of lines) expect(fhirSchemaErrors(line)).toEqual([]);

    const [first, refused, third] = lines as [Bundle, OperationOutcome, Bundle];
    expect(first.identifier).toEqual({ value: 'n1' });
    const conditions = (first.entry ?? []).map((e) => e.resource).filter((r): r is Condition => r?.resourceType === 'Condition');
    expect(conditions.map((c) => [c.code?.text, c.verificationStatus?.coding?.[0]?.code])).toEqual([
      ['fiebre', 'refuted'],
      ['neumonía', 'provisional'],
    ]);
    const span = conditions[0]?.extension?.[0]?.extension ?? [];
    // Code points: the emoji counts once, so "fiebre" starts at 13, not 14.
    expect(span.find((e) => e.url === 'begin')?.valueInteger).toBe(13);
    const provenance = first.entry?.at(-1)?.resource as Provenance;
    expect(JSON.stringify(provenance.extension)).toContain('2024-06-10T12:00:00');
    // What produced it: the CLI, in process (local), with the built-in rules, annotated just now.
    const ext = (url: string) => provenance.extension?.find((e) => e.url === `urn:glosa:fhir:extension:${url}`);
    expect(ext('mode')?.valueCode).toBe('local');
    expect(ext('rule-pack')?.valueCode).toBe('default');
    expect(ext('exported-by')?.valueString).toMatch(/^glosa-cli \d/);
    expect(provenance.occurredDateTime).toBe(provenance.recorded);
    expect(refused.issue[0]?.details?.text).toBe('invalid_json');
    expect(third.entry?.map((e) => e.resource?.resourceType)).toContain('FamilyMemberHistory');
  });

  it('refuses an unknown format at once', () => {
    const { status, stderr, lines } = glosa(['--format', 'xml'], '{"id":"1","text":"tos"}\n');
    expect(status).toBe(2);
    expect(stderr).toContain('--format must be json or fhir');
    expect(lines).toEqual([]);
  });
});
