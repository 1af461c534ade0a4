/** Readable Spanish forms of TIMEX3 values ("2024-06-07" → "7 jun 2024", "P3D" → "3 días"). */
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

function readableDate(value: string): string | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (m) {
    const [, y, mo, d, h, mi] = m;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
    return format(date, h === undefined ? 'd MMM yyyy' : 'd MMM yyyy HH:mm', { locale: es });
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
  return undefined;
}

/** The resolved value for display; the raw TIMEX3 value when its shape is not recognised. */
export function readableTimex(timex: Timex): string {
  switch (timex.type) {
    case 'DURATION':
      return readableDuration(timex.value) ?? timex.value;
    case 'SET': {
      const every = readableDuration(timex.value);
      return every ? `cada ${every}` : timex.value;
    }
    default:
      return readableDate(timex.value) ?? timex.value;
  }
}
