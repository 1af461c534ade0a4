/**
 * The patient's sex where a note states it ("Varón de 72 años", "Paciente mujer"): a mention of a
 * Glosa-local sex concept over the sex word (see patient.json). The age after it is the dates
 * stage's; nothing here reads numbers but to see that one follows.
 */
import { SEX_CONCEPTS, type SexName } from '../../local-concepts.ts';
import { newMention, type Mention } from '../../mention.ts';
import { PhraseSet } from '../../text/phrases.ts';
import { termKey, type Token } from '../../text/tokenise.ts';
import { untaken } from '../rule-words.ts';
import rules from './patient.json' with { type: 'json' };

const SEX_WORDS = new PhraseSet<SexName>(Object.entries(rules.words as Record<string, SexName>));
const BEFORE: ReadonlySet<string> = new Set(rules.before.map(termKey));
const AGE_LINK = termKey(rules.ageLink);

/** Whether a sex word over tokens [i, end) is said of the patient. */
function ofThePatient(tokens: readonly Token[], i: number, end: number): boolean {
  const previous = tokens[i - 1];
  if (previous !== undefined && !(tokens[i] as Token).afterLineBreak && BEFORE.has(previous.norm)) return true;
  const link = tokens[end];
  const number = tokens[end + 1];
  return link?.norm === AGE_LINK && number?.kind === 'number' && !link.afterLineBreak && !number.afterLineBreak;
}

/** The first tokens of the sex words. */
export const PATIENT_FIRST_TOKENS: ReadonlySet<string> = new Set(SEX_WORDS.firstTokens());

/** Finds the sex words said of the patient, in text order, off the `taken` tokens, at `starts` (rule-words.ts). */
export function findPatientSex(tokens: readonly Token[], taken: Uint8Array, starts: readonly number[]): Mention[] {
  const found: Mention[] = [];
  let after = 0;
  for (const i of starts) {
    const word = i < after ? undefined : SEX_WORDS.matchAt(tokens, i);
    if (word === undefined || !untaken(taken, i, word.end) || !ofThePatient(tokens, i, word.end)) continue;
    found.push(
      newMention('concept', SEX_CONCEPTS[word.value], i, word.end, (tokens[i] as Token).start, (tokens[word.end - 1] as Token).end),
    );
    after = word.end;
  }
  return found;
}
