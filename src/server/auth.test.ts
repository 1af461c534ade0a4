import { describe, expect, it } from 'vitest';
import { authenticate, createKeyStore, generateApiKey, parseKeyList, parseKeysFile } from './auth.ts';
import { ServiceError } from './errors.ts';

describe('API keys', () => {
  it('recognises configured keys by a stable non-secret id', () => {
    const store = createKeyStore(['alpha-key', 'beta-key', 'alpha-key']);
    expect(store.size).toBe(2);
    const alpha = store.identify('alpha-key');
    expect(alpha).toMatch(/^[0-9a-f]{16}$/);
    expect(store.identify('alpha-key')).toBe(alpha);
    expect(store.identify('beta-key')).not.toBe(alpha);
    expect(store.identify('alpha-ke')).toBeUndefined();
    expect(store.identify('')).toBeUndefined();
  });

  it('answers missing and unknown keys with their codes', () => {
    const store = createKeyStore(['k1']);
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
