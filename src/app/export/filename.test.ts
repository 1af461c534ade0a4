import { describe, expect, it } from 'vitest';
import { exportFileName } from './filename.ts';

describe('export file names', () => {
  it('are named after the note’s first words and the local time', () => {
    const at = new Date(2024, 4, 10, 9, 3, 7);
    expect(exportFileName('😷 Dolor torácico  opresivo, irradiado al brazo.', at, 'fhir.json')).toBe(
      'glosa-dolor-toracico-opresivo-irradiado-20240510-090307.fhir.json',
    );
    expect(exportFileName('¿?', at, 'csv')).toBe('glosa-nota-20240510-090307.csv');
  });
});
