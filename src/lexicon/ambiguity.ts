/**
 * Ambiguity rules: `ambiguity.yaml` settles terms that the sources list under more than one CUI.
 * A rule names a term and the one CUI that keeps it (`cui`), or no CUI, which leaves the term out
 * of every concept. Terms compare by their matching key (`termKey`: tokens, lower case, accents
 * stripped, ñ kept), whether listed under `terms` or `abbreviations`. See POLICY.md.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { termKey } from '../core/text/tokenise.ts';
import { repoPath } from '../repo-paths.ts';
import type { LexiconConcept } from './source.ts';

export const AmbiguityRuleSchema = z.strictObject({
  term: z.string().trim().min(1),
  /** The CUI that keeps the term; absent: the term is left out of every concept. */
  cui: z
    .string()
    .regex(/^C\d{7}$/)
    .optional(),
  reason: z.string().trim().min(1),
});
export type AmbiguityRule = z.infer<typeof AmbiguityRuleSchema>;

export const DEFAULT_AMBIGUITY_FILE = repoPath('src', 'lexicon', 'ambiguity.yaml');

export function parseAmbiguityRules(text: string, file = 'ambiguity.yaml'): AmbiguityRule[] {
  const raw: unknown = parse(text, { schema: 'failsafe' });
  if (raw === null || raw === undefined || raw === '') return [];
  const parsed = z.array(AmbiguityRuleSchema).safeParse(raw);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error).replace(/\n/g, '; ')}`);
  const keys = new Set<string>();
  for (const rule of parsed.data) {
    const key = termKey(rule.term);
    if (keys.has(key)) throw new Error(`${file}: two rules for the term "${rule.term}"`);
    keys.add(key);
  }
  return parsed.data;
}

let defaultRules: AmbiguityRule[] | undefined;

/** The rules of `src/lexicon/ambiguity.yaml`, read once per process. */
export function loadDefaultAmbiguityRules(): AmbiguityRule[] {
  defaultRules ??= parseAmbiguityRules(readFileSync(DEFAULT_AMBIGUITY_FILE, 'utf8'));
  return defaultRules;
}

/**
 * The concepts with every ruled term kept only under its chosen CUI (or dropped everywhere).
 * Concepts are copied, never changed in place.
 */
export function applyAmbiguityRules(concepts: readonly LexiconConcept[], rules: readonly AmbiguityRule[]): LexiconConcept[] {
  if (rules.length === 0) return [...concepts];
  const chosen = new Map<string, string | undefined>(rules.map((r) => [termKey(r.term), r.cui]));
  const keep = (cui: string) => (term: string) => {
    const key = termKey(term);
    return !chosen.has(key) || chosen.get(key) === cui;
  };
  return concepts.map((c) => {
    const terms = c.terms.filter(keep(c.cui));
    const abbreviations = c.abbreviations.filter(keep(c.cui));
    return terms.length === c.terms.length && abbreviations.length === c.abbreviations.length ? c : { ...c, terms, abbreviations };
  });
}

export interface AmbiguousTerm {
  readonly key: string;
  readonly cuis: readonly string[];
}

/** The CUIs that list each matching key, under `terms` or `abbreviations`. */
function cuisByTermKey(concepts: readonly LexiconConcept[]): Map<string, Set<string>> {
  const byKey = new Map<string, Set<string>>();
  for (const c of concepts) {
    for (const term of [...c.terms, ...c.abbreviations]) {
      const key = termKey(term);
      let cuis = byKey.get(key);
      if (cuis === undefined) byKey.set(key, (cuis = new Set()));
      cuis.add(c.cui);
    }
  }
  return byKey;
}

/** Matching keys listed under two or more CUIs. */
export function findAmbiguousTerms(concepts: readonly LexiconConcept[]): AmbiguousTerm[] {
  return [...cuisByTermKey(concepts)]
    .filter(([, cuis]) => cuis.size > 1)
    .map(([key, cuis]) => ({ key, cuis: [...cuis].sort() }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** Rules that no longer do anything useful: the chosen CUI does not list the term, or no concept does. */
export function staleRules(concepts: readonly LexiconConcept[], rules: readonly AmbiguityRule[]): AmbiguityRule[] {
  const cuisByKey = cuisByTermKey(concepts);
  return rules.filter((r) => {
    const cuis = cuisByKey.get(termKey(r.term));
    if (cuis === undefined) return true;
    return r.cui !== undefined && !cuis.has(r.cui);
  });
}
