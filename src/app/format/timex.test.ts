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

  it('writes durations and sets', () => {
    expect(readableTimex({ type: 'DURATION', value: 'P3D' })).toBe('3 días');
    expect(readableTimex({ type: 'SET', value: 'PT8H' })).toBe('cada 8 horas');
    expect(readableDuration('P1Y2M')).toBe('1 año 2 meses');
    expect(readableDuration('PT30M')).toBe('30 minutos');
  });

  it('falls back to the raw value for shapes it does not know', () => {
    expect(readableTimex({ type: 'DATE', value: 'PRESENT_REF' })).toBe('PRESENT_REF');
    expect(readableTimex({ type: 'DURATION', value: 'PXD' })).toBe('PXD');
  });
});
