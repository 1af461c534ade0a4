/**
 * Content hash of dictionary bytes: two independent 32-bit multiplicative hashes (MurmurHash3's
 * mixing) over the bytes taken four at a time, printed as 16 hex digits. It names a dictionary for
 * caching and integrity checks; it is not a defence against tampering.
 */
export function contentHash(bytes: Uint8Array): string {
  let h1 = 0xdeadbeef ^ bytes.length;
  let h2 = 0x41c6ce57 ^ bytes.length;
  const words = bytes.length >>> 2;
  for (let w = 0, i = 0; w < words; w++, i += 4) {
    const k = (bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24);
    h1 = Math.imul(h1 ^ k, 2654435761);
    h1 = (h1 << 13) | (h1 >>> 19);
    h2 = Math.imul(h2 ^ k, 1597334677);
    h2 = (h2 << 15) | (h2 >>> 17);
  }
  for (let i = words * 4; i < bytes.length; i++) {
    h1 = Math.imul(h1 ^ (bytes[i] as number), 2654435761);
    h2 = Math.imul(h2 ^ (bytes[i] as number), 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}
