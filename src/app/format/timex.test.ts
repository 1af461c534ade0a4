import { describe, expect, it } from 'vitest';
import { readableDuration, readableTimex } from './timex.ts';

describe('readable dates', () => {
  it('writes a resolved date the Spanish way', () => {
    expect(readableTimex({ type: 'DATE', value: '2024-06-07' })).toBe('7 jun 2024');
    expect(readableTimex({ type: 'TIME', value: '2024-06-07T10:30' })).toBe('7 jun 2024 10:30');
    expect(readableTimex({ type: 'DATE', value: '2024-06' })).toBe('junio 2024');
    expect(readableTimex({ type: 'DATE', value: '2022' })).toBe('2022');
    expect(readableTimex({ type: 'DATE', value: '2024-W23' })).toBe('semana 23 de 2024 (desde 3 jun)');
    expect(readableTimex({ type: 'DATE', value: '2024-W23-WE' })).toBe('fin de semana 8 jun–9 jun 2024');
  });

  it('shows the day a planned month falls on beside it, and a clock time’s zone (issue 28)', () => {
    expect(readableTimex({ type: 'DATE', value: '2024-07', day: '2024-07-10' })).toBe('julio 2024, ≈ 10 jul');
    expect(readableTimex({ type: 'DATE', value: '2024-W25', day: '2024-06-17' })).toBe('semana 25 de 2024 (desde 17 jun), ≈ 17 jun');
    expect(readableTimex({ type: 'TIME', value: '2024-06-10T14:30Z' })).toBe('10 jun 2024 14:30 UTC');
    expect(readableTimex({ type: 'TIME', value: '2024-06-10T10:00+02:00' })).toBe('10 jun 2024 10:00 UTC+02:00');
  });

  it('writes durations and sets', () => {
    expect(readableTimex({ type: 'DURATION', value: 'P3D' })).toBe('3 días');
    expect(readableTimex({ type: 'SET', value: 'PT8H' })).toBe('cada 8 horas');
    expect(readableDuration('P1Y2M')).toBe('1 año 2 meses');
    expect(readableDuration('PT30M')).toBe('30 minutos');
  });

  it('writes seasons, quarters, halves, decades and vague references', () => {
    expect(readableTimex({ type: 'DATE', value: '2023-SU' })).toBe('verano de 2023');
    expect(readableTimex({ type: 'DATE', value: '2022-SP' })).toBe('primavera de 2022');
    expect(readableTimex({ type: 'DATE', value: '2023-FA' })).toBe('otoño de 2023');
    expect(readableTimex({ type: 'DATE', value: '2023-WI' })).toBe('invierno 2023–2024');
    expect(readableTimex({ type: 'DATE', value: '2025-Q1' })).toBe('1.er trimestre de 2025');
    expect(readableTimex({ type: 'DATE', value: '2023-Q4' })).toBe('4.º trimestre de 2023');
    expect(readableTimex({ type: 'DATE', value: '2024-H2' })).toBe('2.º semestre de 2024');
    expect(readableTimex({ type: 'DATE', value: '199' })).toBe('años 1990');
    expect(readableTimex({ type: 'DATE', value: 'PRESENT_REF' })).toBe('en el presente');
    expect(readableTimex({ type: 'DATE', value: 'PAST_REF' })).toBe('en el pasado');
    expect(readableTimex({ type: 'DATE', value: 'FUTURE_REF' })).toBe('en el futuro');
  });

  it('writes the part of a period a mod names', () => {
    expect(readableTimex({ type: 'DATE', value: '2023', mod: 'START' })).toBe('principios de 2023');
    expect(readableTimex({ type: 'DATE', value: '2024-05', mod: 'MID' })).toBe('mediados de mayo 2024');
    expect(readableTimex({ type: 'DATE', value: '2023-SU', mod: 'END' })).toBe('finales de verano de 2023');
    expect(readableTimex({ type: 'DATE', value: '2024-03-03', mod: 'AFTER' })).toBe('después de 3 mar 2024');
  });

  it('writes repetitions: every unit, every part of the day, every weekday', () => {
    expect(readableTimex({ type: 'SET', value: 'P1D' })).toBe('cada día');
    expect(readableTimex({ type: 'SET', value: 'P1Y' })).toBe('cada año');
    expect(readableTimex({ type: 'SET', value: 'P15D' })).toBe('cada 15 días');
    expect(readableTimex({ type: 'SET', value: 'PT24H' })).toBe('cada 24 horas');
    expect(readableTimex({ type: 'SET', value: 'XXXX-XX-XXTNI' })).toBe('cada noche');
    expect(readableTimex({ type: 'SET', value: 'XXXX-XX-XXTMO' })).toBe('cada mañana');
    expect(readableTimex({ type: 'SET', value: 'XXXX-WXX-1' })).toBe('cada lunes');
    expect(readableTimex({ type: 'SET', value: 'XXXX-WXX-7' })).toBe('cada domingo');
    expect(readableTimex({ type: 'SET', value: 'XXXX-SU' })).toBe('cada verano');
  });

  it('falls back to the raw value for shapes it does not know', () => {
    expect(readableTimex({ type: 'DATE', value: 'XXXX-SU' })).toBe('XXXX-SU');
    expect(readableTimex({ type: 'DURATION', value: 'PXD' })).toBe('PXD');
    expect(readableTimex({ type: 'SET', value: 'XXXX-WXX-9' })).toBe('XXXX-WXX-9');
  });
});
