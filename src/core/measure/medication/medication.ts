/**
 * The words of a medication frame that are not concepts of the lexicon: routes of administration
 * ("vía oral", "v.o.", and after a drug "oral", "iv", "sc") become route mentions (local concepts),
 * and dosing words the dates stage leaves ("1 comprimido al día", "1-0-1") become recurring times
 * (TIMEX3 SET). Ambiguous words are read only after a drug in its sentence, a few tokens away
 * (see medication.json). They never overlap another mention: a lexicon concept that holds such a
 * word ("pielografía intravenosa") keeps it.
 */
import { ROUTE_CONCEPTS, TEMPORAL_CONCEPTS, type RouteName } from '../../local-concepts.ts';
import { newMention, roleBits, type Mention } from '../../mention.ts';
import { PhraseSet } from '../../text/phrases.ts';
import { untaken } from '../rule-words.ts';
import type { Token } from '../../text/tokenise.ts';
import rules from './medication.json' with { type: 'json' };

type RouteWords = Record<RouteName, { always: string[]; inFrame: string[] }>;
const routeWords = rules.routes as RouteWords;
const routeSet = (which: 'always' | 'inFrame'): PhraseSet<RouteName> =>
  new PhraseSet((Object.keys(routeWords) as RouteName[]).flatMap((name) => routeWords[name][which].map((w) => [w, name] as const)));
const ROUTES_ANYWHERE = routeSet('always');
const ROUTES_IN_FRAME = routeSet('inFrame');
const SCHEDULES = new PhraseSet<string>(Object.entries(rules.schedules));
const PATTERN_VALUES: ReadonlySet<string> = new Set(rules.dailyPattern.values);
const PATTERN_PARTS = rules.dailyPattern.parts;
const MAX_PATTERN_PARTS = Math.max(...PATTERN_PARTS);

/** Whether a mention is a drug (or a treatment given like one) that a frame belongs to. */
const MEDICATION = roleBits(['medication']);
export const isMedication = (m: Mention): boolean => (m.roles & MEDICATION) !== 0;

/** One past the last token of a daily dose pattern at `i` ("1-0-1", "1-1-1-1"), or -1. */
function dailyPatternEnd(tokens: readonly Token[], i: number): number {
  let parts = 0;
  let j = i;
  for (;;) {
    const t = tokens[j];
    if (t === undefined || t.kind !== 'number' || !PATTERN_VALUES.has(t.norm) || (j > i && t.afterLineBreak)) return -1;
    parts++;
    const dash = tokens[j + 1];
    if (dash?.norm !== '-' || dash.afterLineBreak || parts === MAX_PATTERN_PARTS) break;
    j += 2;
  }
  const next = tokens[j + 1];
  // "1-0-1-" or "1-0-1/2" goes on as some other notation.
  if (next !== undefined && !next.afterLineBreak && (next.norm === '-' || next.norm === '/')) return -1;
  return PATTERN_PARTS.includes(parts) ? j + 1 : -1;
}

function span(kind: 'concept' | 'temporal', concept: Mention['concept'], tokens: readonly Token[], from: number, to: number): Mention {
  return newMention(kind, concept, from, to, (tokens[from] as Token).start, (tokens[to - 1] as Token).end);
}

function recurring(tokens: readonly Token[], from: number, to: number, value: string): Mention {
  const m = span('temporal', TEMPORAL_CONCEPTS.SET, tokens, from, to);
  m.characteristics.timex = { type: 'SET', value };
  return m;
}

/** The frame word at token `i`, if one starts there and covers no taken token. */
function frameWordAt(tokens: readonly Token[], i: number, inFrame: boolean, taken: Uint8Array): Mention | undefined {
  const route = ROUTES_ANYWHERE.matchAt(tokens, i) ?? (inFrame ? ROUTES_IN_FRAME.matchAt(tokens, i) : undefined);
  if (route !== undefined && untaken(taken, i, route.end)) return span('concept', ROUTE_CONCEPTS[route.value], tokens, i, route.end);
  if (!inFrame) return undefined;
  const schedule = SCHEDULES.matchAt(tokens, i);
  if (schedule !== undefined && untaken(taken, i, schedule.end)) return recurring(tokens, i, schedule.end, schedule.value);
  const patternEnd = (tokens[i] as Token).kind === 'number' ? dailyPatternEnd(tokens, i) : -1;
  if (patternEnd > 0 && untaken(taken, i, patternEnd)) return recurring(tokens, i, patternEnd, 'P1D');
  return undefined;
}

/** The first tokens of every frame word (daily patterns start with a number). */
export const MEDICATION_FIRST_TOKENS: ReadonlySet<string> = new Set([
  ...ROUTES_ANYWHERE.firstTokens(),
  ...ROUTES_IN_FRAME.firstTokens(),
  ...SCHEDULES.firstTokens(),
  ...PATTERN_VALUES,
]);

/**
 * Finds the frame words, in text order; `mentions` (sorted by position) are the measured ones,
 * `taken` their tokens, `starts` where a frame word may start (see rule-words.ts).
 */
export function findMedicationWords(
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  mentions: readonly Mention[],
  taken: Uint8Array,
  starts: readonly number[],
): Mention[] {
  const found: Mention[] = [];
  let next = 0;
  let frameEnd = -1;
  let frameSentence = -1;
  let after = 0;
  for (const i of starts) {
    if (i < after) continue;
    while (next < mentions.length && (mentions[next] as Mention).firstToken <= i) {
      const m = mentions[next++] as Mention;
      if (!isMedication(m)) continue;
      frameEnd = m.endToken + rules.frameTokens;
      frameSentence = sentenceOf[m.firstToken] as number;
    }
    const word = frameWordAt(tokens, i, i < frameEnd && sentenceOf[i] === frameSentence, taken);
    if (word === undefined) continue;
    found.push(word);
    after = word.endToken;
  }
  return found;
}
