/**
 * The compiled dictionary format ("GLSD"), version 2. Little-endian, varint-packed:
 *
 *   "GLSD" | u8 format version | u32 header length | header (UTF-8 JSON: id, name, counts, hash)
 *   body:  strings    varint count, varint byte length, then the strings' UTF-8 joined by "\n"
 *          concepts   varint count, then per concept: cui, preferred term, semantic type,
 *                     category+1 (0: none), tags, snomed, icd10, icd9, loinc (lists: count, items)
 *          terms      varint count, then per term: key, concept index, flags (1 exact, 2 short ok),
 *                     exact form when flag 1
 *
 * Strings are indices into the string table (deduplicated; term keys first, sorted, so the body
 * compresses well). One joined string table decodes in a single pass, which keeps million-term
 * dictionaries quick to load. The header's contentHash is the hash of the body; decoding checks
 * it and refuses unknown versions with a clear error.
 */
import { CATEGORIES, type Category } from '../contract.ts';
import { contentHash } from './hash.ts';
import { CONCEPT_TAGS, type ConceptEntry, type ConceptTag, type DictionaryData, type DictionaryMeta, type TermEntry } from './types.ts';

export const FORMAT_MAGIC = 'GLSD';
export const FORMAT_VERSION = 2;

export const TERM_FLAG_EXACT = 1;
export const TERM_FLAG_SHORT_OK = 2;

export class DictionaryFormatError extends Error {
  override name = 'DictionaryFormatError';
}

class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }

  varint(value: number): void {
    this.ensure(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buffer[this.length++] = v;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** Reads varints from the body; public so the loader can walk sections without copying. */
export class ByteReader {
  offset = 0;
  constructor(readonly data: Uint8Array) {}

  varint(): number {
    const data = this.data;
    let offset = this.offset;
    let byte = data[offset++];
    if (byte === undefined) throw new DictionaryFormatError('dictionary is truncated');
    if (byte < 0x80) {
      this.offset = offset;
      return byte;
    }
    // Bit operations while the value fits in 28 bits, multiplication beyond (up to 35 bits).
    let result = byte & 0x7f;
    for (let shift = 7; ; shift += 7) {
      byte = data[offset++];
      if (byte === undefined) throw new DictionaryFormatError('dictionary is truncated');
      result = shift < 28 ? result | ((byte & 0x7f) << shift) : result + (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) {
        this.offset = offset;
        return result;
      }
      if (shift >= 28) throw new DictionaryFormatError('dictionary has a malformed number');
    }
  }

  bytes(length: number): Uint8Array {
    if (this.offset + length > this.data.length) throw new DictionaryFormatError('dictionary is truncated');
    const out = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
}

function encodeBody(data: DictionaryData): Uint8Array {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const ref = (s: string): number => {
    let index = indexOf.get(s);
    if (index === undefined) {
      if (s.includes('\n')) throw new DictionaryFormatError(`dictionary strings cannot contain a line break: ${JSON.stringify(s)}`);
      index = strings.length;
      strings.push(s);
      indexOf.set(s, index);
    }
    return index;
  };
  for (const key of data.terms.map((t) => t.key).sort()) ref(key);
  const records = new ByteWriter();
  const list = (items: readonly string[]): void => {
    records.varint(items.length);
    for (const item of items) records.varint(ref(item));
  };
  records.varint(data.concepts.length);
  for (const c of data.concepts) {
    records.varint(ref(c.cui));
    records.varint(ref(c.preferredTerm));
    records.varint(ref(c.semanticType));
    records.varint(c.category === undefined ? 0 : CATEGORIES.indexOf(c.category) + 1);
    list(c.tags);
    list(c.snomedCt);
    list(c.icd10Cm);
    list(c.icd9Cm);
    list(c.loinc);
  }
  records.varint(data.terms.length);
  for (const t of data.terms) {
    if (t.concept >= data.concepts.length) throw new DictionaryFormatError(`term "${t.key}" refers to a missing concept`);
    records.varint(ref(t.key));
    records.varint(t.concept);
    records.varint((t.exact !== undefined ? TERM_FLAG_EXACT : 0) | (t.shortOk ? TERM_FLAG_SHORT_OK : 0));
    if (t.exact !== undefined) records.varint(ref(t.exact));
  }
  const blob = new TextEncoder().encode(strings.join('\n'));
  const body = new ByteWriter();
  body.varint(strings.length);
  body.varint(blob.length);
  body.bytes(blob);
  body.bytes(records.result());
  return body.result();
}

export function encodeDictionary(data: DictionaryData): Uint8Array {
  const body = encodeBody(data);
  const header: DictionaryMeta = {
    id: data.id,
    name: data.name,
    contentHash: contentHash(body),
    formatVersion: FORMAT_VERSION,
    conceptCount: data.concepts.length,
    termCount: data.terms.length,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(4 + 1 + 4 + headerBytes.length + body.length);
  out.set(new TextEncoder().encode(FORMAT_MAGIC), 0);
  out[4] = FORMAT_VERSION;
  new DataView(out.buffer).setUint32(5, headerBytes.length, true);
  out.set(headerBytes, 9);
  out.set(body, 9 + headerBytes.length);
  return out;
}

function headerLength(bytes: Uint8Array): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(5, true);
}

/** Reads only the header: cheap, for listing and cache keys. */
export function readDictionaryMeta(bytes: Uint8Array): DictionaryMeta {
  if (bytes.length < 9 || new TextDecoder().decode(bytes.subarray(0, 4)) !== FORMAT_MAGIC) {
    throw new DictionaryFormatError('not a Glosa dictionary (the file does not start with GLSD)');
  }
  const version = bytes[4] as number;
  if (version !== FORMAT_VERSION) {
    throw new DictionaryFormatError(`dictionary format version ${version} is not supported (this Glosa reads version ${FORMAT_VERSION})`);
  }
  const length = headerLength(bytes);
  if (9 + length > bytes.length) throw new DictionaryFormatError('dictionary is truncated');
  try {
    return JSON.parse(new TextDecoder().decode(bytes.subarray(9, 9 + length))) as DictionaryMeta;
  } catch {
    throw new DictionaryFormatError('dictionary header is not valid JSON');
  }
}

/**
 * The string table as one decoded text and the start of each string in it: strings are sliced out
 * only when used, so loading a large dictionary allocates no per-string objects.
 */
export class StringTable {
  readonly count: number;
  private readonly starts: Uint32Array;

  /** `count` tells an empty table from a table of one empty string. */
  constructor(
    readonly text: string,
    count: number,
  ) {
    let lines = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines++;
    if (count === 0 ? text !== '' : lines !== count) throw new DictionaryFormatError('dictionary string table is damaged');
    this.count = count;
    this.starts = new Uint32Array(count + 1);
    let i = 1;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) this.starts[i++] = at + 1;
    this.starts[count] = text.length + 1;
  }

  static of(strings: readonly string[]): StringTable {
    return new StringTable(strings.join('\n'), strings.length);
  }

  /** UTF-16 start of string `i` in `text`. */
  start(i: number): number {
    return this.starts[i] as number;
  }

  /** UTF-16 end (exclusive) of string `i` in `text`. */
  end(i: number): number {
    return (this.starts[i + 1] as number) - 1;
  }

  get(i: number): string {
    if (i < 0 || i >= this.count) throw new DictionaryFormatError('dictionary refers to a missing string');
    return this.text.slice(this.start(i), this.end(i));
  }
}

/** The body split into its string table and a reader positioned at the concepts section. */
export interface DictionaryBody {
  readonly meta: DictionaryMeta;
  readonly strings: StringTable;
  readonly reader: ByteReader;
}

/** Checks header and hash and decodes the string table; the sections stay packed. */
export function openDictionary(bytes: Uint8Array): DictionaryBody {
  const meta = readDictionaryMeta(bytes);
  const body = bytes.subarray(9 + headerLength(bytes));
  if (contentHash(body) !== meta.contentHash) {
    throw new DictionaryFormatError('dictionary content does not match its hash (corrupted or truncated download)');
  }
  const reader = new ByteReader(body);
  const count = reader.varint();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(reader.bytes(reader.varint()));
  } catch (error) {
    if (error instanceof DictionaryFormatError) throw error;
    throw new DictionaryFormatError('dictionary strings are not valid UTF-8');
  }
  const strings = new StringTable(text, count);
  return { meta, strings, reader };
}

/** Reads one concept record at the reader's position. */
export function readConcept(reader: ByteReader, strings: StringTable): ConceptEntry {
  const str = (): string => strings.get(reader.varint());
  const list = (): string[] => {
    const out: string[] = new Array<string>(reader.varint());
    for (let i = 0; i < out.length; i++) out[i] = str();
    return out;
  };
  const cui = str();
  const preferredTerm = str();
  const semanticType = str();
  const categoryIndex = reader.varint();
  const tags = list().filter((t): t is ConceptTag => (CONCEPT_TAGS as readonly string[]).includes(t));
  const snomedCt = list();
  const icd10Cm = list();
  const icd9Cm = list();
  const loinc = list();
  const base = { cui, preferredTerm, semanticType, tags, snomedCt, icd10Cm, icd9Cm, loinc };
  const category: Category | undefined = categoryIndex === 0 ? undefined : CATEGORIES[categoryIndex - 1];
  return category === undefined ? base : { ...base, category };
}

/** Skips one concept record (for lazy loading). */
export function skipConcept(reader: ByteReader): void {
  for (let i = 0; i < 4; i++) reader.varint();
  for (let list = 0; list < 5; list++) {
    const n = reader.varint();
    for (let i = 0; i < n; i++) reader.varint();
  }
}

/** Decodes everything into plain data: for tools and tests; matching uses `loadDictionary`. */
export function decodeDictionary(bytes: Uint8Array): { meta: DictionaryMeta; data: DictionaryData } {
  const { meta, strings, reader } = openDictionary(bytes);
  const concepts: ConceptEntry[] = new Array<ConceptEntry>(reader.varint());
  for (let i = 0; i < concepts.length; i++) concepts[i] = readConcept(reader, strings);
  const terms: TermEntry[] = new Array<TermEntry>(reader.varint());
  for (let i = 0; i < terms.length; i++) {
    const key = strings.get(reader.varint());
    const concept = reader.varint();
    const flags = reader.varint();
    if (concept >= concepts.length) throw new DictionaryFormatError('dictionary term refers to a missing concept');
    const shortOk = (flags & TERM_FLAG_SHORT_OK) !== 0;
    if ((flags & TERM_FLAG_EXACT) !== 0) {
      terms[i] = { key, concept, shortOk, exact: strings.get(reader.varint()) };
    } else {
      terms[i] = { key, concept, shortOk };
    }
  }
  return { meta, data: { id: meta.id, name: meta.name, concepts, terms } };
}
