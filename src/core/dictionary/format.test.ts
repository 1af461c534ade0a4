import { describe, expect, it } from 'vitest';
import { decodeDictionary, DictionaryFormatError, encodeDictionary, FORMAT_VERSION, readDictionaryMeta } from './format.ts';
import { contentHash } from './hash.ts';
import { createDictionary, loadDictionary } from './lookup.ts';
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
    expect(() => decodeDictionary(future)).toThrow(/version 3 is not supported/);
    const corrupted = bytes.slice();
    corrupted[corrupted.length - 3] = (corrupted[corrupted.length - 3] as number) ^ 0xff;
    expect(() => decodeDictionary(corrupted)).toThrow(/does not match its hash/);
    expect(() => decodeDictionary(bytes.slice(0, bytes.length - 5))).toThrow(DictionaryFormatError);
    expect(() => loadDictionary(corrupted)).toThrow(DictionaryFormatError);
  });

  it('looks terms up alike whether loaded from bytes or built from plain data', () => {
    const bytes = encodeDictionary(data);
    const { meta } = decodeDictionary(bytes);
    for (const dictionary of [loadDictionary(bytes), createDictionary(meta, data)]) {
      expect(dictionary.lookup('dolores').map((t) => t.concept)).toEqual([0]);
      expect(dictionary.lookup('dolor fuerte')).toEqual([]);
      expect(dictionary.lookup('fa')).toEqual([{ key: 'fa', concept: 0, shortOk: true, exact: 'FA' }]);
      expect(dictionary.concept(1)).toEqual(data.concepts[1]);
      expect(dictionary.conceptCount).toBe(2);
    }
  });

  it('indexes many terms sharing prefixes without losing any', () => {
    const many: DictionaryData = {
      id: 'many',
      name: 'many',
      concepts: data.concepts,
      terms: Array.from({ length: 5000 }, (_, i) => ({ key: `dolor tipo ${i}`, concept: i % 2, shortOk: false })),
    };
    const dictionary = loadDictionary(encodeDictionary(many));
    expect(dictionary.lookup('dolor tipo 4321')).toEqual([{ key: 'dolor tipo 4321', concept: 1, shortOk: false }]);
    expect(dictionary.lookup('dolor tipo')).toEqual([]);
    expect(dictionary.lookup('dolor tipo 5000')).toEqual([]);
  });

  it('hashes bytes deterministically', () => {
    expect(contentHash(new Uint8Array([1, 2, 3]))).toBe(contentHash(new Uint8Array([1, 2, 3])));
    expect(contentHash(new Uint8Array([1, 2, 3]))).not.toBe(contentHash(new Uint8Array([1, 2, 4])));
  });
});

describe('varints', () => {
  it('round-trip values of every width, through the term and concept sections', () => {
    const concepts = Array.from({ length: 300 }, (_, i) => ({ ...data.concepts[0]!, cui: `C${String(i).padStart(7, '0')}` }));
    const terms = Array.from({ length: 70_000 }, (_, i) => ({ key: `t${i}`, concept: (i * 7919) % 300, shortOk: i % 3 === 0 }));
    const decoded = decodeDictionary(encodeDictionary({ id: 'v', name: 'v', concepts, terms })).data;
    expect(decoded.terms).toEqual(terms);
    expect(decoded.concepts.map((c) => c.cui)).toEqual(concepts.map((c) => c.cui));
  });
});

describe('contentHash', () => {
  it('depends on every byte, the tail bytes too', () => {
    const base = new Uint8Array(Array.from({ length: 23 }, (_, i) => i));
    const seen = new Set([contentHash(base)]);
    for (let i = 0; i < base.length; i++) {
      const changed = base.slice();
      changed[i] = (changed[i] as number) ^ 1;
      seen.add(contentHash(changed));
    }
    expect(seen.size).toBe(base.length + 1);
    expect(contentHash(base.subarray(0, 22))).not.toBe(contentHash(base));
  });
});
