import { describe, expect, it } from 'vitest';
import { DictionaryFormatError, FORMAT_VERSION } from '../core/index.ts';
import { MAX_CACHED_DICTIONARIES } from './dictionary-cache.ts';
import { chunked, memoryCaches } from './test-doubles.ts';
import {
  cacheKeyFor,
  DICTIONARY_CACHE,
  loadDictionaryBytes,
  readWithProgress,
  type LoadProgress,
  type SourceDeps,
} from './dictionary-source.ts';

const BASE = 'http://app.test/';
const BYTES = new Uint8Array(Array.from({ length: 1000 }, (_, i) => i % 251));

function deps(formatVersion = FORMAT_VERSION, caches: CacheStorage | undefined = memoryCaches()) {
  const requests: string[] = [];
  const manifest = {
    default: { file: 'glosa-default-es.abc123.glsd', bytes: BYTES.length, contentHash: 'abc123', formatVersion, id: 'glosa-default-es' },
  };
  const fetchImpl = async (url: string | URL | Request) => {
    const href = String(url);
    requests.push(href);
    if (href === `${BASE}dict/manifest.json`) return new Response(JSON.stringify(manifest));
    if (href === `${BASE}dict/glosa-default-es.abc123.glsd`) return chunked(BYTES, 256);
    return new Response('not found', { status: 404 });
  };
  const d: SourceDeps = { fetch: fetchImpl as typeof fetch, caches };
  return { d, requests };
}

describe('dictionary source', () => {
  it('streams the file with progress, then serves the next load from the cache', async () => {
    const caches = memoryCaches();
    const first = deps(FORMAT_VERSION, caches);
    const progress: LoadProgress[] = [];
    const loaded = await loadDictionaryBytes(BASE, (p) => progress.push(p), first.d);
    expect(loaded.source).toBe('network');
    expect(loaded.bytes).toEqual(BYTES);
    expect(progress.map((p) => p.loaded)).toEqual([0, 256, 512, 768, 1000]);
    expect(progress.every((p) => p.total === 1000)).toBe(true);
    // Nothing is cached until the worker has verified the bytes.
    expect(caches.store.size).toBe(0);
    await loaded.remember();
    expect([...caches.store.keys()]).toEqual([cacheKeyFor(BASE, 'abc123')]);

    const second = deps(FORMAT_VERSION, caches);
    const again = await loadDictionaryBytes(BASE, () => {}, second.d);
    expect(again.source).toBe('cache');
    expect(again.bytes).toEqual(BYTES);
    expect(second.requests).toEqual([`${BASE}dict/manifest.json`]);
  });

  it('keeps a few dictionaries, dropping the oldest when a new one is stored', async () => {
    const caches = memoryCaches();
    for (const hash of ['old1', 'old2', 'old3']) caches.store.set(cacheKeyFor(BASE, hash), new Uint8Array([1]));
    await (await loadDictionaryBytes(BASE, () => {}, deps(FORMAT_VERSION, caches).d)).remember();
    expect([...caches.store.keys()]).toEqual([cacheKeyFor(BASE, 'old2'), cacheKeyFor(BASE, 'old3'), cacheKeyFor(BASE, 'abc123')]);
    expect(MAX_CACHED_DICTIONARIES).toBe(3);
    expect(DICTIONARY_CACHE).toBe('glosa-dictionaries');
  });

  it('forgets a cached copy that proved unreadable', async () => {
    const caches = memoryCaches();
    caches.store.set(cacheKeyFor(BASE, 'abc123'), new Uint8Array([9, 9]));
    const loaded = await loadDictionaryBytes(BASE, () => {}, deps(FORMAT_VERSION, caches).d);
    expect(loaded.source).toBe('cache');
    await loaded.forget();
    expect(caches.store.size).toBe(0);
  });

  it('works without Cache Storage (always from the network)', async () => {
    const d: SourceDeps = { ...deps().d, caches: undefined };
    expect((await loadDictionaryBytes(BASE, () => {}, d)).source).toBe('network');
    expect((await loadDictionaryBytes(BASE, () => {}, d)).source).toBe('network');
  });

  it('refuses an unknown format version before downloading it', async () => {
    const { d, requests } = deps(FORMAT_VERSION + 1);
    const error = await loadDictionaryBytes(BASE, () => {}, d).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DictionaryFormatError);
    expect(String((error as Error).message)).toContain(`format version ${FORMAT_VERSION + 1} is not supported`);
    expect(requests).toEqual([`${BASE}dict/manifest.json`]);
  });

  it('reports progress when the server sends no length and the body in one piece', async () => {
    const progress: LoadProgress[] = [];
    const bytes = await readWithProgress(new Response(BYTES), 0, (p) => progress.push(p));
    expect(bytes).toEqual(BYTES);
    expect(progress.at(-1)).toEqual({ loaded: 1000, total: 1000 });
  });
});
