/**
 * `npm run bench`: annotate throughput over a ~1 MB synthetic Spanish clinical corpus with the
 * default dictionary (median of RUNS runs), and in the same run the tokenise-only throughput and
 * the ratio annotate / tokenise. Targets: ≥ 10 MB/s and ratio ≥ 0.3.
 */
import { createAnnotator } from '../src/core/index.ts';
import { tokenise } from '../src/core/text/tokenise.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';
import { syntheticNotes } from './corpus.ts';
import { median, table, timeRuns } from './stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const notes = syntheticNotes(1_000_000);
const megabytes = notes.reduce((sum, n) => sum + Buffer.byteLength(n, 'utf8'), 0) / 1e6;
const annotator = createAnnotator(loadDefaultDictionary());
const config = { text_datetime: '2024-06-10T12:00:00' };

let sink = 0;
const tokeniseMs = timeRuns(RUNS, () => {
  for (const note of notes) sink += tokenise(note).length;
});
const annotateMs = timeRuns(RUNS, () => {
  for (const note of notes) sink += annotator.annotate(note, config).annotations.length;
});

const tokeniseRate = megabytes / (median(tokeniseMs) / 1000);
const annotateRate = megabytes / (median(annotateMs) / 1000);
const annotationsPerRun = notes.reduce((sum, n) => sum + annotator.annotate(n, config).annotations.length, 0);

console.log(
  `corpus: ${notes.length} notes, ${megabytes.toFixed(2)} MB UTF-8, ${annotationsPerRun} annotations; dictionary ${annotator.dictionary.id} (${annotator.dictionary.conceptCount} concepts, ${annotator.dictionary.termCount} terms); ${RUNS} runs, medians`,
);
console.log(
  table([
    ['stage', 'median ms', 'MB/s'],
    ['tokenise only', median(tokeniseMs).toFixed(1), tokeniseRate.toFixed(1)],
    ['annotate', median(annotateMs).toFixed(1), annotateRate.toFixed(1)],
  ]),
);
console.log(
  `ratio annotate/tokenise: ${(annotateRate / tokeniseRate).toFixed(2)} (target ≥ 0.3); annotate ${annotateRate.toFixed(1)} MB/s (target ≥ 10)`,
);
if (sink < 0) console.log(sink);
