/**
 * Dictionaries kept in Cache Storage under their content hash (one synthetic URL per hash), so the
 * default dictionary and recently used URL dictionaries load without downloading. Only a few are
 * kept: each may weigh megabytes.
 */
export const DICTIONARY_CACHE = 'glosa-dictionaries';
export const MAX_CACHED_DICTIONARIES = 3;

/** The cache key: one synthetic URL per content hash. */
export function cacheKeyFor(baseUrl: string, contentHash: string): string {
  return new URL(`dict/by-hash/${encodeURIComponent(contentHash)}`, baseUrl).href;
}

export class DictionaryCache {
  private constructor(
    private readonly cache: Cache,
    private readonly baseUrl: string,
  ) {}

  /** Undefined where Cache Storage is not offered or refuses (plain HTTP from afar, opaque origins). */
  static async open(baseUrl: string, caches: CacheStorage | undefined): Promise<DictionaryCache | undefined> {
    if (caches === undefined) return undefined;
    try {
      return new DictionaryCache(await caches.open(DICTIONARY_CACHE), baseUrl);
    } catch {
      return undefined;
    }
  }

  async get(contentHash: string): Promise<Uint8Array | undefined> {
    const hit = await this.cache.match(cacheKeyFor(this.baseUrl, contentHash));
    return hit ? new Uint8Array(await hit.arrayBuffer()) : undefined;
  }

  /** Stores verified bytes, dropping the oldest entries beyond the limit. A full disk is not an error. */
  async put(contentHash: string, bytes: Uint8Array): Promise<void> {
    const key = cacheKeyFor(this.baseUrl, contentHash);
    try {
      const others = (await this.cache.keys()).filter((k) => k.url !== key);
      for (const old of others.slice(0, Math.max(0, others.length - (MAX_CACHED_DICTIONARIES - 1)))) await this.cache.delete(old);
      await this.cache.put(key, new Response(bytes.slice(), { headers: { 'content-type': 'application/octet-stream' } }));
    } catch {
      // Quota exceeded or storage unavailable: the dictionary is simply downloaded next time.
    }
  }

  async delete(contentHash: string): Promise<void> {
    await this.cache.delete(cacheKeyFor(this.baseUrl, contentHash));
  }
}
