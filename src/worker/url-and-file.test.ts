import { describe, expect, it } from 'vitest';
import {
  DictionaryFormatError,
  encodeDictionary,
  FORMAT_VERSION,
  loadDictionary,
  readDictionaryMeta,
  type DictionaryData,
} from '../core/index.ts';
import { cacheKeyFor, loadFileBytes, loadUrlBytes, type LoadProgress, type SourceDeps } from './dictionary-source.ts';
import { contentLength, headerOf, readStream } from './stream.ts';
import { chunked, memoryCaches } from './test-doubles.ts';

const BASE = 'http://app.test/';
const CHUNK = 64;

/** A real (small) dictionary, big enough to span many chunks. */
function dictionary(id = 'mine'): Uint8Array {
  const concepts = Array.from({ length: 40 }, (_, i) => ({
    cui: `C99${String(i).padStart(5, '0')}`,
    preferredTerm: `término ${i}`,
    semanticType: 'Sign or Symptom',
    category: 'Finding' as const,
    tags: [],
    snomedCt: [],
    icd10Cm: [],
    icd9Cm: [],
    loinc: [],
  }));
  const data: DictionaryData = {
    id,
    name: id,
    concepts,
    terms: concepts.map((_, i) => ({ key: `termino ${i}`, concept: i, shortOk: false })),
  };
  return encodeDictionary(data);
}

function server(bytes: Uint8Array, caches: CacheStorage | undefined = memoryCaches()) {
  const sent = { chunks: 0 };
  const requests: string[] = [];
  const fetchImpl = async (url: string | URL | Request) => {
    requests.push(String(url));
    if (String(url).startsWith('http://down.test/')) throw new TypeError('Failed to fetch');
    if (!String(url).endsWith('.glsd')) return new Response('no', { status: 404 });
    return chunked(bytes, CHUNK, { sent, headers: { 'content-length': String(bytes.length) } });
  };
  const deps: SourceDeps = { fetch: fetchImpl as typeof fetch, caches };
  return { deps, sent, requests };
}

const totalChunks = (bytes: Uint8Array) => Math.ceil(bytes.length / CHUNK);

describe('dictionaries from a URL', () => {
  it('streams with progress against Content-Length, then is cached under its content hash once verified', async () => {
    const bytes = dictionary();
    const caches = memoryCaches();
    const { deps, sent } = server(bytes, caches);
    const progress: LoadProgress[] = [];
    const loaded = await loadUrlBytes('/x/mine.glsd', BASE, (p) => progress.push(p), deps);
    expect(loaded.source).toBe('network');
    expect(loaded.bytes).toEqual(bytes);
    expect(loaded.contentHash).toBe(readDictionaryMeta(bytes).contentHash);
    expect(sent.chunks).toBe(totalChunks(bytes));
    expect(progress.length).toBe(totalChunks(bytes) + 1);
    expect(progress.every((p) => p.total === bytes.length)).toBe(true);
    expect(progress.at(-1)?.loaded).toBe(bytes.length);
    expect(caches.store.size).toBe(0);
    loadDictionary(loaded.bytes);
    await loaded.remember();
    expect([...caches.store.keys()]).toEqual([cacheKeyFor(BASE, loaded.contentHash)]);
  });

  it('reads a dictionary already cached under the header hash without downloading the rest', async () => {
    const bytes = dictionary();
    const caches = memoryCaches();
    await (await loadUrlBytes('http://other.test/mine.glsd', BASE, () => {}, server(bytes, caches).deps)).remember();
    const again = server(bytes, caches);
    const loaded = await loadUrlBytes('http://other.test/mine.glsd', BASE, () => {}, again.deps);
    expect(loaded.source).toBe('cache');
    expect(loaded.bytes).toEqual(bytes);
    expect(again.sent.chunks).toBeLessThan(totalChunks(bytes) / 2);
  });

  it('stops at the first bytes of a file that is not a Glosa dictionary', async () => {
    const junk = new TextEncoder().encode('<html>' + 'x'.repeat(5000) + '</html>');
    const { deps, sent } = server(junk);
    const error = await loadUrlBytes('/junk.glsd', BASE, () => {}, deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DictionaryFormatError);
    expect((error as Error).message).toContain('not a Glosa dictionary');
    expect(sent.chunks).toBe(1);
  });

  it('refuses an unknown format version with the core message', async () => {
    const bytes = dictionary();
    bytes[4] = FORMAT_VERSION + 7;
    const error = await loadUrlBytes('/v9.glsd', BASE, () => {}, server(bytes).deps).catch((e: unknown) => e);
    expect((error as Error).message).toContain(`format version ${FORMAT_VERSION + 7} is not supported`);
  });

  it('explains HTTP errors, unreachable or CORS-refused servers, and non-http URLs', async () => {
    const { deps } = server(dictionary());
    await expect(loadUrlBytes('/missing.json', BASE, () => {}, deps)).rejects.toThrow(
      'http://app.test/missing.json could not be fetched (HTTP 404)',
    );
    await expect(loadUrlBytes('http://down.test/a.glsd', BASE, () => {}, deps)).rejects.toThrow(/CORS/);
    await expect(loadUrlBytes('file:///etc/a.glsd', BASE, () => {}, deps)).rejects.toThrow('only http and https');
  });

  it('works without Cache Storage', async () => {
    const bytes = dictionary();
    const loaded = await loadUrlBytes('/mine.glsd', BASE, () => {}, server(bytes, undefined).deps);
    await loaded.remember();
    expect(loaded.source).toBe('network');
  });
});

describe('dictionaries from a local file', () => {
  it('reads the file in chunks with progress against its size', async () => {
    const bytes = dictionary('from-file');
    const progress: LoadProgress[] = [];
    const loaded = await loadFileBytes(new Blob([bytes.slice()]), (p) => progress.push(p));
    expect(loaded.source).toBe('file');
    expect(loaded.bytes).toEqual(bytes);
    expect(loaded.contentHash).toBe(readDictionaryMeta(bytes).contentHash);
    expect(progress.at(-1)).toEqual({ loaded: bytes.length, total: bytes.length });
  });

  it('refuses a file that is not a dictionary, or too short to be one', async () => {
    await expect(loadFileBytes(new Blob(['hola, esto no es un diccionario']), () => {})).rejects.toThrow('not a Glosa dictionary');
    await expect(loadFileBytes(new Blob(['GL']), () => {})).rejects.toThrow('not a Glosa dictionary');
  });
});

describe('stream helpers', () => {
  it('finds the header only once all of it has arrived', async () => {
    const bytes = dictionary();
    const seen: (string | undefined)[] = [];
    await readStream(
      chunked(bytes, 8).body as ReadableStream<Uint8Array>,
      0,
      () => {},
      (received) => {
        seen.push(headerOf(received)?.id);
        return false;
      },
    );
    expect(seen[0]).toBeUndefined();
    expect(seen.at(-1)).toBe('mine');
  });

  it('trusts Content-Length only for bytes sent as they are', () => {
    expect(contentLength(new Response('x', { headers: { 'content-length': '10' } }))).toBe(10);
    expect(contentLength(new Response('x', { headers: { 'content-length': '10', 'content-encoding': 'gzip' } }))).toBe(0);
    expect(contentLength(new Response('x'))).toBe(0);
  });
});
