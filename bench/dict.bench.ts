/**
 * `npm run bench:dict`: a deterministic synthetic 1,000,000-term dictionary and, when
 * ../shared/data/hpo-es-labels.tsv is beside the repo, an import of the HPO's Spanish labels as a
 * realistic gazetteer. For each: compile time, size (raw, gzip), load time in Node, memory after
 * loading, load time in a Web Worker in headless Chromium, and annotate throughput as a share of
 * the default dictionary's in the same run. Targets (1M terms): compile ≤ 60 s, ≤ 15 MB
 * compressed, Node load ≤ 1 s, worker load ≤ 1.5 s, ≤ 400 MB, throughput ≥ 50%.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/support/chromium.ts';
import { build } from 'vite';
import { createAnnotator, encodeDictionary, loadDictionary, type Dictionary } from '../src/core/index.ts';
import { compileLexicon } from '../src/lexicon/compile.ts';
import { importTsv, mergeConcepts, toLexiconConcept } from '../src/lexicon/importers/index.ts';
import { readLexiconDir } from '../src/lexicon/load.ts';
import type { LexiconConcept } from '../src/lexicon/source.ts';
import { syntheticNotes } from './corpus.ts';
import { syntheticLexicon } from './dict/synthetic-lexicon.ts';
import { median, table } from './stats.ts';

const TERMS = Number(process.env.BENCH_DICT_TERMS ?? 1_000_000);
const HPO = fileURLToPath(new URL('../../shared/data/hpo-es-labels.tsv', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'glosa-bench-dict-'));

const notes = syntheticNotes(500_000);
const megabytes = notes.reduce((s, n) => s + Buffer.byteLength(n), 0) / 1e6;

/** Median annotate throughput in MB/s over the bench corpus. */
function throughput(dictionary: Dictionary): number {
  const annotator = createAnnotator(dictionary);
  const runs: number[] = [];
  for (let r = 0; r < 6; r++) {
    const start = performance.now();
    for (const note of notes) annotator.annotate(note, { text_datetime: '2024-06-10T12:00:00' });
    if (r > 0) runs.push(performance.now() - start);
  }
  return megabytes / (median(runs) / 1000);
}

interface Row {
  name: string;
  terms: number;
  compileS: number;
  rawMb: number;
  gzipMb: number;
  nodeLoadMs: number;
  memoryMb: number;
  workerLoadMs: number;
  throughputShare: number;
}

async function workerLoadTimes(files: string[]): Promise<number[]> {
  const bundle = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      lib: { entry: fileURLToPath(new URL('dict/worker-entry.ts', import.meta.url)), formats: ['es'], fileName: 'worker' },
      minify: true,
    },
  });
  const output = (Array.isArray(bundle) ? bundle[0] : bundle) as { output: { code?: string }[] };
  const workerCode = output.output[0]?.code ?? '';
  const server = createServer(async (req, res) => {
    if (req.url === '/worker.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(workerCode);
    if (req.url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>bench</title>');
    const file = files[Number(req.url?.slice(1))];
    if (file === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const times: number[] = [];
    for (let i = 0; i < files.length; i++) {
      const runs = await page.evaluate(async (url) => {
        const out: number[] = [];
        for (let r = 0; r < 3; r++) {
          const worker = new Worker('/worker.js', { type: 'module' });
          const result = await new Promise<{ loadMs: number }>((resolve) => {
            worker.onmessage = (e) => resolve(e.data as { loadMs: number });
            worker.postMessage(url);
          });
          worker.terminate();
          out.push(result.loadMs);
        }
        return out;
      }, `/${i}`);
      times.push(median(runs));
    }
    return times;
  } finally {
    await browser.close();
    server.close();
  }
}

async function measure(
  name: string,
  concepts: LexiconConcept[],
  defaultRate: number,
): Promise<{ row: Omit<Row, 'workerLoadMs'>; file: string }> {
  const t0 = performance.now();
  const bytes = encodeDictionary(compileLexicon(concepts, { id: name, name }));
  const compileS = (performance.now() - t0) / 1000;
  const file = join(workDir, `${name}.glsd`);
  writeFileSync(file, bytes);
  // Load time and memory in a fresh process, as a service starting with this dictionary sees them.
  const fresh = JSON.parse(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(new URL('dict/node-load.ts', import.meta.url)), file], {
      encoding: 'utf8',
    }),
  ) as { loadMs: number; memoryMb: number };
  const dictionary = loadDictionary(bytes);
  const rate = throughput(dictionary);
  return {
    file,
    row: {
      name,
      terms: dictionary.meta.termCount,
      compileS,
      rawMb: bytes.length / 1e6,
      gzipMb: gzipSync(bytes, { level: 9 }).length / 1e6,
      nodeLoadMs: fresh.loadMs,
      memoryMb: fresh.memoryMb,
      throughputShare: rate / defaultRate,
    },
  };
}

const curated = readLexiconDir();
const defaultDictionary = loadDictionary(encodeDictionary(compileLexicon(curated, { id: 'default', name: 'default' })));
throughput(defaultDictionary); // warm the JIT first, so the reference rate is not the coldest one
const defaultRate = throughput(defaultDictionary);
const measured = [await measure('default', curated, defaultRate)];
measured.push(await measure(`synthetic-${TERMS}`, mergeConcepts(curated, syntheticLexicon(TERMS)), defaultRate));
if (existsSync(HPO)) {
  const t0 = performance.now();
  const report = await importTsv(HPO);
  console.log(
    `HPO import: ${report.rowsRead} rows, ${report.concepts.length} concepts, ${report.problems.length} rows not used, ${((performance.now() - t0) / 1000).toFixed(2)} s`,
  );
  measured.push(await measure('hpo-es+default', mergeConcepts(curated, report.concepts.map(toLexiconConcept)), defaultRate));
} else {
  console.log('HPO labels not found beside the repo (../shared/data/hpo-es-labels.tsv): skipping that row');
}
let workerTimes: (number | undefined)[] = [];
try {
  workerTimes = await workerLoadTimes(measured.map((m) => m.file));
} catch (error) {
  console.log(`worker load times not measured: ${(error as Error).message.split('\n')[0]}`);
}

console.log(
  `annotate corpus: ${notes.length} notes, ${megabytes.toFixed(2)} MB; default dictionary ${defaultRate.toFixed(1)} MB/s; medians`,
);
console.log(
  table([
    ['dictionary', 'terms', 'compile s', 'raw MB', 'gzip MB', 'Node load ms', 'memory MB', 'worker load ms', 'throughput vs default'],
    ...measured.map(({ row }, i) => [
      row.name,
      row.terms,
      row.compileS.toFixed(2),
      row.rawMb.toFixed(2),
      row.gzipMb.toFixed(2),
      row.nodeLoadMs.toFixed(0),
      row.memoryMb.toFixed(0),
      workerTimes[i] === undefined ? 'n/a' : (workerTimes[i] as number).toFixed(0),
      `${(row.throughputShare * 100).toFixed(0)}%`,
    ]),
  ]),
);
console.log(
  'targets for 1M terms: compile ≤ 60 s, gzip ≤ 15 MB, Node load ≤ 1000 ms, worker load ≤ 1500 ms, memory ≤ 400 MB, throughput ≥ 50%',
);
