/**
 * A batch of notes to review: a JSON Lines file in the CLI's input format (`{"id", "text",
 * "config"?}`), or several `.txt` files (the file name is the id). A file with a bad line is
 * refused whole, naming the lines, so nothing is half-loaded.
 */
import { z } from 'zod';
import { RequestConfigSchema } from '../../core/contract.ts';

export interface BatchNote {
  readonly id: string;
  readonly text: string;
  /** The note's own reference datetime, when its config gives one. */
  readonly textDatetime?: string;
}

const LineSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  text: z.string().refine((t) => t.trim() !== '', { message: 'text is empty' }),
  config: RequestConfigSchema.optional(),
});

export class BatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchError';
  }
}

const MAX_LISTED = 5;

export function parseJsonlBatch(content: string): BatchNote[] {
  const notes: BatchNote[] = [];
  const problems: string[] = [];
  content.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      problems.push(`línea ${i + 1}: no es JSON`);
      return;
    }
    const parsed = LineSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`línea ${i + 1}: ${issue ? `${issue.path.join('.') || 'línea'}: ${issue.message}` : 'no válida'}`);
      return;
    }
    const { id, text, config } = parsed.data;
    notes.push({ id, text, ...(config?.text_datetime ? { textDatetime: config.text_datetime } : {}) });
  });
  if (problems.length > 0) {
    const more = problems.length > MAX_LISTED ? ` (y ${problems.length - MAX_LISTED} más)` : '';
    throw new BatchError(`El lote no se ha abierto: ${problems.slice(0, MAX_LISTED).join('; ')}${more}.`);
  }
  if (notes.length === 0) throw new BatchError('El lote no tiene ninguna nota.');
  return uniqueIds(notes);
}

export function batchFromTextFiles(files: readonly { name: string; content: string }[]): BatchNote[] {
  const notes = files
    .filter((f) => f.content.trim() !== '')
    .map((f) => ({ id: f.name.replace(/\.txt$/i, ''), text: f.content }))
    .sort((a, b) => a.id.localeCompare(b.id, 'es', { numeric: true }));
  if (notes.length === 0) throw new BatchError('Los archivos están vacíos: el lote no tiene ninguna nota.');
  return uniqueIds(notes);
}

function uniqueIds(notes: BatchNote[]): BatchNote[] {
  const seen = new Set<string>();
  for (const n of notes) {
    if (seen.has(n.id)) throw new BatchError(`El lote no se ha abierto: el id «${n.id}» aparece dos veces.`);
    seen.add(n.id);
  }
  return notes;
}

/** Reads the files the user picked: one `.jsonl` / `.json`, or any number of `.txt`. */
export async function readBatchFiles(files: readonly File[]): Promise<BatchNote[]> {
  if (files.length === 1 && /\.(jsonl|ndjson|json)$/i.test(files[0]?.name ?? '')) return parseJsonlBatch(await (files[0] as File).text());
  if (files.length > 0 && files.every((f) => /\.txt$/i.test(f.name)))
    return batchFromTextFiles(await Promise.all(files.map(async (f) => ({ name: f.name, content: await f.text() }))));
  throw new BatchError('Elija un archivo .jsonl (una nota por línea: {"id", "text", "config"?}) o uno o varios archivos .txt.');
}
