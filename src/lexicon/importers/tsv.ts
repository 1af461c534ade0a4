/**
 * Plain TSV gazetteer importer: `code <TAB> term [<TAB> semantic type]`, one term a line, several
 * lines per code allowed; a first line whose code column reads "code", "id" or "cui" is a header.
 * The code becomes the concept id when it is shaped like a CUI (a letter and digits); a prefixed
 * code such as "HP:0001250" keeps its first letter and its digits ("H0001250"). Bad rows are
 * reported with their line numbers.
 */
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

export interface TsvImportOptions {
  /** Semantic type for rows without one (default "Finding"). */
  readonly defaultSemanticType?: string;
  readonly semanticTypes?: readonly string[];
  readonly onProgress?: ProgressListener;
}

const PLAIN_ID = /^[A-Z]\d+$/;
const PREFIXED_ID = /^([A-Za-z])[A-Za-z]*[:_]?(\d+)$/;
const HEADER_CODES = new Set(['code', 'id', 'cui']);

/** The contract id for a gazetteer code, or undefined when it has no usable shape. */
export function gazetteerId(code: string): string | undefined {
  if (PLAIN_ID.test(code)) return code;
  const m = PREFIXED_ID.exec(code);
  return m === null ? undefined : `${(m[1] as string).toUpperCase()}${m[2] as string}`;
}

export async function importTsv(path: string, options: TsvImportOptions = {}): Promise<ImportReport> {
  const file = path.split(/[\\/]/).pop() ?? path;
  const problems: ImportProblem[] = [];
  const skipped: Record<string, number> = {};
  const wantedTypes = options.semanticTypes === undefined ? undefined : new Set(options.semanticTypes);
  const concepts = new Map<string, ImportedConcept>();
  let rowsRead = 0;
  await forEachLine(
    path,
    (line, n) => {
      if (line.trim() === '') return;
      const f = line.split('\t');
      const code = (f[0] ?? '').trim();
      if (n === 1 && HEADER_CODES.has(code.toLowerCase())) return;
      rowsRead++;
      if (f.length < 2 || f.length > 3) {
        problems.push({
          file,
          line: n,
          message: `expected 2 or 3 tab-separated columns (code, term, optional semantic type), found ${f.length}`,
        });
        return;
      }
      const term = (f[1] ?? '').trim();
      const semanticType = (f[2] ?? '').trim() || (options.defaultSemanticType ?? 'Finding');
      const id = gazetteerId(code);
      if (id === undefined) {
        problems.push({
          file,
          line: n,
          message: `code "${code}" is not a letter followed by digits (or a prefixed code such as HP:0001250)`,
        });
        return;
      }
      if (term === '') {
        problems.push({ file, line: n, message: 'empty term' });
        return;
      }
      if (wantedTypes !== undefined && !wantedTypes.has(semanticType)) return countSkip(skipped, 'other semantic type');
      let concept = concepts.get(id);
      if (concept === undefined) {
        concept = { ...emptyConcept(id), preferredTerm: term, semanticType };
        const category = categoryForSemanticType(semanticType);
        if (category !== undefined) concept.category = category;
        concepts.set(id, concept);
      }
      addUnique(concept.terms, term);
    },
    options.onProgress,
  );
  return { concepts: [...concepts.values()], problems, rowsRead, skipped };
}
