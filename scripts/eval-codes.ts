/**
 * `npm run eval:codes`: agreement of Glosa's SNOMED CT codes with expert-coded Spanish mentions
 * (`mentions-es-snomed-*.tsv`: mention, SCTID, [label,] count; issue 26). Each mention is annotated
 * alone with the default dictionary; it is found when an annotation's span covers it, and it agrees
 * when one such annotation carries the reference's SNOMED CT code. Per file: found / mentions, and
 * agree / found (rows; in brackets weighted by the mention's count).
 * The tables are reference data outside the project: read from `../shared/data/reference` when it is
 * there (or --dir DIR); without them the script says so and exits 0.
 * Options: --dir DIR, --json, --misses N (print N disagreements per file).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createAnnotator } from '../src/core/index.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';
import { repoPath } from '../src/repo-paths.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: repoPath('..', 'shared', 'data', 'reference') },
    json: { type: 'boolean', default: false },
    misses: { type: 'string', default: '0' },
  },
});

const FILE = /^mentions-es-snomed-(.+)\.tsv$/;
const files = existsSync(values.dir)
  ? readdirSync(values.dir)
      .filter((f) => FILE.test(f))
      .sort()
  : [];
if (files.length === 0) {
  process.stdout.write(`eval:codes: no mentions-es-snomed-*.tsv in ${values.dir}; nothing to measure\n`);
  process.exit(0);
}

interface Row {
  readonly mention: string;
  readonly sctid: string;
  readonly count: number;
}

function readRows(path: string): Row[] {
  const [header = '', ...lines] = readFileSync(path, 'utf8').split('\n');
  const columns = header.split('\t');
  const mention = columns.indexOf('mention');
  const sctid = columns.indexOf('snomed_ct');
  const count = columns.indexOf('count');
  if (mention < 0 || sctid < 0) throw new Error(`${path}: no mention or snomed_ct column`);
  return lines
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cells = l.split('\t');
      return { mention: cells[mention] ?? '', sctid: cells[sctid] ?? '', count: count < 0 ? 1 : Number(cells[count] ?? 1) || 1 };
    });
}

interface Score {
  readonly file: string;
  mentions: number;
  found: number;
  agree: number;
  mentionsWeighted: number;
  foundWeighted: number;
  agreeWeighted: number;
  readonly misses: string[];
}

const annotator = createAnnotator(loadDefaultDictionary());
const limit = Number(values.misses);
const scores: Score[] = files.map((file) => {
  const score: Score = { file, mentions: 0, found: 0, agree: 0, mentionsWeighted: 0, foundWeighted: 0, agreeWeighted: 0, misses: [] };
  for (const row of readRows(join(values.dir, file))) {
    const text = row.mention.trim();
    const length = [...text].length; // offsets are code points
    score.mentions++;
    score.mentionsWeighted += row.count;
    const covering = annotator.annotate(text).annotations.filter((a) => a.match.begin === 0 && a.match.end >= length);
    if (covering.length === 0) continue;
    score.found++;
    score.foundWeighted += row.count;
    if (covering.some((a) => a.code.snomed_ct?.includes(row.sctid) === true)) {
      score.agree++;
      score.agreeWeighted += row.count;
    } else if (score.misses.length < limit) {
      const given = covering.map((a) => `${a.code.umls}:${(a.code.snomed_ct ?? []).join(',') || '-'}`).join(' ');
      score.misses.push(`  "${text}" reference ${row.sctid}, Glosa ${given}`);
    }
  }
  return score;
});

if (values.json) {
  process.stdout.write(JSON.stringify(scores, null, 2) + '\n');
} else {
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  process.stdout.write(`reference: ${values.dir}\n`);
  for (const s of scores) {
    const name = (FILE.exec(s.file)?.[1] ?? s.file).padEnd(12);
    process.stdout.write(
      `${name} mentions ${s.mentions}  found ${s.found} (${pct(s.found, s.mentions)})  ` +
        `same SNOMED CT ${s.agree} = ${pct(s.agree, s.found)} of found [weighted ${pct(s.agreeWeighted, s.foundWeighted)}]\n`,
    );
    if (s.misses.length > 0) process.stdout.write(s.misses.join('\n') + '\n');
  }
}
