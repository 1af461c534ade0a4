import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIsoWeek, isRealDate, nearestWeekday, shiftDate, shiftMinutes } from './calendar.ts';

describe('calendar arithmetic', () => {
  it('clamps month steps to the month end (31 March - 1 month is 29 February in a leap year)', () => {
    expect(shiftDate({ year: 2024, month: 3, day: 31 }, -1, 'M')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(shiftDate({ year: 2023, month: 3, day: 31 }, -1, 'M')).toEqual({ year: 2023, month: 2, day: 28 });
    expect(shiftDate({ year: 2024, month: 1, day: 31 }, 1, 'M')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('moves a leap day by a year to 28 February', () => {
    expect(shiftDate({ year: 2024, month: 2, day: 29 }, 1, 'Y')).toEqual({ year: 2025, month: 2, day: 28 });
    expect(shiftDate({ year: 2024, month: 2, day: 29 }, -1, 'Y')).toEqual({ year: 2023, month: 2, day: 28 });
    expect(shiftDate({ year: 2024, month: 2, day: 29 }, -4, 'Y')).toEqual({ year: 2020, month: 2, day: 29 });
  });

  it('crosses month and year ends by days', () => {
    expect(shiftDate({ year: 2024, month: 3, day: 1 }, -1, 'D')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(shiftDate({ year: 2024, month: 1, day: 1 }, -1, 'D')).toEqual({ year: 2023, month: 12, day: 31 });
  });

  it('writes ISO weeks with the ISO week-numbering year', () => {
    expect(formatIsoWeek({ year: 2020, month: 12, day: 28 })).toBe('2020-W53');
    expect(formatIsoWeek({ year: 2021, month: 1, day: 3 })).toBe('2020-W53');
    expect(formatIsoWeek({ year: 2021, month: 1, day: 4 })).toBe('2021-W01');
    expect(formatIsoWeek({ year: 2024, month: 12, day: 30 })).toBe('2025-W01');
    expect(formatIsoWeek({ year: 2024, month: 6, day: 10 })).toBe('2024-W24');
  });

  it('knows which dates exist', () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2024, 2, 31)).toBe(false);
    expect(isRealDate(2024, 13, 1)).toBe(false);
    expect(isRealDate(2024, 4, 31)).toBe(false);
    expect(isRealDate(2024, 12, 31)).toBe(true);
  });

  it('finds the nearest weekday strictly before or after', () => {
    const monday = { year: 2024, month: 6, day: 10 };
    expect(nearestWeekday(monday, 1, -1)).toEqual({ year: 2024, month: 6, day: 3 });
    expect(nearestWeekday(monday, 1, 1)).toEqual({ year: 2024, month: 6, day: 17 });
    expect(nearestWeekday(monday, 5, -1)).toEqual({ year: 2024, month: 6, day: 7 });
    expect(nearestWeekday(monday, 2, 1)).toEqual({ year: 2024, month: 6, day: 11 });
  });

  it('carries clock arithmetic into days', () => {
    const t = shiftMinutes({ date: { year: 2024, month: 1, day: 1 }, hour: 1, minute: 30 }, -3 * 60);
    expect(t).toEqual({ date: { year: 2023, month: 12, day: 31 }, hour: 22, minute: 30 });
  });

  it('agrees with plain UTC calendar arithmetic for any day and step (no timezone drift)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1950, 0, 1)), max: new Date(Date.UTC(2090, 11, 31)), noInvalidDate: true }),
        fc.integer({ min: -2000, max: 2000 }),
        (d, days) => {
          const start = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
          const expected = new Date(Date.UTC(start.year, start.month - 1, start.day + days));
          const want = { year: expected.getUTCFullYear(), month: expected.getUTCMonth() + 1, day: expected.getUTCDate() };
          expect(shiftDate(start, days, 'D')).toEqual(want);
        },
      ),
    );
  });
});
