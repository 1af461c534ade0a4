/**
 * Family members: a relative ("madre", "abuela materna", an annotation of its own) governs the
 * concepts after it up to ";", a return to the patient or the sentence end; they carry
 * `family_member` = the relative. A relative linked to the concept right before it ("cáncer de
 * colon en tío paterno", "HTA y DM2 en el padre") governs that concept and those coordinated with
 * it, even inside an earlier relative's scope, and opens no scope of its own; nothing else reaches
 * back before a relative. A companion ("acompañado de su hija") or an informant ("según su madre")
 * governs nothing, and ends the scope of a relative before it.
 */
import type { FamilyLink } from '../doc.ts';
import { forEachSentence, isFamilyMember, isReportingVerb, type Mention } from '../mention.ts';
import type { PhraseSet } from '../text/phrases.ts';
import type { Section } from '../text/sections.ts';
import type { Token } from '../text/tokenise.ts';
import type { CompiledRules } from './compiled-rules.ts';
import type { ContextRule } from './rule-pack.ts';

/** "Acude acompañado de su hija", "según su madre": the relative at token `at` is no subject. */
function isCompanion(companions: PhraseSet<ContextRule>, maxWords: number, tokens: readonly Token[], at: number): boolean {
  for (let from = Math.max(0, at - maxWords); from < at; from++) if (isPhrase(companions, tokens, from, at) !== undefined) return true;
  return false;
}

function endsScope(scopeEnds: PhraseSet<ContextRule>, tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (scopeEnds.matchAt(tokens, i) !== undefined) return true;
  return false;
}

function governable(m: Mention): boolean {
  return m.kind === 'concept' && !isFamilyMember(m) && !isReportingVerb(m);
}

/** The rule whose phrase is exactly tokens [from, to), if any. */
function isPhrase(phrases: PhraseSet<ContextRule>, tokens: readonly Token[], from: number, to: number): ContextRule | undefined {
  if (to <= from) return undefined;
  const match = phrases.matchAt(tokens, from);
  return match?.end === to ? match.value : undefined;
}

/**
 * The concepts a relative at mention `k` governs backwards ("X y Y en el padre"), nearest first: the
 * concept right before its link, and those coordinated with it that no relative governs yet; and
 * the link's rule.
 */
function linkedBefore(
  rules: CompiledRules,
  mentions: readonly Mention[],
  tokens: readonly Token[],
  family: readonly (FamilyLink | undefined)[],
  from: number,
  k: number,
): { readonly linked: number[]; readonly rule?: ContextRule } {
  const relative = mentions[k] as Mention;
  const nearest = k > from ? mentions[k - 1] : undefined;
  if (nearest === undefined || !governable(nearest)) return { linked: [] };
  const rule = isPhrase(rules.side.family_back_link, tokens, nearest.endToken, relative.firstToken);
  if (rule === undefined) return { linked: [] };
  const linked = [k - 1];
  for (let j = k - 2; j >= from; j--) {
    const previous = mentions[j] as Mention;
    const next = mentions[linked[linked.length - 1] as number] as Mention;
    // A concept an earlier relative already governs ends the list ("Padre con HTA, asma en la madre").
    if (!governable(previous) || family[j] !== undefined) break;
    if (isPhrase(rules.side.family_coordinator, tokens, previous.endToken, next.firstToken) === undefined) break;
    linked.push(j);
  }
  return { linked, rule };
}

/** The family layer: for each mention, the relative that governs it; `mentions` sorted by position. */
export function findFamilyMembers(
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  rules: CompiledRules,
): (FamilyLink | undefined)[] {
  const family = new Array<FamilyLink | undefined>(mentions.length).fill(undefined);
  forEachSentence(mentions, sentenceOf, (_sentence, from, to) => {
    let relative: FamilyLink | undefined;
    let previousEnd = 0;
    for (let k = from; k < to; k++) {
      const m = mentions[k] as Mention;
      if (relative !== undefined && endsScope(rules.side.family_scope_end, tokens, previousEnd, m.endToken)) relative = undefined;
      previousEnd = Math.max(previousEnd, m.endToken);
      if (isFamilyMember(m)) {
        if (isCompanion(rules.side.family_companion, rules.companionWords, tokens, m.firstToken)) {
          // "Acude con su madre por fiebre": the fever is the patient's.
          relative = undefined;
          continue;
        }
        const { linked, rule } = linkedBefore(rules, mentions, tokens, family, from, k);
        // A relative named right after a concept is more specific than one before it; it closes
        // that phrase and opens no scope of its own ("asma en la madre, HTA en el padre").
        if (rule !== undefined) {
          const first = mentions[linked[linked.length - 1] as number] as Mention;
          const link: FamilyLink = { relative: k, rule: rule.id, scope: { start: first.start, end: (mentions[k - 1] as Mention).end } };
          for (const j of linked) family[j] = link;
        }
        relative =
          linked.length > 0 || rules.relative === undefined
            ? undefined
            : { relative: k, rule: rules.relative.id, scope: { start: -1, end: -1 } };
      } else if (relative !== undefined && governable(m) && family[k] === undefined) {
        family[k] = relative;
        // The scope runs from the first concept the relative governs to the last.
        if (relative.scope.start < 0) relative.scope.start = m.start;
        relative.scope.end = m.end;
      }
    }
  });
  return family;
}

/**
 * "No antecedentes familiares de cáncer": a family-history phrase (behaviour family_phrase) governs
 * the concept right after it in its sentence and those listed with it by ",", "o" or "ni" (the
 * negated list joiners), unless a relative or a section governs them; the phrase is their
 * `family_member`. "y" ends it: "Refiere antecedentes familiares de asma y tos desde ayer".
 */
export function withFamilyPhrases(
  family: (FamilyLink | undefined)[],
  mentions: readonly Mention[],
  tokens: readonly Token[],
  sentenceOf: Uint32Array,
  rules: CompiledRules,
): (FamilyLink | undefined)[] {
  const phrases = rules.side.family_phrase;
  const first = new Set(phrases.firstTokens());
  if (first.size === 0 || mentions.length === 0) return family;
  const joins = (from: number, to: number): boolean => {
    for (let t = from; t < to; t++) {
      const norm = (tokens[t] as Token).norm;
      if (norm !== ',' && !rules.words.negated_list_joiner.has(norm)) return false;
    }
    return true;
  };
  let k = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (!first.has((tokens[i] as Token).norm)) continue;
    const phrase = phrases.matchAt(tokens, i);
    if (phrase === undefined) continue;
    const header = { start: (tokens[i] as Token).start, end: (tokens[phrase.end - 1] as Token).end };
    while (k < mentions.length && (mentions[k] as Mention).firstToken < phrase.end) k++;
    let link: FamilyLink | undefined;
    for (let previousEnd = phrase.end; k < mentions.length; k++) {
      const m = mentions[k] as Mention;
      if (sentenceOf[m.firstToken] !== sentenceOf[i] || !governable(m) || !joins(previousEnd, m.firstToken)) break;
      previousEnd = m.endToken;
      if (family[k] !== undefined) continue;
      link ??= { relative: -1, header, rule: phrase.value.id, scope: { start: m.start, end: m.end } };
      link.scope.end = m.end;
      family[k] = link;
    }
    i = phrase.end - 1;
  }
  return family;
}

/**
 * In a family-history section ("Antecedentes familiares:", "AF:") every concept that no relative
 * governs is the family's, governed by the section's header, as far as the header reaches
 * (`Section.governedEnd`: its sentence when text follows it on its line, else its lines up to the
 * next header or a blank line); rule with behaviour family_section, disabling it turns this off.
 */
export function withFamilySections(
  family: (FamilyLink | undefined)[],
  mentions: readonly Mention[],
  sections: readonly Section[],
  rules: CompiledRules,
): (FamilyLink | undefined)[] {
  const rule = rules.familySection;
  if (rule === undefined) return family;
  let k = 0;
  for (const section of sections) {
    if (!section.kind.family) continue;
    while (k < mentions.length && (mentions[k] as Mention).firstToken < section.firstToken) k++;
    let link: FamilyLink | undefined;
    for (; k < mentions.length && (mentions[k] as Mention).firstToken < section.governedEnd; k++) {
      const m = mentions[k] as Mention;
      if (family[k] !== undefined || !governable(m)) continue;
      link ??= {
        relative: -1,
        header: section.header,
        headerLabel: section.kind.label,
        rule: rule.id,
        scope: { start: m.start, end: m.end },
      };
      link.scope.end = m.end;
      family[k] = link;
    }
  }
  return family;
}
