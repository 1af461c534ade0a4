/**
 * Review exports for other tools: a CSV with one row per annotation and its verdict (plus one per
 * missed concept), and brat standoff with the verdicts as attributes and AnnotatorNotes, zipped
 * with an `annotation.conf` that declares every type used. Both record what produced each judged
 * result, as the result's own exports do (docs/exports.md): the CSV in its last columns, the zip
 * in a `<note>.provenance.json` beside each note's `.txt` and `.ann`.
 */
import { strToU8, zipSync } from 'fflate';
import { categoryOf } from '../../core/contract.ts';
import { bratType, fragments, toBrat } from '../export/brat.ts';
import { PROVENANCE_COLUMNS, provenanceFields, provenanceRecord, type GlosaProvenance } from '../../core/export/provenance.ts';
import { csvCell } from '../export/csv.ts';
import { statusOf } from '../format/labels.ts';
import { APP_EXPORTER } from '../format/provenance.ts';
import { REASON_LABELS, REASONS, type NoteReview, type Verdict } from './model.ts';
import { UNKNOWN_DICTIONARY } from './useReviewedResult.ts';

/**
 * What produced a review's result: as recorded when it was annotated, or else what the review
 * itself knows (reference datetime, version, dictionary hash); with the time of the export.
 */
export function reviewProvenance(review: NoteReview, exportedAt?: Date): GlosaProvenance {
  const known = review.provenance ?? {
    exported_by: APP_EXPORTER,
    text_datetime: review.text_datetime,
    glosa_version: review.annotator_version,
    ...(review.dictionary_hash === UNKNOWN_DICTIONARY ? {} : { dictionary: { content_hash: review.dictionary_hash } }),
  };
  return provenanceRecord({ ...known, exported_by: APP_EXPORTER, exported_at: exportedAt?.toISOString() });
}

export const REVIEW_CSV_COLUMNS = [
  'note_id',
  'annotation_id',
  'begin',
  'end',
  'text',
  'category',
  'umls',
  'preferred_term',
  'status',
  'verdict',
  'reason',
  'comment',
  ...PROVENANCE_COLUMNS,
] as const;

export type CsvDialect = 'comma' | 'semicolon';

/**
 * Comma, or semicolon with a UTF-8 BOM: what spreadsheets in Spanish locales open directly (their
 * list separator is ";" and without the BOM they read the file as Latin-1).
 */
export function toReviewCsv(reviews: readonly NoteReview[], dialect: CsvDialect = 'comma', exportedAt?: Date): string {
  const sep = dialect === 'comma' ? ',' : ';';
  const line = (cells: (string | number | undefined)[]) => cells.map((c) => csvCell(c, sep)).join(sep);
  const rows = [line([...REVIEW_CSV_COLUMNS])];
  for (const r of reviews) {
    const made = provenanceFields(reviewProvenance(r, exportedAt)).map(([, value]) => value || undefined);
    for (const a of r.result.annotations) {
      const v = r.verdicts.get(a.id);
      rows.push(
        line([
          r.id,
          a.id,
          a.match.begin,
          a.match.end,
          a.match.text,
          categoryOf(a),
          a.code.umls,
          a.match.preferred_term,
          statusOf(a),
          v?.verdict ?? 'unreviewed',
          v?.reason,
          v?.comment,
          ...made,
        ]),
      );
    }
    for (const m of r.missed)
      rows.push(
        line([r.id, undefined, m.begin, m.end, m.text, m.category, m.cui, undefined, undefined, 'missed', undefined, undefined, ...made]),
      );
  }
  return `${dialect === 'semicolon' ? '\uFEFF' : ''}${rows.join('\r\n')}\r\n`;
}

const noteText = (v: Verdict): string =>
  [`revisión: ${v.verdict === 'correct' ? 'correcta' : 'incorrecta'}`, v.reason && REASON_LABELS[v.reason], v.comment]
    .filter(Boolean)
    .join(' · ')
    .replace(/[\t\n\r]+/g, ' ');

/** Adds the review to `toBrat`'s standoff: Verdict / Reason attributes, the verdict in each concept's note, missed concepts. */
export function toReviewBrat(review: NoteReview): { txt: string; ann: string } {
  const { txt, ann } = toBrat(review.text, review.result);
  const lines = ann ? ann.trimEnd().split('\n') : [];
  const tOf = (id: number) => `T${id + 1}`;
  const verdictOfT = new Map([...review.verdicts.values()].map((v) => [tOf(v.annotation_id), v]));
  const out = lines.map((l) => {
    const m = /^#\d+\tAnnotatorNotes (T\d+)\t/.exec(l);
    const v = m ? verdictOfT.get(m[1] as string) : undefined;
    return v ? `${l} | ${noteText(v)}` : l;
  });
  let a = lines.filter((l) => l.startsWith('A')).length + 1;
  let note = lines.filter((l) => l.startsWith('#')).length + 1;
  for (const v of review.verdicts.values()) {
    out.push(`A${a++}\tVerdict ${tOf(v.annotation_id)} ${v.verdict}`);
    if (v.reason) out.push(`A${a++}\tReason ${tOf(v.annotation_id)} ${v.reason}`);
  }
  const codePoints = Array.from(review.text);
  let t = Math.max(0, ...lines.map((l) => Number(/^T(\d+)\t/.exec(l)?.[1] ?? 0))) + 1;
  for (const m of review.missed) {
    const id = `T${t++}`;
    out.push(`${id}\tMissed_concept ${fragments(codePoints, m.begin, m.end)}\t${m.text.replace(/\n/g, ' ')}`);
    out.push(`#${note++}\tAnnotatorNotes ${id}\t${['omitido', m.category, m.cui].filter(Boolean).join(' · ')}`);
  }
  return { txt, ann: out.length ? `${out.join('\n')}\n` : '' };
}

/** brat's annotation.conf for these reviews: every entity and relation type that occurs, and the attributes. */
export function bratConf(reviews: readonly NoteReview[]): string {
  const entities = new Set<string>();
  const relations = new Set<string>(['head']);
  for (const r of reviews) {
    for (const a of r.result.annotations) entities.add(bratType(categoryOf(a) ?? a.type.umls));
    for (const rel of r.result.relations ?? []) relations.add(bratType(rel.rel));
  }
  const sorted = [...entities].sort();
  return [
    '[entities]',
    ...sorted,
    'Negation_cue',
    'Uncertainty_cue',
    'Missed_concept',
    '',
    '[relations]',
    'negated_by\tArg1:<ENTITY>, Arg2:Negation_cue',
    'uncertain_by\tArg1:<ENTITY>, Arg2:Uncertainty_cue',
    ...[...relations].sort().map((r) => `${r}\tArg1:<ENTITY>, Arg2:<ENTITY>`),
    '<OVERLAP>\tArg1:<ENTITY>, Arg2:<ENTITY>, <OVL-TYPE>:<ANY>',
    '',
    '[events]',
    '',
    '[attributes]',
    'Negated\tArg:<ENTITY>',
    'Uncertain\tArg:<ENTITY>',
    'Family_member\tArg:<ENTITY>',
    'Verdict\tArg:<ENTITY>, Value:correct|wrong',
    `Reason\tArg:<ENTITY>, Value:${REASONS.map(([r]) => r).join('|')}`,
    '',
  ].join('\n');
}

/** A file-name-safe stem for a note id, unique within the batch. */
export function fileStems(reviews: readonly NoteReview[]): string[] {
  const used = new Set<string>();
  return reviews.map((r, i) => {
    const base = r.id.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || `nota-${i + 1}`;
    let stem = base;
    for (let n = 2; used.has(stem); n++) stem = `${base}-${n}`;
    used.add(stem);
    return stem;
  });
}

/** The brat files of the reviews, zipped: `<id>.txt`, `<id>.ann` and `<id>.provenance.json` per note and one `annotation.conf`. */
export function reviewBratZip(reviews: readonly NoteReview[], exportedAt?: Date): Uint8Array {
  const files: Record<string, Uint8Array> = { 'annotation.conf': strToU8(bratConf(reviews)) };
  const stems = fileStems(reviews);
  reviews.forEach((r, i) => {
    const { txt, ann } = toReviewBrat(r);
    files[`${stems[i]}.txt`] = strToU8(txt);
    files[`${stems[i]}.ann`] = strToU8(ann);
    files[`${stems[i]}.provenance.json`] = strToU8(`${JSON.stringify(reviewProvenance(r, exportedAt), null, 2)}\n`);
  });
  return zipSync(files);
}
