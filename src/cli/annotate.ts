/**
 * `glosa annotate`: JSON Lines in, JSON Lines out, one output line per input line, in order.
 * A bad line yields an error line and the run goes on; nothing is lost.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  createAnnotator,
  isValidTextDatetime,
  resultToJson,
  validateAnnotationRequest,
  type AnnotationResult,
  type Annotator,
} from '../core/index.ts';
import { loadDefaultDictionary, loadDictionaryFile } from '../lexicon/load.ts';
import { contextRulesOption } from './context-rules.ts';

const HELP = `usage: glosa annotate [--input FILE] [--output FILE] [--dict PATH] [--datetime YYYY-MM-DDTHH:MM:SS] [--context-rules FILE]

Reads JSON Lines {"id": string, "text": string, "config"?: {...}} (stdin by default) and writes
{"id", "result"} or {"id", "error": {"code", "message"}} per line (stdout by default).
--dict      a compiled dictionary (.glsd); the embedded default lexicon otherwise
--datetime  reference datetime for lines whose config has no text_datetime
--context-rules  a user rule pack that adds, overrides or disables context rules
            (see "glosa rules export" and docs/context.md); a bad pack exits with code 2
`;

type OutputLine = { id: unknown; result: AnnotationResult } | { id: unknown; error: { code: string; message: string } };

/** One output line's JSON; results through `resultToJson`, the same text as JSON.stringify, faster. */
function outputLineJson(line: OutputLine): string {
  if ('error' in line) return JSON.stringify(line);
  return `{"id":${JSON.stringify(line.id)},"result":${resultToJson(line.result)}}`;
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
    return { id, result: annotator.annotate(validation.request.text, validation.request.config) };
  } catch (error) {
    return { id, error: { code: 'internal_error', message: `Annotation failed: ${(error as Error).message}` } };
  }
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
  const dictionary = values.dict === undefined ? loadDefaultDictionary() : loadDictionaryFile(values.dict);
  const annotator = createAnnotator(dictionary, contextRules.rules === undefined ? {} : { contextRules: contextRules.rules });
  const input = values.input === undefined ? process.stdin : createReadStream(values.input, 'utf8');
  const output = values.output === undefined ? process.stdout : createWriteStream(values.output);
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    if (!output.write(outputLineJson(annotateLine(annotator, line, values.datetime)) + '\n')) {
      await new Promise((resolve) => output.once('drain', resolve));
    }
  }
  if (output !== process.stdout) await new Promise<void>((resolve) => output.end(() => resolve()));
  return 0;
}
