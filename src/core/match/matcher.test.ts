import { describe, expect, it } from 'vitest';
import { testDictionary } from '../testing/test-dictionary.ts';
import { tokenise } from '../text/tokenise.ts';
import { matchConcepts, type MatchOptions } from './matcher.ts';

const dictionary = testDictionary([
  { cui: 'C0030193', terms: ['dolor'], category: 'Finding' },
  { cui: 'C0000737', terms: ['dolor abdominal'], category: 'Finding' },
  { cui: 'C0010200', terms: ['tos'], category: 'Finding' },
  { cui: 'C0004238', terms: ['fibrilación auricular'], abbreviations: ['FA'], category: 'Disease or Syndrome' },
  { cui: 'C0000001', terms: ['ab'], category: 'Finding' },
  { cui: 'C0000002', terms: ['uno dos tres cuatro'], category: 'Finding' },
]);
const defaults: MatchOptions = { maxTermWords: 9, minTermChars: 3 };

function matches(text: string, options: MatchOptions = defaults): string[] {
  return matchConcepts(text, tokenise(text), dictionary, options).map((m) => `${text.slice(m.start, m.end)}=${m.concept.cui}`);
}

describe('matchConcepts', () => {
  it('prefers the longest term', () => {
    expect(matches('Dolor abdominal y dolor')).toEqual(['Dolor abdominal=C0000737', 'dolor=C0030193']);
  });

  it('matches accent- and case-insensitively', () => {
    expect(matches('FIBRILACION AURICULAR')).toEqual(['FIBRILACION AURICULAR=C0004238']);
  });

  it('matches abbreviations only as spelled, and exempts them from the minimum length', () => {
    expect(matches('Antecedente de FA.')).toEqual(['FA=C0004238']);
    expect(matches('fa')).toEqual([]);
  });

  it('drops terms below the minimum length unless validated', () => {
    expect(matches('ab tos')).toEqual(['tos=C0010200']);
    expect(matches('ab tos', { maxTermWords: 9, minTermChars: 2 })).toEqual(['ab=C0000001', 'tos=C0010200']);
  });

  it('honours the maximum term length in words', () => {
    expect(matches('uno dos tres cuatro')).toEqual(['uno dos tres cuatro=C0000002']);
    expect(matches('uno dos tres cuatro', { maxTermWords: 3, minTermChars: 3 })).toEqual([]);
  });

  it('never matches across a line break', () => {
    expect(matches('dolor\nabdominal')).toEqual(['dolor=C0030193']);
  });

  it('does not match inside words', () => {
    expect(matches('tosferina dolorido')).toEqual([]);
  });
});
