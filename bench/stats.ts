/** Small helpers for benchmarks: timing, medians, formatting. */
import { performance } from 'node:perf_hooks';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Milliseconds of each of `runs` runs of `work` (after one warm-up run). */
export function timeRuns(runs: number, work: () => void): number[] {
  work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times;
}

export function table(rows: readonly (readonly (string | number)[])[]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((r) => String(r[col]).length))) ?? [];
  return rows.map((r) => r.map((cell, col) => String(cell).padEnd(widths[col] ?? 0)).join('  ')).join('\n');
}
