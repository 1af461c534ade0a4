/**
 * The dictionary ready for matching. Terms live in typed arrays and an open-addressing hash table
 * keyed by a 64-bit hash of their token sequence; every proper token prefix of a term is in the
 * table too (flagged), so the matcher can stop walking as soon as no longer term is possible.
 * Concepts are decoded on first use. This keeps a million-term dictionary quick to load and small
 * in memory, and lookups allocation-free.
 */
import {
  DictionaryFormatError,
  openDictionary,
  readConcept,
  skipConcept,
  StringTable,
  TERM_FLAG_EXACT,
  TERM_FLAG_SHORT_OK,
  type ByteReader,
} from './format.ts';
import type { ConceptEntry, DictionaryData, DictionaryMeta, TermEntry } from './types.ts';

function sameChars(text: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (text.charCodeAt(a + k) !== text.charCodeAt(b + k)) return false;
  return true;
}

/** Starting values of the two token-sequence hash lanes. */
export const SEED_A = 0x2545f491;
export const SEED_B = 0x6c078965;

/** Writes the two 32-bit hashes of one token's matching form into `out[2i]`, `out[2i+1]`. */
export function hashToken(token: string, out: Int32Array, i: number): void {
  hashRange(token, 0, token.length, out, i);
}

/** `hashToken` of `text.slice(from, to)`, without slicing. */
function hashRange(text: string, from: number, to: number, out: Int32Array, i: number): void {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  out[2 * i] = a;
  out[2 * i + 1] = b;
}

/** The sequence hash after one more token (lane A). */
export function extendA(a: number, token: number): number {
  a = Math.imul((a + 0x9e3779b9) ^ token, 0x85ebca6b);
  return a ^ (a >>> 13);
}

/** The sequence hash after one more token (lane B). */
export function extendB(b: number, token: number): number {
  b = Math.imul((b + 0x7f4a7c15) ^ token, 0xc2b2ae35);
  return b ^ (b >>> 16);
}

// Slots are interleaved, four 32-bit words each, so a probe touches one cache line:
// [hash lane A, hash lane B, first term (or -1), state].
const STRIDE = 4;
/** Above this many distinct first tokens the first-token filter is not kept (see `collectFirstTokens`). */
const MAX_FIRST_TOKENS = 100_000;
const HEAD = 2;
const STATE = 3;
const USED = 1;
const PREFIX = 2;

export class TermIndex {
  readonly termKey: Uint32Array;
  readonly termConcept: Uint32Array;
  readonly termFlags: Uint8Array;
  readonly termExact: Int32Array;
  readonly termNext: Int32Array;
  private readonly mask: number;
  private readonly slots: Int32Array;
  /** First tokens of all terms, when few: a cheap test (strings cache their hash) before hashing a token. */
  readonly firstTokens: Set<string> | undefined;

  constructor(
    readonly strings: StringTable,
    termKey: Uint32Array,
    termConcept: Uint32Array,
    termFlags: Uint8Array,
    termExact: Int32Array,
  ) {
    this.termKey = termKey;
    this.termConcept = termConcept;
    this.termFlags = termFlags;
    this.termExact = termExact;
    const count = termKey.length;
    this.termNext = new Int32Array(count).fill(-1);
    // Terms plus their token prefixes (most terms are one word), at most about half full.
    let capacity = 16;
    while (capacity < count * 2.5) capacity *= 2;
    this.mask = capacity - 1;
    this.slots = new Int32Array(capacity * STRIDE);
    const tokenHash = new Int32Array(2);
    // Backwards, so each key's chain lists its terms in dictionary order. Keys are hashed in place
    // in the string table, token by token (tokens are separated by one space).
    const text = strings.text;
    for (let t = count - 1; t >= 0; t--) {
      const keyIndex = termKey[t] as number;
      const end = strings.end(keyIndex);
      let from = strings.start(keyIndex);
      let a = SEED_A;
      let b = SEED_B;
      for (;;) {
        let to = from;
        while (to < end && text.charCodeAt(to) !== 0x20) to++;
        hashRange(text, from, to, tokenHash, 0);
        a = extendA(a, tokenHash[0] as number);
        b = extendB(b, tokenHash[1] as number);
        const slot = this.insert(a, b);
        if (to < end) {
          this.slots[slot + STATE] = (this.slots[slot + STATE] as number) | PREFIX;
          from = to + 1;
        } else {
          this.termNext[t] = this.slots[slot + HEAD] as number;
          this.slots[slot + HEAD] = t;
          break;
        }
      }
    }
    this.firstTokens = this.collectFirstTokens();
  }

  /**
   * The distinct first tokens of the terms, when there are few enough for the filter to pay off:
   * with a small dictionary it spares hashing most tokens of a text; a very large one starts terms
   * with most words anyway, so the matcher then hashes every word instead of keeping a huge set.
   */
  private collectFirstTokens(): Set<string> | undefined {
    const { strings, termKey } = this;
    const text = strings.text;
    const isKey = new Uint8Array(strings.count);
    for (let t = 0; t < termKey.length; t++) isKey[termKey[t] as number] = 1;
    const visit = (add: (from: number, to: number) => boolean): boolean => {
      // Keys sorted in the string table share runs of first tokens: each run is visited once.
      let previousFrom = -1;
      let previousLength = -1;
      for (let k = 0; k < strings.count; k++) {
        if (isKey[k] === 0) continue;
        const from = strings.start(k);
        const end = strings.end(k);
        let to = from;
        while (to < end && text.charCodeAt(to) !== 0x20) to++;
        const length = to - from;
        if (length === previousLength && sameChars(text, previousFrom, from, length)) continue;
        if (!add(from, to)) return false;
        previousFrom = from;
        previousLength = length;
      }
      return true;
    };
    let runs = 0;
    if (!visit(() => ++runs <= MAX_FIRST_TOKENS)) return undefined;
    const set = new Set<string>();
    visit((from, to) => set.add(text.slice(from, to)) !== undefined);
    return set;
  }

  private insert(a: number, b: number): number {
    const slots = this.slots;
    let slot = ((a ^ Math.imul(b, 0x27d4eb2d)) & this.mask) * STRIDE;
    while (slots[slot + STATE] !== 0) {
      if (slots[slot] === a && slots[slot + 1] === b) return slot;
      slot = (slot + STRIDE) & (this.mask * STRIDE + STRIDE - 1);
    }
    slots[slot] = a;
    slots[slot + 1] = b;
    slots[slot + HEAD] = -1;
    slots[slot + STATE] = USED;
    return slot;
  }

  /** The slot of a token-sequence hash, or -1 when no term starts so. */
  find(a: number, b: number): number {
    const slots = this.slots;
    let slot = ((a ^ Math.imul(b, 0x27d4eb2d)) & this.mask) * STRIDE;
    for (;;) {
      if (slots[slot + STATE] === 0) return -1;
      if (slots[slot] === a && slots[slot + 1] === b) return slot;
      slot = (slot + STRIDE) & (this.mask * STRIDE + STRIDE - 1);
    }
  }

  /** First term of the slot's key (then follow `termNext`), or -1 when the key is only a prefix. */
  firstTerm(slot: number): number {
    return this.slots[slot + HEAD] as number;
  }

  /** Whether some longer term continues this key. */
  isPrefix(slot: number): boolean {
    return ((this.slots[slot + STATE] as number) & PREFIX) !== 0;
  }

  key(term: number): string {
    return this.strings.get(this.termKey[term] as number);
  }

  /** Length of the term's key in UTF-16 units, without slicing it. */
  keyLength(term: number): number {
    const index = this.termKey[term] as number;
    return this.strings.end(index) - this.strings.start(index);
  }

  exact(term: number): string | undefined {
    const index = this.termExact[term] as number;
    return index < 0 ? undefined : this.strings.get(index);
  }

  hasExact(term: number): boolean {
    return (this.termExact[term] as number) >= 0;
  }

  shortOk(term: number): boolean {
    return ((this.termFlags[term] as number) & TERM_FLAG_SHORT_OK) !== 0;
  }

  entry(term: number): TermEntry {
    const base = { key: this.key(term), concept: this.termConcept[term] as number, shortOk: this.shortOk(term) };
    const exact = this.exact(term);
    return exact === undefined ? base : { ...base, exact };
  }
}

export interface Dictionary {
  readonly meta: DictionaryMeta;
  readonly conceptCount: number;
  readonly index: TermIndex;
  /** The concept at `index` (decoded on first use). */
  concept(index: number): ConceptEntry;
  /** Term entries for an exact matching key (tokens joined by one space). */
  lookup(key: string): TermEntry[];
}

function makeDictionary(meta: DictionaryMeta, index: TermIndex, conceptCount: number, conceptAt: (i: number) => ConceptEntry): Dictionary {
  const cache: (ConceptEntry | undefined)[] = [];
  const tokenHash = new Int32Array(2);
  return {
    meta,
    conceptCount,
    index,
    concept(i) {
      let c = cache[i];
      if (c === undefined) {
        if (i < 0 || i >= conceptCount) throw new RangeError(`no concept ${i}`);
        c = conceptAt(i);
        cache[i] = c;
      }
      return c;
    },
    lookup(key) {
      let a = SEED_A;
      let b = SEED_B;
      for (const part of key.split(' ')) {
        hashToken(part, tokenHash, 0);
        a = extendA(a, tokenHash[0] as number);
        b = extendB(b, tokenHash[1] as number);
      }
      const slot = index.find(a, b);
      const out: TermEntry[] = [];
      for (let t = slot < 0 ? -1 : index.firstTerm(slot); t >= 0; t = index.termNext[t] as number) {
        if (index.key(t) === key) out.push(index.entry(t));
      }
      return out;
    },
  };
}

/** A dictionary from plain data (tests, freshly compiled lexicons). */
export function createDictionary(meta: DictionaryMeta, data: DictionaryData): Dictionary {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const ref = (s: string): number => {
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      stringIndex.set(s, i);
    }
    return i;
  };
  const n = data.terms.length;
  const termKey = new Uint32Array(n);
  const termConcept = new Uint32Array(n);
  const termFlags = new Uint8Array(n);
  const termExact = new Int32Array(n).fill(-1);
  data.terms.forEach((t, i) => {
    termKey[i] = ref(t.key);
    termConcept[i] = t.concept;
    termFlags[i] = (t.exact !== undefined ? TERM_FLAG_EXACT : 0) | (t.shortOk ? TERM_FLAG_SHORT_OK : 0);
    if (t.exact !== undefined) termExact[i] = ref(t.exact);
  });
  const index = new TermIndex(StringTable.of(strings), termKey, termConcept, termFlags, termExact);
  return makeDictionary(meta, index, data.concepts.length, (i) => data.concepts[i] as ConceptEntry);
}

/** A dictionary straight from the binary format, as the service and the worker load it. */
export function loadDictionary(bytes: Uint8Array): Dictionary {
  const { meta, strings, reader } = openDictionary(bytes);
  const conceptCount = reader.varint();
  const conceptOffsets = new Uint32Array(conceptCount);
  for (let i = 0; i < conceptCount; i++) {
    conceptOffsets[i] = reader.offset;
    skipConcept(reader);
  }
  const n = reader.varint();
  const termKey = new Uint32Array(n);
  const termConcept = new Uint32Array(n);
  const termFlags = new Uint8Array(n);
  const termExact = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    termKey[i] = reader.varint();
    termConcept[i] = reader.varint();
    const flags = reader.varint();
    termFlags[i] = flags;
    if ((flags & TERM_FLAG_EXACT) !== 0) termExact[i] = reader.varint();
    if (
      (termKey[i] as number) >= strings.count ||
      (termExact[i] as number) >= strings.count ||
      (termConcept[i] as number) >= conceptCount
    ) {
      throw new DictionaryFormatError('dictionary term refers to a missing string or concept');
    }
  }
  const conceptReader: ByteReader = reader;
  const index = new TermIndex(strings, termKey, termConcept, termFlags, termExact);
  return makeDictionary(meta, index, conceptCount, (i) => {
    conceptReader.offset = conceptOffsets[i] as number;
    return readConcept(conceptReader, strings);
  });
}
