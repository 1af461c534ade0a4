/** Structural checks over every entry of the default lexicon (see checks.ts and ambiguity.ts). */
import { describe, expect, it } from 'vitest';
import { applyAmbiguityRules, findAmbiguousTerms, loadDefaultAmbiguityRules, parseAmbiguityRules, staleRules } from './ambiguity.ts';
import { conceptProblems, lexiconProblems } from './checks.ts';
import { compileLexicon } from './compile.ts';
import { readLexiconDir } from './load.ts';
import type { LexiconConcept } from './source.ts';

const sources = readLexiconDir();
const rules = loadDefaultAmbiguityRules();

describe('the default lexicon', () => {
  it('has well-formed CUIs, codes, categories and semantic types, each CUI once', () => {
    const problems = lexiconProblems(sources).map((p) => `${p.cui} ${p.field} "${p.value}": ${p.why}`);
    expect(problems).toEqual([]);
  });

  it('maps no term to two concepts without an ambiguity rule', () => {
    const ambiguous = findAmbiguousTerms(applyAmbiguityRules(sources, rules)).map((a) => `"${a.key}": ${a.cuis.join(', ')}`);
    expect(ambiguous).toEqual([]);
  });

  it('has no stale ambiguity rule', () => {
    expect(staleRules(sources, rules).map((r) => r.term)).toEqual([]);
  });

  it('leaves every concept at least one term after the rules', () => {
    const empty = applyAmbiguityRules(sources, rules)
      .filter((c) => c.terms.length + c.abbreviations.length === 0)
      .map((c) => c.cui);
    expect(empty).toEqual([]);
  });
});

const concept = (cui: string, terms: string[], abbreviations: string[] = []): LexiconConcept => ({
  cui,
  preferred_term: terms[0] ?? abbreviations[0] ?? cui,
  semantic_type: 'Laboratory Procedure',
  category: 'Laboratory Procedure',
  terms,
  abbreviations,
  snomed_ct: [],
  icd10_cm: [],
  icd9_cm: [],
  loinc: [],
  tags: [],
});

describe('ambiguity rules', () => {
  const a = concept('C0000001', ['proteína c reactiva'], ['PCR']);
  const b = concept('C0000002', ['reacción en cadena de la polimerasa'], ['PCR']);

  it('finds a term under two CUIs, accents and case ignored', () => {
    const c = concept('C0000003', ['Proteína C Reactiva']);
    expect(findAmbiguousTerms([a, b, c]).map((x) => x.key)).toEqual(['pcr', 'proteina c reactiva']);
  });

  it('keeps a ruled term only under its chosen CUI, in the compiled dictionary too', () => {
    const ruled = parseAmbiguityRules('- term: PCR\n  cui: C0000001\n  reason: test\n');
    const applied = applyAmbiguityRules([a, b], ruled);
    expect(findAmbiguousTerms(applied)).toEqual([]);
    expect(applied[1]?.abbreviations).toEqual([]);
    const data = compileLexicon([a, b], { id: 't', name: 't', ambiguity: ruled });
    const pcr = data.terms.filter((t) => t.key === 'pcr');
    expect(pcr.map((t) => data.concepts[t.concept]?.cui)).toEqual(['C0000001']);
  });

  it('drops a term everywhere when the rule names no CUI', () => {
    const ruled = parseAmbiguityRules('- term: pcr\n  reason: left out\n');
    const applied = applyAmbiguityRules([a, b], ruled);
    expect(applied.flatMap((c) => c.abbreviations)).toEqual([]);
  });

  it('reports stale rules and rejects duplicate rules', () => {
    const ruled = parseAmbiguityRules('- term: PCR\n  cui: C0000009\n  reason: wrong cui\n- term: xyz\n  reason: no such term\n');
    expect(staleRules([a, b], ruled).map((r) => r.term)).toEqual(['PCR', 'xyz']);
    expect(() => parseAmbiguityRules('- term: PCR\n  reason: one\n- term: pcr\n  reason: two\n')).toThrow(/two rules/);
  });

  it('flags upper-case terms, which belong under abbreviations', () => {
    expect(conceptProblems(concept('C0000004', ['PCR'])).map((p) => p.field)).toEqual(['terms']);
  });
});
