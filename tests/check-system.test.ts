/** `npm test` starts with scripts/check-system.mjs: without a program the tests need, it stops at once, in one line. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-system.mjs', import.meta.url));
const check = (chromiumPath: string, ...names: string[]) =>
  spawnSync(process.execPath, [script, ...names], { env: { ...process.env, CHROMIUM_PATH: chromiumPath }, encoding: 'utf8' });

describe('the system check', () => {
  it('stops with one line naming what to install when there is no Chromium', () => {
    const run = check('/nonexistent/chromium', 'chromium');
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('none at /nonexistent/chromium');
    expect(run.stderr).toContain('CHROMIUM_PATH');
    expect(run.stderr).toContain('apt-get install chromium');
  });

  it('names every missing program in the same line', () => {
    const run = check('/nonexistent/chromium', 'chromium', 'glosa-no-such-server');
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('apt-get install chromium glosa-no-such-server');
  });

  it('passes silently when everything is there', () => {
    const run = check(process.execPath, 'chromium', 'node');
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
