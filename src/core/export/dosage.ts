/**
 * A drug's medication frame (its has_quantity, has_frequency, has_route, has_duration and has_form
 * relations) as FHIR R4 `Dosage`:
 *
 *   text         the frame's words in the note ("5 mg cada 12 horas vía oral")
 *   timing       repeat.frequency/period/periodUnit from an interval SET ("cada 8 horas" PT8H, "al
 *                día" P1D; the count of "dos veces al día" and of "1-0-1" from their words), when
 *                (EventTiming) from a time of day ("antes de acostarse" HS, "en la cena" CV, "por la
 *                noche" NIGHT), boundsDuration from a DURATION ("durante 7 días")
 *   route        SNOMED CT where dosage.json gives a certain code, and the note's words
 *   doseAndRate  doseQuantity; doseRange for "2-3 mg" and for "hasta 50 mg" (a SimpleQuantity
 *                may carry no comparator); rateQuantity / rateRange for units per time ("2 lpm");
 *                nothing for a strict comparator or a combination ("875/125 mg": strengths of two
 *                ingredients, not one dose), which `text` keeps
 *
 * The dose form is not part of Dosage: fhir.ts writes it on a contained Medication.
 * Pure: data in, data out; what maps to what is data (dosage.json).
 */
import type { Dosage, DosageDoseAndRate, Duration, Quantity, TimingRepeat } from '@medplum/fhirtypes';
import type { Annotation, AnnotationResult, Quantity as GlosaQuantity, RelationKind } from '../contract.ts';
import { FORM_CONCEPTS, ROUTE_CONCEPTS, type RouteName } from '../local-concepts.ts';
import rules from './dosage.json' with { type: 'json' };

const SNOMED = 'http://snomed.info/sct';
const UCUM = 'http://unitsofmeasure.org';

type TimeUnit = NonNullable<TimingRepeat['periodUnit']>;
type EventTiming = NonNullable<TimingRepeat['when']>[number];

/** What a drug's frame links, each in the order of the note. */
export interface MedicationFrame {
  readonly doses: readonly Annotation[];
  readonly frequencies: readonly Annotation[];
  readonly routes: readonly Annotation[];
  readonly durations: readonly Annotation[];
  readonly forms: readonly Annotation[];
}

const FRAME_PARTS = {
  has_quantity: 'doses',
  has_frequency: 'frequencies',
  has_route: 'routes',
  has_duration: 'durations',
  has_form: 'forms',
} as const satisfies Partial<Record<RelationKind, keyof MedicationFrame>>;
type FrameRelation = keyof typeof FRAME_PARTS;

const ROUTE_BY_CODE = new Map(Object.entries(ROUTE_CONCEPTS).map(([name, c]) => [c.cui, name as RouteName]));
const FORM_CODES = new Set(Object.values(FORM_CONCEPTS).map((c) => c.cui));

/** Which frame relation an annotation would be the target of, read from the annotation itself. */
function frameRelationOf(a: Annotation): FrameRelation | undefined {
  if (a.characteristics.quantity) return 'has_quantity';
  const timex = a.characteristics.timex?.type;
  if (timex === 'SET') return 'has_frequency';
  if (timex === 'DURATION') return 'has_duration';
  if (ROUTE_BY_CODE.has(a.code.umls)) return 'has_route';
  return FORM_CODES.has(a.code.umls) ? 'has_form' : undefined;
}

/**
 * Every frame, by the id of the annotation it belongs to: its relations, and for a result sent
 * without them (a service that writes only `head`), the annotations that name it as head and are
 * a dose, frequency, route, duration or form.
 */
export function medicationFrames(result: AnnotationResult): Map<number, MedicationFrame> {
  const byId = new Map(result.annotations.map((a) => [a.id, a]));
  const links: { from: number; rel: FrameRelation; to: Annotation }[] = [];
  const linked = new Set<string>();
  for (const r of result.relations ?? []) {
    linked.add(`${r.from}>${r.to}`);
    const to = byId.get(r.to);
    if (to && r.rel in FRAME_PARTS) links.push({ from: r.from, rel: r.rel as FrameRelation, to });
  }
  for (const a of result.annotations) {
    const rel = frameRelationOf(a);
    if (a.head !== undefined && rel && !linked.has(`${a.head}>${a.id}`)) links.push({ from: a.head, rel, to: a });
  }
  const frames = new Map<number, Record<keyof MedicationFrame, Annotation[]>>();
  for (const { from, rel, to } of links) {
    const frame = frames.get(from) ?? { doses: [], frequencies: [], routes: [], durations: [], forms: [] };
    frame[FRAME_PARTS[rel]].push(to);
    frames.set(from, frame);
  }
  for (const frame of frames.values()) for (const list of Object.values(frame)) list.sort((x, y) => x.match.begin - y.match.begin);
  return frames;
}

/** A frame that says how a drug is given, beyond an amount (which a measurement has too). */
export function hasRegimen(frame: MedicationFrame | undefined): boolean {
  return !!frame && frame.frequencies.length + frame.routes.length + frame.durations.length + frame.forms.length > 0;
}

/** An ISO 8601 duration of one unit ("PT8H", "P1D", "P7D") as an amount and a UCUM unit of time. */
export function isoToUcum(value: string): { value: number; unit: TimeUnit } | undefined {
  const m = /^P(T?)(\d+(?:\.\d+)?)([A-Z])$/.exec(value);
  if (!m) return undefined;
  const units: Record<string, string> = m[1] ? rules.timeUnits.time : rules.timeUnits.date;
  const unit = units[m[3] as string];
  return unit ? { value: Number(m[2]), unit: unit as TimeUnit } : undefined;
}

const SLOT = String.raw`(?:\d+(?:[.,/]\d+)?|[½¼¾])`;
const SLOTS = new RegExp(`^${SLOT}(?:\\s*-\\s*${SLOT}){2,3}$`, 'u');

/**
 * How many times each period a frequency's words say: "dos veces al día" 2; "1-0-1" and
 * "½-0-½" 2 (one take per slot that is not 0; "0-0-0", none); otherwise once.
 */
export function timesPerPeriod(words: string): number {
  const trimmed = words.trim();
  if (SLOTS.test(trimmed)) return trimmed.split('-').filter((slot) => !/^0+(?:[.,]0+)?$/.test(slot.trim())).length;
  const times = /(\d+|\p{L}+)\s+veces?\b/iu.exec(words)?.[1]?.toLowerCase();
  const counts: Record<string, number> = rules.countWords;
  if (!times) return 1;
  return /^\d+$/.test(times) ? Number(times) : (counts[times] ?? 1);
}

const WHEN_PHRASES = rules.when.phrases.map(
  ([pattern, code]) => [new RegExp(`(^|\\s)${pattern as string}`, 'iu'), code as EventTiming] as const,
);

/** The EventTiming of a time of day: its words (cue included) first, else the TIMEX3 part of day. */
export function eventTiming(words: string, value: string): EventTiming | undefined {
  const partOfDay = /^XXXX-XX-XXT(MO|MI|AF|EV|NI)$/.exec(value)?.[1];
  if (!partOfDay) return undefined;
  const phrase = words.toLowerCase().replace(/\s+/g, ' ').trim();
  const byWords = WHEN_PHRASES.find(([pattern]) => pattern.test(phrase))?.[1];
  const byPart: Record<string, string> = rules.when.partOfDay;
  return byWords ?? (byPart[partOfDay] as EventTiming | undefined);
}

/** The note's words of a span, and those right before it on its clause (a time of day's cue). */
const spanWords = (a: Annotation, codePoints: readonly string[]) => codePoints.slice(a.match.begin, a.match.end).join('');
function cueAndWords(a: Annotation, codePoints: readonly string[]): string {
  const before = codePoints.slice(Math.max(0, a.match.begin - 24), a.match.begin).join('');
  const clause = before.split(/[.,;:()\n]/).pop() ?? '';
  return `${clause} ${spanWords(a, codePoints)}`;
}

const SUB_DAILY: ReadonlySet<TimeUnit> = new Set(['s', 'min', 'h']);

function timingRepeat(frame: MedicationFrame, codePoints: readonly string[]): TimingRepeat | undefined {
  const repeat: TimingRepeat = {};
  const when: EventTiming[] = [];
  for (const f of frame.frequencies) {
    const value = f.characteristics.timex?.value ?? '';
    const period = isoToUcum(value);
    const times = timesPerPeriod(spanWords(f, codePoints));
    // FHIR's frequency is a positive integer: "0-0-0" says no take, so no timing.
    if (period && times > 0 && repeat.period === undefined) {
      Object.assign(repeat, { frequency: times, period: period.value, periodUnit: period.unit });
    }
    const code = eventTiming(cueAndWords(f, codePoints), value);
    if (code && !when.includes(code)) when.push(code);
  }
  // "cada 8 horas, por la noche": an interval under a day already says when; `when` would contradict it.
  if (when.length && !SUB_DAILY.has(repeat.periodUnit ?? 'd')) repeat.when = when;
  const bounds = frame.durations.map((d) => isoToUcum(d.characteristics.timex?.value ?? '')).find((d) => d);
  if (bounds) repeat.boundsDuration = { value: bounds.value, unit: bounds.unit, system: UCUM, code: bounds.unit } satisfies Duration;
  return Object.keys(repeat).length ? repeat : undefined;
}

const RATE_UNIT = new RegExp(rules.rateUnit, 'iu');

/** A dose as FHIR writes it, or nothing where a SimpleQuantity or a Range cannot say it. */
export function doseAndRate(q: GlosaQuantity): DosageDoseAndRate | undefined {
  if (q.amounts || q.systolic !== undefined || q.comparator === '<' || q.comparator === '>') return undefined;
  const amount = (value: number): Quantity => ({ value, unit: q.unit });
  const rate = RATE_UNIT.test(q.unit);
  const range =
    q.high !== undefined
      ? { low: amount(q.value), high: amount(q.high) }
      : q.comparator === '<='
        ? { high: amount(q.value) }
        : q.comparator === '>='
          ? { low: amount(q.value) }
          : undefined;
  if (range) return rate ? { rateRange: range } : { doseRange: range };
  return rate ? { rateQuantity: amount(q.value) } : { doseQuantity: amount(q.value) };
}

/**
 * The frame's words in the note: all that follows the drug up to the end of its last part ("hasta
 * 50 mg cada 6 horas": a comparator's words are outside the quantity's span), and before them the
 * parts that stand before the drug (a form before "de" and the drug: "comprimidos de ibuprofeno").
 */
function frameText(drug: Annotation, parts: readonly Annotation[], codePoints: readonly string[]): string {
  const words = (from: number, to: number) =>
    codePoints
      .slice(from, to)
      .join('')
      .replace(/^[\s,;:]+/, '');
  const before = parts.filter((a) => a.match.end <= drug.match.begin);
  const after = parts.filter((a) => a.match.begin >= drug.match.end);
  const last = (list: readonly Annotation[]) => Math.max(...list.map((a) => a.match.end));
  return [
    before.length ? words(Math.min(...before.map((a) => a.match.begin)), last(before)) : '',
    after.length ? words(drug.match.end, last(after)) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The Dosage a drug's frame says, or undefined when it says nothing of the dosage. */
export function dosageOf(drug: Annotation, frame: MedicationFrame | undefined, codePoints: readonly string[]): Dosage | undefined {
  if (!frame) return undefined;
  const { doses, frequencies, routes, durations } = frame;
  const parts = [...doses, ...frequencies, ...routes, ...durations];
  if (!parts.length) return undefined;
  const dosage: Dosage = { text: frameText(drug, [...parts, ...frame.forms], codePoints) };
  const timing = timingRepeat(frame, codePoints);
  if (timing) dosage.timing = { repeat: timing };
  const route = routes[0];
  if (route) {
    const name = ROUTE_BY_CODE.get(route.code.umls);
    const snomed = name && (rules.routeSnomed as Partial<Record<RouteName, string>>)[name];
    dosage.route = { ...(snomed ? { coding: [{ system: SNOMED, code: snomed }] } : {}), text: spanWords(route, codePoints) };
  }
  const dose = doses.map((d) => d.characteristics.quantity && doseAndRate(d.characteristics.quantity)).find((d) => d);
  if (dose) dosage.doseAndRate = [dose];
  return dosage;
}
