/**
 * The words of a medication frame that are not concepts of the lexicon: routes of administration
 * ("vía oral", "v.o.", and after a drug "oral", "iv", "sc") become route mentions, dose forms after a
 * drug ("comprimidos", "ampollas", "jarabe") form mentions (local concepts), and dosing words the
 * dates stage leaves ("1 comprimido al día", "1-0-1", "en ayunas", "antes de acostarse") become
 * recurring times (TIMEX3 SET). Ambiguous words are read only after a drug in its sentence, a few
 * tokens away (see medication.json). They never overlap another mention: a lexicon concept that
 * holds such a word ("pielografía intravenosa") keeps it, except the `overConcepts` over exactly a
 * concept's words, which after a drug say how or when it is taken ("en ayunas", "ampolla").
 */
import { FORM_CONCEPTS, ROUTE_CONCEPTS, TEMPORAL_CONCEPTS, type FormName, type RouteName } from '../../local-concepts.ts';
import { byPosition, newMention, roleBits, type Mention } from '../../mention.ts';
import { PhraseSet, type PhraseMatch } from '../../text/phrases.ts';
import { untaken } from '../rule-words.ts';
import { termKey, type Token } from '../../text/tokenise.ts';
import rules from './medication.json' with { type: 'json' };

type RouteWords = Record<RouteName, { always: string[]; inFrame: string[] }>;
const routeWords = rules.routes as RouteWords;
const routeSet = (which: 'always' | 'inFrame'): PhraseSet<RouteName> =>
  new PhraseSet((Object.keys(routeWords) as RouteName[]).flatMap((name) => routeWords[name][which].map((w) => [w, name] as const)));
const ROUTES_ANYWHERE = routeSet('always');
const ROUTES_IN_FRAME = routeSet('inFrame');
const SCHEDULES = new PhraseSet<string>(Object.entries(rules.schedules));
const formSet = (words: Partial<Record<FormName, string[]>>): PhraseSet<FormName> =>
  new PhraseSet((Object.entries(words) as [FormName, string[]][]).flatMap(([name, list]) => list.map((w) => [w, name] as const)));
const FORMS = formSet(rules.forms);
const COUNTED_FORMS = formSet(rules.countedForms);
const COUNTS: ReadonlySet<string> = new Set(rules.counts);
const DAY_CUES = PhraseSet.of(rules.dailyTimes.cues);
const MAX_CUE_TOKENS = Math.max(...rules.dailyTimes.cues.map((cue) => termKey(cue).split(' ').length));
const DAY_EVENTS: ReadonlyMap<string, string> = new Map(Object.entries(rules.dailyTimes.events));
const OVER_CONCEPTS = PhraseSet.of(rules.overConcepts);
const FORM_LINKS: ReadonlySet<string> = new Set(rules.formLinks);
const PATTERN_VALUES: ReadonlySet<string> = new Set(rules.dailyPattern.values);
const PATTERN_PARTS = rules.dailyPattern.parts;
const MAX_PATTERN_PARTS = Math.max(...PATTERN_PARTS);

/** Whether a mention is a drug (or a treatment given like one) that a frame belongs to. */
const MEDICATION = roleBits(['medication']);
export const isMedication = (m: Mention): boolean => (m.roles & MEDICATION) !== 0;

/** Whether the mention `drug` follows a form ending at token `formEnd` through a link word ("comprimido de paracetamol"). */
export function drugAfterForm(tokens: readonly Token[], formEnd: number, drug: Mention | undefined): boolean {
  const link = tokens[formEnd];
  return drug !== undefined && isMedication(drug) && drug.firstToken === formEnd + 1 && link !== undefined && FORM_LINKS.has(link.norm);
}

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

/** Whether the token before `i` counts what follows ("1 sobre", "un sobre"). */
function countedAt(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  return before !== undefined && !(tokens[i] as Token).afterLineBreak && (before.kind === 'number' || COUNTS.has(before.norm));
}

/** The form word at `i` ("comprimidos"; "sobre" only after a count). */
function formAt(tokens: readonly Token[], i: number): PhraseMatch<FormName> | undefined {
  return FORMS.matchAt(tokens, i) ?? (countedAt(tokens, i) ? COUNTED_FORMS.matchAt(tokens, i) : undefined);
}

/** An event of the day at `i` right after its cue ("en ayunas", "antes de acostarse"): a SET over the event. */
function dailyTimeAt(tokens: readonly Token[], i: number, accept: (end: number) => boolean): Mention | undefined {
  const event = tokens[i] as Token;
  const part = event.afterLineBreak ? undefined : DAY_EVENTS.get(event.norm);
  if (part === undefined || !accept(i + 1)) return undefined;
  for (let from = Math.max(0, i - MAX_CUE_TOKENS); from < i; from++) {
    if (DAY_CUES.matchAt(tokens, from)?.end === i) return recurring(tokens, i, i + 1, `XXXX-XX-XXT${part}`);
  }
  return undefined;
}

/**
 * The frame word at token `i` (routes anywhere; the rest only `inFrame`, after a drug), the first
 * whose end `accept` takes.
 */
function frameWordAt(tokens: readonly Token[], i: number, inFrame: boolean, accept: (end: number) => boolean): Mention | undefined {
  const route = ROUTES_ANYWHERE.matchAt(tokens, i) ?? (inFrame ? ROUTES_IN_FRAME.matchAt(tokens, i) : undefined);
  if (route !== undefined && accept(route.end)) return span('concept', ROUTE_CONCEPTS[route.value], tokens, i, route.end);
  if (!inFrame) return undefined;
  const schedule = SCHEDULES.matchAt(tokens, i);
  if (schedule !== undefined && accept(schedule.end)) return recurring(tokens, i, schedule.end, schedule.value);
  const patternEnd = (tokens[i] as Token).kind === 'number' ? dailyPatternEnd(tokens, i) : -1;
  if (patternEnd > 0 && accept(patternEnd)) return recurring(tokens, i, patternEnd, 'P1D');
  const form = formAt(tokens, i);
  if (form !== undefined && accept(form.end)) return span('concept', FORM_CONCEPTS[form.value], tokens, i, form.end);
  return dailyTimeAt(tokens, i, accept);
}

/** A form before its drug, out of any frame ("1 comprimido de paracetamol"): `drug` is the next mention. */
function formBeforeDrugAt(tokens: readonly Token[], i: number, drug: Mention | undefined, taken: Uint8Array): Mention | undefined {
  const form = formAt(tokens, i);
  if (form === undefined || !untaken(taken, i, form.end) || !drugAfterForm(tokens, form.end, drug)) return undefined;
  return span('concept', FORM_CONCEPTS[form.value], tokens, i, form.end);
}

/** The first tokens of every frame word (daily patterns start with a number). */
export const MEDICATION_FIRST_TOKENS: ReadonlySet<string> = new Set([
  ...ROUTES_ANYWHERE.firstTokens(),
  ...ROUTES_IN_FRAME.firstTokens(),
  ...SCHEDULES.firstTokens(),
  ...PATTERN_VALUES,
  ...FORMS.firstTokens(),
  ...COUNTED_FORMS.firstTokens(),
  ...DAY_EVENTS.keys(),
]);

/**
 * Finds the frame words, in text order; `mentions` (sorted by position) are the measured ones,
 * `taken` their tokens, `starts` where a frame word may start (see rule-words.ts). A frame word of
 * `overConcepts` overlaps the lexicon mention it reads again, which the merge (`withQuantities`) drops.
 */
export function findMedicationWords(
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  mentions: readonly Mention[],
  taken: Uint8Array,
  starts: readonly number[],
): Mention[] {
  const words: Mention[] = [];
  let reread = false;
  let next = 0;
  let frameEnd = -1;
  let frameSentence = -1;
  const inFrame = (i: number): boolean => i < frameEnd && sentenceOf[i] === frameSentence;
  /** Takes the mentions up to token `i` into the frame state; an `overConcepts` mention in a frame becomes its frame word. */
  const passMentionsTo = (i: number): void => {
    while (next < mentions.length && (mentions[next] as Mention).firstToken <= i) {
      const m = mentions[next++] as Mention;
      if (isMedication(m)) {
        frameEnd = m.endToken + rules.frameTokens;
        frameSentence = sentenceOf[m.firstToken] as number;
      } else if (m.kind === 'concept' && inFrame(m.firstToken) && OVER_CONCEPTS.matchAt(tokens, m.firstToken)?.end === m.endToken) {
        // A frame word over the whole concept, or its last word after a cue ("en ayunas": "ayunas").
        const whole = (end: number): boolean => end === m.endToken;
        const word = frameWordAt(tokens, m.firstToken, true, whole) ?? frameWordAt(tokens, m.endToken - 1, true, whole);
        if (word === undefined) continue;
        words.push(word);
        reread = true;
      }
    }
  };
  let after = 0;
  for (const i of starts) {
    if (i < after) continue;
    passMentionsTo(i);
    const word = frameWordAt(tokens, i, inFrame(i), (end) => untaken(taken, i, end)) ?? formBeforeDrugAt(tokens, i, mentions[next], taken);
    if (word === undefined) continue;
    words.push(word);
    after = word.endToken;
  }
  passMentionsTo(tokens.length);
  return reread ? words.sort(byPosition) : words;
}
