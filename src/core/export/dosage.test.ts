/** The pieces of a FHIR Dosage, one mapping at a time (the whole frame is tested in fhir.test.ts). */
import { describe, expect, it } from 'vitest';
import { doseAndRate, eventTiming, isoToUcum, timesPerPeriod } from './dosage.ts';

describe('FHIR Dosage mappings', () => {
  it('reads a TIMEX3 interval or duration of one unit as an amount and a UCUM unit of time', () => {
    expect(isoToUcum('PT8H')).toEqual({ value: 8, unit: 'h' });
    expect(isoToUcum('P1D')).toEqual({ value: 1, unit: 'd' });
    expect(isoToUcum('P2W')).toEqual({ value: 2, unit: 'wk' });
    // M is months in the date part and minutes in the time part.
    expect(isoToUcum('P3M')).toEqual({ value: 3, unit: 'mo' });
    expect(isoToUcum('PT30M')).toEqual({ value: 30, unit: 'min' });
    expect(isoToUcum('P1Y')).toEqual({ value: 1, unit: 'a' });
    expect(isoToUcum('P1.5D')).toEqual({ value: 1.5, unit: 'd' });
    expect(isoToUcum('PT1H30M')).toBeUndefined();
    expect(isoToUcum('XXXX-XX-XXTNI')).toBeUndefined();
    expect(isoToUcum('P1H')).toBeUndefined();
  });

  it('counts the times per period a frequency says', () => {
    expect(timesPerPeriod('cada 8 horas')).toBe(1);
    expect(timesPerPeriod('al día')).toBe(1);
    expect(timesPerPeriod('dos veces al día')).toBe(2);
    expect(timesPerPeriod('Tres veces por semana')).toBe(3);
    expect(timesPerPeriod('4 veces al día')).toBe(4);
    expect(timesPerPeriod('una vez al día')).toBe(1);
    // Breakfast-lunch-dinner(-bedtime) patterns: one take per slot that is not 0.
    expect(timesPerPeriod('1-0-1')).toBe(2);
    expect(timesPerPeriod('1-1-1')).toBe(3);
    expect(timesPerPeriod('0-0-1')).toBe(1);
    expect(timesPerPeriod('1-0-0-1')).toBe(2);
    expect(timesPerPeriod('½-0-½')).toBe(2);
    expect(timesPerPeriod('1/2 - 1 - 0')).toBe(2);
    expect(timesPerPeriod('0-0-0')).toBe(0);
    expect(timesPerPeriod('cada día')).toBe(1);
  });

  it('names the time of day by its words where EventTiming has a code, else by the part of the day', () => {
    const night = 'XXXX-XX-XXTNI';
    const morning = 'XXXX-XX-XXTMO';
    expect(eventTiming('Furosemida 40 mg antes de acostarse', night)).toBe('HS');
    expect(eventTiming(' antes de dormir', night)).toBe('HS');
    expect(eventTiming('mg en la cena', night)).toBe('CV');
    expect(eventTiming(' antes de la cena', night)).toBe('ACV');
    expect(eventTiming(' tras la cena', night)).toBe('PCV');
    expect(eventTiming(' por la noche', night)).toBe('NIGHT');
    expect(eventTiming(' en ayunas', morning)).toBe('ACM');
    expect(eventTiming(' con el desayuno', morning)).toBe('CM');
    expect(eventTiming(' antes del desayuno', morning)).toBe('ACM');
    expect(eventTiming(' después del desayuno', morning)).toBe('PCM');
    expect(eventTiming(' al levantarse', morning)).toBe('WAKE');
    expect(eventTiming(' por la mañana', morning)).toBe('MORN');
    expect(eventTiming(' antes de la comida', 'XXXX-XX-XXTMI')).toBe('ACD');
    expect(eventTiming(' en la comida', 'XXXX-XX-XXTMI')).toBe('CD');
    expect(eventTiming(' con las comidas', 'XXXX-XX-XXTMI')).toBe('C');
    expect(eventTiming(' por la tarde', 'XXXX-XX-XXTAF')).toBe('AFT');
    // Not a time of the day: no EventTiming, whatever the words.
    expect(eventTiming('cada 8 horas', 'PT8H')).toBeUndefined();
    expect(eventTiming(' en la cena', 'P1D')).toBeUndefined();
  });

  it('writes a dose as doseQuantity, a range or a bound as doseRange, a rate as rate[x], and nothing it cannot say', () => {
    expect(doseAndRate({ value: 5, unit: 'mg' })).toEqual({ doseQuantity: { value: 5, unit: 'mg' } });
    expect(doseAndRate({ value: 2, unit: 'mg', high: 3 })).toEqual({
      doseRange: { low: { value: 2, unit: 'mg' }, high: { value: 3, unit: 'mg' } },
    });
    // A dose is a SimpleQuantity (no comparator): "hasta 50 mg" is a range with only its top.
    expect(doseAndRate({ value: 50, unit: 'mg', comparator: '<=' })).toEqual({ doseRange: { high: { value: 50, unit: 'mg' } } });
    expect(doseAndRate({ value: 1, unit: 'g', comparator: '>=' })).toEqual({ doseRange: { low: { value: 1, unit: 'g' } } });
    // A Range's bounds are inclusive: a strict bound has no structured form.
    expect(doseAndRate({ value: 50, unit: 'mg', comparator: '<' })).toBeUndefined();
    expect(doseAndRate({ value: 50, unit: 'mg', comparator: '>' })).toBeUndefined();
    // 875/125 mg: the strengths of two ingredients, not one dose of 875 mg.
    expect(doseAndRate({ value: 875, unit: 'mg', amounts: [875, 125] })).toBeUndefined();
    expect(doseAndRate({ value: 2, unit: 'lpm' })).toEqual({ rateQuantity: { value: 2, unit: 'lpm' } });
    expect(doseAndRate({ value: 0.1, unit: 'µg/kg/min' })).toEqual({ rateQuantity: { value: 0.1, unit: 'µg/kg/min' } });
    expect(doseAndRate({ value: 1, unit: 'g/8 h', high: 2 })).toEqual({
      rateRange: { low: { value: 1, unit: 'g/8 h' }, high: { value: 2, unit: 'g/8 h' } },
    });
    expect(doseAndRate({ value: 10, unit: 'mg/kg' })).toEqual({ doseQuantity: { value: 10, unit: 'mg/kg' } });
  });
});
