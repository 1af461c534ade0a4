/**
 * Structural checks of lexicon codes, written from the code systems' published rules: SNOMED CT
 * concept ids (Verhoeff check digit, partition identifier), LOINC codes (mod-10 check digit),
 * ICD-10-CM and ICD-9-CM shapes. A passing check says a code is well formed, not that it means the
 * concept: `../shared/tools/check-lexicon --review` lists the ICD descriptions to read by eye.
 */
import { CATEGORIES } from '../core/contract.ts';
import type { LexiconConcept } from './source.ts';

// Verhoeff: multiplication table of the dihedral group D5, permutation table and inverses.
const VERHOEFF_D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when a digit string (check digit last) passes the Verhoeff check. */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    const digit = digits.charCodeAt(n - 1 - i) - 48;
    const permuted = (VERHOEFF_P[i % 8] as readonly number[])[digit] as number;
    c = (VERHOEFF_D[c] as readonly number[])[permuted] as number;
  }
  return c === 0;
}

/** Why a SNOMED CT concept id is malformed, or undefined when it is well formed. */
export function snomedProblem(code: string): string | undefined {
  if (!/^\d+$/.test(code)) return 'not all digits';
  if (code.length < 6 || code.length > 18) return 'not 6-18 digits';
  if (code.startsWith('0')) return 'leading zero';
  const partition = code.slice(-3, -1);
  if (partition !== '00' && partition !== '10') return `partition ${partition} is not a concept id (00 or 10)`;
  if (!verhoeffValid(code)) return 'Verhoeff check digit fails';
  return undefined;
}

/** The LOINC mod-10 check digit of the code's number part (without "-N"). */
export function loincCheckDigit(number: string): number {
  // From the right: double every other digit starting with the rightmost, sum all digits.
  let sum = 0;
  const n = number.length;
  for (let i = 0; i < n; i++) {
    const digit = number.charCodeAt(n - 1 - i) - 48;
    if (i % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** Why a LOINC code is malformed, or undefined when it is well formed. */
export function loincProblem(code: string): string | undefined {
  const m = /^(\d{1,7})-(\d)$/.exec(code);
  if (m === null) return 'not NNNNN-N';
  if (loincCheckDigit(m[1] as string) !== Number(m[2])) return 'mod-10 check digit fails';
  return undefined;
}

// U codes are ICD-10-CM emergency codes (U07.1 COVID-19, since 2020).
const ICD10_CODE = /^[A-Z]\d[0-9A-Z](\.[0-9A-Z]{1,4})?$/;

/**
 * Why an ICD-10-CM code is malformed, or undefined. A range (UMLS block codes such as `E08-E13`) is
 * not a code: it is replaced by the right code or left out (issue 26).
 */
export function icd10Problem(code: string): string | undefined {
  if (code.includes('-')) return 'a range is not a code (give the code, or none)';
  if (!ICD10_CODE.test(code)) return 'not an ICD-10-CM code shape (A00, A00.0…)';
  return undefined;
}

const ICD9_CODE = /^(\d{3}(\.\d{1,2})?|V\d{2}(\.\d{1,2})?|E\d{3}(\.\d)?)$/;

function icd9Series(code: string): string {
  return code.startsWith('V') ? 'V' : code.startsWith('E') ? 'E' : 'N';
}

/** Why an ICD-9-CM code or range (`338-338.99`, `001-139.99`) is malformed, or undefined. */
export function icd9Problem(code: string): string | undefined {
  const parts = code.split('-');
  if (parts.length > 2) return 'more than one "-"';
  if (!parts.every((p) => ICD9_CODE.test(p))) return 'not an ICD-9-CM code shape (338, 338.1, V01, E849…)';
  if (parts.length === 2) {
    const [from, to] = parts as [string, string];
    if (icd9Series(from) !== icd9Series(to)) return 'range mixes series';
    if (Number(from.replace(/^[VE]/, '')) > Number(to.replace(/^[VE]/, ''))) return 'range ends before it starts';
  }
  return undefined;
}

export interface ConceptProblem {
  readonly cui: string;
  readonly field: string;
  readonly value: string;
  readonly why: string;
}

const CATEGORY_SET: ReadonlySet<string> = new Set(CATEGORIES);

/** Every structural problem of one concept (the CUI's uniqueness is checked across the lexicon). */
export function conceptProblems(c: LexiconConcept): ConceptProblem[] {
  const out: ConceptProblem[] = [];
  const add = (field: string, value: string, why: string | undefined): void => {
    if (why !== undefined) out.push({ cui: c.cui, field, value, why });
  };
  add('cui', c.cui, /^C\d{7}$/.test(c.cui) ? undefined : 'not C + 7 digits');
  add('semantic_type', c.semantic_type, c.semantic_type.trim() === '' ? 'empty' : undefined);
  add('preferred_term', c.preferred_term, c.preferred_term.trim() === '' ? 'empty' : undefined);
  if (c.category !== undefined) add('category', c.category, CATEGORY_SET.has(c.category) ? undefined : 'not one of the 20');
  if (c.terms.length + c.abbreviations.length === 0) add('terms', '', 'no term');
  for (const t of c.terms) {
    add(
      'terms',
      t,
      t.trim() === '' ? 'blank' : t !== t.toLowerCase() ? 'terms are lower case (case-sensitive forms go under abbreviations)' : undefined,
    );
  }
  for (const code of c.snomed_ct) add('snomed_ct', code, snomedProblem(code));
  for (const code of c.analyte_snomed_ct ?? []) add('analyte_snomed_ct', code, snomedProblem(code));
  for (const code of c.loinc) add('loinc', code, loincProblem(code));
  for (const code of c.icd10_cm) add('icd10_cm', code, icd10Problem(code));
  for (const code of c.icd9_cm) add('icd9_cm', code, icd9Problem(code));
  return out;
}

/** Problems of the whole lexicon: every concept's, plus CUIs listed twice. */
export function lexiconProblems(concepts: readonly LexiconConcept[]): ConceptProblem[] {
  const out = concepts.flatMap(conceptProblems);
  const seen = new Set<string>();
  for (const c of concepts) {
    if (seen.has(c.cui)) out.push({ cui: c.cui, field: 'cui', value: c.cui, why: 'the same CUI twice' });
    seen.add(c.cui);
  }
  return out;
}
