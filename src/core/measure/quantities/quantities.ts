/**
 * Quantities: a number (decimal comma or point, "." before groups of three digits for thousands),
 * optionally a pair ("120/80") or a range ("10-20"), followed by a known unit, becomes a
 * Quantitative Concept mention with `quantity: {value, unit}`; the unit is kept as written. A pair
 * or range takes its first number as value and keeps the rest: a pair in mmHg is a blood pressure
 * (`systolic`, `diastolic`), another pair a combination dose (`amounts`: "875/125 mg"), "2-3" a range
 * (`high`). A comparator right before the number (">100.000 UFC/ml", "hasta 5 mg") is kept as
 * `comparator` and stays outside the span.
 */
import type { Comparator, Quantity } from '../../contract.ts';
import { QUANTITY_CONCEPT } from '../../local-concepts.ts';
import { newMention, type Mention } from '../../mention.ts';
import { PhraseSet } from '../../text/phrases.ts';
import type { Token } from '../../text/tokenise.ts';
import units from './units.json' with { type: 'json' };

/** Units, with every dose or rate of a dose unit ("mg/12h", "µg/kg/min"). */
const UNITS = PhraseSet.of([...units.units, ...units.doseUnits.flatMap((unit) => units.per.map((per) => `${unit}/${per}`))]);
const SECOND_NUMBER_JOINERS: ReadonlySet<string> = new Set(['/', '-']);
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;
const { '//': _comparatorsNote, ...comparatorWords } = units.comparators;
const COMPARATORS = new PhraseSet<Comparator>(Object.entries(comparatorWords) as [string, Comparator][]);
/** The most tokens a comparator has ("<", "=" are two). */
const COMPARATOR_TOKENS = 2;
const PRESSURE_UNITS = PhraseSet.of(units.pressureUnits);

/** The value of a number token as written in Spanish clinical text. */
export function parseNumber(surface: string): number {
  if (surface.indexOf('.') < 0 && surface.indexOf(',') < 0) return Number(surface);
  if (THOUSANDS.test(surface)) return Number(surface.replace(/\./g, ''));
  return Number(surface.replace(',', '.'));
}

/** `{comparator}` when a comparator ends right before token `i` on its line, else nothing. */
function comparatorBefore(tokens: readonly Token[], i: number): Pick<Quantity, 'comparator'> {
  if ((tokens[i] as Token).afterLineBreak) return {};
  for (let start = Math.max(0, i - COMPARATOR_TOKENS); start < i; start++) {
    const found = COMPARATORS.matchAt(tokens, start);
    if (found?.end === i) return { comparator: found.value };
  }
  return {};
}

/** What the second number of a pair or range means. */
function secondNumber(joiner: string, pressure: boolean, first: number, second: number): Partial<Quantity> {
  if (joiner === '-') return second > first ? { high: second } : {};
  return pressure ? { systolic: first, diastolic: second } : { amounts: [first, second] };
}

/** Finds the quantities in the text, in text order. */
export function findQuantities(text: string, tokens: readonly Token[]): Mention[] {
  const quantities: Mention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i] as Token;
    if (first.kind !== 'number') continue;
    let unitStart = i + 1;
    const joiner = tokens[i + 1];
    const second = tokens[i + 2];
    if (
      joiner !== undefined &&
      second?.kind === 'number' &&
      SECOND_NUMBER_JOINERS.has(joiner.norm) &&
      !joiner.afterLineBreak &&
      !second.afterLineBreak
    ) {
      unitStart = i + 3;
    }
    const unitToken = tokens[unitStart];
    const pairedWith = unitStart === i + 3 ? (tokens[i + 1] as Token).norm : undefined;
    if (unitToken === undefined || unitToken.afterLineBreak) continue;
    const unit = UNITS.matchAt(tokens, unitStart);
    if (unit === undefined) continue;
    const value = parseNumber(first.norm);
    if (!Number.isFinite(value)) continue;
    const last = tokens[unit.end - 1] as Token;
    const q = newMention('quantity', QUANTITY_CONCEPT, i, unit.end, first.start, last.end);
    const secondValue = pairedWith === undefined ? undefined : parseNumber((tokens[i + 2] as Token).norm);
    const pressure = PRESSURE_UNITS.matchAt(tokens, unitStart)?.end === unit.end;
    q.characteristics.quantity = {
      value,
      unit: text.slice(unitToken.start, last.end),
      ...comparatorBefore(tokens, i),
      ...(secondValue === undefined || !Number.isFinite(secondValue)
        ? {}
        : secondNumber(pairedWith as string, pressure, value, secondValue)),
    };
    quantities.push(q);
    i = unit.end - 1;
  }
  return quantities;
}

/**
 * The mentions with the quantities (or other measured mentions: routes, dosing words) merged in by
 * position. A concept the lexicon found inside one (a unit such as "mg" read as a concept) gives way.
 */
export function withQuantities(mentions: readonly Mention[], quantities: readonly Mention[]): readonly Mention[] {
  if (quantities.length === 0) return mentions;
  const merged: Mention[] = [];
  let q = 0;
  for (const m of mentions) {
    while (q < quantities.length && (quantities[q] as Mention).endToken <= m.firstToken) merged.push(quantities[q++] as Mention);
    const next = quantities[q];
    if (next !== undefined && next.firstToken < m.endToken && m.firstToken < next.endToken) continue;
    merged.push(m);
  }
  while (q < quantities.length) merged.push(quantities[q++] as Mention);
  return merged;
}
