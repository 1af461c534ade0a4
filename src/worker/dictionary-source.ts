/**
 * Fetching the compiled dictionary: the manifest names the content-hashed file; the bytes are
 * streamed with progress and kept in Cache Storage under the content hash, so the next load reads
 * them locally. The format version is checked before anything is downloaded.
 */
import { DictionaryFormatError, FORMAT_VERSION } from '../core/index.ts';

export interface DictionaryManifestEntry {
  readonly file: string;
  readonly bytes: number;
  readonly contentHash: string;
  readonly formatVersion: number;
  readonly id: string;
}

export interface LoadProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface DictionaryBytes {
  readonly bytes: Uint8Array;
  readonly entry: DictionaryManifestEntry;
  readonly source: 'network' | 'cache';
}

export interface SourceDeps {
  readonly fetch: typeof fetch;
  /** Absent where Cache Storage is not offered (e.g. a page served over plain HTTP from afar). */
  readonly caches: CacheStorage | undefined;
}

export const DICTIONARY_CACHE = 'glosa-dictionaries';

function parseManifest(data: unknown): DictionaryManifestEntry {
  const entry = (data as { default?: Record<string, unknown> } | null)?.default;
  if (
    typeof entry?.file !== 'string' ||
    typeof entry.bytes !== 'number' ||
    typeof entry.contentHash !== 'string' ||
    typeof entry.formatVersion !== 'number' ||
    typeof entry.id !== 'string' ||
    !/^[\w.-]+$/.test(entry.file)
  ) {
    throw new DictionaryFormatError('dictionary manifest is malformed (expected {"default": {"file", "bytes", "contentHash", ...}})');
  }
  return entry as unknown as DictionaryManifestEntry;
}

/** The cache key: one synthetic URL per content hash. */
export function cacheKeyFor(baseUrl: string, contentHash: string): string {
  return new URL(`dict/by-hash/${encodeURIComponent(contentHash)}`, baseUrl).href;
}

/** Reads a response body chunk by chunk, reporting bytes received. */
export async function readWithProgress(response: Response, total: number, onProgress: (p: LoadProgress) => void): Promise<Uint8Array> {
  if (response.body === null) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress({ loaded: bytes.length, total: Math.max(total, bytes.length) });
    return bytes;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress({ loaded, total: Math.max(total, loaded) });
  }
  const bytes = new Uint8Array(loaded);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

export async function fetchManifest(baseUrl: string, deps: SourceDeps): Promise<DictionaryManifestEntry> {
  const response = await deps.fetch(new URL('dict/manifest.json', baseUrl).href, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`the dictionary manifest could not be fetched (HTTP ${response.status})`);
  const entry = parseManifest(await response.json());
  if (entry.formatVersion !== FORMAT_VERSION) {
    throw new DictionaryFormatError(
      `dictionary format version ${entry.formatVersion} is not supported (this Glosa reads version ${FORMAT_VERSION}); reload the page to get a matching app`,
    );
  }
  return entry;
}

/** The dictionary bytes named by the manifest, from Cache Storage when present, else the network. */
export async function loadDictionaryBytes(
  baseUrl: string,
  onProgress: (p: LoadProgress) => void,
  deps: SourceDeps,
): Promise<DictionaryBytes> {
  const entry = await fetchManifest(baseUrl, deps);
  const key = cacheKeyFor(baseUrl, entry.contentHash);
  const cache = deps.caches ? await deps.caches.open(DICTIONARY_CACHE) : undefined;
  const cached = await cache?.match(key);
  if (cached) {
    const bytes = new Uint8Array(await cached.arrayBuffer());
    onProgress({ loaded: bytes.length, total: bytes.length });
    return { bytes, entry, source: 'cache' };
  }
  const response = await deps.fetch(new URL(`dict/${entry.file}`, baseUrl).href);
  if (!response.ok) throw new Error(`the dictionary ${entry.file} could not be fetched (HTTP ${response.status})`);
  const bytes = await readWithProgress(response, entry.bytes, onProgress);
  if (cache) {
    // Only one dictionary is kept: older hashes are dropped as the new one is stored.
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(bytes.slice(), { headers: { 'content-type': 'application/octet-stream' } }));
  }
  return { bytes, entry, source: 'network' };
}

/** Drops a cached copy that turned out to be unreadable, so the next attempt downloads afresh. */
export async function forgetCachedDictionary(baseUrl: string, contentHash: string, deps: SourceDeps): Promise<void> {
  const cache = deps.caches ? await deps.caches.open(DICTIONARY_CACHE) : undefined;
  await cache?.delete(cacheKeyFor(baseUrl, contentHash));
}
