import { describe, expect, it } from 'vitest';
import { decodeDictionary, DictionaryFormatError, encodeDictionary, FORMAT_VERSION, readDictionaryMeta } from './format.ts';
import { contentHash } from './hash.ts';
import { createDictionary } from './lookup.ts';
import type { DictionaryData } from './types.ts';

const data: DictionaryData = {
  id: 'sample',
  name: 'Sample',
  concepts: [
    {
      cui: 'C0030193',
      preferredTerm: 'dolor',
      semanticType: 'Sign or Symptom',
      category: 'Finding',
      tags: [],
      snomedCt: ['22253000'],
      icd10Cm: ['R52'],
      icd9Cm: ['338-338.99'],
      loinc: [],
    },
    {
      cui: 'C0205543',
      preferredTerm: 'refiere',
      semanticType: 'Functional Concept',
      tags: ['reporting_verb'],
      snomedCt: [],
      icd10Cm: [],
      icd9Cm: [],
      loinc: [],
    },
  ],
  terms: [
    { key: 'dolor', concept: 0, shortOk: false },
    { key: 'dolores', concept: 0, shortOk: false },
    { key: 'refiere', concept: 1, shortOk: false },
    { key: 'fa', concept: 0, shortOk: true, exact: 'FA' },
  ],
};

describe('dictionary format', () => {
  it('round-trips concepts and terms exactly', () => {
    const bytes = encodeDictionary(data);
    const { meta, data: decoded } = decodeDictionary(bytes);
    expect(decoded).toEqual(data);
    expect(meta).toMatchObject({ id: 'sample', formatVersion: FORMAT_VERSION, conceptCount: 2, termCount: 4 });
    expect(readDictionaryMeta(bytes)).toEqual(meta);
  });

  it('gives the same content the same hash and different content another', () => {
    const a = readDictionaryMeta(encodeDictionary(data)).contentHash;
    expect(readDictionaryMeta(encodeDictionary(data)).contentHash).toBe(a);
    const changed = { ...data, terms: data.terms.slice(1) };
    expect(readDictionaryMeta(encodeDictionary(changed)).contentHash).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });

  it('refuses other files, unknown versions and corrupted bodies with clear errors', () => {
    const bytes = encodeDictionary(data);
    expect(() => decodeDictionary(new TextEncoder().encode('hello world'))).toThrow(/not a Glosa dictionary/);
    const future = bytes.slice();
    future[4] = FORMAT_VERSION + 1;
    expect(() => decodeDictionary(future)).toThrow(DictionaryFormatError);
    expect(() => decodeDictionary(future)).toThrow(/version 2 is not supported/);
    const corrupted = bytes.slice();
    corrupted[corrupted.length - 3] ^= 0xff;
    expect(() => decodeDictionary(corrupted)).toThrow(/does not match its hash/);
    expect(() => decodeDictionary(bytes.slice(0, bytes.length - 5))).toThrow(DictionaryFormatError);
  });

  it('looks terms up through the trie', () => {
    const { meta, data: decoded } = decodeDictionary(encodeDictionary(data));
    const dictionary = createDictionary(meta, decoded);
    expect(dictionary.lookup('dolores').map((t) => t.concept)).toEqual([0]);
    expect(dictionary.lookup('dolor fuerte')).toEqual([]);
    expect(dictionary.lookup('fa')[0]?.exact).toBe('FA');
  });

  it('hashes bytes deterministically', () => {
    expect(contentHash(new Uint8Array([1, 2, 3]))).toBe(contentHash(new Uint8Array([1, 2, 3])));
    expect(contentHash(new Uint8Array([1, 2, 3]))).not.toBe(contentHash(new Uint8Array([1, 2, 4])));
  });
});
