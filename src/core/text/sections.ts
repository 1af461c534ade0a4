/**
 * Sections of a note: headers such as "Antecedentes familiares:" (sections-es.json) and the text
 * each one governs, up to the next header or the end of the text. A header opens a line or a
 * sentence, after a bullet or hyphen if any, and is followed by a colon, ends its line, or is
 * written in capitals ("ANTECEDENTES FAMILIARES madre con DM"); an abbreviation ("AF", "AP") needs
 * the colon or a line of its own, so that "AF paroxística" stays a finding. With no line breaks
 * and no sentence ends there is no place for a header, and the note is one section-less stretch.
 */
import type { TextRange } from '../doc.ts';
import { PhraseSet } from './phrases.ts';
import sectionTable from './sections-es.json' with { type: 'json' };
import type { Token } from './tokenise.ts';

export interface SectionKind {
  /** A stable name ("antecedentes_familiares"). */
  readonly name: string;
  /** The Spanish label the app shows. */
  readonly label: string;
  /** Every finding in it is the family's. */
  readonly family: boolean;
}

export interface Section {
  readonly kind: SectionKind;
  /** The header as written, without its colon. */
  readonly header: TextRange;
  /** From the header's start to the next header's start or the text end. */
  readonly start: number;
  readonly end: number;
  /** Tokens [firstToken, endToken) of the section, header included. */
  readonly firstToken: number;
  readonly endToken: number;
  /**
   * One past the last token what the header says reaches (a family-history header's findings):
   * its sentence when text follows the header on its line ("Antecedentes familiares: madre con
   * asma. Sin fiebre."), else the lines after it up to the section end or a blank line.
   */
  readonly governedEnd: number;
}

const KINDS: readonly SectionKind[] = sectionTable.sections.map((s) => ({
  name: s.name,
  label: s.label,
  family: (s as { family?: boolean }).family === true,
}));
const HEADERS = new PhraseSet<SectionKind>(
  sectionTable.sections.flatMap((s, i) => s.headers.map((h) => [h, KINDS[i] as SectionKind] as const)),
);
/** "Antecedentes familiares de X": a family header and "de" say the sentence is family history. */
const OF: ReadonlySet<string> = new Set(['de', 'del']);
/** Words that are no header inside a given section ("AP" in an examination: auscultación pulmonar). */
const NOT_HEADERS_IN: ReadonlyMap<string, PhraseSet<true>> = new Map(
  Object.entries(sectionTable.notHeadersIn).map(([name, words]) => [name, PhraseSet.of(words)] as const),
);
const BULLETS: ReadonlySet<string> = new Set(['-', '*', '•', '·', '–', '—', '>']);
/** Longest abbreviation that needs a colon or a line of its own. */
const ABBREVIATION_LETTERS = 4;

function isUpperCase(text: string): boolean {
  return text === text.toUpperCase() && text !== text.toLowerCase();
}

/** Whether token `i` opens a line or a sentence. */
function opensUnit(tokens: readonly Token[], sentenceOf: Uint32Array, i: number): boolean {
  return i === 0 || (tokens[i] as Token).afterLineBreak || sentenceOf[i - 1] !== sentenceOf[i];
}

/**
 * The header at token `i`, if one is there: its kind, one past its last token, and whether it
 * governs its sentence only ("Antecedentes familiares de cardiopatía isquémica. Refiere ...").
 */
function headerAt(text: string, tokens: readonly Token[], i: number): { kind: SectionKind; end: number; sentenceOnly?: true } | undefined {
  const match = HEADERS.matchAt(tokens, i);
  if (match === undefined) return undefined;
  const next = tokens[match.end];
  if (match.value.family && match.end > i + 1 && next !== undefined && !next.afterLineBreak && OF.has(next.norm))
    return { kind: match.value, end: match.end, sentenceOnly: true };
  if (next !== undefined && !next.afterLineBreak && next.norm === ':') return { kind: match.value, end: match.end };
  const written = text.slice((tokens[i] as Token).start, (tokens[match.end - 1] as Token).end);
  const endsLine = next === undefined || next.afterLineBreak || (next.norm === '.' && (tokens[match.end + 1]?.afterLineBreak ?? true));
  if (endsLine) return { kind: match.value, end: match.end };
  const abbreviation = match.end === i + 1 && written.length <= ABBREVIATION_LETTERS && isUpperCase(written);
  if (!abbreviation && isUpperCase(written) && next.kind === 'word') return { kind: match.value, end: match.end };
  return undefined;
}

/** The sections of a text, in order; text before the first header belongs to none. */
export function findSections(text: string, tokens: readonly Token[], sentenceOf: Uint32Array): Section[] {
  const sections: Section[] = [];
  const close = (endToken: number): void => {
    const last = sections[sections.length - 1];
    if (last === undefined) return;
    const end = endToken < tokens.length ? (tokens[endToken] as Token).start : text.length;
    sections[sections.length - 1] = { ...last, end: Math.max(last.header.end, trimEnd(text, end)), endToken };
  };
  /** Whether the last section runs on to the next header. */
  let open = false;
  for (let i = 0; i < tokens.length; i++) {
    if (!opensUnit(tokens, sentenceOf, i)) continue;
    let at = i;
    while (at < tokens.length && BULLETS.has((tokens[at] as Token).norm) && !(at > i && (tokens[at] as Token).afterLineBreak)) at++;
    const header = at < tokens.length && (at === i || !(tokens[at] as Token).afterLineBreak) ? headerAt(text, tokens, at) : undefined;
    if (header === undefined) continue;
    const current = open ? sections[sections.length - 1] : undefined;
    if (current !== undefined && NOT_HEADERS_IN.get(current.kind.name)?.matchAt(tokens, at)?.end === header.end) continue;
    if (open) close(i);
    const first = tokens[at] as Token;
    const headerRange = { start: first.start, end: (tokens[header.end - 1] as Token).end };
    sections.push({
      kind: header.kind,
      header: headerRange,
      start: first.start,
      end: text.length,
      firstToken: at,
      endToken: tokens.length,
      governedEnd: header.end,
    });
    i = header.end - 1;
    if (header.sentenceOnly === true) {
      while (i + 1 < tokens.length && sentenceOf[i + 1] === sentenceOf[at]) i++;
      close(i + 1);
      open = false;
      continue;
    }
    open = true;
  }
  if (open) close(tokens.length);
  return sections.map((section) => ({ ...section, governedEnd: governedEnd(text, tokens, sentenceOf, section) }));
}

/** See `Section.governedEnd`; `section.governedEnd` is one past the header's last token here. */
function governedEnd(text: string, tokens: readonly Token[], sentenceOf: Uint32Array, section: Section): number {
  let t = section.governedEnd;
  if (t < section.endToken && (tokens[t] as Token).norm === ':') t++;
  if (t < section.endToken && !(tokens[t] as Token).afterLineBreak) {
    const sentence = sentenceOf[t];
    while (t < section.endToken && sentenceOf[t] === sentence) t++;
    return t;
  }
  for (; t < section.endToken; t++) {
    const token = tokens[t] as Token;
    if (token.afterLineBreak && blankLineBefore(text, (tokens[t - 1] as Token).end, token.start)) return t;
  }
  return section.endToken;
}

/** Whether the white space in [from, to) holds an empty line. */
function blankLineBefore(text: string, from: number, to: number): boolean {
  const gap = text.slice(from, to);
  return gap.indexOf('\n') !== gap.lastIndexOf('\n');
}

/** `end` moved back over white space. */
function trimEnd(text: string, end: number): number {
  while (end > 0 && /\s/u.test(text[end - 1] as string)) end--;
  return end;
}
