/**
 * Loads one dictionary file in a fresh process, as the service does at start, and prints the
 * median load time of three loads and the heap the loaded dictionary holds, as JSON.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDictionary } from '../../src/core/index.ts';
import { median } from '../stats.ts';

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = (): number => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 1e6;
};

const bytes = new Uint8Array(readFileSync(process.argv[2] as string));
const before = heapMb();
const times: number[] = [];
let kept = loadDictionary(bytes);
for (let r = 0; r < 3; r++) {
  const start = performance.now();
  kept = loadDictionary(bytes);
  times.push(performance.now() - start);
}
const memoryMb = heapMb() - before;
process.stdout.write(JSON.stringify({ loadMs: median(times), memoryMb, terms: kept.meta.termCount }) + '\n');
