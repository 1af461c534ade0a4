/**
 * The tense of the sentence around a temporal expression, from its verbs: "ingresó el 5 de
 * febrero" is past, "acudirá el lunes" future. The nearest tensed verb before the expression in
 * its sentence decides, else the nearest after it; a sentence with neither has no tense. Endings
 * are read on the word as written ("ingresó" is a verb, "ingreso" a noun), so the text is needed
 * for them; without it only whole words and endings with no accent count. A sentence with no
 * such verb takes the tense of a participle ("Operada en octubre": past; "programado": future)
 * or of a plan ("Control el lunes": future; "Último control el lunes": past).
 */
import { normalise } from '../../text/normalise.ts';
import type { Token } from '../../text/tokenise.ts';
import type { Tense } from './expression.ts';
import type { Tokens } from './reading.ts';
import { TENSE } from './words.ts';

function endsWithAny(word: string, endings: readonly string[]): boolean {
  return word.length >= TENSE.minVerbLength && endings.some((e) => word.endsWith(e));
}

/** Accent-free endings: they can be compared with the matching form alone (when the text is not given). */
const PLAIN_PAST_ENDINGS = TENSE.pastEndings.filter((e) => normalise(e) === e);
const withUpper = (endings: readonly string[]): string[] => endings.flatMap((e) => [e, e.toUpperCase()]);
/** Endings by their last UTF-16 unit, so that a word is compared only with the endings it may have. */
const byLastUnit = (endings: readonly string[]): ReadonlyMap<number, readonly string[]> => {
  const map = new Map<number, string[]>();
  for (const e of endings) {
    const last = e.charCodeAt(e.length - 1);
    map.set(last, [...(map.get(last) ?? []), e]);
  }
  return map;
};
const PAST_WRITTEN = byLastUnit(withUpper(TENSE.pastEndings));
const FUTURE_WRITTEN = byLastUnit(withUpper(TENSE.futureEndings));

const lastLetter = (word: string): number => word.charCodeAt(word.length - 1);
/** Last letters (matching form) of every verb ending and listed verb: a word ending otherwise carries no tense, and is passed by at once. */
const VERB_LAST_LETTERS: ReadonlySet<number> = new Set(
  [...TENSE.pastEndings, ...TENSE.futureEndings, ...TENSE.pastWords, ...TENSE.futureFirstWords].map((w) => lastLetter(normalise(w))),
);

/** Token `t` as written ends with one of `endings` (lower or upper case), read in place. */
function writtenEndsWith(text: string, t: Token, endings: ReadonlyMap<number, readonly string[]>): boolean {
  if (t.end - t.start < TENSE.minVerbLength) return false;
  const candidates = endings.get(text.charCodeAt(t.end - 1));
  return candidates !== undefined && candidates.some((e) => text.endsWith(e, t.end));
}

/** The tense token `k` carries as a verb, if any. */
function tenseOf(tokens: Tokens, k: number, text: string | undefined): Tense | undefined {
  const t = tokens[k] as Token;
  if (t.kind !== 'word' || !VERB_LAST_LETTERS.has(lastLetter(t.norm))) return undefined;
  if (TENSE.pastWords.has(t.norm)) return -1;
  if (TENSE.futureWords.matchAt(tokens, k) !== undefined) return 1;
  if (text === undefined) return endsWithAny(t.norm, PLAIN_PAST_ENDINGS) ? -1 : undefined;
  if (writtenEndsWith(text, t, PAST_WRITTEN)) return -1;
  return writtenEndsWith(text, t, FUTURE_WRITTEN) ? 1 : undefined;
}

/** The tense a participle ("operada" past, "programado" future) or a plan ("control", but not "último control") gives, if token `k` is one. */
function participleTense(tokens: Tokens, k: number): Tense | undefined {
  const t = tokens[k] as Token;
  if (t.kind !== 'word') return undefined;
  if (TENSE.planNouns.has(t.norm)) return TENSE.lastWords.has(tokens[k - 1]?.norm ?? '') ? -1 : 1;
  if (TENSE.futureParticiples.has(t.norm)) return 1;
  return !TENSE.notParticiples.has(t.norm) && endsWithAny(t.norm, TENSE.participleEndings) ? -1 : undefined;
}

function endsSentence(tokens: Tokens, k: number): boolean {
  const t = tokens[k] as Token;
  return t.kind === 'punct' && TENSE.sentenceEnds.has(t.norm);
}

/** The first tense `read` finds before [first, end) in its sentence, nearest first, else after it, within the window. */
function nearest(tokens: Tokens, first: number, end: number, read: (k: number) => Tense | undefined): Tense | undefined {
  const from = Math.max(0, first - TENSE.window);
  const to = Math.min(tokens.length, end + TENSE.window);
  for (let k = first - 1; k >= from && !endsSentence(tokens, k); k--) {
    const tense = read(k);
    if (tense !== undefined) return tense;
    if ((tokens[k] as Token).afterLineBreak) break;
  }
  for (let k = end; k < to && !endsSentence(tokens, k) && !(tokens[k] as Token).afterLineBreak; k++) {
    const tense = read(k);
    if (tense !== undefined) return tense;
  }
  return undefined;
}

/**
 * Past (-1), future (+1) or no tense for the expression over tokens [first, end); with
 * `participles`, a sentence with no tensed verb takes a participle's (for dates, not repetitions).
 */
export function tenseAround(tokens: Tokens, first: number, end: number, text: string | undefined, participles: boolean): Tense | undefined {
  const verb = nearest(tokens, first, end, (k) => tenseOf(tokens, k, text));
  return verb ?? (participles ? nearest(tokens, first, end, (k) => participleTense(tokens, k)) : undefined);
}

/** A plan word ("control", "revisión", "cita"; not "último control") within a few tokens before `first` in its sentence. */
export function planBefore(tokens: Tokens, first: number): boolean {
  for (let k = first - 1; k >= 0 && k >= first - TENSE.planWindow && !endsSentence(tokens, k); k--) {
    const t = tokens[k] as Token;
    if (TENSE.planNouns.has(t.norm)) return !TENSE.lastWords.has(tokens[k - 1]?.norm ?? '');
    if (t.afterLineBreak) break;
  }
  return false;
}
