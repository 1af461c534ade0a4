/**
 * The assertion classes of issue 27 (docs/context.md, "Assertions as clinicians read them") where
 * the behaviour cases cannot say it: the `hypothetical` characteristic, `config.site_negation`, the
 * explanations of the new behaviours and the rule pack's checks. Cases: tests/dev-cases/assertions.jsonl.
 */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { applyRulePack, defaultRules, RulePackError } from '../../src/core/context/rule-pack.ts';
import { AnnotationResultSchema, type Annotation, type AnnotationResult } from '../../src/core/contract.ts';
import { validateAnnotationRequest } from '../../src/core/request.ts';
import { loadDefaultDictionary } from '../../src/lexicon/load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const find = (result: AnnotationResult, span: string): Annotation => {
  const a = result.annotations.find((x) => x.match.text === span);
  if (a === undefined) throw new Error(`no annotation "${span}"`);
  return a;
};

describe('conditionals are hypothetical', () => {
  it('a condition gives uncertain and hypothetical, with the same trigger', () => {
    const result = annotator.annotate('Si presenta dolor torácico, acudir a urgencias. Acudir en caso de fiebre.');
    expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
    const pain = find(result, 'dolor torácico').characteristics;
    expect(pain.uncertain?.trigger.text).toBe('Si');
    expect(pain.hypothetical).toEqual(pain.uncertain);
    expect(find(result, 'fiebre').characteristics.hypothetical?.trigger.text).toBe('en caso de');
  });

  it('a hedge, a risk or "si" read as "sí" is not hypothetical', () => {
    const result = annotator.annotate('Posible neumonía. Riesgo de caídas. Tos: si.');
    expect(find(result, 'neumonía').characteristics.uncertain).toBeDefined();
    expect(find(result, 'neumonía').characteristics.hypothetical).toBeUndefined();
    expect(find(result, 'caídas').characteristics.hypothetical).toBeUndefined();
    expect(find(result, 'Tos').characteristics.uncertain).toBeUndefined();
  });

  it('with explain, hypothetical names the rule and its scope as uncertain does', () => {
    const result = annotator.annotate('Si fiebre, acudir a urgencias.', { explain: true });
    const c = find(result, 'fiebre').characteristics;
    expect(c.hypothetical?.rule).toBe('unc-si');
    expect(c.hypothetical?.scope).toEqual(c.uncertain?.scope);
  });

  it('only an uncertainty rule may be hypothetical', () => {
    const pack = { rules: [{ id: 'neg-x', literal: 'jamás', category: 'negation', direction: 'forward', hypothetical: true, note: 'x' }] };
    expect(() => applyRulePack(defaultRules(), pack)).toThrow(RulePackError);
  });
});

describe('config.site_negation', () => {
  const text = 'No presenta edemas en miembros inferiores.';

  it('false leaves the site of a negated finding affirmed, and the finding negated', () => {
    const result = annotator.annotate(text, { site_negation: false });
    expect(find(result, 'edemas').characteristics.negative?.trigger.text).toBe('No');
    expect(find(result, 'miembros inferiores').characteristics.negative).toBeUndefined();
    expect(find(result, 'miembros inferiores').head).toBe(find(result, 'edemas').id);
  });

  it('by default the site carries the trigger, as the reference service writes it', () => {
    expect(find(annotator.annotate(text), 'miembros inferiores').characteristics.negative?.trigger.text).toBe('No');
    expect(find(annotator.annotate(text, { site_negation: true }), 'miembros inferiores').characteristics.negative).toBeDefined();
  });

  it('an organ said to be absent, with no finding it locates, stays negated', () => {
    const result = annotator.annotate('No se palpa bazo. Ausencia de vesícula biliar.', { site_negation: false });
    expect(find(result, 'bazo').characteristics.negative?.trigger.text).toBe('No se palpa');
    expect(find(result, 'vesícula biliar').characteristics.negative?.trigger.text).toBe('Ausencia de');
  });

  it('must be true or false', () => {
    const v = validateAnnotationRequest({ text: 'x', config: { site_negation: 'no' } });
    expect(v.ok ? undefined : v.error.code).toBe('invalid_config');
  });
});

describe('a negated qualifier', () => {
  it('carries the negation; the finding it qualifies stays affirmed', () => {
    const result = annotator.annotate('Dolor abdominal no intenso.');
    const pain = find(result, 'Dolor abdominal');
    const severity = find(result, 'intenso');
    expect(pain.characteristics.negative).toBeUndefined();
    expect(pain.characteristics.qualifier?.match.text).toBe('intenso');
    expect(severity.characteristics.negative?.trigger.text).toBe('no');
    expect(severity.head).toBe(pain.id);
  });
});

describe('the new behaviours explain themselves', () => {
  it('"sin mejoría": the first word negates the improvement only', () => {
    const result = annotator.annotate('Sin mejoría de la disnea.', { explain: true });
    const improvement = find(result, 'mejoría').characteristics.negative;
    expect(improvement?.rule).toBe('obj-sin-mejoria');
    expect(improvement?.trigger.text).toBe('Sin');
    expect(find(result, 'disnea').characteristics.negative).toBeUndefined();
  });

  it('"sin X aparente": the negation becomes uncertainty with "aparente" as trigger', () => {
    const c = find(annotator.annotate('Sin neumonía aparente.', { explain: true }), 'neumonía').characteristics;
    expect(c.negative).toBeUndefined();
    expect(c.uncertain?.rule).toBe('unc-aparente');
  });

  it('"X vs Y" hedges both sides with one trigger', () => {
    const result = annotator.annotate('Neumonía vs bronquitis.');
    expect(find(result, 'Neumonía').characteristics.uncertain?.trigger).toBe(find(result, 'bronquitis').characteristics.uncertain?.trigger);
  });

  it('a family-history phrase governs the list after it, negated or not', () => {
    const result = annotator.annotate('No antecedentes familiares de cáncer. Refiere tos.', { explain: true });
    const cancer = find(result, 'cáncer').characteristics;
    expect(cancer.family_member?.match.text).toBe('antecedentes familiares de');
    expect(cancer.family_member?.rule).toBe('family-phrase-antecedentes');
    expect(cancer.negative?.trigger.text).toBe('No');
    expect(find(result, 'tos').characteristics.family_member).toBeUndefined();
  });
});
