/**
 * `npm run eval:lexicon`: annotates the hand-marked synthetic notes of tests/lexicon-eval/notes with
 * the default dictionary and prints recall, precision, and every miss and false positive.
 * Options: --json (the summary as JSON), --quiet (figures only), --dir DIR (another notes folder).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAnnotator } from '../src/core/index.ts';
import { EvalNoteSchema, scoreNote, summarise, type EvalItem } from '../src/lexicon/eval.ts';
import { loadDefaultDictionary, readLexiconDir } from '../src/lexicon/load.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: join(import.meta.dirname, '..', 'tests', 'lexicon-eval', 'notes') },
    json: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const dictionary = loadDefaultDictionary();
const lexiconCuis = new Set(readLexiconDir().map((c) => c.cui));
const annotator = createAnnotator(dictionary);
const files = readdirSync(values.dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const scores = files.map((file) => {
  const note = EvalNoteSchema.parse(JSON.parse(readFileSync(join(values.dir, file), 'utf8')));
  return scoreNote(note, annotator.annotate(note.text), (cui) => lexiconCuis.has(cui));
});
const summary = summarise(scores);

if (values.json) {
  process.stdout.write(JSON.stringify(summary, null, 2) + '\n');
} else {
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const item = (i: EvalItem): string =>
    `  ${i.note}  "${i.span}" @${i.begin}  ${i.cui}${i.found === undefined ? '' : `  (found ${i.found})`}`;
  if (!values.quiet) {
    process.stdout.write(`misses (${summary.misses.length}):\n${summary.misses.map(item).join('\n')}\n`);
    process.stdout.write(`false positives (${summary.falsePositives.length}):\n${summary.falsePositives.map(item).join('\n')}\n`);
    process.stdout.write('per note: ' + scores.map((s) => `${s.id} ${s.truePositives}/${s.marked}`).join(', ') + '\n');
  }
  process.stdout.write(
    `notes ${summary.notes}, marked mentions ${summary.marked}, produced ${summary.produced}, right ${summary.truePositives}\n` +
      `recall ${pct(summary.recall)}  precision ${pct(summary.precision)}\n`,
  );
}
