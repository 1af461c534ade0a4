import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticate, createKeyStore, generateApiKey, parseKeyList, parseKeysFile } from './auth.ts';
import { ServiceError } from './errors.ts';

describe('API keys', () => {
  it('recognises configured keys by a stable counter id and a keyed-HMAC log id', () => {
    const store = createKeyStore(['alpha-key-0123456789', 'beta-key-0123456789', 'alpha-key-0123456789'], { logSecret: 's1' });
    expect(store.size).toBe(2);
    const alpha = store.identify('alpha-key-0123456789');
    expect(alpha?.log).toMatch(/^[0-9a-f]{16}$/);
    expect(alpha?.counter).toBe(createHash('sha256').update('alpha-key-0123456789').digest('hex'));
    expect(store.identify('alpha-key-0123456789')).toEqual(alpha);
    expect(store.identify('beta-key-0123456789')?.log).not.toBe(alpha?.log);
    expect(store.identify('alpha-key-012345678')).toBeUndefined();
    expect(store.identify('')).toBeUndefined();
    // The log id depends on the secret: without it a log reader cannot test a guessed key.
    const other = createKeyStore(['alpha-key-0123456789'], { logSecret: 's2' }).identify('alpha-key-0123456789');
    expect(other?.log).not.toBe(alpha?.log);
    expect(other?.counter).toBe(alpha?.counter);
    expect(alpha?.log).not.toBe(alpha?.counter.slice(0, 16));
  });

  it('refuses keys shorter than 16 characters unless allowed, and replaces keys at once', () => {
    expect(() => createKeyStore(['k1', 'long-enough-key-0001'])).toThrow(/1 API key\(s\) shorter than 16/);
    expect(() => createKeyStore([' '])).toThrow(/at least one API key/);
    expect(createKeyStore(['k1'], { allowShortKeys: true }).identify('k1')).toBeDefined();
    const store = createKeyStore(['first-key-0123456789']);
    store.replace(['second-key-0123456789']);
    expect(store.identify('first-key-0123456789')).toBeUndefined();
    expect(store.identify('second-key-0123456789')).toBeDefined();
    expect(() => store.replace(['short'])).toThrow(/shorter/);
    expect(store.identify('second-key-0123456789')).toBeDefined();
  });

  it('answers missing and unknown keys with their codes', () => {
    const store = createKeyStore(['k1'], { allowShortKeys: true });
    const codeOf = (header: string | string[] | undefined) => {
      try {
        authenticate(store, header);
        return 'ok';
      } catch (error) {
        return (error as ServiceError).code;
      }
    };
    expect(codeOf(undefined)).toBe('missing_api_key');
    expect(codeOf('')).toBe('missing_api_key');
    expect(codeOf('k2')).toBe('invalid_api_key');
    expect(codeOf('k1')).toBe('ok');
    expect(codeOf(['k1', 'k2'])).toBe('ok');
  });

  it('reads key lists and key files', () => {
    expect(parseKeyList(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(parseKeyList(undefined)).toEqual([]);
    expect(parseKeysFile('# keys\nfirst\r\n\n  second  \n#not-a-key\n')).toEqual(['first', 'second']);
  });

  it('generates distinct URL-safe keys', () => {
    const a = generateApiKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(generateApiKey()).not.toBe(a);
  });
});
