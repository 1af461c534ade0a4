/** Context rule packs through the real commands: `glosa rules export` and `--context-rules`. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/glosa.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'glosa-rules-'));

function glosa(args: string[], input = '') {
  const run = spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

function pack(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const negationOf = (stdout: string, span: string): string | undefined => {
  const { result } = JSON.parse(stdout.trim()) as {
    result: { annotations: { match: { text: string }; characteristics: { negative?: { trigger: { text: string } } } }[] };
  };
  return result.annotations.find((a) => a.match.text === span)?.characteristics.negative?.trigger.text;
};

describe('glosa rules export', () => {
  it('prints the default pack as the file holds it, and with a user pack the rules in effect', () => {
    const exported = glosa(['rules', 'export']);
    expect(exported.status).toBe(0);
    const file = readFileSync(new URL('../src/core/context/rules-es.json', import.meta.url), 'utf8');
    expect(JSON.parse(exported.stdout)).toEqual(JSON.parse(file));
    const disabled = glosa(['rules', 'export', '--context-rules', pack('off.json', { rules: [{ id: 'neg-sin', disabled: true }] })]);
    const ids = (JSON.parse(disabled.stdout) as { rules: { id: string }[] }).rules.map((r) => r.id);
    expect(ids).not.toContain('neg-sin');
    expect(ids).toContain('neg-no');
  });
});

describe('--context-rules', () => {
  const line = '{"id":"1","text":"Sin fiebre."}\n';

  it('applies a user pack in glosa annotate', () => {
    expect(negationOf(glosa(['annotate'], line).stdout, 'fiebre')).toBe('Sin');
    const off = pack('off.json', { rules: [{ id: 'neg-sin', disabled: true }] });
    const run = glosa(['annotate', '--context-rules', off], line);
    expect(run.status).toBe(0);
    expect(negationOf(run.stdout, 'fiebre')).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"rules": [', 'not JSON'],
    ['an unknown key', { rules: [{ id: 'neg-sin', disabled: true, why: 'x' }] }, 'rule 0 (id "neg-sin"): unknown key "why"'],
    ['a disabled id that does not exist', { rules: [{ id: 'neg-nada', disabled: true }] }, 'rule 0 (id "neg-nada"): no rule has this id'],
  ])('refuses a pack that is %s with exit code 2, naming the file and the rule, in annotate and serve', (_what, content, message) => {
    const path = pack('bad.json', content);
    for (const args of [
      ['annotate', '--context-rules', path],
      ['serve', '--port', '0', '--context-rules', path],
    ]) {
      const run = glosa(args, line);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`bad rule pack ${path}: `);
      expect(run.stderr).toContain(message);
    }
  });

  it('names a file it cannot read', () => {
    const run = glosa(['annotate', '--context-rules', join(dir, 'missing.json')], line);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('missing.json: cannot read the rule pack');
  });
});

describe('the service with a user pack', () => {
  it('annotates with the pack, inline and in a worker thread, and explains on request', async () => {
    const { buildTestServer, TEST_KEY } = await import('../src/server/testing/fixture.ts');
    const { applyRulePack, defaultRules } = await import('../src/core/index.ts');
    const contextRules = applyRulePack(defaultRules(), { rules: [{ id: 'neg-sin', disabled: true }] });
    for (const workers of [{ workerThreads: 0 }, { workerThreads: 1, workerThresholdCodePoints: 0 }]) {
      const app = await buildTestServer({ contextRules, ...workers });
      try {
        const post = (body: unknown) =>
          app.inject({ method: 'POST', url: '/tagger/annotation', headers: { apikey: TEST_KEY }, payload: JSON.stringify(body) });
        const result = (await post({ text: 'Sin fiebre. No tos.', config: { explain: true } })).json() as {
          annotations: { match: { text: string }; characteristics: { negative?: { rule?: string } } }[];
        };
        expect(result.annotations.map((a) => [a.match.text, a.characteristics.negative?.rule])).toEqual([
          ['fiebre', undefined],
          ['tos', 'neg-no'],
        ]);
        const bad = await post({ text: 'tos', config: { explain: 1 } });
        expect(bad.statusCode).toBe(400);
        expect((bad.json() as { error: { code: string } }).error.code).toBe('invalid_config');
      } finally {
        await app.close();
      }
    }
  });
});

describe('explanations from the command line and in the OpenAPI document', () => {
  it('glosa annotate adds rule and scope when a line asks for them', () => {
    const run = glosa(
      ['annotate'],
      '{"id":"1","text":"Sin fiebre.","config":{"explain":true}}\n{"id":"2","text":"x","config":{"explain":"sí"}}\n',
    );
    const [first, second] = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(JSON.stringify(first)).toContain('"rule":"neg-sin","scope":{"begin":4,"end":10}');
    expect(second).toEqual({ id: '2', error: { code: 'invalid_config', message: '"config.explain" must be true or false.' } });
  });

  it('are described in the OpenAPI document', async () => {
    const { buildOpenApiDocument } = await import('../src/server/openapi.ts');
    const doc = JSON.stringify(buildOpenApiDocument());
    expect(doc).toContain('"explain":{"type":"boolean","description":"Glosa extension: true adds rule and scope');
    expect(doc).toContain('the id of the context rule that fired');
  });
});
