/**
 * `npx tsx bench/profile-core.ts [RUNS]`: annotates the bench corpus RUNS times (default 5) with the
 * bundled core, for a CPU profile: `node --cpu-prof --cpu-prof-dir=DIR --import tsx bench/profile-core.ts`,
 * then `npx tsx bench/profile-summary.ts DIR/*.cpuprofile` for the top functions by self time.
 */
import { defaultDictionaryBytes } from '../src/lexicon/load.ts';
import { loadBundledCore } from './core-bundle.ts';
import { syntheticNotes } from './corpus.ts';

const RUNS = Number(process.argv[2] ?? 5);
const { createAnnotator, loadDictionary } = await loadBundledCore(undefined, 'profile');
const annotator = createAnnotator(loadDictionary(defaultDictionaryBytes()));
const notes = syntheticNotes(1_000_000);
const config = { text_datetime: '2024-06-10T12:00:00' };
let sink = 0;
const start = performance.now();
for (let r = 0; r < RUNS; r++) for (const note of notes) sink += annotator.annotate(note, config).annotations.length;
console.log(`${RUNS} runs: ${((performance.now() - start) / RUNS).toFixed(1)} ms a run (${sink} annotations)`);
