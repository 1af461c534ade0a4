import { describe, expect, it } from 'vitest';
import { icd10Problem, icd9Problem, loincCheckDigit, loincProblem, snomedProblem, verhoeffValid } from './checks.ts';

const GOOD_SNOMED = ['22253000', '386661006', '26929004', '72705000', '38341003', '73211009'];

describe('Verhoeff and SNOMED CT concept ids', () => {
  it('accepts known concept ids', () => {
    for (const id of GOOD_SNOMED) {
      expect(verhoeffValid(id), id).toBe(true);
      expect(snomedProblem(id), id).toBeUndefined();
    }
  });

  it('rejects every other last digit', () => {
    for (const id of GOOD_SNOMED) {
      for (let d = 0; d <= 9; d++) {
        const altered = id.slice(0, -1) + String(d);
        if (altered !== id) expect(verhoeffValid(altered), altered).toBe(false);
      }
    }
  });

  it('rejects a swap of two adjacent digits', () => {
    expect(verhoeffValid('386616006')).toBe(false);
  });

  it('checks length, leading zero and partition', () => {
    expect(snomedProblem('12345')).toMatch(/6-18/);
    expect(snomedProblem('022253000')).toMatch(/leading zero/);
    expect(snomedProblem('22253A00')).toMatch(/digits/);
    // Valid Verhoeff but partition 01 (a description id), not a concept id.
    const description = findVerhoeff('2225301');
    expect(snomedProblem(description)).toMatch(/partition/);
  });
});

/** The one digit that makes `prefix + digit` pass Verhoeff. */
function findVerhoeff(prefix: string): string {
  for (let d = 0; d <= 9; d++) if (verhoeffValid(prefix + String(d))) return prefix + String(d);
  throw new Error('no check digit');
}

describe('LOINC mod-10 check digit', () => {
  it('accepts known codes', () => {
    expect(loincCheckDigit('2345')).toBe(7);
    expect(loincCheckDigit('718')).toBe(7);
    expect(loincProblem('2345-7')).toBeUndefined();
    expect(loincProblem('718-7')).toBeUndefined();
  });

  it('rejects every other check digit and bad shapes', () => {
    for (const [number, good] of [
      ['2345', 7],
      ['718', 7],
    ] as const) {
      for (let d = 0; d <= 9; d++) if (d !== good) expect(loincProblem(`${number}-${d}`)).toMatch(/check digit/);
    }
    expect(loincProblem('2345')).toMatch(/shape|NNNNN/);
    expect(loincProblem('12345678-0')).toBeDefined();
    expect(loincProblem('LP1234-5')).toBeDefined();
  });
});

describe('ICD-10-CM shape', () => {
  it('accepts codes and categories', () => {
    for (const code of ['R52', 'G30.9', 'G30', 'S72.001A', 'Z79.01', 'I48.91', 'U07.1']) expect(icd10Problem(code), code).toBeUndefined();
  });
  it('rejects bad shapes and reversed ranges', () => {
    for (const code of ['R5', 'U07.1x', 'r52', 'R52.', 'E13-E08', 'R52.12345', 'A00-B00-C00'])
      expect(icd10Problem(code), code).toBeDefined();
  });
  it('rejects every range: a UMLS block is not a code (issue 26)', () => {
    for (const code of ['E08-E13', 'K50-K52', 'I20-I25']) expect(icd10Problem(code), code).toMatch(/range/);
  });
});

describe('ICD-9-CM shape', () => {
  it('accepts codes, V and E codes and UMLS-style ranges', () => {
    for (const code of ['331.0', '250', '780.60', '338-338.99', '001-139.99', 'V01', 'V58.61', 'E849', 'E849.0']) {
      expect(icd9Problem(code), code).toBeUndefined();
    }
  });
  it('rejects bad shapes, mixed series and reversed ranges', () => {
    for (const code of ['33', '331.012', 'V1', 'E84', '338.99-338', 'V01-E849', 'X01']) expect(icd9Problem(code), code).toBeDefined();
  });
});
