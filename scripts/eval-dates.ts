/**
 * Measures date and time recognition on the date cases: detection (a temporal annotation with the
 * expected span) and value accuracy (its TIMEX3 type and value too), per TIMEX3 type, plus false
 * positives on the cases that list every expression of their text (`"complete": true`), has_time
 * links, and the temporal stage's speed. A value is right when its TIMEX3 `mod` is right too
 * ("a finales de 2023": 2023 END). Cases with a `class` (tests/dates-eval/second-edition.jsonl)
 * are also scored per class. chrono-node's Spanish parser is measured on the same expressions as
 * a baseline (dates and times only: it has no durations or sets).
 *
 *   npm run eval:dates               tests/dev-cases/dates.jsonl and tests/dates-eval/*.jsonl
 *   npm run eval:dates -- --misses   also list every expression missed or misread
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import * as chrono from 'chrono-node';
import { format, getISOWeek, getISOWeekYear } from 'date-fns';
import { syntheticNotes } from '../bench/corpus.ts';
import { median, timeRuns } from '../bench/stats.ts';
import { createAnnotator } from '../src/core/annotate.ts';
import { parseTextDatetime, type LocalDateTime } from '../src/core/clock.ts';
import type { AnnotationResult, TimexType } from '../src/core/contract.ts';
import { findTemporal } from '../src/core/measure/time/temporal.ts';
import { tokenise } from '../src/core/text/tokenise.ts';
import { loadDefaultDictionary } from '../src/lexicon/load.ts';
import { nthBegin, relativeTimexValue, type DevCase } from '../tests/dev-cases/check-case.ts';

/** The dev cases' fixed clock for cases without text_datetime: Monday 2024-06-10 12:00. */
const FIXED_NOW = new Date(2024, 5, 10, 12, 0, 0);
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [join(ROOT, 'tests/dev-cases/dates.jsonl'), ...jsonlIn(join(ROOT, 'tests/dates-eval'))];

interface EvalCase extends Omit<DevCase, 'expect'> {
  expect?: (NonNullable<DevCase['expect']>[number] & { timex?: { type: string; value: string; mod?: string } })[];
  /** Every temporal expression of the text is listed: any other is a false positive. */
  complete?: boolean;
  /** The kind of expression the case is about ("anchored", "tense"...), for the per-class table. */
  class?: string;
  /** The text has no has_time link at all. */
  no_has_time?: boolean;
}

interface Gold {
  caseId: string;
  text: string;
  span: string;
  begin: number;
  type: string;
  value: string;
  mod?: string | undefined;
  reference: Date;
}

interface Found {
  span: string;
  begin: number;
  type?: string;
  value: string;
  mod?: string | undefined;
}

function jsonlIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

function readCases(file: string): EvalCase[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as EvalCase);
}

function referenceOf(c: EvalCase): Date {
  if (c.config?.text_datetime === undefined) return FIXED_NOW;
  const r: LocalDateTime = parseTextDatetime(c.config.text_datetime);
  return new Date(r.year, r.month - 1, r.day, r.hour, r.minute, r.second);
}

function goldOf(c: EvalCase): Gold[] {
  const reference = referenceOf(c);
  return (c.expect ?? []).flatMap((e) => {
    const base = { caseId: c.id, text: c.text, span: e.span, begin: nthBegin(c.text, e.span, e.occurrence ?? 1), reference };
    if (e.timex !== undefined) return [{ ...base, type: e.timex.type, value: e.timex.value, mod: e.timex.mod }];
    if (e.timex_relative !== undefined) {
      const r = e.timex_relative;
      return [{ ...base, type: r.type, value: relativeTimexValue(reference, r.offset, r.granularity) }];
    }
    return [];
  });
}

function glosaFound(result: AnnotationResult): Found[] {
  return result.annotations.flatMap((a) => {
    const timex = a.characteristics.timex;
    return timex === undefined ? [] : [{ span: a.match.text, begin: a.match.begin, type: timex.type, value: timex.value, mod: timex.mod }];
  });
}

// --- chrono-node baseline ---------------------------------------------------------------------

/** Words chrono keeps in front of an expression that the cases leave out of the span. */
const LEADING = new Set(['desde', 'el', 'la', 'en', 'a', 'las', 'del', 'de', 'durante', 'los']);
const codePoints = (s: string): number => Array.from(s).length;

/** chrono's date written the way the gold value is written (its best chance). */
function chronoValue(date: Date, gold: string): string {
  if (/^\d{4}$/.test(gold)) return format(date, 'yyyy');
  if (/^\d{4}-\d{2}$/.test(gold)) return format(date, 'yyyy-MM');
  if (/^\d{4}-W\d{2}$/.test(gold)) return `${getISOWeekYear(date)}-W${String(getISOWeek(date)).padStart(2, '0')}`;
  if (/T(MO|MI|AF|NI)$/.test(gold)) {
    const h = date.getHours();
    return `${format(date, 'yyyy-MM-dd')}T${h < 12 ? 'MO' : h < 14 ? 'MI' : h < 20 ? 'AF' : 'NI'}`;
  }
  if (/T\d{2}:\d{2}$/.test(gold)) return format(date, "yyyy-MM-dd'T'HH:mm");
  return format(date, 'yyyy-MM-dd');
}

function chronoFound(c: EvalCase, golds: readonly Gold[]): Found[] {
  return chrono.es.parse(c.text, referenceOf(c)).map((r) => {
    let text = r.text;
    let index = r.index;
    for (let words = text.split(' '); words.length > 1 && LEADING.has((words[0] as string).toLowerCase()); words = text.split(' ')) {
      index += (words[0] as string).length + 1;
      text = words.slice(1).join(' ');
    }
    const begin = codePoints(c.text.slice(0, index));
    const gold = golds.find((g) => g.begin === begin && g.span === text);
    // chrono has no mod: its value can match only an expression without one.
    return { span: text, begin, value: gold === undefined ? '' : chronoValue(r.start.date(), gold.value), mod: gold?.mod };
  });
}

// --- scoring ----------------------------------------------------------------------------------

interface Score {
  gold: number;
  detected: number;
  typed: number;
  valued: number;
}
const newScore = (): Score => ({ gold: 0, detected: 0, typed: 0, valued: 0 });

class Tally {
  readonly byType = new Map<string, Score>();
  falsePositives = 0;
  outputsOnComplete = 0;
  readonly misses: string[] = [];

  readonly byClass = new Map<string, Score>();

  add(gold: Gold, found: readonly Found[], checkType: boolean, cls?: string): void {
    const scores = [this.byType.get(gold.type) ?? newScore()];
    this.byType.set(gold.type, scores[0] as Score);
    if (cls !== undefined) {
      scores.push(this.byClass.get(cls) ?? newScore());
      this.byClass.set(cls, scores[1] as Score);
    }
    const hit = found.find((f) => f.begin === gold.begin && f.span === gold.span);
    const typed = hit !== undefined && (!checkType || hit.type === gold.type);
    const valued = typed && hit.value === gold.value && hit.mod === gold.mod;
    for (const score of scores) {
      score.gold++;
      if (hit !== undefined) score.detected++;
      if (typed) score.typed++;
      if (valued) score.valued++;
    }
    if (!valued) {
      const got =
        hit === undefined
          ? `not found (${found.map((f) => f.span).join(', ') || 'nothing'})`
          : `${hit.type ?? ''} ${hit.value} ${hit.mod ?? ''}`;
      this.misses.push(`${gold.caseId} "${gold.span}" ${gold.type} ${gold.value} ${gold.mod ?? ''}: ${got}`);
    }
  }

  total(): Score {
    const t = newScore();
    for (const s of this.byType.values()) for (const k of Object.keys(t) as (keyof Score)[]) t[k] += s[k];
    return t;
  }
}

const pct = (n: number, d: number): string => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

/** Detection and value per class of the second-edition cases, Glosa beside the baseline. */
function printClasses(glosa: Tally, baseline: Tally): void {
  if (glosa.byClass.size === 0) return;
  console.log('\nper class (second-edition cases): gold, Glosa detected / value ok, chrono-node detected / value ok');
  for (const [cls, s] of glosa.byClass) {
    const b = baseline.byClass.get(cls) ?? newScore();
    console.log(
      `  ${cls.padEnd(10)} ${String(s.gold).padStart(4)}  ${pct(s.detected, s.gold)} ${pct(s.valued, s.gold)}   ${pct(b.detected, b.gold)} ${pct(b.valued, b.gold)}`,
    );
  }
}

function printTable(title: string, tally: Tally, withType: boolean): void {
  console.log(`\n${title}`);
  console.log(
    `  ${'type'.padEnd(9)} ${'gold'.padStart(5)}  ${'detected'.padStart(8)}  ${withType ? 'type ok'.padStart(8) : ''}  ${'value ok'.padStart(8)}`,
  );
  const rows: [string, Score][] = [
    ...(['DATE', 'TIME', 'DURATION', 'SET'] satisfies TimexType[]).map((t) => [t, tally.byType.get(t) ?? newScore()] as [string, Score]),
    ['all', tally.total()],
  ];
  for (const [type, s] of rows) {
    if (s.gold === 0) continue;
    const typeCell = withType ? pct(s.typed, s.gold).padStart(8) : '';
    console.log(
      `  ${type.padEnd(9)} ${String(s.gold).padStart(5)}  ${pct(s.detected, s.gold).padStart(8)}  ${typeCell}  ${pct(s.valued, s.gold).padStart(8)}`,
    );
  }
  if (tally.outputsOnComplete > 0) {
    const correct = tally.outputsOnComplete - tally.falsePositives;
    console.log(`  precision on complete cases: ${correct}/${tally.outputsOnComplete} (${pct(correct, tally.outputsOnComplete).trim()})`);
  }
}

/** Throughput of the temporal stage alone and its share of the whole annotate time, on the bench corpus. */
function speed(annotator: ReturnType<typeof createAnnotator>): void {
  const notes = syntheticNotes(1_000_000);
  const megabytes = notes.reduce((sum, n) => sum + new TextEncoder().encode(n).length, 0) / 1e6;
  const config = { text_datetime: '2024-06-10T12:00:00' };
  const reference = parseTextDatetime(config.text_datetime);
  const tokenised = notes.map((n) => tokenise(n));
  let expressions = 0;
  const stageMs = median(
    timeRuns(7, () => void (expressions = tokenised.reduce((sum, t, k) => sum + findTemporal(t, reference, notes[k]).length, 0))),
  );
  const annotateMs = median(timeRuns(7, () => notes.forEach((n) => annotator.annotate(n, config))));
  console.log(`
speed on the bench corpus (${megabytes.toFixed(1)} MB, ${expressions} temporal expressions; median of 7 runs):`);
  console.log(`  temporal stage alone: ${(megabytes / (stageMs / 1000)).toFixed(0)} MB/s (tokens given)`);
  console.log(
    `  whole annotate:       ${(megabytes / (annotateMs / 1000)).toFixed(1)} MB/s; temporal stage share ${((100 * stageMs) / annotateMs).toFixed(1)}%`,
  );
}

function main(): void {
  const showMisses = process.argv.includes('--misses');
  const annotator = createAnnotator(loadDefaultDictionary(), { clock: () => FIXED_NOW });
  const glosa = new Tally();
  const baseline = new Tally();
  let relationsWanted = 0;
  let relationsFound = 0;
  let spuriousLinks = 0;
  let cases = 0;
  const started = performance.now();
  for (const file of SOURCES) {
    for (const c of readCases(file)) {
      cases++;
      const golds = goldOf(c);
      const result = annotator.annotate(c.text, c.config);
      const found = glosaFound(result);
      const fromChrono = chronoFound(c, golds);
      for (const g of golds) {
        glosa.add(g, found, true, c.class);
        baseline.add(g, fromChrono, false, c.class);
      }
      if (c.complete === true) {
        const isGold = (f: Found): boolean => golds.some((g) => g.begin === f.begin && g.span === f.span);
        glosa.outputsOnComplete += found.length;
        glosa.falsePositives += found.filter((f) => !isGold(f)).length;
        for (const f of found.filter((x) => !isGold(x))) glosa.misses.push(`${c.id} unexpected "${f.span}" ${f.type ?? ''} ${f.value}`);
        baseline.outputsOnComplete += fromChrono.length;
        baseline.falsePositives += fromChrono.filter((f) => !isGold(f)).length;
      }
      const timeLinks = (result.relations ?? []).filter((x) => x.rel === 'has_time');
      if (c.no_has_time === true) spuriousLinks += timeLinks.length;
      for (const r of (c.relations ?? []).filter((x) => x.rel === 'has_time')) {
        relationsWanted++;
        const text = (id: number): string | undefined => result.annotations[id]?.match.text;
        if ((result.relations ?? []).some((x) => x.rel === 'has_time' && text(x.from) === r.from && text(x.to) === r.to)) relationsFound++;
      }
    }
  }
  console.log(`date evaluation: ${cases} cases from ${SOURCES.length} files (${(performance.now() - started).toFixed(0)} ms)`);
  printTable('Glosa', glosa, true);
  console.log(`  has_time links: ${relationsFound}/${relationsWanted} found; ${spuriousLinks} where the case wants none`);
  printTable('chrono-node es (baseline; value compared at the expected granularity)', baseline, false);
  printClasses(glosa, baseline);
  if (showMisses) {
    console.log('\nGlosa misses:');
    for (const m of glosa.misses) console.log(`  ${m}`);
  }
  speed(annotator);
}

main();
