/** `glosa dict`: build the default dictionary file, export the lexicon as JSON Lines, print counts. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readDictionaryMeta } from '../core/index.ts';
import { applyAmbiguityRules, findAmbiguousTerms, loadDefaultAmbiguityRules } from '../lexicon/ambiguity.ts';
import { CODE_SYSTEMS, countByDomain, type CodeSystem } from '../lexicon/domains.ts';
import { buildDefaultDictionaryBytes, readLexiconDir } from '../lexicon/load.ts';
import type { LexiconConcept } from '../lexicon/source.ts';

const HELP = `usage: glosa dict <subcommand>

  build --output DIR       compile src/lexicon into DIR/<id>.<hash>.glsd and DIR/manifest.json
  export --format jsonl    print the default lexicon, one concept a line (the format check-lexicon reads),
                           with the rules of src/lexicon/ambiguity.yaml applied
  info                     concept and term counts per domain, with the coverage targets
  import --format F ...    import UMLS RRF, SNOMED CT RF2 or a TSV gazetteer (glosa dict import --help)
`;

/** The default lexicon as the dictionary holds it: sources with the ambiguity rules applied. */
function defaultLexicon(): LexiconConcept[] {
  return applyAmbiguityRules(readLexiconDir(), loadDefaultAmbiguityRules());
}

async function build(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { output: { type: 'string', default: 'public/dict' } } });
  const dir = values.output;
  const bytes = buildDefaultDictionaryBytes();
  const meta = readDictionaryMeta(bytes);
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (old.endsWith('.glsd')) rmSync(join(dir, old));
  const file = `${meta.id}.${meta.contentHash}.glsd`;
  writeFileSync(join(dir, file), bytes);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ default: { file, bytes: bytes.length, ...meta } }, null, 2) + '\n');
  process.stdout.write(`${join(dir, file)}: ${meta.conceptCount} concepts, ${meta.termCount} terms, ${bytes.length} bytes\n`);
  return 0;
}

/** One concept as check-lexicon reads it: codes only where there are some. */
export function exportLine(c: LexiconConcept): Record<string, unknown> {
  const line: Record<string, unknown> = {
    cui: c.cui,
    preferred_term: c.preferred_term,
    terms: [...c.terms, ...c.abbreviations],
    semantic_type: c.semantic_type,
  };
  if (c.category !== undefined) line.category = c.category;
  for (const key of ['snomed_ct', 'icd10_cm', 'icd9_cm', 'loinc'] as const) if (c[key].length > 0) line[key] = c[key];
  // Apart from snomed_ct: a substance code on a test is not the test's own code (POLICY.md, analytes).
  if (c.analyte_snomed_ct !== undefined) line.analyte_snomed_ct = c.analyte_snomed_ct;
  return line;
}

async function exportLexicon(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { format: { type: 'string', default: 'jsonl' } } });
  if (values.format !== 'jsonl') {
    process.stderr.write(`glosa dict export: unknown format "${values.format}" (known: jsonl)\n`);
    return 2;
  }
  for (const concept of defaultLexicon()) process.stdout.write(JSON.stringify(exportLine(concept)) + '\n');
  return 0;
}

const SYSTEM_LABELS: Record<CodeSystem, string> = { snomed_ct: 'SNOMED CT', icd10_cm: 'ICD-10-CM', icd9_cm: 'ICD-9-CM', loinc: 'LOINC' };
const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${Math.round((100 * part) / whole)}%`);

/** The text `glosa dict info` prints: per domain, concepts, terms, the share carrying each code system, the target. */
export function infoText(concepts: readonly LexiconConcept[]): string {
  const rows = countByDomain(concepts);
  const width = Math.max(...rows.map((r) => r.domain.length));
  const lines = rows.map((r) => {
    const target = r.target === undefined ? '' : `target ≥ ${r.target} ${r.concepts >= r.target ? '✓' : '✗'}`;
    const shares = CODE_SYSTEMS.map((system) => `${SYSTEM_LABELS[system]} ${percent(r.coded[system], r.concepts).padStart(4)}`).join('  ');
    return `${r.domain.padEnd(width)}  ${String(r.concepts).padStart(5)} concepts  ${String(r.terms).padStart(6)} terms  ${shares}  ${target}`.trimEnd();
  });
  const terms = concepts.reduce((n, c) => n + c.terms.length + c.abbreviations.length, 0);
  const ambiguous = findAmbiguousTerms(concepts).length;
  lines.push(`${'total'.padEnd(width)}  ${String(concepts.length).padStart(5)} concepts  ${String(terms).padStart(6)} terms`);
  lines.push(`terms under two or more CUIs with no ambiguity rule: ${ambiguous}`);
  return lines.join('\n') + '\n';
}

async function info(): Promise<number> {
  process.stdout.write(infoText(defaultLexicon()));
  return 0;
}

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'build') return build(rest);
  if (sub === 'export') return exportLexicon(rest);
  if (sub === 'info') return info();
  if (sub === 'import') return (await import('./dict-import.ts')).runImport(rest);
  process.stdout.write(HELP);
  return sub === undefined || sub === '--help' ? 0 : 2;
}
