/**
 * One side of a comparison ("A" or "B"): a result with what produced it. A run is either a result
 * the app made (pinned with «Fijar como A», or the one on screen), or a JSON file read liberally:
 * the contract's response as the app's JSON export writes it, the same inside a wrapper that adds
 * provenance (`{result, text?, text_datetime?, dictionary?, …}`), a line of `glosa annotate` output
 * (`{id, result}`), or a review file (`{format: "glosa-review", notes: [{text, result, …}]}`). What
 * a file does not say is listed, so the result line never claims more than is known.
 */
import { AnnotationResultSchema, type AnnotationResult } from '../../core/contract.ts';
import { sliceCodePoints } from '../../core/text/codepoints.ts';
import { provenanceParts } from '../format/provenance.ts';

export interface RunInfo {
  /** The annotator's identity as the app names it: "local:<hash>[:rules:<name>@…]" or "remote:<endpoint>". */
  readonly annotator?: string | undefined;
  readonly textDatetime: string;
  readonly version: string;
  /** The local dictionary, when known (its id names the hash in the result line). */
  readonly dictionary?: { readonly id: string; readonly contentHash: string } | undefined;
  /** The file it was read from (none: made by the app). */
  readonly fileName?: string | undefined;
}

export interface Run {
  /** The note; a file may not hold it (then the spans' own text is checked against the other run's). */
  readonly text?: string | undefined;
  readonly result: AnnotationResult;
  readonly info: RunInfo;
  /** What could not be read from a file, in Spanish (empty for the app's own runs). */
  readonly unread: readonly string[];
}

/** The result line's parts for a run (mode, dictionary, rules, reference datetime, version). */
export function describeRun(run: Run): string[] {
  const { info } = run;
  const parts = provenanceParts(info, { annotator: info.annotator, textDatetime: info.textDatetime, dictionary: info.dictionary });
  return info.fileName ? [`archivo «${info.fileName}»`, ...parts] : parts;
}

/**
 * Why two runs cannot be compared (null: they are of the same note). A run without its text is
 * checked by its spans: each one's text must be what the other note has at its offsets.
 */
export function differentNotes(a: Run, b: Run): string | null {
  if (a.text !== undefined && b.text !== undefined) {
    if (a.text === b.text) return null;
    return `La nota de A y la de B no son el mismo texto (A: ${Array.from(a.text).length} caracteres, B: ${Array.from(b.text).length}). No se comparan.`;
  }
  const withText = a.text !== undefined ? a : b;
  const without = a.text !== undefined ? b : a;
  if (withText.text === undefined) return 'Ni A ni B dicen el texto de su nota: no se pueden comparar.';
  for (const ann of without.result.annotations) {
    const { begin, end, text } = ann.match;
    if (sliceCodePoints(withText.text, begin, end) !== text) {
      return `El resultado ${without === a ? 'A' : 'B'} no es de esta nota: «${text}» (posiciones ${begin}–${end}) no está en el texto. No se comparan.`;
    }
  }
  return null;
}

export class RunFileError extends Error {
  override name = 'RunFileError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys a wrapper may hold the result under, tried first; then any other object or list. */
const RESULT_KEYS = ['result', 'response', 'annotation_result', 'output', 'data', 'notes', 'results', 'runs'];

interface Found {
  readonly result: AnnotationResult;
  /** The objects around the result, nearest first: where its provenance may be. */
  readonly holders: readonly Json[];
  /** How many notes the list it came from held (more than one: the first was used). */
  readonly siblings: number;
}

function findResult(value: unknown, holders: Json[], depth: number): Found | undefined {
  if (depth > 4) return undefined;
  if (Array.isArray(value)) {
    const found = value.length ? findResult(value[0], holders, depth + 1) : undefined;
    return found && { ...found, siblings: Math.max(found.siblings, value.length) };
  }
  if (!isObject(value)) return undefined;
  const parsed = AnnotationResultSchema.safeParse(value);
  // The result itself first: the app's JSON export carries its provenance as a member of it.
  if (parsed.success) return { result: parsed.data, holders: [value, ...holders], siblings: 1 };
  const keys = [...RESULT_KEYS.filter((k) => k in value), ...Object.keys(value).filter((k) => !RESULT_KEYS.includes(k))];
  for (const key of keys) {
    const found = findResult(value[key], [value, ...holders], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The first string found under any of `keys`, in the holders and their provenance-like members. */
function pick(scopes: readonly Json[], keys: readonly string[]): string | undefined {
  for (const scope of scopes) {
    for (const key of keys) {
      const v = scope[key];
      if (typeof v === 'string' && v !== '') return v;
    }
  }
  return undefined;
}

/** Where provenance may be: each holder, and every object inside it ("provenance", "meta", "config", …). */
function scopesOf(holders: readonly Json[]): Json[] {
  return holders.flatMap((h) => [h, ...Object.values(h).filter(isObject)]);
}

/** Reads a run from a JSON (or JSON Lines) file's content; throws RunFileError saying what is wrong. */
export function readRunFile(content: string, fileName: string): Run {
  let data: unknown;
  let lines = 1;
  try {
    data = JSON.parse(content);
  } catch (error) {
    const nonEmpty = content.split('\n').filter((l) => l.trim() !== '');
    try {
      data = nonEmpty.map((l) => JSON.parse(l) as unknown);
      lines = nonEmpty.length;
    } catch {
      throw new RunFileError(`«${fileName}» no es JSON: ${(error as Error).message}`);
    }
  }
  const found = findResult(data, [], 0);
  if (!found) {
    const issue = isObject(data) ? AnnotationResultSchema.safeParse(data).error?.issues[0] : undefined;
    throw new RunFileError(
      `«${fileName}» no contiene un resultado de anotación (un objeto con "annotations" y "version" según el contrato)` +
        (issue ? `: ${issue.path.join('.') || 'raíz'}: ${issue.message}` : '.'),
    );
  }
  const scopes = scopesOf(found.holders);
  const text = found.holders.map((h) => h.text).find((t): t is string => typeof t === 'string');
  const textDatetime = pick(scopes, ['text_datetime', 'textDatetime', 'reference_datetime', 'referenceDatetime']) ?? '';
  const inner = (key: string) => scopes.map((h) => h[key]).filter(isObject);
  const dictionaries = inner('dictionary');
  const hash = pick(scopes, ['dictionary_hash', 'dictionaryHash']) ?? pick(dictionaries, ['contentHash', 'content_hash', 'hash', 'sha256']);
  const dictionaryId = pick(scopes, ['dictionary_id', 'dictionaryId']) ?? pick(dictionaries, ['id', 'name']);
  const mode = pick(scopes, ['mode']);
  const endpoint = pick(scopes, ['endpoint', 'remote_base', 'remoteBase']);
  const rules =
    pick(scopes, ['rules_name', 'context_rules_name']) ??
    pick([...inner('rules'), ...inner('context_rules'), ...inner('rule_pack')], ['name']);
  const identity = pick(scopes, ['annotator_identity', 'identity', 'annotator']);
  const annotator =
    identity && /^(local|remote):/.test(identity)
      ? identity
      : mode === 'remote' && endpoint
        ? `remote:${endpoint}`
        : hash
          ? `local:${hash}${rules ? `:rules:${rules}` : ''}`
          : undefined;
  const version = pick(scopes, ['annotator_version', 'annotatorVersion', 'glosa_version']) ?? found.result.version;

  const unread: string[] = [];
  const notes = Math.max(found.siblings, lines);
  if (notes > 1) unread.push(`tiene ${notes} notas o líneas: se usa la primera`);
  if (text === undefined) unread.push('no incluye el texto de la nota (se comprueba por el texto de cada anotación)');
  if (!textDatetime) unread.push('no dice la fecha de referencia');
  if (!annotator) unread.push('no dice el modo ni el diccionario');
  return {
    text,
    result: found.result,
    info: {
      annotator,
      textDatetime,
      version,
      dictionary: hash && dictionaryId ? { id: dictionaryId, contentHash: hash } : undefined,
      fileName,
    },
    unread,
  };
}
