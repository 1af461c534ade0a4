/**
 * SNOMED CT RF2 importer (a Spanish edition's Snapshot files): active concepts from
 * sct2_Concept_*Snapshot*, active descriptions from sct2_Description_*Snapshot* in the chosen
 * languages (the FSN's semantic tag gives the semantic type; synonyms become terms), preferred
 * terms from a language refset when present, and optionally ICD-10 targets from an extended map.
 * SNOMED CT has no UMLS CUIs: a concept's id is "S" followed by its SCTID, which fits the
 * contract's "one letter followed by digits" and cannot be mistaken for a CUI.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { categoryForSemanticType } from './categories.ts';
import { forEachLine } from './read-lines.ts';
import tagTable from './snomed-tags.json' with { type: 'json' };
import {
  addUnique,
  countSkip,
  emptyConcept,
  type ImportedConcept,
  type ImportProblem,
  type ImportReport,
  type ProgressListener,
} from './types.ts';

export interface SnomedImportOptions {
  /** Description languageCode values to keep (default es). */
  readonly languages?: readonly string[];
  /** Keep only concepts whose semantic type (after tag mapping) is one of these. */
  readonly semanticTypes?: readonly string[];
  /** Take ICD-10 map targets from der2_*ExtendedMap* files into icd10_cm (WHO ICD-10 codes: review before use). */
  readonly icd10Map?: boolean;
  readonly onProgress?: ProgressListener;
}

const FSN = '900000000000003001';
const SYNONYM = '900000000000013009';
const PREFERRED = '900000000000548007';
const ICD10_COMPLEX_MAP = '447562003';
const SCTID = /^[1-9]\d{5,17}$/;
const TAG = /\s*\(([^()]+)\)\s*$/;
const TAGS = new Map(Object.entries(tagTable).filter(([k]) => k !== '//'));

function findFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f.split(/[\\/]/).pop() ?? ''))
    .sort()
    .map((f) => join(dir, f));
}

export async function importSnomedRf2(dir: string, options: SnomedImportOptions = {}): Promise<ImportReport> {
  if (!existsSync(dir)) throw new Error(`${dir} not found: --input must be the folder holding the RF2 Snapshot files`);
  const languages = new Set(options.languages ?? ['es']);
  const wantedTypes = options.semanticTypes === undefined ? undefined : new Set(options.semanticTypes);
  const problems: ImportProblem[] = [];
  const skipped: Record<string, number> = {};
  let rowsRead = 0;
  const conceptFiles = findFiles(dir, /^sct2_Concept_.*Snapshot.*\.txt$/);
  const descriptionFiles = findFiles(dir, /^sct2_Description_.*Snapshot.*\.txt$/);
  if (conceptFiles.length === 0 || descriptionFiles.length === 0)
    throw new Error(`${dir} holds no sct2_Concept_*Snapshot*.txt or sct2_Description_*Snapshot*.txt`);

  /** Reads a tab-separated RF2 file with a header row, checking the column count. */
  const readRows = async (path: string, columns: number, onRow: (f: string[], line: number) => void): Promise<void> => {
    const file = path.split(/[\\/]/).pop() ?? path;
    await forEachLine(
      path,
      (line, n) => {
        if (n === 1 || line === '') return;
        rowsRead++;
        const f = line.split('\t');
        if (f.length !== columns) problems.push({ file, line: n, message: `expected ${columns} tab-separated columns, found ${f.length}` });
        else onRow(f, n);
      },
      options.onProgress,
    );
  };

  const concepts = new Map<string, ImportedConcept>();
  for (const path of conceptFiles) {
    await readRows(path, 5, ([id = '', , active]) => {
      if (active !== '1') return countSkip(skipped, 'inactive concept');
      if (!SCTID.test(id)) return;
      concepts.set(id, { ...emptyConcept(`S${id}`), snomedCt: [id] });
    });
  }

  const synonyms = new Map<string, { conceptId: string; term: string }>();
  for (const path of descriptionFiles) {
    await readRows(path, 9, ([id = '', , active, , conceptId = '', language = '', typeId, term = ''], n) => {
      if (active !== '1') return countSkip(skipped, 'inactive description');
      const concept = concepts.get(conceptId);
      if (concept === undefined) return countSkip(skipped, 'description of an inactive or unknown concept');
      if (!languages.has(language)) return countSkip(skipped, 'other language');
      const text = term.trim();
      if (text === '') {
        problems.push({ file: path.split(/[\\/]/).pop() ?? path, line: n, message: 'empty term' });
        return;
      }
      if (typeId === FSN) {
        const tag = TAG.exec(text)?.[1];
        concept.semanticType = tag === undefined ? 'Unknown' : (TAGS.get(tag) ?? tag);
        const bare = text.replace(TAG, '');
        if (concept.preferredTerm === '') concept.preferredTerm = bare;
        addUnique(concept.terms, bare);
      } else if (typeId === SYNONYM) {
        addUnique(concept.terms, text);
        synonyms.set(id, { conceptId, term: text });
      }
    });
  }

  for (const path of findFiles(dir, /^der2_cRefset_Language.*Snapshot.*\.txt$/)) {
    await readRows(path, 7, ([, , active, , , descriptionId = '', acceptability]) => {
      if (active !== '1' || acceptability !== PREFERRED) return;
      const synonym = synonyms.get(descriptionId);
      const concept = synonym === undefined ? undefined : concepts.get(synonym.conceptId);
      if (concept !== undefined && synonym !== undefined) concept.preferredTerm = synonym.term;
    });
  }

  if (options.icd10Map === true) {
    for (const path of findFiles(dir, /^der2_.*ExtendedMap.*Snapshot.*\.txt$/)) {
      await readRows(path, 13, ([, , active, , refsetId, conceptId = '', , , , , target = '']) => {
        if (active !== '1' || refsetId !== ICD10_COMPLEX_MAP || target === '') return;
        const concept = concepts.get(conceptId);
        if (concept !== undefined) addUnique(concept.icd10Cm, target);
      });
    }
  }

  const out: ImportedConcept[] = [];
  for (const concept of concepts.values()) {
    if (concept.terms.length === 0) {
      countSkip(skipped, 'no description in the chosen languages');
      continue;
    }
    if (concept.semanticType === '') concept.semanticType = 'Unknown';
    if (wantedTypes !== undefined && !wantedTypes.has(concept.semanticType)) {
      countSkip(skipped, 'other semantic type');
      continue;
    }
    const category = categoryForSemanticType(concept.semanticType);
    out.push(category === undefined ? concept : { ...concept, category });
  }
  return { concepts: out, problems, rowsRead, skipped };
}
