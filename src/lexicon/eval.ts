/**
 * Lexicon evaluation on hand-marked synthetic notes (`tests/lexicon-eval/notes/*.json`).
 *
 * A note marks every clinically relevant mention it should yield: the span text, which copy of it
 * (`occurrence`, 1-based, counted case-sensitively as in the dev cases) and the expected CUI (or
 * CUIs, when UMLS has near-synonym concepts that are both right). Recall is the share of marked
 * mentions found with the same span and an expected CUI; precision is the share of produced
 * dictionary annotations that are marked mentions with the same span and CUI. Only annotations
 * whose CUI is a concept of the dictionary count as produced: quantities and dates come from other
 * stages and are not the lexicon's.
 */
import { z } from 'zod';
import type { AnnotationResult } from '../core/contract.ts';

export const MarkedMentionSchema = z.strictObject({
  span: z.string().min(1),
  occurrence: z.number().int().positive().default(1),
  cui: z.union([z.string().regex(/^C\d{7}$/), z.array(z.string().regex(/^C\d{7}$/)).min(1)]),
  note: z.string().optional(),
});
export type MarkedMention = z.infer<typeof MarkedMentionSchema>;

export const EvalNoteSchema = z.strictObject({
  id: z.string().min(1),
  kind: z.string().min(1),
  text: z.string().min(1),
  mentions: z.array(MarkedMentionSchema),
});
export type EvalNote = z.infer<typeof EvalNoteSchema>;

/** Code-point offsets of the `occurrence`-th case-sensitive copy of `span` in `text`. */
export function locate(text: string, span: string, occurrence: number): { begin: number; end: number } | undefined {
  let at = -1;
  for (let k = 0; k < occurrence; k++) {
    at = text.indexOf(span, at + 1);
    if (at < 0) return undefined;
  }
  const begin = [...text.slice(0, at)].length;
  return { begin, end: begin + [...span].length };
}

export interface EvalItem {
  readonly note: string;
  readonly span: string;
  readonly begin: number;
  readonly cui: string;
  /** For a miss: what was found on that exact span, if anything. */
  readonly found?: string;
}

export interface NoteScore {
  readonly id: string;
  readonly marked: number;
  readonly produced: number;
  readonly truePositives: number;
  readonly misses: EvalItem[];
  readonly falsePositives: EvalItem[];
}

/** Scores one note's result; throws when a marked span is not in the text. */
export function scoreNote(note: EvalNote, result: AnnotationResult, isLexiconCui: (cui: string) => boolean): NoteScore {
  const marked = note.mentions.map((m) => {
    const where = locate(note.text, m.span, m.occurrence);
    if (where === undefined) throw new Error(`${note.id}: "${m.span}" (occurrence ${m.occurrence}) is not in the text`);
    return { ...where, span: m.span, cuis: typeof m.cui === 'string' ? [m.cui] : m.cui };
  });
  const keyOf = (begin: number, end: number): string => `${begin}:${end}`;
  const markedBySpan = new Map(marked.map((m) => [keyOf(m.begin, m.end), m]));
  const produced = result.annotations.filter((a) => isLexiconCui(a.code.umls));
  const producedBySpan = new Map<string, string[]>();
  for (const a of produced) {
    const key = keyOf(a.match.begin, a.match.end);
    producedBySpan.set(key, [...(producedBySpan.get(key) ?? []), a.code.umls]);
  }
  const misses: EvalItem[] = [];
  let truePositives = 0;
  for (const m of marked) {
    const found = producedBySpan.get(keyOf(m.begin, m.end)) ?? [];
    if (found.some((cui) => m.cuis.includes(cui))) truePositives++;
    else {
      const base = { note: note.id, span: m.span, begin: m.begin, cui: m.cuis.join('|') };
      misses.push(found.length > 0 ? { ...base, found: found.join('|') } : base);
    }
  }
  const falsePositives: EvalItem[] = [];
  for (const a of produced) {
    const m = markedBySpan.get(keyOf(a.match.begin, a.match.end));
    if (m === undefined || !m.cuis.includes(a.code.umls)) {
      falsePositives.push({ note: note.id, span: a.match.text, begin: a.match.begin, cui: a.code.umls });
    }
  }
  return { id: note.id, marked: marked.length, produced: produced.length, truePositives, misses, falsePositives };
}

export interface EvalSummary {
  readonly notes: number;
  readonly marked: number;
  readonly produced: number;
  readonly truePositives: number;
  readonly recall: number;
  /** Share of produced annotations that are right (1 when nothing was produced). */
  readonly precision: number;
  readonly misses: EvalItem[];
  readonly falsePositives: EvalItem[];
}

export function summarise(scores: readonly NoteScore[]): EvalSummary {
  const marked = scores.reduce((n, s) => n + s.marked, 0);
  const produced = scores.reduce((n, s) => n + s.produced, 0);
  const truePositives = scores.reduce((n, s) => n + s.truePositives, 0);
  // A produced annotation is right when it matched a marked mention: count those per note.
  const wrong = scores.reduce((n, s) => n + s.falsePositives.length, 0);
  return {
    notes: scores.length,
    marked,
    produced,
    truePositives,
    recall: marked === 0 ? 1 : truePositives / marked,
    precision: produced === 0 ? 1 : (produced - wrong) / produced,
    misses: scores.flatMap((s) => s.misses),
    falsePositives: scores.flatMap((s) => s.falsePositives),
  };
}
