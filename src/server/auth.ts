/**
 * API keys: kept only as SHA-256 digests, checked in constant time against every stored digest
 * (no early exit), so neither the keys nor the position of a match leak through timing. A key
 * has two ids: one for rate-limit counters (the digest, the same on every instance so they share
 * one count) and one for logs (a keyed HMAC, so a log reader cannot test guesses against it).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ServiceError } from './errors.ts';

export const API_KEY_HEADER = 'apikey';
/** Shorter keys can be guessed; `allowShortKeys` admits them for local tests only. */
export const MIN_KEY_LENGTH = 16;

export interface KeyIds {
  /** Id of the key's rate-limit counter: its SHA-256, hex. */
  readonly counter: string;
  /** Id written to logs: HMAC-SHA256 under the log secret, 16 hex digits. */
  readonly log: string;
}

export interface KeyStore {
  /** How many keys are configured. */
  readonly size: number;
  /** The presented key's ids, or undefined if it is not a configured key. */
  identify(presented: string): KeyIds | undefined;
  /** Replaces every key at once (keys file reloaded on SIGHUP); checked like the first set. */
  replace(keys: readonly string[]): void;
}

export interface KeyStoreOptions {
  /** Secret of the log ids; random when not given (ids then differ between runs). */
  readonly logSecret?: string;
  readonly allowShortKeys?: boolean;
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** The distinct configured keys, or an error naming how many are too short (never the keys). */
export function checkedKeys(keys: readonly string[], allowShortKeys = false): string[] {
  const distinct = [...new Set(keys.map((k) => k.trim()).filter((k) => k !== ''))];
  if (distinct.length === 0) throw new Error('the service needs at least one API key');
  const short = distinct.filter((k) => [...k].length < MIN_KEY_LENGTH).length;
  if (short > 0 && !allowShortKeys) {
    throw new Error(
      `${short} API key(s) shorter than ${MIN_KEY_LENGTH} characters; use longer keys (glosa serve generates one when none is given)`,
    );
  }
  return distinct;
}

export function createKeyStore(keys: readonly string[], options: KeyStoreOptions = {}): KeyStore {
  const logSecret = options.logSecret ?? randomBytes(32).toString('hex');
  // Ids computed once per key, not per request.
  const idsOf = (stored: Buffer): KeyIds => ({
    counter: stored.toString('hex'),
    log: createHmac('sha256', logSecret).update(stored).digest('hex').slice(0, 16),
  });
  let digests = checkedKeys(keys, options.allowShortKeys).map(digest);
  let ids = new Map(digests.map((d) => [d, idsOf(d)]));
  return {
    get size() {
      return digests.length;
    },
    identify(presented) {
      const candidate = digest(presented);
      let found: Buffer | undefined;
      for (const stored of digests) {
        if (timingSafeEqual(stored, candidate)) found = stored;
      }
      return found === undefined ? undefined : ids.get(found);
    },
    replace(next) {
      digests = checkedKeys(next, options.allowShortKeys).map(digest);
      ids = new Map(digests.map((d) => [d, idsOf(d)]));
    },
  };
}

/** Keys from `GLOSA_API_KEYS` style text: comma-separated. */
export function parseKeyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** Keys from a keys file: one a line; blank lines and lines starting with # are ignored. */
export function parseKeysFile(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A fresh random key (192 bits, URL-safe). */
export function generateApiKey(): string {
  return randomBytes(24).toString('base64url');
}

/** The presented key's ids, or a 401 ServiceError. */
export function authenticate(store: KeyStore, header: string | string[] | undefined): KeyIds {
  const presented = Array.isArray(header) ? header[0] : header;
  if (presented === undefined || presented === '') {
    throw new ServiceError('missing_api_key', `This endpoint needs an API key in the "${API_KEY_HEADER}" header.`);
  }
  const ids = store.identify(presented);
  if (ids === undefined) throw new ServiceError('invalid_api_key', 'The API key is not valid.');
  return ids;
}
