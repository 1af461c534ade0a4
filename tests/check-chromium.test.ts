/** `npm test` starts with scripts/check-chromium.mjs: without a Chromium it stops at once, in one line. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-chromium.mjs', import.meta.url));
const check = (path: string) => spawnSync(process.execPath, [script], { env: { ...process.env, CHROMIUM_PATH: path }, encoding: 'utf8' });

describe('the Chromium check', () => {
  it('stops with one line naming what to install when there is no Chromium', () => {
    const run = check('/nonexistent/chromium');
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('No Chromium at /nonexistent/chromium');
    expect(run.stderr).toContain('CHROMIUM_PATH');
  });

  it('passes silently for an executable', () => {
    const run = check(process.execPath);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
