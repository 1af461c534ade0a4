/**
 * API keys: kept only as SHA-256 digests, checked in constant time against every stored digest
 * (no early exit), so neither the keys nor the position of a match leak through timing.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ServiceError } from './errors.ts';

export const API_KEY_HEADER = 'apikey';

export interface KeyStore {
  /** How many keys are configured. */
  readonly size: number;
  /** A short, non-secret id of the presented key (for rate limiting), or undefined if unknown. */
  identify(presented: string): string | undefined;
}

function digest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export function createKeyStore(keys: readonly string[]): KeyStore {
  const digests = [...new Set(keys.map((k) => k.trim()).filter((k) => k !== ''))].map(digest);
  return {
    size: digests.length,
    identify(presented) {
      const candidate = digest(presented);
      let found: Buffer | undefined;
      for (const stored of digests) {
        if (timingSafeEqual(stored, candidate)) found = stored;
      }
      return found?.toString('hex').slice(0, 16);
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

/** The presented key's id, or a 401 ServiceError. */
export function authenticate(store: KeyStore, header: string | string[] | undefined): string {
  const presented = Array.isArray(header) ? header[0] : header;
  if (presented === undefined || presented === '') {
    throw new ServiceError('missing_api_key', `This endpoint needs an API key in the "${API_KEY_HEADER}" header.`);
  }
  const id = store.identify(presented);
  if (id === undefined) throw new ServiceError('invalid_api_key', 'The API key is not valid.');
  return id;
}
