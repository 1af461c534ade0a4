import { describe, expect, it } from 'vitest';
import { DictionaryFormatError, FORMAT_VERSION } from '../core/index.ts';
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

/** A response whose body arrives in chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number): Response {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Response(stream);
}

/** Cache Storage in memory: enough of the API for the loader. */
function memoryCaches(): CacheStorage & { store: Map<string, Uint8Array> } {
  const store = new Map<string, Uint8Array>();
  const cache = {
    match: async (key: string) => {
      const bytes = store.get(key);
      return bytes ? new Response(bytes.slice()) : undefined;
    },
    put: async (key: string, response: Response) => void store.set(key, new Uint8Array(await response.arrayBuffer())),
    keys: async () => [...store.keys()].map((url) => new Request(url)),
    delete: async (key: string | Request) => store.delete(typeof key === 'string' ? key : key.url),
  };
  const opened: string[] = [];
  return {
    store,
    open: async (name: string) => {
      opened.push(name);
      return cache as unknown as Cache;
    },
  } as unknown as CacheStorage & { store: Map<string, Uint8Array> };
}

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
    expect([...caches.store.keys()]).toEqual([cacheKeyFor(BASE, 'abc123')]);

    const second = deps(FORMAT_VERSION, caches);
    const again = await loadDictionaryBytes(BASE, () => {}, second.d);
    expect(again.source).toBe('cache');
    expect(again.bytes).toEqual(BYTES);
    expect(second.requests).toEqual([`${BASE}dict/manifest.json`]);
  });

  it('drops dictionaries cached under another hash when a new one is stored', async () => {
    const caches = memoryCaches();
    caches.store.set(cacheKeyFor(BASE, 'old'), new Uint8Array([1]));
    await loadDictionaryBytes(BASE, () => {}, deps(FORMAT_VERSION, caches).d);
    expect([...caches.store.keys()]).toEqual([cacheKeyFor(BASE, 'abc123')]);
    expect(DICTIONARY_CACHE).toBe('glosa-dictionaries');
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
