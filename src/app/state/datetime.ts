import { isValidTextDatetime } from '../../core/contract.ts';

/** The reference datetime in the contract's `YYYY-MM-DDTHH:MM:SS` form (local wall-clock time). */
const pad = (n: number): string => String(n).padStart(2, '0');

export function formatTextDatetime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * What the datetime field gives, as the contract's datetime, or null when it is no real date and
 * time with a four-digit year ("202412-06-10T10:00"): the field then keeps the last good value.
 */
export function acceptDatetimeInput(value: string): string | null {
  const datetime = fromDatetimeInput(value);
  return isValidTextDatetime(datetime) ? datetime : null;
}

/** `<input type="datetime-local">` drops zero seconds ("2024-06-10T10:00"); the contract wants them. */
export function fromDatetimeInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
}
