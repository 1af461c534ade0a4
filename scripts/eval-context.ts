/**
 * Measures the context stages on the behaviour cases: pass rate per case file, and a confusion
 * table of negated / uncertain / family / affirmed (expected against produced) over every
 * expectation that states `negated`, `uncertain` or `family_member`. A concept counts as negated,
 * else uncertain, else the family's, else affirmed.
 *
 *   npm run eval:context              the default lexicon (the full pipeline as shipped)
 *   npm run eval:context -- --fixture the test dictionary of tests/context (engine alone)
 *   npm run eval:context -- --speed   also the share of annotate time spent in the context
 *                                     stages (context, attach) and of measure on the bench corpus
 */
import { syntheticNotes } from '../bench/corpus.ts';
import { median } from '../bench/stats.ts';
import { createAnnotator, type StageRunner } from '../src/core/annotate.ts';
import type { Annotation, AnnotationResult } from '../src/core/contract.ts';
import type { Dictionary } from '../src/core/dictionary/lookup.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';
import { fixtureDictionary } from '../tests/context/fixture-lexicon.ts';
import { checkCase, nthBegin, type ExpectItem } from '../tests/dev-cases/check-case.ts';
import { loadCases } from '../tests/dev-cases/load-cases.ts';

const TOPICS = ['negation', 'uncertainty', 'family', 'relations', 'quantities', 'spec-examples'];
const LABELS = ['negated', 'uncertain', 'family', 'affirmed', 'not found'] as const;
type Label = (typeof LABELS)[number];

const useFixture = process.argv.includes('--fixture');
const now = new Date(2024, 5, 10, 12, 0, 0);
const dictionary: Dictionary = useFixture ? fixtureDictionary() : loadDefaultDictionary();
const annotator = createAnnotator(dictionary, { clock: () => now });

function expectedLabel(e: ExpectItem): Label | undefined {
  if (e.negated === undefined && e.uncertain === undefined && e.family_member === undefined) return undefined;
  if (e.negated === true) return 'negated';
  if (e.uncertain === true) return 'uncertain';
  if (typeof e.family_member === 'string') return 'family';
  return 'affirmed';
}

function producedLabel(a: Annotation | undefined): Label {
  if (a === undefined) return 'not found';
  if (a.characteristics.negative) return 'negated';
  if (a.characteristics.uncertain) return 'uncertain';
  if (a.characteristics.family_member) return 'family';
  return 'affirmed';
}

/**
 * By relation name: relations the cases list, how many of those were produced, how many were
 * produced in all, and how many link a pair whose `head` a case states and the output meets (the
 * shared case format names only three relations, so a drug's frequency, route or form is stated
 * as the head of its words: this column shows those expectations by the relation that carries them).
 */
const relationCounts = new Map<string, { listed: number; found: number; produced: number; byHead: number }>();
const countsOf = (rel: string) => {
  let counts = relationCounts.get(rel);
  if (counts === undefined) relationCounts.set(rel, (counts = { listed: 0, found: 0, produced: 0, byHead: 0 }));
  return counts;
};

/** Counts each met `head` expectation under the relation that links the two annotations, if one does. */
function countHeadRelations(text: string, expect: readonly ExpectItem[], result: AnnotationResult): void {
  for (const e of expect) {
    if (typeof e.head !== 'string') continue;
    const begin = nthBegin(text, e.span, e.occurrence ?? 1);
    const a = result.annotations.find((x) => x.match.text === e.span && x.match.begin === begin);
    const head = a?.head === undefined ? undefined : result.annotations.find((x) => x.id === a.head);
    if (a === undefined || head === undefined || head.match.text !== e.head) continue;
    const link = (result.relations ?? []).find((r) => (r.from === head.id && r.to === a.id) || (r.from === a.id && r.to === head.id));
    if (link) countsOf(link.rel).byHead++;
  }
}

function countRelations(text: string, listed: readonly { from: string; to: string; rel: string }[], result: AnnotationResult): void {
  const byId = new Map(result.annotations.map((a) => [a.id, a]));
  for (const r of result.relations ?? []) countsOf(r.rel).produced++;
  for (const want of listed) {
    const counts = countsOf(want.rel);
    counts.listed++;
    const from = nthBegin(text, want.from, 1);
    const to = nthBegin(text, want.to, 1);
    const found = (result.relations ?? []).some(
      (r) => r.rel === want.rel && byId.get(r.from)?.match.begin === from && byId.get(r.to)?.match.begin === to,
    );
    if (found) counts.found++;
  }
}

const confusion = new Map<string, number>();
const rows: string[][] = [['file', 'passed', 'cases', 'rate']];
const failures: string[] = [];
let passedAll = 0;
let casesAll = 0;
for (const { topic, cases } of loadCases().filter((t) => TOPICS.includes(t.topic))) {
  let passed = 0;
  for (const c of cases) {
    const result = annotator.annotate(c.text, c.config);
    const problems = checkCase(c, result, now);
    if (problems.length === 0) passed++;
    else failures.push(`${c.id}: ${problems.join('; ')}`);
    for (const e of c.expect ?? []) {
      const want = expectedLabel(e);
      if (want === undefined) continue;
      const begin = nthBegin(c.text, e.span, e.occurrence ?? 1);
      const produced = producedLabel(result.annotations.find((a) => a.match.text === e.span && a.match.begin === begin));
      // "family_member": null alone says only "not the family's": its polarity is not judged.
      const familyOnly = e.family_member === null && e.negated === undefined && e.uncertain === undefined;
      const got = familyOnly && (produced === 'negated' || produced === 'uncertain') ? 'affirmed' : produced;
      confusion.set(`${want}|${got}`, (confusion.get(`${want}|${got}`) ?? 0) + 1);
    }
    countRelations(c.text, c.relations ?? [], result);
    countHeadRelations(c.text, c.expect ?? [], result);
  }
  passedAll += passed;
  casesAll += cases.length;
  rows.push([topic, String(passed), String(cases.length), `${((100 * passed) / cases.length).toFixed(1)}%`]);
}
rows.push(['all', String(passedAll), String(casesAll), `${((100 * passedAll) / casesAll).toFixed(1)}%`]);

function table(data: string[][]): string {
  const widths = (data[0] ?? []).map((_, col) => Math.max(...data.map((r) => (r[col] ?? '').length)));
  return data.map((r) => r.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join('  ')).join('\n');
}

console.log(`Context cases, ${useFixture ? 'fixture dictionary (tests/context)' : 'default lexicon'}\n`);
console.log(table(rows));
console.log('\nExpected (rows) against produced (columns), over expectations that state negated, uncertain or family_member:\n');
const expectedRows = LABELS.filter((l) => l !== 'not found');
console.log(
  table([
    ['expected \\ produced', ...LABELS],
    ...expectedRows.map((want) => [want, ...LABELS.map((got) => String(confusion.get(`${want}|${got}`) ?? 0))]),
  ]),
);
console.log('\nRelations by name: listed in the cases, of those found, met as a stated head, produced over all case texts:\n');
console.log(
  table([
    ['relation', 'listed', 'found', 'as head', 'produced'],
    ...[...relationCounts.entries()]
      .sort()
      .map(([rel, c]) => [rel, String(c.listed), String(c.found), String(c.byHead), String(c.produced)]),
  ]),
);
if (failures.length > 0) console.log(`\nFailing cases:\n${failures.map((f) => `  ${f}`).join('\n')}`);

/**
 * The context stages' share of annotate time over the bench corpus. Each run times the stages and
 * then the whole annotate call back to back, and the share is the median of the runs' ratios, so
 * that a busy machine slows both sides alike.
 */
function speed(): void {
  const notes = syntheticNotes(1_000_000);
  const megabytes = notes.reduce((sum, n) => sum + Buffer.byteLength(n, 'utf8'), 0) / 1e6;
  const config = { text_datetime: '2024-06-10T12:00:00' };
  const shares = { measure: [] as number[], context: [] as number[] };
  const annotateMs: number[] = [];
  for (let run = 0; run < 8; run++) {
    const ms = { measure: 0, context: 0 };
    const time: StageRunner = (stage, work) => {
      const start = performance.now();
      const out = work();
      if (stage === 'measure') ms.measure += performance.now() - start;
      else if (stage === 'context' || stage === 'attach') ms.context += performance.now() - start;
      return out;
    };
    for (const text of notes) annotator.runPipeline({ text, config }, { time });
    const start = performance.now();
    for (const note of notes) annotator.annotate(note, config);
    const wholeMs = performance.now() - start;
    if (run === 0) continue; // warm-up
    shares.measure.push(ms.measure / wholeMs);
    shares.context.push(ms.context / wholeMs);
    annotateMs.push(wholeMs);
  }
  const ms = median(annotateMs);
  console.log(
    `\nSpeed over ${megabytes.toFixed(2)} MB: annotate ${ms.toFixed(0)} ms (${(megabytes / (ms / 1000)).toFixed(1)} MB/s, median of 7); ` +
      `context stages (context, attach) ${(100 * median(shares.context)).toFixed(1)}% of annotate time (target ≤ 30%), ` +
      `measure (quantities, dates) ${(100 * median(shares.measure)).toFixed(1)}%`,
  );
}
if (process.argv.includes('--speed')) speed();
