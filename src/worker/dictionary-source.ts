/**
 * Where the worker's dictionary bytes come from: the default dictionary named by the manifest, a
 * URL (same-origin or CORS-enabled), or a local file. Downloads are streamed with progress; the
 * default and URL dictionaries are kept in Cache Storage under their content hash once the worker
 * has verified them, and read from there next time. Format version and magic are checked before
 * anything large is read.
 */
import { DictionaryFormatError, FORMAT_VERSION } from '../core/index.ts';
import { DictionaryCache } from './dictionary-cache.ts';
import { contentLength, headerOf, metaOf, readStream, readWithProgress, type LoadProgress } from './stream.ts';

export { cacheKeyFor, DICTIONARY_CACHE } from './dictionary-cache.ts';
export { readWithProgress, type LoadProgress } from './stream.ts';

export interface DictionaryManifestEntry {
  readonly file: string;
  readonly bytes: number;
  readonly contentHash: string;
  readonly formatVersion: number;
  readonly id: string;
}

export interface SourceDeps {
  readonly fetch: typeof fetch;
  /** Absent where Cache Storage is not offered (e.g. a page served over plain HTTP from afar). */
  readonly caches: CacheStorage | undefined;
}

export type DictionaryOrigin = 'network' | 'cache' | 'file';

export interface LoadedBytes {
  readonly bytes: Uint8Array;
  /** The hash the bytes must have: the manifest's for the default dictionary, else the header's. */
  readonly contentHash: string;
  readonly source: DictionaryOrigin;
  /** Keeps the bytes in Cache Storage; call once they have loaded (their hash is verified then). */
  readonly remember: () => Promise<void>;
  /** Drops a cached copy that turned out to be unreadable, so the next attempt downloads afresh. */
  readonly forget: () => Promise<void>;
}

const nothing = async (): Promise<void> => {};

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

function cached(cache: DictionaryCache | undefined, contentHash: string, bytes: Uint8Array, source: 'network' | 'cache'): LoadedBytes {
  return {
    bytes,
    contentHash,
    source,
    remember: source === 'network' && cache ? () => cache.put(contentHash, bytes) : nothing,
    forget: cache ? () => cache.delete(contentHash) : nothing,
  };
}

/** The default dictionary named by the manifest, from Cache Storage when present, else the network. */
export async function loadDictionaryBytes(baseUrl: string, onProgress: (p: LoadProgress) => void, deps: SourceDeps): Promise<LoadedBytes> {
  const entry = await fetchManifest(baseUrl, deps);
  const cache = await DictionaryCache.open(baseUrl, deps.caches);
  const hit = await cache?.get(entry.contentHash);
  if (hit) {
    onProgress({ loaded: hit.length, total: hit.length });
    return cached(cache, entry.contentHash, hit, 'cache');
  }
  const response = await deps.fetch(new URL(`dict/${entry.file}`, baseUrl).href);
  if (!response.ok) throw new Error(`the dictionary ${entry.file} could not be fetched (HTTP ${response.status})`);
  const bytes = await readWithProgress(response, entry.bytes, onProgress);
  return cached(cache, entry.contentHash, bytes, 'network');
}

/** An http(s) URL, resolved against the page (so "/dict/x.glsd" works). */
export function dictionaryUrl(url: string, baseUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim(), baseUrl);
  } catch {
    throw new Error(`"${url}" is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`only http and https URLs can be loaded, not ${parsed.protocol}`);
  return parsed.href;
}

/**
 * A dictionary at a URL. The header is read from the first bytes: an unknown format stops the
 * download there, and a dictionary already cached under the header's hash is read from the cache.
 */
export async function loadUrlBytes(
  url: string,
  baseUrl: string,
  onProgress: (p: LoadProgress) => void,
  deps: SourceDeps,
): Promise<LoadedBytes> {
  const href = dictionaryUrl(url, baseUrl);
  let response: Response;
  try {
    response = await deps.fetch(href);
  } catch {
    throw new Error(`${href} could not be fetched: the server is unreachable or does not allow cross-origin requests (CORS)`);
  }
  if (!response.ok) throw new Error(`${href} could not be fetched (HTTP ${response.status})`);
  const cache = await DictionaryCache.open(baseUrl, deps.caches);
  const found: { contentHash?: string | undefined; bytes?: Uint8Array | undefined } = {};
  const stream = response.body ?? new Blob([await response.arrayBuffer()]).stream();
  const bytes = await readStream(stream, contentLength(response), onProgress, async (received) => {
    if (found.contentHash !== undefined) return false;
    found.contentHash = headerOf(received)?.contentHash;
    if (found.contentHash === undefined || cache === undefined) return false;
    found.bytes = await cache.get(found.contentHash);
    return found.bytes !== undefined;
  });
  if (found.bytes !== undefined && found.contentHash !== undefined) {
    onProgress({ loaded: found.bytes.length, total: found.bytes.length });
    return cached(cache, found.contentHash, found.bytes, 'cache');
  }
  const all = bytes as Uint8Array;
  return cached(cache, found.contentHash ?? metaOf(all).contentHash, all, 'network');
}

/** A file picked by the user, read in the worker (a Blob crosses to the worker without copying its bytes). */
export async function loadFileBytes(file: Blob, onProgress: (p: LoadProgress) => void): Promise<LoadedBytes> {
  // Checking the header as the first chunk arrives refuses a wrong file without reading all of it.
  let seen = false;
  const bytes = (await readStream(file.stream(), file.size, onProgress, (received) => {
    seen ||= headerOf(received) !== undefined;
    return false;
  })) as Uint8Array;
  return { bytes, contentHash: metaOf(bytes).contentHash, source: 'file', remember: nothing, forget: nothing };
}
