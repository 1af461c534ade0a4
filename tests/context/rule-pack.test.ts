import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import {
  applyRulePack,
  defaultRules,
  expandPattern,
  loadRulePack,
  PatternError,
  RulePackError,
  rulePackJson,
  type ContextRule,
} from '../../src/core/context/rule-pack.ts';
import { validateAnnotationRequest } from '../../src/core/request.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const dictionary = fixtureDictionary();
const byDefault = createAnnotator(dictionary);
const withPack = (pack: unknown) => createAnnotator(dictionary, { contextRules: applyRulePack(defaultRules(), pack) });
/** The negation trigger of each annotation, by its text. */
const negations = (annotator: typeof byDefault, text: string): Record<string, string | undefined> =>
  Object.fromEntries(annotator.annotate(text).annotations.map((a) => [a.match.text, a.characteristics.negative?.trigger.text]));
const packError = (pack: unknown): string => {
  try {
    applyRulePack(defaultRules(), pack);
  } catch (error) {
    if (error instanceof RulePackError) return error.message;
    throw error;
  }
  throw new Error('the pack was accepted');
};
const rule = (fields: Partial<ContextRule> & { id: string }): ContextRule => ({
  direction: 'forward',
  category: 'negation',
  note: 'a test rule',
  ...fields,
});

describe('word-form patterns', () => {
  it('stand for every form of their braces, alternatives empty or with spaces', () => {
    expect(expandPattern('negativ{o,a,os,as} para')).toEqual(['negativo para', 'negativa para', 'negativos para', 'negativas para']);
    expect(expandPattern('descartad{o,a}{,s}')).toEqual(['descartado', 'descartados', 'descartada', 'descartadas']);
    expect(expandPattern('según{, su, sus}')).toEqual(['según', 'según su', 'según sus']);
  });

  it.each([
    ['negativ{o,{a}}', 'braces cannot nest'],
    ['negativ{o,a', '"{" is never closed'],
    ['negativo}', '"}" closes no "{"'],
    ['{,}', 'one of its forms is empty'],
  ])('refuse %s', (pattern, message) => {
    expect(() => expandPattern(pattern)).toThrow(PatternError);
    expect(() => expandPattern(pattern)).toThrow(message);
  });
});

describe('the default Spanish pack', () => {
  it('is valid, with unique ids and a note on every rule, and exports as the file holds it', () => {
    const rules = defaultRules();
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    expect(rules.every((r) => r.note.length > 0)).toBe(true);
    const file = JSON.parse(readFileSync(new URL('../../src/core/context/rules-es.json', import.meta.url), 'utf8')) as unknown;
    expect(JSON.parse(rulePackJson(rules))).toEqual(file);
  });

  it('writes word forms as patterns, not one by one', () => {
    const forms = defaultRules().find((r) => r.id === 'neg-negativo-para');
    expect(forms?.pattern).toBe('negativ{o,a,os,as} para');
    expect(negations(byDefault, 'PCR negativas para neumonía.')).toMatchObject({ neumonía: 'negativas para' });
  });
});

describe('a user pack', () => {
  it('adds a cue', () => {
    const text = 'Excluida neumonía.';
    expect(negations(byDefault, text).neumonía).toBeUndefined();
    const annotator = withPack({ rules: [rule({ id: 'neg-excluido', pattern: 'excluid{o,a,os,as}' })] });
    expect(negations(annotator, text).neumonía).toBe('Excluida');
  });

  it('overrides a rule by id, in place', () => {
    const text = 'No tiene realmente mucha o poca fiebre.';
    expect(negations(byDefault, text).fiebre).toBe('No tiene');
    const annotator = withPack({ rules: [rule({ id: 'neg-no-tiene', literal: 'no tiene', max_scope: 2 })] });
    expect(negations(annotator, text).fiebre).toBeUndefined();
  });

  it('disables a rule by id', () => {
    expect(negations(byDefault, 'Sin fiebre.').fiebre).toBe('Sin');
    expect(negations(withPack({ rules: [{ id: 'neg-sin', disabled: true }] }), 'Sin fiebre.').fiebre).toBeUndefined();
  });

  it('limits a rule to target roles, and to the terminators it names', () => {
    const findingsOnly = withPack({ rules: [rule({ id: 'neg-sin', literal: 'sin', allowed_roles: ['finding'] })] });
    expect(negations(findingsOnly, 'Sin fiebre ni ecografía.')).toMatchObject({ fiebre: 'Sin', ecografía: undefined });
    const text = 'Sin fiebre aunque tos.';
    expect(negations(byDefault, text).tos).toBeUndefined();
    const onlyPero = withPack({ rules: [rule({ id: 'neg-sin', literal: 'sin', terminated_by: ['term-pero'] })] });
    expect(negations(onlyPero, text).tos).toBe('Sin');
  });

  it.each([
    ['an unknown key', { rules: [{ ...rule({ id: 'x-1', literal: 'x' }), scope: 3 }] }, 'rule 0 (id "x-1"): unknown key "scope"'],
    [
      'a pattern that cannot compile',
      { rules: [rule({ id: 'x-1', pattern: 'negativ{o' })] },
      'rule 0 (id "x-1"): pattern: the pattern "negativ{o" cannot compile',
    ],
    [
      'a duplicate id',
      { rules: [rule({ id: 'x-1', literal: 'x' }), rule({ id: 'x-1', literal: 'y' })] },
      'rule 1 (id "x-1"): the id is used twice',
    ],
    ['a disabled id that does not exist', { rules: [{ id: 'neg-nada', disabled: true }] }, 'rule 0 (id "neg-nada"): no rule has this id'],
    [
      'both literal and pattern',
      { rules: [rule({ id: 'x-1', literal: 'x', pattern: 'x{a}' })] },
      'give exactly one of "literal" and "pattern"',
    ],
    [
      'a cue with no category',
      { rules: [{ id: 'x-1', literal: 'x', direction: 'forward', note: 'n' }] },
      'a forward rule needs a "category"',
    ],
    [
      'an unknown role',
      { rules: [rule({ id: 'x-1', literal: 'x', allowed_roles: ['drug' as never] })] },
      'rule 0 (id "x-1"): allowed_roles.0',
    ],
    [
      'an unknown terminator',
      { rules: [rule({ id: 'x-1', literal: 'x', terminated_by: ['term-nada'] })] },
      '"term-nada" is no terminate rule',
    ],
    ['no rules array', { cues: [] }, 'unknown key "cues"'],
    [
      'a disabled terminator another rule names',
      { rules: [rule({ id: 'neg-sin', literal: 'sin', terminated_by: ['term-pero'] }), { id: 'term-pero', disabled: true }] },
      'rule 0 (id "neg-sin"): terminated_by: "term-pero" is no terminate rule',
    ],
  ])('is refused whole for %s, naming the rule', (_what, pack, message) => {
    expect(packError(pack)).toContain(message);
  });

  it('may not disable a terminator that a rule of the base names', () => {
    // neg-x is the only rule of this base that names term-pero.
    const others = defaultRules().filter((r) => !r.terminated_by?.includes('term-pero'));
    const base = [...others, rule({ id: 'neg-x', literal: 'x', terminated_by: ['term-pero'] })];
    expect(() => applyRulePack(base, { rules: [{ id: 'term-pero', disabled: true }] })).toThrow(
      'rule 0 (id "term-pero"): rule "neg-x" is terminated by it, so it cannot be disabled',
    );
  });

  it('gives a negation behaviour to negation rules only', () => {
    expect(
      packError({ rules: [rule({ id: 'x-1', literal: 'x', category: 'uncertainty', direction: 'backward', behaviour: 'form_answer' })] }),
    ).toContain('behaviour "form_answer" works on negation');
  });

  it('is refused with the source named when it is no JSON, and nothing is applied', () => {
    expect(() => loadRulePack('mis-reglas.json', '{"rules": [')).toThrow(/^mis-reglas\.json: not JSON/);
    expect(() => loadRulePack('mis-reglas.json', '{"rules": [{"id": "neg-sin", "disabled": true}, {"id": "x"}]}')).toThrow(
      /^mis-reglas\.json: rule 1 \(id "x"\)/,
    );
    expect(negations(byDefault, 'Sin fiebre.').fiebre).toBe('Sin');
  });
});

describe('explanations (config.explain)', () => {
  it('add the rule id and the scope in code points to negative, uncertain and family_member', () => {
    const text = '😀 Sin fiebre ni tos, con dolor. Posible neumonía. Madre con asma.';
    const result = byDefault.annotate(text, { explain: true });
    const at = (span: string) => result.annotations.find((a) => a.match.text === span)?.characteristics;
    const cp = (s: string) => Array.from(text.slice(0, text.indexOf(s))).length;
    expect(at('fiebre')?.negative).toMatchObject({ rule: 'neg-sin', scope: { begin: cp('fiebre'), end: cp('tos') + 3 } });
    expect(at('tos')?.negative?.scope).toEqual(at('fiebre')?.negative?.scope);
    expect(at('dolor')?.negative).toBeUndefined();
    expect(at('neumonía')?.uncertain).toMatchObject({ rule: 'unc-posible', scope: { begin: cp('neumonía'), end: cp('neumonía') + 8 } });
    expect(at('asma')?.family_member).toMatchObject({ rule: 'family-relative', scope: { begin: cp('asma'), end: cp('asma') + 4 } });
  });

  it('leave the output as it was without explain, and with explain false', () => {
    const text = 'No refiere dolor torácico. Madre con diabetes. Posible neumonía.';
    const plain = JSON.stringify(byDefault.annotate(text));
    expect(JSON.stringify(byDefault.annotate(text, { explain: false }))).toBe(plain);
    expect(plain).not.toContain('"rule"');
    expect(JSON.stringify(byDefault.annotate(text, { explain: true }))).toContain('"rule":"neg-no"');
  });

  it('must be a boolean: invalid_config otherwise', () => {
    const validation = validateAnnotationRequest({ text: 'x', config: { explain: 'yes' } });
    expect(validation.ok).toBe(false);
    if (!validation.ok) expect(validation.error).toEqual({ code: 'invalid_config', message: '"config.explain" must be true or false.' });
  });
});

describe('the worked examples of docs/context.md', () => {
  const docs = readFileSync(new URL('../../docs/context.md', import.meta.url), 'utf8');
  const packs = [...docs.matchAll(/```json\n(\{[^`]*"rules"[^`]*\})\n```/g)].map((m) => JSON.parse(m[1] as string) as unknown);

  it('add, override and disable as they say', () => {
    expect(packs).toHaveLength(3);
    const [add, override, disable] = packs.map(withPack);
    expect(negations(byDefault, 'Excluida neumonía.').neumonía).toBeUndefined();
    expect(negations(add!, 'Excluida neumonía.').neumonía).toBe('Excluida');
    expect(negations(byDefault, 'No tiene realmente mucha o poca fiebre.').fiebre).toBe('No tiene');
    expect(negations(override!, 'No tiene realmente mucha o poca fiebre.').fiebre).toBeUndefined();
    expect(negations(override!, 'No tiene fiebre.').fiebre).toBe('No tiene');
    expect(negations(disable!, 'Sin fiebre.').fiebre).toBeUndefined();
  });

  it('show an explanation as the annotator writes it', () => {
    const shown = /^"negative": (\{.*\})$/m.exec(docs)?.[1];
    expect(shown).toBeDefined();
    expect(byDefault.annotate('Sin fiebre ni tos.', { explain: true }).annotations[0]?.characteristics.negative).toEqual(
      JSON.parse(shown as string),
    );
  });
});
