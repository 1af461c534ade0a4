import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStale } from '../scripts/build-stale.ts';

describe('npm start’s build steps', () => {
  it('run only when an input is newer than the output, or the output is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'glosa-stale-'));
    const root = (...parts: string[]) => join(dir, ...parts);
    mkdirSync(root('src', 'deep'), { recursive: true });
    writeFileSync(root('src', 'deep', 'a.ts'), '');
    const step = { script: 'build:x', inputs: ['src', 'missing-input'], output: 'out/index.html' };
    expect(isStale(step, root)).toBe(true);
    mkdirSync(root('out'));
    writeFileSync(root('out', 'index.html'), '');
    const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
    for (const path of [root('src'), root('src', 'deep'), root('src', 'deep', 'a.ts')]) at(path, 1000);
    at(root('out', 'index.html'), 2000);
    expect(isStale(step, root)).toBe(false);
    at(root('src', 'deep', 'a.ts'), 3000);
    expect(isStale(step, root)).toBe(true);
  });
});
