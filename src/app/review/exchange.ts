/**
 * The review file, "glosa-review" version 1: one JSON object for a note or a batch.
 *
 *   {"format": "glosa-review", "version": 1, "notes": [{"id", "text", "text_hash", "text_datetime",
 *     "annotator_version", "dictionary_hash", "result", "verdicts": [{"annotation_id", "verdict",
 *     "reason"?, "comment"?}], "missed": [{"begin", "end", "text", "category"?, "cui"?}],
 *     "orphaned"?: [{"annotation", "verdict", "reason"?, "comment"?}], "glosa_provenance"?: {...}}]}
 *
 * `text_hash` (SHA-256 of the UTF-8 text, hex) lets an import refuse a file whose text was changed
 * after the review; a file without it is accepted and hashed on import. `orphaned` is written only
 * when there are verdicts whose annotation is gone from the result. Reading is all or nothing: a
 * file with any problem is refused whole, with a message naming it.
 */
import { z } from 'zod';
import { AnnotationResultSchema, AnnotationSchema, TextDatetimeSchema } from '../../core/contract.ts';
import { GlosaProvenanceSchema, type GlosaProvenance } from '../../core/export/provenance.ts';
import { codePointSlice, isReason, reviewKey, textHash, type Missed, type NoteReview, type Orphan, type Verdict } from './model.ts';

export const REVIEW_FORMAT = 'glosa-review';
export const REVIEW_VERSION = 1;

const ReasonSchema = z.string().refine(isReason, { message: 'unknown reason' });
const VerdictSchema = z.object({
  annotation_id: z.number().int().nonnegative(),
  verdict: z.enum(['correct', 'wrong']),
  reason: ReasonSchema.optional(),
  comment: z.string().optional(),
});
const MissedSchema = z.object({
  begin: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  text: z.string(),
  category: z.string().optional(),
  cui: z.string().optional(),
});
const OrphanSchema = VerdictSchema.omit({ annotation_id: true }).extend({ annotation: AnnotationSchema });
const NoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  text_hash: z.string().optional(),
  text_datetime: TextDatetimeSchema,
  annotator_version: z.string(),
  dictionary_hash: z.string(),
  result: AnnotationResultSchema,
  verdicts: z.array(VerdictSchema),
  missed: z.array(MissedSchema),
  orphaned: z.array(OrphanSchema).optional(),
  glosa_provenance: GlosaProvenanceSchema.optional(),
});
type NoteFile = z.infer<typeof NoteSchema>;

/** Drops undefined keys, so the written file has exactly the fields that hold a value. */
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export function noteToFile(review: NoteReview): NoteFile {
  const verdicts = [...review.verdicts.values()].sort((a, b) => a.annotation_id - b.annotation_id).map((v) => defined({ ...v }));
  return defined({
    id: review.id,
    text: review.text,
    text_hash: review.text_hash,
    text_datetime: review.text_datetime,
    annotator_version: review.annotator_version,
    dictionary_hash: review.dictionary_hash,
    result: review.result,
    verdicts,
    missed: review.missed.map((m) => defined({ ...m })),
    orphaned: review.orphans.length ? review.orphans.map((o) => defined({ ...o })) : undefined,
    glosa_provenance: review.provenance,
  });
}

export function toReviewFile(reviews: readonly NoteReview[]): string {
  return `${JSON.stringify({ format: REVIEW_FORMAT, version: REVIEW_VERSION, notes: reviews.map(noteToFile) }, null, 2)}\n`;
}

export class ReviewImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReviewImportError';
  }
}

function zodWhere(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || '(raíz)'}: ${issue.message}` : error.message;
}

/** Checks what the schema cannot: hashes, offsets against the text, ids against the result. */
function checkNote(note: NoteFile, n: number): void {
  const where = `Nota ${n + 1} («${note.id}»)`;
  const hash = textHash(note.text);
  if (note.text_hash !== undefined && note.text_hash !== hash)
    throw new ReviewImportError(`${where}: el texto no coincide con su huella (text_hash); el archivo se modificó después de la revisión.`);
  if (note.annotator_version !== note.result.version)
    throw new ReviewImportError(
      `${where}: annotator_version (${note.annotator_version}) no es la versión del resultado (${note.result.version}).`,
    );
  const length = Array.from(note.text).length;
  for (const a of note.result.annotations) {
    if (a.match.end > length || codePointSlice(note.text, a.match.begin, a.match.end) !== a.match.text)
      throw new ReviewImportError(`${where}: la anotación ${a.id} («${a.match.text}») no está en el texto: el resultado es de otro texto.`);
  }
  const ids = new Set(note.result.annotations.map((a) => a.id));
  const seen = new Set<number>();
  for (const v of note.verdicts) {
    if (!ids.has(v.annotation_id)) throw new ReviewImportError(`${where}: veredicto sobre la anotación ${v.annotation_id}, que no existe.`);
    if (seen.has(v.annotation_id)) throw new ReviewImportError(`${where}: dos veredictos sobre la anotación ${v.annotation_id}.`);
    seen.add(v.annotation_id);
  }
  for (const m of note.missed) {
    if (m.end <= m.begin || m.end > length || codePointSlice(note.text, m.begin, m.end) !== m.text)
      throw new ReviewImportError(`${where}: el concepto omitido «${m.text}» (${m.begin}–${m.end}) no está en el texto.`);
  }
}

function fileToNote(note: NoteFile, now: Date): NoteReview {
  const subject = {
    text_hash: textHash(note.text),
    text_datetime: note.text_datetime,
    annotator_version: note.annotator_version,
    dictionary_hash: note.dictionary_hash,
  };
  return {
    ...subject,
    key: reviewKey(subject),
    id: note.id,
    text: note.text,
    result: note.result,
    verdicts: new Map(note.verdicts.map((v) => [v.annotation_id, v as Verdict])),
    missed: note.missed as Missed[],
    orphans: (note.orphaned ?? []) as Orphan[],
    updatedAt: now.toISOString(),
    ...(note.glosa_provenance ? { provenance: note.glosa_provenance as GlosaProvenance } : {}),
  };
}

/** Reads a review file; throws `ReviewImportError` with a message for the user on any problem. */
export function parseReviewFile(content: string, now = new Date()): NoteReview[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw new ReviewImportError('El archivo no es JSON: no es un archivo de revisión de Glosa.');
  }
  const head = z.object({ format: z.unknown(), version: z.unknown() }).safeParse(data);
  if (!head.success || head.data.format !== REVIEW_FORMAT)
    throw new ReviewImportError('El archivo no es una revisión de Glosa (falta "format": "glosa-review").');
  if (head.data.version !== REVIEW_VERSION)
    throw new ReviewImportError(
      `Revisión de la versión ${JSON.stringify(head.data.version)}; esta aplicación lee la versión ${REVIEW_VERSION}.`,
    );
  const body = z.object({ notes: z.array(NoteSchema).min(1) }).safeParse(data);
  if (!body.success) throw new ReviewImportError(`El archivo de revisión no es válido: ${zodWhere(body.error)}.`);
  body.data.notes.forEach(checkNote);
  const notes = body.data.notes.map((n) => fileToNote(n, now));
  const keys = new Set<string>();
  for (const n of notes) {
    if (keys.has(n.key)) throw new ReviewImportError(`La nota «${n.id}» aparece dos veces en el archivo.`);
    keys.add(n.key);
  }
  return notes;
}
