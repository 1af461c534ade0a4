/** Reads the behaviour cases copied into the repo (tests/dev-cases/*.jsonl). */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevCase } from './check-case.ts';

export const CASES_DIR = dirname(fileURLToPath(import.meta.url));

export function loadCases(dir: string = CASES_DIR): { topic: string; cases: DevCase[] }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => ({
      topic: f.replace(/\.jsonl$/, ''),
      cases: readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as DevCase),
    }));
}
