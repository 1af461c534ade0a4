/**
 * "Casos para la batería de pruebas": every wrong or missed item of a review as one line in the
 * format of `tests/dev-cases` (see CASES.md), cut to the sentence it is in, so a developer can paste
 * it into the topic's file. What a verdict does not say (the right code, the right head) is left
 * to the developer and named in the case's `note`.
 */
import { CATEGORIES, categoryOf, type Annotation } from '../../core/contract.ts';
import { REASON_LABELS, type Missed, type NoteReview, type Reason, type Verdict } from './model.ts';

interface DevCase {
  id: string;
  text: string;
  config: { text_datetime: string };
  expect?: Record<string, unknown>[];
  not_annotated?: string[];
  note: string;
}

const PREFIX: Partial<Record<Reason, string>> = { negation: 'neg', uncertainty: 'unc', family: 'fam', relation: 'rel' };

/** UTF-16 index of code point `cp` in `text`. */
function utf16At(text: string, cp: number): number {
  let i = 0;
  for (let n = 0; n < cp && i < text.length; n++) i += (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
  return i;
}

/** The sentence (or line) holding UTF-16 [begin, end): from after the previous ". " or newline to the next. */
export function sentenceAround(text: string, begin: number, end: number): { start: number; stop: number } {
  let start = begin;
  while (start > 0 && text[start - 1] !== '\n' && !(/[.!?]/.test(text[start - 2] ?? '') && /\s/.test(text[start - 1] ?? ''))) start--;
  let stop = end;
  while (
    stop < text.length &&
    text[stop] !== '\n' &&
    !(/[.!?]/.test(text[stop] ?? '') && (stop + 1 >= text.length || /\s/.test(text[stop + 1] ?? '')))
  )
    stop++;
  if (stop < text.length && text[stop] !== '\n') stop++;
  while (/\s/.test(text[start] ?? '') && start < begin) start++;
  return { start, stop };
}

/** CASES.md's occurrence: the n-th copy of `span`, each copy searched from one past the previous start. */
function occurrence(sentence: string, span: string, at: number): number | undefined {
  let n = 0;
  for (let i = sentence.indexOf(span); i >= 0 && i <= at; i = sentence.indexOf(span, i + 1)) n++;
  return n > 1 ? n : undefined;
}

interface Cut {
  sentence: string;
  span: string;
  occurrence: number | undefined;
}

function cut(text: string, begin: number, end: number): Cut {
  const b = utf16At(text, begin);
  const e = utf16At(text, end);
  const { start, stop } = sentenceAround(text, b, e);
  const sentence = text.slice(start, stop);
  const span = text.slice(b, e);
  return { sentence, span, occurrence: occurrence(sentence, span, b - start) };
}

const withOccurrence = (c: Cut): Record<string, unknown> => ({ span: c.span, ...(c.occurrence ? { occurrence: c.occurrence } : {}) });

function described(a: Annotation): string {
  const c = a.characteristics;
  const state = [
    c.negative && `negado por «${c.negative.trigger.text}»`,
    c.uncertain && `incierto por «${c.uncertain.trigger.text}»`,
    c.family_member && `familiar «${c.family_member.match.text}»`,
  ]
    .filter(Boolean)
    .join(', ');
  return `Glosa anotó ${a.code.umls} «${a.match.preferred_term}» (${categoryOf(a) ?? a.type.umls})${state ? `, ${state}` : ''}`;
}

function wrongCase(a: Annotation, v: Verdict, c: Cut): Pick<DevCase, 'expect' | 'not_annotated'> & { todo?: string } {
  const ch = a.characteristics;
  switch (v.reason) {
    case 'negation':
      return { expect: [{ ...withOccurrence(c), negated: !ch.negative }] };
    case 'uncertainty':
      return { expect: [{ ...withOccurrence(c), uncertain: !ch.uncertain }] };
    case 'family':
      return ch.family_member
        ? { expect: [{ ...withOccurrence(c), family_member: null }] }
        : { expect: [withOccurrence(c)], todo: 'añada "family_member"' };
    case 'span':
    case 'not_relevant':
      return { not_annotated: [c.span] };
    case 'concept':
      return { expect: [withOccurrence(c)], todo: 'añada "umls" con el concepto correcto' };
    case 'relation':
      return { expect: [withOccurrence(c)], todo: 'añada "head" o "relations" correctos' };
    default:
      return { expect: [withOccurrence(c)], todo: 'diga qué se espera' };
  }
}

function missedCase(m: Missed, c: Cut): Pick<DevCase, 'expect'> {
  const item: Record<string, unknown> = withOccurrence(c);
  if (m.cui && /^C\d{7}$/.test(m.cui)) item.umls = m.cui;
  if (m.category && (CATEGORIES as readonly string[]).includes(m.category)) item.type_vendor = m.category;
  return { expect: [item] };
}

/** One JSON line per wrong verdict and per missed concept of the reviews. */
export function toDevCases(reviews: readonly NoteReview[]): string[] {
  const lines: string[] = [];
  for (const r of reviews) {
    const tag = r.text_hash.slice(0, 8);
    let n = 0;
    const config = { text_datetime: r.text_datetime };
    const byId = new Map(r.result.annotations.map((a) => [a.id, a]));
    const wrong = [...r.verdicts.values()].filter((v) => v.verdict === 'wrong').sort((x, y) => x.annotation_id - y.annotation_id);
    for (const v of wrong) {
      const a = byId.get(v.annotation_id);
      if (!a) continue;
      const c = cut(r.text, a.match.begin, a.match.end);
      const { todo, ...expected } = wrongCase(a, v, c);
      const note = [
        `revisión (${r.id}): ${v.reason ? REASON_LABELS[v.reason] : 'incorrecta'}`,
        described(a),
        v.comment && `comentario: ${v.comment}`,
        todo && `pendiente: ${todo}`,
      ]
        .filter(Boolean)
        .join('; ');
      const id = `${(v.reason && PREFIX[v.reason]) ?? 'spec'}-rev-${tag}-${++n}`;
      lines.push(JSON.stringify({ id, text: c.sentence, config, ...expected, note } satisfies DevCase));
    }
    for (const m of r.missed) {
      const c = cut(r.text, m.begin, m.end);
      const note = `revisión (${r.id}): concepto omitido${m.category ? ` (${m.category})` : ''}${m.cui && !/^C\d{7}$/.test(m.cui) ? `; CUI dado no válido: ${m.cui}` : ''}`;
      lines.push(JSON.stringify({ id: `spec-rev-${tag}-${++n}`, text: c.sentence, config, ...missedCase(m, c), note } satisfies DevCase));
    }
  }
  return lines;
}
