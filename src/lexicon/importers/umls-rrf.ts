/**
 * UMLS Metathesaurus importer: MRCONSO.RRF (strings in the chosen languages; codes from SNOMEDCT_US,
 * ICD10CM, ICD9CM and LNC) and MRSTY.RRF (semantic types). Suppressed rows (SUPPRESS O, E, Y) are
 * skipped; malformed rows are reported with their line numbers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { categoryForSemanticType } from './categories.ts';
import { forEachLine } from './read-lines.ts';
import {
  addUnique,
  countSkip,
  emptyConcept,
  type ImportedConcept,
  type ImportProblem,
  type ImportReport,
  type ProgressListener,
} from './types.ts';

export interface UmlsImportOptions {
  /** MRCONSO LAT values whose strings become terms (default SPA). */
  readonly languages?: readonly string[];
  /** SABs whose strings become terms (default: all). Codes come from their own sources regardless. */
  readonly sources?: readonly string[];
  /** Keep only concepts with one of these semantic types (names such as "Disease or Syndrome" or TUIs such as T047). */
  readonly semanticTypes?: readonly string[];
  readonly onProgress?: ProgressListener;
}

const CONSO_FIELDS = 19; // 18 columns and the empty field after the closing "|"
const STY_FIELDS = 7;
const SUPPRESSED = new Set(['O', 'E', 'Y']);
const CUI = /^C\d{7}$/;
/** ICD-9-CM in UMLS mixes diagnoses and procedures; the contract's icd9_cm holds diagnoses. */
const ICD9_DIAGNOSIS = /^(\d{3}|V\d{2}|E\d{3})(\.\d{1,2})?(-(\d{3}|V\d{2}|E\d{3})(\.\d{1,2})?)?$/;
const CODE_FIELD: Record<string, 'snomedCt' | 'icd10Cm' | 'icd9Cm' | 'loinc'> = {
  SNOMEDCT_US: 'snomedCt',
  ICD10CM: 'icd10Cm',
  ICD9CM: 'icd9Cm',
  LNC: 'loinc',
};

export async function importUmlsRrf(dir: string, options: UmlsImportOptions = {}): Promise<ImportReport> {
  const languages = new Set(options.languages ?? ['SPA']);
  const sources = options.sources === undefined ? undefined : new Set(options.sources);
  const wantedTypes = options.semanticTypes === undefined ? undefined : new Set(options.semanticTypes);
  const problems: ImportProblem[] = [];
  const skipped: Record<string, number> = {};
  let rowsRead = 0;

  const consoPath = join(dir, 'MRCONSO.RRF');
  const styPath = join(dir, 'MRSTY.RRF');
  for (const path of [consoPath, styPath])
    if (!existsSync(path)) throw new Error(`${path} not found: --input must be the folder holding MRCONSO.RRF and MRSTY.RRF`);

  const types = new Map<string, { sty: string; tui: string }[]>();
  await forEachLine(styPath, (line, n) => {
    if (line === '') return;
    rowsRead++;
    const f = line.split('|');
    const [cui, tui, , sty] = f;
    if (f.length !== STY_FIELDS || cui === undefined || !CUI.test(cui) || !sty || !tui) {
      problems.push({
        file: 'MRSTY.RRF',
        line: n,
        message: `expected ${STY_FIELDS - 1} "|"-terminated columns with a CUI, a TUI and a semantic type`,
      });
      return;
    }
    const list = types.get(cui) ?? [];
    list.push({ sty, tui });
    types.set(cui, list);
  });

  const concepts = new Map<string, ImportedConcept & { preferredRank: number }>();
  const conceptOf = (cui: string): ImportedConcept & { preferredRank: number } => {
    let c = concepts.get(cui);
    if (c === undefined) {
      c = { ...emptyConcept(cui), preferredRank: 9 };
      concepts.set(cui, c);
    }
    return c;
  };
  await forEachLine(
    consoPath,
    (line, n) => {
      if (line === '') return;
      rowsRead++;
      const f = line.split('|');
      if (f.length !== CONSO_FIELDS) {
        problems.push({
          file: 'MRCONSO.RRF',
          line: n,
          message: `expected ${CONSO_FIELDS - 1} "|"-terminated columns, found ${f.length - 1}`,
        });
        return;
      }
      const [cui = '', lat = '', ts, , stt, , ispref, , , , , sab = '', , code = '', str = '', , suppress = ''] = f;
      if (!CUI.test(cui)) {
        problems.push({ file: 'MRCONSO.RRF', line: n, message: `"${cui}" is not a CUI` });
        return;
      }
      if (SUPPRESSED.has(suppress)) return countSkip(skipped, 'suppressed');
      const codeField = CODE_FIELD[sab];
      if (codeField !== undefined && code !== '' && code !== 'NOCODE') {
        if (codeField === 'icd9Cm' && !ICD9_DIAGNOSIS.test(code)) countSkip(skipped, 'ICD-9-CM procedure code');
        else addUnique(conceptOf(cui)[codeField], code);
      }
      if (!languages.has(lat)) return countSkip(skipped, 'other language');
      if (sources !== undefined && !sources.has(sab)) return countSkip(skipped, 'other source');
      const term = str.trim();
      if (term === '') {
        problems.push({ file: 'MRCONSO.RRF', line: n, message: 'empty string (STR)' });
        return;
      }
      const concept = conceptOf(cui);
      addUnique(concept.terms, term);
      // Preferred: the source-preferred name of the preferred term (TS=P, STT=PF, ISPREF=Y) first.
      const rank = (ts === 'P' ? 0 : 2) + (stt === 'PF' ? 0 : 1) + (ispref === 'Y' ? 0 : 4);
      if (rank < concept.preferredRank) {
        concept.preferredRank = rank;
        concept.preferredTerm = term;
      }
    },
    options.onProgress,
  );

  const out: ImportedConcept[] = [];
  for (const [cui, { preferredRank: _rank, ...concept }] of concepts) {
    if (concept.terms.length === 0) {
      countSkip(skipped, 'no string in the chosen languages');
      continue;
    }
    const conceptTypes = types.get(cui) ?? [];
    if (wantedTypes !== undefined && !conceptTypes.some((t) => wantedTypes.has(t.sty) || wantedTypes.has(t.tui))) {
      countSkip(skipped, 'other semantic type');
      continue;
    }
    const first = conceptTypes[0];
    if (first === undefined) {
      problems.push({ file: 'MRSTY.RRF', line: 0, message: `${cui} has no semantic type` });
      continue;
    }
    concept.semanticType = first.sty;
    const category = conceptTypes.map((t) => categoryForSemanticType(t.sty)).find((c) => c !== undefined);
    out.push(category === undefined ? concept : { ...concept, category });
  }
  return { concepts: out, problems, rowsRead, skipped };
}
