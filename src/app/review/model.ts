/**
 * A review: the verdicts a clinician gives on one annotation result of one note, and the concepts
 * the annotator missed. Pure data and pure functions (no DOM, no storage), shared by the store, the
 * exports and the tests.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Annotation, AnnotationResult } from '../../core/contract.ts';
import type { GlosaProvenance } from '../../core/export/provenance.ts';

/** Why an annotation is wrong; the order is the number key that picks it (1 = first). */
export const REASONS = [
  ['concept', 'concepto o código erróneo'],
  ['span', 'extensión errónea'],
  ['negation', 'negación errónea'],
  ['uncertainty', 'incertidumbre errónea'],
  ['family', 'familiar erróneo'],
  ['relation', 'relación o head errónea'],
  ['not_relevant', 'no relevante clínicamente'],
] as const;
export type Reason = (typeof REASONS)[number][0];
export const REASON_LABELS = Object.fromEntries(REASONS) as Record<Reason, string>;
export const isReason = (value: unknown): value is Reason => typeof value === 'string' && value in REASON_LABELS;

export type VerdictKind = 'correct' | 'wrong';

export interface Verdict {
  readonly annotation_id: number;
  readonly verdict: VerdictKind;
  readonly reason?: Reason;
  readonly comment?: string;
}

export interface Missed {
  readonly begin: number;
  readonly end: number;
  readonly text: string;
  readonly category?: string;
  readonly cui?: string;
}

/** A verdict whose annotation is gone from a newer result: kept with the annotation it judged. */
export interface Orphan extends Omit<Verdict, 'annotation_id'> {
  readonly annotation: Annotation;
}

/** What a review judges: the note and the result it got (see `reviewKey`). */
export interface ReviewSubject {
  readonly text_hash: string;
  readonly text_datetime: string;
  readonly annotator_version: string;
  readonly dictionary_hash: string;
}

export interface NoteReview extends ReviewSubject {
  readonly key: string;
  /** The note's id in a batch, or "nota" for a single note. */
  readonly id: string;
  readonly text: string;
  readonly result: AnnotationResult;
  /** By annotation id. */
  readonly verdicts: ReadonlyMap<number, Verdict>;
  readonly missed: readonly Missed[];
  readonly orphans: readonly Orphan[];
  /** Set when the verdicts were carried over from a review of another result of the same note. */
  readonly carriedFrom?: { readonly key: string; readonly carried: number; readonly orphaned: number };
  readonly updatedAt: string;
  /** What produced the judged result (mode, endpoint, dictionary, rules, time), when known. */
  readonly provenance?: GlosaProvenance;
}

/** SHA-256 of the UTF-8 text, hex (pure JS: works without a secure context, same in Node). */
export function textHash(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The storage key: a review belongs to this text, reference datetime, annotator version and dictionary. */
export function reviewKey(subject: ReviewSubject): string {
  return ['review', subject.text_hash, subject.text_datetime, subject.annotator_version, subject.dictionary_hash].join('|');
}

export function newReview(
  id: string,
  text: string,
  textDatetime: string,
  result: AnnotationResult,
  dictionaryHash: string,
  now = new Date(),
): NoteReview {
  const subject: ReviewSubject = {
    text_hash: textHash(text),
    text_datetime: textDatetime,
    annotator_version: result.version,
    dictionary_hash: dictionaryHash,
  };
  return {
    ...subject,
    key: reviewKey(subject),
    id,
    text,
    result,
    verdicts: new Map(),
    missed: [],
    orphans: [],
    updatedAt: now.toISOString(),
  };
}

const touched = (review: NoteReview, changes: Partial<NoteReview>, now: Date): NoteReview => ({
  ...review,
  ...changes,
  updatedAt: now.toISOString(),
});

/** Sets a verdict; a comment already given stays unless replaced, a reason goes with "correct". */
export function setVerdict(
  review: NoteReview,
  id: number,
  verdict: VerdictKind,
  extra: { reason?: Reason; comment?: string } = {},
  now = new Date(),
): NoteReview {
  const previous = review.verdicts.get(id);
  const comment = extra.comment ?? previous?.comment;
  const reason = verdict === 'wrong' ? (extra.reason ?? (previous?.verdict === 'wrong' ? previous.reason : undefined)) : undefined;
  const next: Verdict = {
    annotation_id: id,
    verdict,
    ...(reason ? { reason } : {}),
    ...(comment ? { comment } : {}),
  };
  return touched(review, { verdicts: new Map(review.verdicts).set(id, next) }, now);
}

export function setComment(review: NoteReview, id: number, comment: string, now = new Date()): NoteReview {
  const previous = review.verdicts.get(id);
  if (!previous) return review;
  const { comment: _old, ...rest } = previous;
  const trimmed = comment.trim();
  return touched(review, { verdicts: new Map(review.verdicts).set(id, trimmed ? { ...rest, comment: trimmed } : rest) }, now);
}

export function clearVerdict(review: NoteReview, id: number, now = new Date()): NoteReview {
  if (!review.verdicts.has(id)) return review;
  const verdicts = new Map(review.verdicts);
  verdicts.delete(id);
  return touched(review, { verdicts }, now);
}

export function addMissed(review: NoteReview, missed: Missed, now = new Date()): NoteReview {
  const same = (m: Missed) => m.begin === missed.begin && m.end === missed.end;
  return touched(review, { missed: [...review.missed.filter((m) => !same(m)), missed].sort((a, b) => a.begin - b.begin) }, now);
}

export function removeMissed(review: NoteReview, index: number, now = new Date()): NoteReview {
  return touched(review, { missed: review.missed.filter((_, i) => i !== index) }, now);
}

export function removeOrphan(review: NoteReview, index: number, now = new Date()): NoteReview {
  return touched(review, { orphans: review.orphans.filter((_, i) => i !== index) }, now);
}

/** Anything worth keeping: a review with nothing in it is not stored. */
export function hasContent(review: NoteReview): boolean {
  return review.verdicts.size > 0 || review.missed.length > 0 || review.orphans.length > 0;
}

export interface ReviewCounts {
  readonly total: number;
  readonly reviewed: number;
  readonly wrong: number;
  readonly missed: number;
}

export function countsOf(review: NoteReview): ReviewCounts {
  let wrong = 0;
  for (const v of review.verdicts.values()) if (v.verdict === 'wrong') wrong++;
  return { total: review.result.annotations.length, reviewed: review.verdicts.size, wrong, missed: review.missed.length };
}

/** "revisadas 41 de 57, 6 incorrectas" (and the missed concepts, when there are any). */
export function countsText({ total, reviewed, wrong, missed }: ReviewCounts): string {
  const parts = [`revisadas ${reviewed} de ${total}`, `${wrong} ${wrong === 1 ? 'incorrecta' : 'incorrectas'}`];
  if (missed > 0) parts.push(`${missed} ${missed === 1 ? 'omitida' : 'omitidas'}`);
  return parts.join(', ');
}

/**
 * What makes an annotation "the same" in another result of the same note: its span, concept,
 * category and characteristics (negated, uncertain, family). A verdict judged all of these, so an
 * annotation that changed any of them is another annotation and its old verdict becomes an orphan.
 */
export function fingerprint(a: Annotation): string {
  const c = a.characteristics;
  const category = Object.entries(a.type).find(([k]) => k !== 'umls')?.[1] ?? '';
  return [
    a.match.begin,
    a.match.end,
    a.code.umls,
    category,
    c.negative ? 'N' : '',
    c.uncertain ? 'U' : '',
    c.family_member ? 'F' : '',
  ].join('|');
}

/**
 * Moves a review onto a new result of the same note: verdicts on annotations that still exist
 * (same fingerprint) follow them to their new ids; the others, and earlier orphans that found no
 * home, are kept as orphans. Missed concepts stay (they are about the text).
 */
export function carryOver(previous: NoteReview, fresh: NoteReview, now = new Date()): NoteReview {
  const byPrint = new Map<string, number[]>();
  for (const a of fresh.result.annotations) {
    const list = byPrint.get(fingerprint(a));
    if (list) list.push(a.id);
    else byPrint.set(fingerprint(a), [a.id]);
  }
  const oldById = new Map(previous.result.annotations.map((a) => [a.id, a]));
  const verdicts = new Map<number, Verdict>();
  const orphans: Orphan[] = [];
  const place = (annotation: Annotation, v: Omit<Verdict, 'annotation_id'>): void => {
    const id = byPrint.get(fingerprint(annotation))?.shift();
    if (id === undefined) orphans.push({ ...v, annotation });
    else verdicts.set(id, { ...v, annotation_id: id });
  };
  for (const { annotation_id, ...v } of previous.verdicts.values()) {
    const annotation = oldById.get(annotation_id);
    if (annotation) place(annotation, v);
  }
  for (const { annotation, ...v } of previous.orphans) place(annotation, v);
  return {
    ...fresh,
    verdicts,
    orphans,
    missed: previous.missed,
    carriedFrom: { key: previous.key, carried: verdicts.size, orphaned: orphans.length },
    updatedAt: now.toISOString(),
  };
}

/** The text between code points [begin, end). */
export function codePointSlice(text: string, begin: number, end: number): string {
  return Array.from(text).slice(begin, end).join('');
}
