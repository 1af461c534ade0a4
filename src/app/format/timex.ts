/**
 * Readable Spanish forms of TIMEX3 values ("2024-06-07" → "7 jun 2024", "P3D" → "3 días",
 * "2023-SU" → "verano de 2023", "2025-Q1" → "1.er trimestre de 2025", "XXXX-WXX-1" → "cada lunes"),
 * with a `mod` as the part of the period ("finales de 2023").
 */
import { addDays, format, setISOWeek, startOfISOWeek } from 'date-fns';
import { es } from 'date-fns/locale/es';
import type { Timex } from '../../core/contract.ts';

const UNITS: Record<string, [string, string]> = {
  Y: ['año', 'años'],
  M: ['mes', 'meses'],
  W: ['semana', 'semanas'],
  D: ['día', 'días'],
  H: ['hora', 'horas'],
  MIN: ['minuto', 'minutos'],
  S: ['segundo', 'segundos'],
};

/** "P3D" → "3 días", "PT8H" → "8 horas", "P1Y2M" → "1 año 2 meses". */
export function readableDuration(value: string): string | undefined {
  const m =
    /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/.exec(
      value,
    );
  if (!m || value === 'P' || value === 'PT') return undefined;
  const parts: string[] = [];
  (['Y', 'M', 'W', 'D', 'H', 'MIN', 'S'] as const).forEach((unit, i) => {
    const amount = m[i + 1];
    if (amount === undefined) return;
    const [one, many] = UNITS[unit] as [string, string];
    parts.push(`${amount} ${Number(amount.replace(',', '.')) === 1 ? one : many}`);
  });
  return parts.join(' ');
}

const SEASONS: Record<string, string> = { SP: 'primavera', SU: 'verano', FA: 'otoño', WI: 'invierno' };
const ORDINALS = ['1.er', '2.º', '3.er', '4.º'];
const REFERENCES: Record<string, string> = { PAST_REF: 'en el pasado', PRESENT_REF: 'en el presente', FUTURE_REF: 'en el futuro' };
const DAY_PARTS: Record<string, string> = { MO: 'mañana', MI: 'mediodía', AF: 'tarde', EV: 'tarde', NI: 'noche' };
const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const MODS: Record<string, string> = { START: 'principios de', MID: 'mediados de', END: 'finales de', AFTER: 'después de' };

/** Seasons, quarters, halves ("2023-SU", "2025-Q1", "2024-H2"), decades ("199") and PAST_REF & co. */
function readablePeriod(value: string): string | undefined {
  const reference = REFERENCES[value];
  if (reference !== undefined) return reference;
  let m = /^(\d{4})-(SP|SU|FA|WI)$/.exec(value);
  // A TIMEX3 winter is the one that starts in December of its year.
  if (m) return m[2] === 'WI' ? `invierno ${m[1]}–${Number(m[1]) + 1}` : `${SEASONS[m[2] as string]} de ${m[1]}`;
  m = /^(\d{4})-([QH])([1-4])$/.exec(value);
  if (m) return `${ORDINALS[Number(m[3]) - 1]} ${m[2] === 'Q' ? 'trimestre' : 'semestre'} de ${m[1]}`;
  m = /^(\d{3})$/.exec(value);
  return m ? `años ${Number(m[1]) * 10}` : undefined;
}

/** "XXXX-XX-XXTNI" → "cada noche", "XXXX-WXX-1" → "cada lunes", "XXXX-SU" → "cada verano", "P1D" → "cada día", "PT8H" → "cada 8 horas". */
function readableSet(value: string): string | undefined {
  const part = /^XXXX-XX-XXT(MO|MI|AF|EV|NI)$/.exec(value);
  if (part) return `cada ${DAY_PARTS[part[1] as string]}`;
  const season = /^XXXX-(SP|SU|FA|WI)$/.exec(value);
  if (season) return `cada ${SEASONS[season[1] as string]}`;
  const weekday = /^XXXX-WXX-([1-7])$/.exec(value);
  if (weekday) return `cada ${WEEKDAYS[Number(weekday[1]) - 1]}`;
  const every = readableDuration(value);
  return every === undefined ? undefined : `cada ${every.replace(/^1 (?=\D)/, '')}`;
}

function readableDate(value: string): string | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?)?$/.exec(value);
  if (m) {
    const [, y, mo, d, h, mi, , zone] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
    const written = format(date, h === undefined ? 'd MMM yyyy' : 'd MMM yyyy HH:mm', { locale: es });
    return zone === undefined ? written : `${written} ${zone === 'Z' ? 'UTC' : `UTC${zone}`}`;
  }
  m = /^(\d{4})-W(\d{2})(-WE)?$/.exec(value);
  if (m) {
    const monday = startOfISOWeek(setISOWeek(new Date(Number(m[1]), 5, 1), Number(m[2])));
    if (m[3] !== undefined) {
      const saturday = addDays(monday, 5);
      return `fin de semana ${format(saturday, 'd MMM', { locale: es })}–${format(addDays(saturday, 1), 'd MMM yyyy', { locale: es })}`;
    }
    return `semana ${Number(m[2])} de ${m[1]} (desde ${format(monday, 'd MMM', { locale: es })})`;
  }
  m = /^(\d{4})-(\d{2})$/.exec(value);
  if (m) return format(new Date(Number(m[1]), Number(m[2]) - 1, 1), 'MMMM yyyy', { locale: es });
  if (/^\d{4}$/.test(value)) return value;
  return readablePeriod(value);
}

/** The resolved value for display; the raw TIMEX3 value when its shape is not recognised. */
export function readableTimex(timex: Timex): string {
  switch (timex.type) {
    case 'DURATION':
      return readableDuration(timex.value) ?? timex.value;
    case 'SET':
      return readableSet(timex.value) ?? timex.value;
    default: {
      const date = readableDate(timex.value) ?? timex.value;
      const mod = timex.mod === undefined ? undefined : MODS[timex.mod];
      const written = mod === undefined ? date : `${mod} ${date}`;
      // A planned month or week also shows the day it falls on: "julio 2024, ≈ 10 jul".
      const day = timex.day === undefined ? undefined : /^(\d{4})-(\d{2})-(\d{2})$/.exec(timex.day);
      if (!day || timex.value === timex.day) return written;
      return `${written}, ≈ ${format(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])), 'd MMM', { locale: es })}`;
    }
  }
}
