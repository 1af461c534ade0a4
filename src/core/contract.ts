/**
 * The annotation contract, version 1: the single source of the request and result shapes.
 *
 * It follows `annotation-service.md` and the decisions in `reference-service-facts.md`.
 * Every consumer of results (service tests, CLI, worker, app) validates with these schemas.
 * Offsets on the wire are Unicode code points, `end` exclusive (see `text/codepoints.ts`).
 */
import { z } from 'zod';

export const CONTRACT_VERSION = 1;

/** The 20 coarse categories of the original service (the value under `type.<vendor>`). */
export const CATEGORIES = [
  'Activity',
  'Phenomenon',
  'Organism',
  'Anatomy',
  'Spatial Concept',
  'Substance',
  'Finding',
  'Manufactured Object',
  'Organization',
  'Geographic Area',
  'Laboratory Procedure',
  'Laboratory or Test Result',
  'Diagnostic Procedure',
  'Therapeutic or Preventive Procedure',
  'Disease or Syndrome',
  'Temporal Concept',
  'Quantitative Concept',
  'Qualitative Concept',
  'Group',
  'Organism Attribute',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const CategorySchema = z.enum(CATEGORIES);

/**
 * Relation names. Medication frames (Glosa extensions): a drug (or a treatment given like one) to its
 * frequency (a SET timex), route (a route annotation), dose form (`has_form`: a form annotation,
 * "comprimidos") and duration (a DURATION timex); its dose is its `has_quantity`. Allergies (Glosa extension): an allergy to its allergen (`has_allergen`).
 * Ages (Glosa extension): the patient's sex to the age stated with it (`has_age`, "Varón de 72 años").
 */
export const RELATION_KINDS = [
  'has_anatomical_location',
  'has_quantity',
  'has_time',
  'has_frequency',
  'has_route',
  'has_duration',
  'has_allergen',
  'has_age',
  'has_form',
] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export const TIMEX_TYPES = ['DATE', 'TIME', 'DURATION', 'SET'] as const;
export type TimexType = (typeof TIMEX_TYPES)[number];

/** The default name of the coarse-category key inside `type`; the service may rename it. */
export const DEFAULT_VENDOR_KEY = 'vendor';

const offset = z.number().int().nonnegative();

export const SpanSchema = z
  .object({
    begin: offset,
    end: offset,
    text: z.string(),
    found_as: z.string(),
    preferred_term: z.string(),
  })
  .refine((s) => s.end >= s.begin, { message: 'end must not be before begin' });
export type Span = z.infer<typeof SpanSchema>;

export const CodeSchema = z.object({
  umls: z.string().regex(/^[A-Z]\d+$/, 'a UMLS CUI is one letter followed by digits'),
  snomed_ct: z.array(z.string()).optional(),
  icd9_cm: z.array(z.string()).optional(),
  icd10_cm: z.array(z.string()).optional(),
  loinc: z.array(z.string()).optional(),
});
export type Code = z.infer<typeof CodeSchema>;

/** `umls` plus at most one other string key: the coarse category under the vendor's name. */
export const TypeSchema = z
  .object({ umls: z.string().min(1) })
  .catchall(z.string())
  .refine((t) => Object.keys(t).length <= 2, {
    message: 'type holds umls and at most one vendor category key',
  });
export type AnnotationType = z.infer<typeof TypeSchema>;

/** With `config.explain`: the context rule that fired and the text its scope covered (code points). */
const ExplainFields = {
  rule: z.string().min(1).describe('With config.explain: the id of the context rule that fired (see glosa rules export).').optional(),
  scope: z
    .object({ begin: offset, end: offset })
    .describe("With config.explain: the text the rule's scope covered, in code points, end exclusive.")
    .optional(),
};
const TriggerSchema = z.object({ trigger: SpanSchema, ...ExplainFields });
const MatchRefSchema = z.object({ match: SpanSchema });
const FamilyRefSchema = z.object({ match: SpanSchema, ...ExplainFields });

/** FHIR's Quantity.comparator: how the value is to be read ("<", "≤" or "hasta", ">", "≥" before the number). */
export const COMPARATORS = ['<', '<=', '>=', '>'] as const;
export type Comparator = (typeof COMPARATORS)[number];

/**
 * A number with its unit. `value` is always the first number as written; the optional fields (Glosa
 * extensions, added in 0.x without changing `value` or `unit`) keep what else the measurement says.
 */
export const QuantitySchema = z.object({
  value: z.number().describe('The first number as written ("150" in "150/90 mmHg", "2" in "2-3 lpm", "875" in "875/125 mg").'),
  unit: z.string().describe('The unit as written in the text.'),
  comparator: z
    .enum(COMPARATORS)
    .describe('How value is bounded, as FHIR writes it: ">100.000 UFC/ml" is ">", "≤ 5 mg" and "hasta 5 mg" are "<=".')
    .optional(),
  high: z
    .number()
    .describe('The upper end of a range ("3" in "2-3 lpm"); value is then the lower end. Absent when the second number is not larger.')
    .optional(),
  systolic: z.number().describe('A blood pressure written as a pair ("150/90 mmHg"): the first number.').optional(),
  diastolic: z.number().describe('A blood pressure written as a pair ("150/90 mmHg"): the second number.').optional(),
  amounts: z.array(z.number()).min(2).describe('A combination dose ("875/125 mg"): every amount in order, all in unit.').optional(),
});
export type Quantity = z.infer<typeof QuantitySchema>;

/** TIMEX3 `mod` values Glosa writes: the start, middle or end of a period ("a finales de 2023"), or after a date ("tras el ingreso"). */
export const TIMEX_MODS = ['START', 'MID', 'END', 'AFTER'] as const;
export type TimexMod = (typeof TIMEX_MODS)[number];

export const TimexSchema = z.object({
  type: z.enum(TIMEX_TYPES),
  value: z.string().min(1),
  mod: z.enum(TIMEX_MODS).optional().describe('TIMEX3 mod: the part of the period the value names, or AFTER it'),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .describe(
      'Glosa extension: the day a future offset coarser than a day falls on, counted from the reference ("Control en 1 mes" written 2024-06-10: value 2024-07, day 2024-07-10)',
    ),
});
export type Timex = z.infer<typeof TimexSchema>;

/** UCUM units of an age: years, months, weeks, days, hours, minutes. */
export const AGE_UNITS = ['a', 'mo', 'wk', 'd', 'h', 'min'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

/** Someone's age as the text states it (Glosa extension): "72 años" is 72 a, "3 meses" 3 mo. */
export const AgeSchema = z.object({
  value: z.number().nonnegative().describe('The count as written ("72" in "varón de 72 años", 1.5 in "año y medio").'),
  unit: z.enum(AGE_UNITS).describe('The UCUM unit of the count: a (years), mo, wk, d, h, min.'),
});
export type Age = z.infer<typeof AgeSchema>;

/** Known characteristics are checked; unknown ones from other services pass through. */
export const CharacteristicsSchema = z
  .object({
    negative: TriggerSchema.optional(),
    uncertain: TriggerSchema.optional(),
    hypothetical: TriggerSchema.describe(
      'Glosa extension: what the note states as a condition ("Si presenta dolor torácico, acudir a urgencias"), neither present nor absent; always with uncertain, with the same trigger. Exports must not state it as a condition the patient has.',
    ).optional(),
    family_member: FamilyRefSchema.optional(),
    quantifier: MatchRefSchema.optional(),
    qualifier: MatchRefSchema.optional(),
    quantity: QuantitySchema.optional(),
    timex: TimexSchema.optional(),
    age: AgeSchema.describe('An age annotation (Glosa-local L0000500): its value and UCUM unit.').optional(),
  })
  .catchall(z.unknown());
export type Characteristics = z.infer<typeof CharacteristicsSchema>;

export const AnnotationSchema = z.object({
  id: z.number().int().nonnegative(),
  code: CodeSchema,
  type: TypeSchema,
  match: SpanSchema,
  characteristics: CharacteristicsSchema,
  head: z.number().int().nonnegative().optional(),
});
export type Annotation = z.infer<typeof AnnotationSchema>;

export const RelationSchema = z.object({
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  rel: z
    .string()
    .min(1)
    .describe(`The relation's name; Glosa's are ${RELATION_KINDS.join(', ')} (other services may send others).`),
});
export type Relation = z.infer<typeof RelationSchema>;

/** The result as any service speaking the contract may send it (ids from 0 or 1). */
/** With `config.explain`: a section of the note ("Antecedentes familiares: ..."), in code points. */
export const SectionSchema = z.object({
  name: z.string().min(1).describe('Stable section name, e.g. antecedentes_familiares.'),
  label: z.string().min(1).describe('Spanish label, e.g. "Antecedentes familiares".'),
  begin: offset,
  end: offset,
  header: z.object({ begin: offset, end: offset }).describe('The header as written.'),
});
export type Section = z.infer<typeof SectionSchema>;

export const AnnotationResultSchema = z
  .object({
    annotations: z.array(AnnotationSchema),
    relations: z.array(RelationSchema).optional(),
    sections: z
      .array(SectionSchema)
      .describe('Glosa extension, with config.explain: the sections of the note, from each header to the next.')
      .optional(),
    version: z.string(),
  })
  .superRefine((result, ctx) => {
    const ids = new Set<number>();
    for (const a of result.annotations) {
      if (ids.has(a.id)) ctx.addIssue({ code: 'custom', message: `duplicate annotation id ${a.id}` });
      ids.add(a.id);
    }
    result.annotations.forEach((a, i) => {
      if (a.head !== undefined && !ids.has(a.head)) {
        ctx.addIssue({ code: 'custom', path: ['annotations', i, 'head'], message: `head ${a.head} names no annotation` });
      }
    });
    result.relations?.forEach((r, i) => {
      for (const end of ['from', 'to'] as const) {
        if (!ids.has(r[end])) {
          ctx.addIssue({ code: 'custom', path: ['relations', i, end], message: `${end} ${r[end]} names no annotation` });
        }
      }
    });
  });
export type AnnotationResult = z.infer<typeof AnnotationResultSchema>;

/** `%Y-%m-%dT%H:%M:%S`, as the original (Python strptime) reads it, with a real calendar date. */
export const TEXT_DATETIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

export function isValidTextDatetime(value: string): boolean {
  const m = TEXT_DATETIME_PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

export const TextDatetimeSchema = z.string().refine(isValidTextDatetime, {
  message: 'text_datetime must be a real date and time written as YYYY-MM-DDTHH:MM:SS',
});

/** Per-request configuration; every entry is optional and unknown entries are ignored. */
export const RequestConfigSchema = z.looseObject({
  text_datetime: TextDatetimeSchema.optional(),
  /** Glosa extension, as the original's on-premises "quantity parsing on/off": false skips quantities. */
  parse_quantities: z.boolean({ error: '"config.parse_quantities" must be true or false.' }).optional(),
  /** Glosa extension: true adds `rule` and `scope` to negative, uncertain and family_member. */
  explain: z
    .boolean({ error: '"config.explain" must be true or false.' })
    .describe('Glosa extension: true adds rule and scope to every negative, uncertain and family_member (default false).')
    .optional(),
  nested_sites: z
    .boolean({ error: '"config.nested_sites" must be true or false.' })
    .describe(
      "Glosa extension: true also emits the anatomical site inside a concept's words ('cáncer de esófago', 'dolor torácico') as its own Anatomy annotation, with has_anatomical_location from the concept; spans may then overlap (default false, or the deployment's --nested-sites).",
    )
    .optional(),
  site_negation: z
    .boolean({ error: '"config.site_negation" must be true or false.' })
    .describe(
      "Glosa extension: false leaves the anatomical site of a negated finding affirmed ('No presenta edemas en miembros inferiores': the limbs exist); true (the default, as the reference service) gives the site the finding's negation trigger.",
    )
    .optional(),
});
export type RequestConfig = z.infer<typeof RequestConfigSchema>;

export const AnnotationRequestSchema = z.object({
  text: z.string({ error: 'text must be present and must be a string' }),
  config: RequestConfigSchema.optional(),
});
export type AnnotationRequest = z.infer<typeof AnnotationRequestSchema>;

export const ErrorBodySchema = z.object({
  error: z.object({ code: z.string().regex(/^[a-z][a-z0-9_]*$/), message: z.string().min(1) }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The category of an annotation, read from whichever non-`umls` key the service used. */
export function categoryOf(annotation: Pick<Annotation, 'type'>): string | undefined {
  for (const [key, value] of Object.entries(annotation.type)) {
    if (key !== 'umls') return value;
  }
  return undefined;
}

export function parseAnnotationResult(data: unknown): AnnotationResult {
  return AnnotationResultSchema.parse(data);
}
