/**
 * `glosa annotate`: JSON Lines in, JSON Lines out, one output line per input line, in order.
 * A bad line yields an error line and the run goes on; nothing is lost. Every result line records
 * what produced it (`glosa_provenance`, or the FHIR Bundle's Provenance).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  createAnnotator,
  GLOSA_VERSION,
  isValidTextDatetime,
  resultToJson,
  validateAnnotationRequest,
  type AnnotationResult,
  type Annotator,
  type Dictionary,
} from '../core/index.ts';
import { toFhirBundle } from '../core/export/fhir.ts';
import { PROVENANCE_MEMBER, provenanceRecord, type GlosaProvenance } from '../core/export/provenance.ts';
import { loadDefaultDictionary, loadDictionaryFile } from '../lexicon/load.ts';
import { contextRulesOption } from './context-rules.ts';

const HELP = `usage: glosa annotate [--input FILE] [--output FILE] [--dict PATH] [--datetime YYYY-MM-DDTHH:MM:SS] [--context-rules FILE] [--format json|fhir]

Reads JSON Lines {"id": string, "text": string, "config"?: {...}} (stdin by default) and writes
{"id", "result", "glosa_provenance"} or {"id", "error": {"code", "message"}} per line (stdout by
default); glosa_provenance names the dictionary, rule pack, reference datetime, version and time.
--dict      a compiled dictionary (.glsd); the embedded default lexicon otherwise
--datetime  reference datetime for lines whose config has no text_datetime
--context-rules  a user rule pack that adds, overrides or disables context rules
            (see "glosa rules export" and docs/context.md); a bad pack exits with code 2
--format    json (default) or fhir: one FHIR R4 Bundle per line (its identifier is the line's id),
            or an OperationOutcome for a bad line
`;

const FORMATS = ['json', 'fhir'] as const;
type Format = (typeof FORMATS)[number];

type OutputLine =
  | { id: unknown; result: AnnotationResult; text: string; textDatetime: string | undefined; nestedSites: boolean }
  | { id: unknown; error: { code: string; message: string } };

/** What every line of this run shares: the dictionary and the rule pack. */
type RunProvenance = Pick<GlosaProvenance, 'exported_by' | 'mode' | 'dictionary' | 'rule_pack'>;

function runProvenance(dictionary: Dictionary, rulesPath: string | undefined): RunProvenance {
  const { id, contentHash } = dictionary.meta;
  const rules =
    rulesPath === undefined
      ? null
      : { name: basename(rulesPath), sha256: createHash('sha256').update(readFileSync(rulesPath)).digest('hex') };
  return { exported_by: `glosa-cli ${GLOSA_VERSION}`, mode: 'local', dictionary: { id, content_hash: contentHash }, rule_pack: rules };
}

/** One result line's provenance: the run's, with its reference datetime, version and time. */
function lineProvenance(run: RunProvenance, line: Extract<OutputLine, { result: unknown }>, at: string): GlosaProvenance {
  const { result, textDatetime, nestedSites } = line;
  return provenanceRecord({
    ...run,
    text_datetime: textDatetime,
    nested_sites: nestedSites,
    glosa_version: result.version,
    annotated_at: at,
  });
}

/** One output line's JSON; results through `resultToJson`, the same text as JSON.stringify, faster. */
function outputLineJson(line: OutputLine, run: RunProvenance, at: string): string {
  if ('error' in line) return JSON.stringify({ id: line.id, error: line.error });
  const provenance = JSON.stringify(lineProvenance(run, line, at));
  return `{"id":${JSON.stringify(line.id)},"result":${resultToJson(line.result)},"${PROVENANCE_MEMBER}":${provenance}}`;
}

export function annotateLine(annotator: Annotator, line: string, defaultDatetime: string | undefined): OutputLine {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { id: null, error: { code: 'invalid_json', message: 'The line is not valid JSON.' } };
  }
  const id = typeof input === 'object' && input !== null && 'id' in input ? (input as { id: unknown }).id : null;
  if (typeof input === 'object' && input !== null && !Array.isArray(input) && defaultDatetime !== undefined) {
    const record = input as { config?: unknown };
    if (record.config === undefined) record.config = { text_datetime: defaultDatetime };
    else if (typeof record.config === 'object' && record.config !== null && !('text_datetime' in record.config)) {
      record.config = { ...record.config, text_datetime: defaultDatetime };
    }
  }
  const validation = validateAnnotationRequest(input);
  if (!validation.ok) return { id, error: validation.error };
  try {
    const { text, config } = validation.request;
    // The CLI's annotator leaves sites inside concepts out unless a line's config asks for them.
    return {
      id,
      result: annotator.annotate(text, config),
      text,
      textDatetime: config?.text_datetime,
      nestedSites: config?.nested_sites ?? false,
    };
  } catch (error) {
    return { id, error: { code: 'internal_error', message: `Annotation failed: ${(error as Error).message}` } };
  }
}

/** One output line as FHIR: a Bundle, or an OperationOutcome saying why the line was refused. */
function fhirLineJson(line: OutputLine, run: RunProvenance, exportedAt: string): string {
  if ('error' in line) {
    const issue = { severity: 'error', code: 'invalid', details: { text: line.error.code }, diagnostics: line.error.message };
    return JSON.stringify({ resourceType: 'OperationOutcome', issue: [issue] });
  }
  const { id: noteId, result, text } = line;
  const bundle = toFhirBundle({
    result,
    text,
    exportedAt,
    provenance: lineProvenance(run, line, exportedAt),
    ...(typeof noteId === 'string' || typeof noteId === 'number' ? { noteId: String(noteId) } : {}),
  });
  return JSON.stringify(bundle);
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      input: { type: 'string' },
      output: { type: 'string' },
      dict: { type: 'string' },
      datetime: { type: 'string' },
      'context-rules': { type: 'string' },
      format: { type: 'string', default: 'json' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.datetime !== undefined && !isValidTextDatetime(values.datetime)) {
    process.stderr.write(`glosa annotate: --datetime must be YYYY-MM-DDTHH:MM:SS, got "${values.datetime}"\n`);
    return 2;
  }
  const contextRules = contextRulesOption('annotate', values['context-rules']);
  if (typeof contextRules === 'number') return contextRules;
  const format = values.format as Format;
  if (!FORMATS.includes(format)) {
    process.stderr.write(`glosa annotate: --format must be json or fhir, got "${values.format}"\n`);
    return 2;
  }
  const dictionary = values.dict === undefined ? loadDefaultDictionary() : loadDictionaryFile(values.dict);
  const annotator = createAnnotator(dictionary, contextRules.rules === undefined ? {} : { contextRules: contextRules.rules });
  const input = values.input === undefined ? process.stdin : createReadStream(values.input, 'utf8');
  const output = values.output === undefined ? process.stdout : createWriteStream(values.output);
  const provenance = runProvenance(dictionary, values['context-rules']);
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const answer = annotateLine(annotator, line, values.datetime);
    const at = new Date().toISOString();
    const json = format === 'fhir' ? fhirLineJson(answer, provenance, at) : outputLineJson(answer, provenance, at);
    if (!output.write(json + '\n')) {
      await new Promise((resolve) => output.once('drain', resolve));
    }
  }
  if (output !== process.stdout) await new Promise<void>((resolve) => output.end(() => resolve()));
  return 0;
}
