/**
 * The tense of the sentence around a temporal expression, from its verbs: "ingresó el 5 de
 * febrero" is past, "acudirá el lunes" future. The nearest tensed verb before the expression in
 * its sentence decides, else the nearest after it; a sentence with neither has no tense. Endings
 * are read on the word as written ("ingresó" is a verb, "ingreso" a noun), so the text is needed
 * for them; without it only whole words and endings with no accent count. A sentence with no
 * such verb takes the tense of a participle ("Operada en octubre": past; "programado": future).
 */
import type { Token } from '../../text/tokenise.ts';
import type { Tense } from './expression.ts';
import type { Tokens } from './reading.ts';
import { TENSE } from './words.ts';

/** Accent-free endings: they can be compared with the matching form when the text is not given. */
const PLAIN_PAST_ENDINGS = TENSE.pastEndings.filter((e) => e === e.normalize('NFD').replace(/\p{M}/gu, ''));

function endsWithAny(word: string, endings: readonly string[]): boolean {
  return word.length >= TENSE.minVerbLength && endings.some((e) => word.endsWith(e));
}

/** The tense token `k` carries as a verb, if any. */
function tenseOf(tokens: Tokens, k: number, text: string | undefined): Tense | undefined {
  const t = tokens[k] as Token;
  if (t.kind !== 'word') return undefined;
  if (TENSE.pastWords.has(t.norm)) return -1;
  if (TENSE.futureWords.matchAt(tokens, k) !== undefined) return 1;
  if (text === undefined) return endsWithAny(t.norm, PLAIN_PAST_ENDINGS) ? -1 : undefined;
  const written = text.slice(t.start, t.end).toLowerCase();
  if (endsWithAny(written, TENSE.pastEndings)) return -1;
  return endsWithAny(written, TENSE.futureEndings) ? 1 : undefined;
}

/** The tense a participle gives ("operada" past, "programado" future), if token `k` is one. */
function participleTense(tokens: Tokens, k: number): Tense | undefined {
  const t = tokens[k] as Token;
  if (t.kind !== 'word') return undefined;
  if (TENSE.futureParticiples.has(t.norm)) return 1;
  return !TENSE.notParticiples.has(t.norm) && endsWithAny(t.norm, TENSE.participleEndings) ? -1 : undefined;
}

function endsSentence(tokens: Tokens, k: number): boolean {
  return TENSE.sentenceEnds.has((tokens[k] as Token).norm);
}

/** The first tense `read` finds before [first, end) in its sentence, nearest first, else after it. */
function nearest(tokens: Tokens, first: number, end: number, read: (k: number) => Tense | undefined): Tense | undefined {
  for (let k = first - 1; k >= 0 && !endsSentence(tokens, k); k--) {
    const tense = read(k);
    if (tense !== undefined) return tense;
    if ((tokens[k] as Token).afterLineBreak) break;
  }
  for (let k = end; k < tokens.length && !endsSentence(tokens, k) && !(tokens[k] as Token).afterLineBreak; k++) {
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
