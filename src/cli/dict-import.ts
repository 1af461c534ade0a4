/**
 * `glosa dict import --format umls-rrf|snomed-rf2|tsv --input PATH --output FILE
 *    [--languages SPA,ENG] [--sources ...] [--semantic-types ...] [--merge-default] [--icd10-map]`
 * reads a terminology the user holds a licence for and writes a compiled dictionary. Rows that
 * cannot be used are listed with file and line; nothing is dropped silently.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import { encodeDictionary, readDictionaryMeta } from '../core/index.ts';
import { compileLexicon } from '../lexicon/compile.ts';
import {
  IMPORT_FORMATS,
  importSnomedRf2,
  importTsv,
  importUmlsRrf,
  mergeConcepts,
  toLexiconConcept,
  type ImportFormat,
  type ImportReport,
} from '../lexicon/importers/index.ts';
import { readLexiconDir } from '../lexicon/load.ts';

export const IMPORT_HELP = `usage: glosa dict import --format umls-rrf|snomed-rf2|tsv --input PATH --output FILE [options]

  --input PATH          the folder holding MRCONSO.RRF and MRSTY.RRF (umls-rrf), the RF2
                        Snapshot files (snomed-rf2), or the TSV file (tsv: code, term, [semantic type])
  --output FILE         the compiled dictionary (.glsd) to write
  --languages L1,L2     languages to keep (umls-rrf: LAT, default SPA; snomed-rf2: languageCode, default es)
  --sources S1,S2       umls-rrf: sources (SAB) whose strings become terms (default all)
  --semantic-types T,U  keep only concepts of these semantic types (names or TUIs)
  --merge-default       add the default Spanish lexicon (curated entries win on names and types)
  --icd10-map           snomed-rf2: take ICD-10 map targets into icd10_cm (WHO ICD-10: review them)
  --id ID --name NAME   the dictionary's id and name
`;

const list = (value: string | undefined): string[] | undefined =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');

export async function runImport(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      format: { type: 'string' },
      input: { type: 'string' },
      output: { type: 'string' },
      languages: { type: 'string' },
      sources: { type: 'string' },
      'semantic-types': { type: 'string' },
      'merge-default': { type: 'boolean', default: false },
      'icd10-map': { type: 'boolean', default: false },
      id: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(IMPORT_HELP);
    return 0;
  }
  const format = values.format as ImportFormat | undefined;
  if (format === undefined || !IMPORT_FORMATS.includes(format) || values.input === undefined || values.output === undefined) {
    process.stderr.write(`glosa dict import: --format (${IMPORT_FORMATS.join('|')}), --input and --output are required\n\n${IMPORT_HELP}`);
    return 2;
  }
  const bar = process.stderr.isTTY
    ? new SingleBar({ format: 'reading {bar} {percentage}% | {value}/{total} MB', clearOnComplete: true })
    : undefined;
  bar?.start(1, 0);
  const onProgress = (read: number, total: number): void => {
    bar?.setTotal(Math.max(1, Math.round(total / 1e6)));
    bar?.update(Math.round(read / 1e6));
  };
  const semanticTypes = list(values['semantic-types']);
  const languages = list(values.languages);
  const common = { onProgress, ...(semanticTypes ? { semanticTypes } : {}), ...(languages ? { languages } : {}) };
  let report: ImportReport;
  if (format === 'umls-rrf') {
    const sources = list(values.sources);
    report = await importUmlsRrf(values.input, { ...common, ...(sources ? { sources } : {}) });
  } else if (format === 'snomed-rf2') {
    report = await importSnomedRf2(values.input, { ...common, icd10Map: values['icd10-map'] });
  } else {
    report = await importTsv(values.input, common);
  }
  bar?.stop();

  const imported = report.concepts.map(toLexiconConcept);
  const concepts = values['merge-default'] ? mergeConcepts(readLexiconDir(), imported) : imported;
  const bytes = encodeDictionary(
    compileLexicon(concepts, { id: values.id ?? `import-${format}`, name: values.name ?? `Imported ${format} dictionary` }),
  );
  writeFileSync(values.output, bytes);
  const meta = readDictionaryMeta(bytes);

  for (const p of report.problems.slice(0, 50)) process.stderr.write(`${p.file}:${p.line}: ${p.message}\n`);
  if (report.problems.length > 50) process.stderr.write(`… and ${report.problems.length - 50} more rows not used\n`);
  const skips = Object.entries(report.skipped).map(([why, n]) => `${n} ${why}`);
  process.stdout.write(
    `${values.output}: ${meta.conceptCount} concepts, ${meta.termCount} terms, ${bytes.length} bytes (hash ${meta.contentHash})\n` +
      `${report.rowsRead} rows read; ${report.problems.length} rows not used (listed above)${skips.length > 0 ? `; skipped on purpose: ${skips.join(', ')}` : ''}\n`,
  );
  return 0;
}
