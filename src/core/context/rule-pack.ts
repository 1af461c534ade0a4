/**
 * Context rules as records (`rules-es.json`), in the spirit of medspaCy's ConText rules: each cue,
 * pseudo-cue and terminator is one record with an id, a literal or a word-form pattern, what it
 * modifies and how far, and a short note. A user pack of the same shape adds rules, overrides a
 * rule by id, or disables one. Packs are validated whole before anything is applied.
 */
import { z } from 'zod';
import { ROLES, type Role } from '../mention.ts';
import { termKey } from '../text/tokenise.ts';
import defaultPack from './rules-es.json' with { type: 'json' };

export const CATEGORIES = ['negation', 'uncertainty', 'family'] as const;
export type RuleCategory = (typeof CATEGORIES)[number];
/** `self`: a word that carries its own negation ("afebril"): the concept made of its words is negated, by itself. */
export const DIRECTIONS = ['forward', 'backward', 'bidirectional', 'self', 'terminate', 'pseudo'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** What a behaviour needs of the rules that name it. */
interface BehaviourTraits {
  /** The direction of its rules. */
  readonly direction: Direction;
  /** The category of its rules, when its code works on one kind of scope only. */
  readonly category?: RuleCategory;
  /** A word list that a behaviour consults, not a rule matched in the text on its own. */
  readonly wordList?: true;
  /** Looked at one token at a time: each phrase is one word or sign. */
  readonly oneToken?: true;
}

/**
 * Named behaviours, each implemented once in code (cues.ts, family.ts): what a few rules need
 * beyond a phrase and a direction.
 */
const BEHAVIOUR_TRAITS = {
  first_word_cue: { direction: 'forward' },
  coordination: { direction: 'forward', oneToken: true },
  over_list: { direction: 'backward' },
  si_reading: { direction: 'forward' },
  reason: { direction: 'terminate', category: 'negation' },
  means: { direction: 'terminate', category: 'negation' },
  place: { direction: 'terminate', category: 'negation' },
  relative: { direction: 'forward', category: 'family' },
  named_only: { direction: 'terminate' },
  either_side: { direction: 'backward' },
  exception: { direction: 'forward' },
  describes_after_finding: { direction: 'forward' },
  hedge_unless_negated: { direction: 'forward' },
  family_section: { direction: 'forward', category: 'family' },
  clause_end: { direction: 'terminate' },
  hedges_negation: { direction: 'backward', category: 'uncertainty' },
  both_sides: { direction: 'bidirectional' },
  object_cue: { direction: 'forward' },
  apposition: { direction: 'backward' },
  form_answer: { direction: 'backward', category: 'negation', wordList: true },
  fused_verb: { direction: 'forward', wordList: true },
  yes_lead: { direction: 'pseudo', wordList: true, oneToken: true },
  closed_statement: { direction: 'terminate', category: 'negation', wordList: true },
  negated_list_joiner: { direction: 'pseudo', category: 'negation', wordList: true, oneToken: true },
  affirmer: { direction: 'terminate', category: 'negation', wordList: true },
  backward_stop: { direction: 'terminate', wordList: true, oneToken: true },
  new_clause: { direction: 'terminate', wordList: true, oneToken: true },
  list_joiner: { direction: 'pseudo', wordList: true, oneToken: true },
  item_joiner: { direction: 'pseudo', wordList: true, oneToken: true },
  family_scope_end: { direction: 'terminate', category: 'family', wordList: true },
  family_back_link: { direction: 'backward', category: 'family', wordList: true },
  family_coordinator: { direction: 'pseudo', category: 'family', wordList: true },
  family_companion: { direction: 'pseudo', category: 'family', wordList: true },
  family_phrase: { direction: 'forward', category: 'family', wordList: true },
} as const satisfies Record<string, BehaviourTraits>;

export type Behaviour = keyof typeof BEHAVIOUR_TRAITS;
export const BEHAVIOURS = Object.keys(BEHAVIOUR_TRAITS) as Behaviour[];
const traitsOf = (b: Behaviour): BehaviourTraits => BEHAVIOUR_TRAITS[b];
/** The behaviours that are word lists. */
export type SideBehaviour = { [K in Behaviour]: (typeof BEHAVIOUR_TRAITS)[K] extends { wordList: true } ? K : never }[Behaviour];
export const SIDE_BEHAVIOURS = BEHAVIOURS.filter((b): b is SideBehaviour => traitsOf(b).wordList === true);

/** Longest list of word forms one pattern may stand for. */
const MAX_PATTERN_FORMS = 256;

export class PatternError extends Error {}

/**
 * The phrases a pattern stands for: `{a,b}` is one of the alternatives, which may be empty or hold
 * spaces ("negativ{o,a,os,as} para", "descartad{o,a}{,s}", "según{, su, sus}"). Braces do not nest.
 */
export function expandPattern(pattern: string): string[] {
  let forms = [''];
  let group: string[] | undefined;
  for (const ch of pattern) {
    if (ch === '{') {
      if (group !== undefined) throw new PatternError('braces cannot nest');
      group = [''];
    } else if (ch === '}') {
      if (group === undefined) throw new PatternError('"}" closes no "{"');
      const alternatives = group;
      forms = forms.flatMap((f) => alternatives.map((a) => f + a));
      group = undefined;
      if (forms.length > MAX_PATTERN_FORMS) throw new PatternError(`stands for more than ${MAX_PATTERN_FORMS} forms`);
    } else if (group !== undefined) {
      if (ch === ',') group.push('');
      else group[group.length - 1] += ch;
    } else forms = forms.map((f) => f + ch);
  }
  if (group !== undefined) throw new PatternError('"{" is never closed');
  const phrases = forms.map((f) => f.trim().replace(/\s+/g, ' '));
  if (phrases.some((p) => p === '')) throw new PatternError('one of its forms is empty');
  return [...new Set(phrases)];
}

const id = z
  .string({ error: '"id" must be a string' })
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, '"id" must be lower-case letters, digits, ".", "_" or "-"');
const roles = z.array(z.enum(ROLES as [Role, ...Role[]])).optional();

export const ContextRuleSchema = z
  .strictObject({
    id,
    literal: z.string().trim().min(1).optional(),
    pattern: z.string().trim().min(1).optional(),
    category: z.enum(CATEGORIES).optional(),
    direction: z.enum(DIRECTIONS),
    max_scope: z.number().int().positive().optional(),
    allowed_roles: roles,
    excluded_roles: roles,
    terminated_by: z.array(id).optional(),
    behaviour: z.enum(BEHAVIOURS as [Behaviour, ...Behaviour[]]).optional(),
    hypothetical: z.boolean().optional(),
    note: z.string().trim().min(1, '"note" must say in a few words what the rule does'),
  })
  .superRefine((rule, ctx) => {
    const needsText = rule.behaviour !== 'relative' && rule.behaviour !== 'family_section';
    if (needsText && (rule.literal === undefined) === (rule.pattern === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'give exactly one of "literal" and "pattern"' });
    }
    if (rule.pattern !== undefined) {
      try {
        expandPattern(rule.pattern);
      } catch (error) {
        if (!(error instanceof PatternError)) throw error;
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: `the pattern "${rule.pattern}" cannot compile: ${error.message}` });
        return;
      }
    }
    const cue = rule.direction !== 'terminate' && rule.direction !== 'pseudo';
    if (rule.hypothetical === true && rule.category !== 'uncertainty')
      ctx.addIssue({ code: 'custom', path: ['hypothetical'], message: 'only an uncertainty rule can be hypothetical' });
    if (cue && rule.category === undefined)
      ctx.addIssue({ code: 'custom', path: ['category'], message: `a ${rule.direction} rule needs a "category"` });
    if (rule.behaviour === undefined) {
      if (rule.category === 'family')
        ctx.addIssue({ code: 'custom', path: ['behaviour'], message: 'a family rule needs one of the family behaviours' });
      return;
    }
    const traits = traitsOf(rule.behaviour);
    if (rule.direction !== traits.direction) {
      ctx.addIssue({
        code: 'custom',
        path: ['behaviour'],
        message: `behaviour "${rule.behaviour}" works with direction ${traits.direction}`,
      });
    }
    if (
      (traits.category !== undefined && rule.category !== traits.category) ||
      (traits.category !== 'family' && rule.category === 'family')
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: `behaviour "${rule.behaviour}" works on ${traits.category ?? 'negation and uncertainty'}: "category" must fit`,
      });
    }
    if (traits.oneToken === true && rulePhrases(rule).some((p) => termKey(p).includes(' '))) {
      ctx.addIssue({ code: 'custom', path: ['behaviour'], message: `behaviour "${rule.behaviour}" takes one word or sign only` });
    }
  });
export type ContextRule = z.infer<typeof ContextRuleSchema>;

/** The phrases a rule matches: its literal, or every form of its pattern. */
export function rulePhrases(rule: Pick<ContextRule, 'literal' | 'pattern'>): string[] {
  if (rule.literal !== undefined) return [rule.literal];
  return rule.pattern === undefined ? [] : expandPattern(rule.pattern);
}

const DisableSchema = z.strictObject({ id, disabled: z.literal(true, { error: '"disabled" must be true' }) });

export class RulePackError extends Error {}

function describeIssue(index: number, entry: unknown, issue: z.core.$ZodIssue): string {
  const ruleId =
    typeof entry === 'object' && entry !== null && typeof (entry as { id?: unknown }).id === 'string'
      ? ` (id "${(entry as { id: string }).id}")`
      : '';
  const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`
      : issue.message;
  return `rule ${index}${ruleId}: ${path}${message}`;
}

type Entry = { readonly rule: ContextRule } | { readonly disable: string };

/** Reads a pack (`{"rules": [...]}`); throws a `RulePackError` naming the rule index and id. */
function readPack(data: unknown): Entry[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new RulePackError('a rule pack is a JSON object {"rules": [...]}');
  const keys = Object.keys(data).filter((k) => k !== 'rules');
  if (keys.length > 0)
    throw new RulePackError(`unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')} (a pack holds only "rules")`);
  const list = (data as { rules?: unknown }).rules;
  if (!Array.isArray(list)) throw new RulePackError('"rules" must be an array of rules');
  const seen = new Set<string>();
  return list.map((entry: unknown, index) => {
    const disabling = typeof entry === 'object' && entry !== null && 'disabled' in entry;
    const parsed = disabling ? DisableSchema.safeParse(entry) : ContextRuleSchema.safeParse(entry);
    if (!parsed.success) throw new RulePackError(describeIssue(index, entry, parsed.error.issues[0] as z.core.$ZodIssue));
    const ruleId = parsed.data.id;
    if (seen.has(ruleId)) throw new RulePackError(`rule ${index} (id "${ruleId}"): the id is used twice in this pack`);
    seen.add(ruleId);
    return disabling ? { disable: ruleId } : { rule: parsed.data as ContextRule };
  });
}

/**
 * Checks what only the whole rule list can tell: a pack's `terminated_by` names terminate rules,
 * and no rule is disabled while another is terminated by it.
 */
function checkReferences(rules: readonly ContextRule[], entries: readonly Entry[]): void {
  const terminators = new Set(rules.filter((r) => r.direction === 'terminate').map((r) => r.id));
  entries.forEach((entry, index) => {
    if ('rule' in entry) {
      const unknown = entry.rule.terminated_by?.find((t) => !terminators.has(t));
      if (unknown !== undefined)
        throw new RulePackError(`rule ${index} (id "${entry.rule.id}"): terminated_by: "${unknown}" is no terminate rule`);
    } else {
      const user = rules.find((r) => r.terminated_by?.includes(entry.disable));
      if (user !== undefined)
        throw new RulePackError(`rule ${index} (id "${entry.disable}"): rule "${user.id}" is terminated by it, so it cannot be disabled`);
    }
  });
}

/** The default Spanish rule pack, validated. */
export function defaultRules(): readonly ContextRule[] {
  return (defaultRulesCache ??= readPack(defaultPack).flatMap((e) => ('rule' in e ? [e.rule] : [])));
}
let defaultRulesCache: readonly ContextRule[] | undefined;

/**
 * `base` with a user pack applied: a rule with a new id is added at the end (a later rule wins over
 * an earlier one with the same phrase), a rule with a known id replaces it in place, and
 * `{"id", "disabled": true}` removes it. Throws a `RulePackError` and applies nothing when any
 * record is wrong.
 */
export function applyRulePack(base: readonly ContextRule[], pack: unknown): ContextRule[] {
  const entries = readPack(pack);
  const rules = [...base];
  const at = new Map(rules.map((r, i) => [r.id, i]));
  const disabled = new Set<string>();
  entries.forEach((entry, index) => {
    if ('disable' in entry) {
      if (!at.has(entry.disable))
        throw new RulePackError(`rule ${index} (id "${entry.disable}"): no rule has this id, so it cannot be disabled`);
      disabled.add(entry.disable);
      return;
    }
    const known = at.get(entry.rule.id);
    if (known === undefined) rules.push(entry.rule);
    else rules[known] = entry.rule;
  });
  const result = rules.filter((r) => !disabled.has(r.id));
  checkReferences(result, entries);
  return result;
}

/** A pack as JSON text (`glosa rules export`), keys in the schema's order. */
export function rulePackJson(rules: readonly ContextRule[]): string {
  return `${JSON.stringify({ rules }, null, 2)}\n`;
}

/** Parses a pack's JSON text and applies it to the default rules; errors start with `source`. */
export function loadRulePack(source: string, json: string): ContextRule[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new RulePackError(`${source}: not JSON: ${(error as Error).message}`);
  }
  try {
    return applyRulePack(defaultRules(), data);
  } catch (error) {
    if (error instanceof RulePackError) throw new RulePackError(`${source}: ${error.message}`);
    throw error;
  }
}
