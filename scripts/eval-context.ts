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
 *
 * The assertion cases (assertions.jsonl, ids asr-NN-…) are also counted by class NN (docs/context.md,
 * issue 27). When the reference cue list of the shared material is there
 * (../shared/data/reference/cues-es-negation-uncertainty.tsv beside the repository, or `--cues FILE`),
 * it prints how much of it the rule pack covers: a cue is covered when a rule of its kind has
 * exactly its words.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticNotes } from '../bench/corpus.ts';
import { median } from '../bench/stats.ts';
import { createAnnotator, type StageRunner } from '../src/core/annotate.ts';
import type { Annotation, AnnotationResult } from '../src/core/contract.ts';
import type { Dictionary } from '../src/core/dictionary/lookup.ts';
import { defaultRules, rulePhrases } from '../src/core/context/rule-pack.ts';
import { termKey } from '../src/core/text/tokenise.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';
import { fixtureDictionary } from '../tests/context/fixture-lexicon.ts';
import { checkCase, nthBegin, type ExpectItem } from '../tests/dev-cases/check-case.ts';
import { loadCases } from '../tests/dev-cases/load-cases.ts';

const TOPICS = ['negation', 'uncertainty', 'family', 'relations', 'quantities', 'spec-examples', 'assertions'];
/** The assertion classes of docs/context.md ("Assertions as clinicians read them"), by the NN of asr-NN-…. */
const CLASSES: Record<string, string> = {
  '01': 'hedged negation',
  '02': 'epistemic verbs and phrases',
  '03': 'absent improvement, null amounts',
  '04': 'stopped drugs after the drug',
  '05': 'verb-phrase negation',
  '06': 'negated qualifier or relation',
  '07': 'scope that runs too far',
  '08': 'exceptions',
  '09': 'sites are not negated',
  '10': 'family history, negated',
  '11': 'longest concept',
  '12': 'conditionals',
};
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
/** By assertion class: cases passed, cases, expectations whose label was produced, expectations. */
const byClass = new Map<string, { passed: number; cases: number; right: number; labels: number }>();
const classOf = (id: string): string | undefined => /^asr-(\d\d)-/.exec(id)?.[1];
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
    const cls = classOf(c.id);
    const counts = cls === undefined ? undefined : (byClass.get(cls) ?? { passed: 0, cases: 0, right: 0, labels: 0 });
    if (cls !== undefined && counts !== undefined) {
      byClass.set(cls, counts);
      counts.cases++;
      if (problems.length === 0) counts.passed++;
    }
    for (const e of c.expect ?? []) {
      const want = expectedLabel(e);
      if (want === undefined) continue;
      const begin = nthBegin(c.text, e.span, e.occurrence ?? 1);
      const produced = producedLabel(result.annotations.find((a) => a.match.text === e.span && a.match.begin === begin));
      // "family_member": null alone says only "not the family's": its polarity is not judged.
      const familyOnly = e.family_member === null && e.negated === undefined && e.uncertain === undefined;
      const got = familyOnly && (produced === 'negated' || produced === 'uncertain') ? 'affirmed' : produced;
      confusion.set(`${want}|${got}`, (confusion.get(`${want}|${got}`) ?? 0) + 1);
      if (counts !== undefined) {
        counts.labels++;
        if (want === got) counts.right++;
      }
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
if (byClass.size > 0) {
  console.log(
    '\nAssertion classes (assertions.jsonl): cases passed, and expected labels produced (negated / uncertain / family / affirmed):\n',
  );
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);
  console.log(
    table([
      ['class', 'name', 'passed', 'cases', 'labels right', 'labels'],
      ...[...byClass.entries()]
        .sort()
        .map(([cls, c]) => [
          cls,
          CLASSES[cls] ?? '',
          String(c.passed),
          String(c.cases),
          `${c.right} (${pct(c.right, c.labels)})`,
          String(c.labels),
        ]),
    ]),
  );
}
cueCoverage();
if (failures.length > 0) console.log(`\nFailing cases:\n${failures.map((f) => `  ${f}`).join('\n')}`);

/**
 * How much of a reference cue list (TSV: cue, kind, label, count) the default rule pack covers: a
 * cue is covered when a rule of its kind (negation or uncertainty) has exactly its words as one of
 * its phrases. Read only when the list is there: the repository does not hold it.
 */
function cueCoverage(): void {
  const flag = process.argv.indexOf('--cues');
  const beside = join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    'shared',
    'data',
    'reference',
    'cues-es-negation-uncertainty.tsv',
  );
  const file = flag >= 0 ? process.argv[flag + 1] : beside;
  if (file === undefined || !existsSync(file)) return;
  const phrases = new Set<string>();
  for (const rule of defaultRules()) {
    if (rule.category !== 'negation' && rule.category !== 'uncertainty') continue;
    if (rule.direction === 'terminate' || rule.direction === 'pseudo') continue;
    for (const p of rulePhrases(rule)) phrases.add(`${rule.category}|${termKey(p)}`);
  }
  const kinds = new Map<string, { cues: number; covered: number; count: number; coveredCount: number; missing: [string, number][] }>();
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [cue, kind, , countText] = line.split('\t');
    if (cue === undefined || kind === undefined || cue.trim() === '') continue;
    const count = Number(countText ?? 0) || 0;
    let k = kinds.get(kind);
    if (k === undefined) kinds.set(kind, (k = { cues: 0, covered: 0, count: 0, coveredCount: 0, missing: [] }));
    k.cues++;
    k.count += count;
    if (phrases.has(`${kind}|${termKey(cue)}`)) {
      k.covered++;
      k.coveredCount += count;
    } else k.missing.push([cue, count]);
  }
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(`\nReference cue list coverage (${file.split(/[\\/]/).slice(-1)[0]}): cues whose words a rule of their kind has\n`);
  console.log(
    table([
      ['kind', 'cues', 'covered', 'share', 'occurrences covered'],
      ...[...kinds.entries()].map(([kind, k]) => [
        kind,
        String(k.cues),
        String(k.covered),
        pct(k.covered, k.cues),
        pct(k.coveredCount, k.count),
      ]),
    ]),
  );
  for (const [kind, k] of kinds) {
    const top = k.missing.sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`  most frequent not covered, ${kind}: ${top.map(([c, n]) => `${c} (${n})`).join(', ')}`);
  }
}

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
