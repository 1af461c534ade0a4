/**
 * `npm run bench:compare [-- REV]`: annotate speed of the working tree's core against the core at
 * git revision REV (default HEAD), both bundled and loaded into this one process, their runs
 * alternating. On a shared machine whose speed drifts by a factor of two within minutes, only a
 * comparison inside one process, run for run, tells a 5% change from noise. Prints the median
 * time of each and the median of the per-pair ratios (below 1: the working tree is faster).
 * `--short` (or BENCH_SHORT=1) runs a quarter of the corpus, 6 pairs: the CI's guard, a rough figure.
 * The time is this process's CPU time by default (`BENCH_CLOCK=wall` for elapsed time): on a
 * machine shared with other work, elapsed time also counts the spells the process waited for a core.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { defaultDictionaryBytes } from '../src/lexicon/load.ts';
import { repoPath } from '../src/repo-paths.ts';
import { loadBundledCore } from './core-bundle.ts';
import { syntheticNotes } from './corpus.ts';
import { median } from './stats.ts';

const args = process.argv.slice(2);
/** Short mode (`--short` or BENCH_SHORT=1, as the CI runs it): a quarter of the corpus, 6 pairs. */
const SHORT = args.includes('--short') || process.env.BENCH_SHORT === '1';
const REV = args.find((a) => !a.startsWith('--')) ?? 'HEAD';
const PAIRS = Number(process.env.BENCH_RUNS ?? (SHORT ? 6 : 20));

// The revision's src/core, unpacked inside node_modules so that its imports (zod) resolve.
const baseRoot = repoPath('node_modules', '.cache', 'glosa', 'compare');
rmSync(baseRoot, { recursive: true, force: true });
mkdirSync(baseRoot, { recursive: true });
const archive = execFileSync('git', ['archive', REV, 'src/core'], { cwd: repoPath(), maxBuffer: 1 << 28 });
execFileSync('tar', ['-x', '-C', baseRoot], { input: archive });

const base = await loadBundledCore(baseRoot, 'compare-base');
const work = await loadBundledCore(repoPath(), 'compare-work');
const bytes = defaultDictionaryBytes();
const baseAnnotator = base.createAnnotator(base.loadDictionary(bytes));
const workAnnotator = work.createAnnotator(work.loadDictionary(bytes));
const notes = syntheticNotes(SHORT ? 250_000 : 1_000_000);
const config = { text_datetime: '2024-06-10T12:00:00' };

const CLOCK = process.env.BENCH_CLOCK === 'wall' ? 'wall' : 'cpu';
/** Milliseconds on the chosen clock. */
const now = (): number => {
  if (CLOCK === 'wall') return performance.now();
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

let sink = 0;
const timeOne = (annotator: typeof workAnnotator): number => {
  const start = now();
  for (const note of notes) sink += annotator.annotate(note, config).annotations.length;
  return now() - start;
};
for (let r = 0; r < (SHORT ? 2 : 3); r++) {
  // Warm-up (JIT).
  timeOne(baseAnnotator);
  timeOne(workAnnotator);
}
const baseMs: number[] = [];
const workMs: number[] = [];
for (let r = 0; r < PAIRS; r++) {
  // Which goes first alternates too.
  if (r % 2 === 0) {
    baseMs.push(timeOne(baseAnnotator));
    workMs.push(timeOne(workAnnotator));
  } else {
    workMs.push(timeOne(workAnnotator));
    baseMs.push(timeOne(baseAnnotator));
  }
}
const ratios = workMs.map((w, r) => w / (baseMs[r] as number));
const ratio = median(ratios);
if (process.env.BENCH_VERBOSE) console.log(ratios.map((x) => x.toFixed(2)).join(' '), baseMs.map((x) => x.toFixed(0)).join(' '));
console.log(
  `annotate over a ~${SHORT ? '0.25' : '1'} MB corpus, ${PAIRS} alternating pairs in one process (${CLOCK === 'cpu' ? 'CPU' : 'elapsed'} time):`,
);
console.log(`  ${REV}: median ${median(baseMs).toFixed(1)} ms`);
console.log(`  working tree: median ${median(workMs).toFixed(1)} ms`);
console.log(`  working tree / ${REV}: ${ratio.toFixed(3)} (median of the pairs' ratios)`);
if (sink < 0) console.log(sink);
