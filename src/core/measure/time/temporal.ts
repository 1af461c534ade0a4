/**
 * The temporal stage: recognised expressions resolved against the reference datetime become
 * Temporal Concept mentions with `characteristics.timex`. A clock time right after a day
 * ("ayer a las 14:30") falls on that day; an anchored expression ("al día siguiente") moves from
 * the last date resolved before it in the text, and when there is none is left out, or read as its
 * fallback (a count as a DURATION, "en aquel momento" as PAST_REF); a date with
 * no year or a bare weekday takes the sentence's tense (tense.ts). An expression that resolves to
 * no real date ("31/02/2024") is not emitted.
 */
import type { LocalDateTime } from '../../clock.ts';
import { TEMPORAL_CONCEPTS } from '../../local-concepts.ts';
import { byPosition, newMention, type Mention } from '../../mention.ts';
import type { Token } from '../../text/tokenise.ts';
import type { CalendarDate } from './calendar.ts';
import type { TemporalExpression } from './expression.ts';
import { recogniseTemporal } from './recognise.ts';
import { resolveTemporal, type Anchor } from './resolve.ts';
import { planBefore, tenseAround } from './tense.ts';

/** Expressions whose value depends on the sentence's tense. */
function needsTense(e: TemporalExpression): boolean {
  switch (e.kind) {
    case 'calendar':
      return (
        e.year === undefined && e.twoDigitYear === undefined && e.yearOffset === undefined && (e.month !== undefined || e.day !== undefined)
      );
    case 'weekday':
      return e.direction === 0;
    case 'bareSeason':
      return true;
    case 'inFuture':
      return true;
    case 'dailyPart':
      return !e.always;
    case 'edge':
      return needsTense(e.of);
    default:
      return false;
  }
}

/**
 * Finds and resolves the temporal expressions in the tokens, in text order. `text` (the text the
 * tokens come from) lets tense read verbs as written ("ingresó" against the noun "ingreso").
 */
export function findTemporal(tokens: readonly Token[], reference: LocalDateTime | (() => LocalDateTime), text?: string): Mention[] {
  const matches = recogniseTemporal(tokens);
  if (matches.length === 0) return [];
  // The reference is read (or parsed) only for text that has dates.
  if (typeof reference === 'function') reference = reference();
  const found: Mention[] = [];
  let lastDay: { end: number; date: CalendarDate } | undefined;
  let anchor: Anchor | undefined;
  for (const match of matches) {
    const e = match.expression;
    const tense = needsTense(e)
      ? // A plan before a future offset makes it future whatever the verb: "Alta con control en 1 mes".
        e.kind === 'inFuture' && planBefore(tokens, match.contextStart)
        ? 1
        : tenseAround(
            tokens,
            match.contextStart,
            match.end,
            text,
            e.kind === 'calendar' || e.kind === 'weekday' || e.kind === 'bareSeason' || e.kind === 'edge',
          )
      : undefined;
    // The counts of a list ("a los tres, seis y doce meses") share the tense and the date they count from.
    const from = anchor;
    for (const part of match.more === undefined ? [match] : [match, ...match.more]) {
      const day = part.expression.kind === 'clock' && lastDay?.end === part.contextStart ? lastDay.date : undefined;
      let resolved = resolveTemporal(part.expression, reference, { day, anchor: from, tense });
      lastDay = resolved?.day === undefined ? undefined : { end: part.end, date: resolved.day };
      if (resolved?.anchor !== undefined) anchor = resolved.anchor;
      let read = part;
      if (resolved === undefined && part.fallback !== undefined) {
        read = part.fallback;
        resolved = resolveTemporal(read.expression, reference);
      }
      if (resolved === undefined) continue;
      const first = tokens[read.first] as Token;
      const last = tokens[read.end - 1] as Token;
      const mention = newMention('temporal', TEMPORAL_CONCEPTS[resolved.timex.type], read.first, read.end, first.start, last.end);
      mention.characteristics.timex = resolved.timex;
      found.push(mention);
    }
  }
  return found;
}

/** A time after an event ("tras la cirugía"): the event's own concept is worth more than the time. */
function namesEvent(t: Mention): boolean {
  return t.characteristics.timex?.mod === 'AFTER';
}

/**
 * The mentions with the temporal ones merged in by position. A mention inside a temporal
 * expression gives way to it (a lexicon word such as "tarde" in "esta tarde"), except the event
 * a time after it names ("cirugía" in "tras la cirugía": the time gives way); a mention that
 * reaches beyond one is the longer reading and wins (the quantity "2000 ml" over the year "2000").
 */
export function withTemporal(mentions: readonly Mention[], temporal: readonly Mention[]): Mention[] {
  if (temporal.length === 0) return [...mentions];
  const ordered = [...temporal].sort(byPosition);
  const outread = new Set<Mention>();
  const kept = mentions.filter((m) => {
    // Binary search for the first temporal mention ending after m starts.
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ordered[mid] as Mention).endToken <= m.firstToken) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < ordered.length && (ordered[k] as Mention).firstToken < m.endToken; k++) {
      const t = ordered[k] as Mention;
      if (m.firstToken >= t.firstToken && m.endToken <= t.endToken && !namesEvent(t)) return false;
      outread.add(t);
    }
    return true;
  });
  return mergeByPosition(
    kept,
    ordered.filter((t) => !outread.has(t)),
  );
}

/** Two lists sorted by position as one (on a tie, `a`'s mention first, as a stable sort would). */
function mergeByPosition(a: readonly Mention[], b: readonly Mention[]): Mention[] {
  const merged: Mention[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    merged.push(byPosition(a[i] as Mention, b[j] as Mention) <= 0 ? (a[i++] as Mention) : (b[j++] as Mention));
  }
  while (i < a.length) merged.push(a[i++] as Mention);
  while (j < b.length) merged.push(b[j++] as Mention);
  return merged;
}
