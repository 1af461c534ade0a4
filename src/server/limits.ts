/** Size limits of a request: text length in code points (as the contract counts) and body bytes. */
import { ServiceError } from './errors.ts';

export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** The text's length in code points, or a 413 ServiceError when it is over the limit. */
export function checkTextLength(text: string, maxCodePoints: number): number {
  const length = codePointLength(text);
  if (length > maxCodePoints) {
    throw new ServiceError(
      'text_too_long',
      `The text has ${length} characters; this service accepts at most ${maxCodePoints} per request.`,
    );
  }
  return length;
}

/**
 * A body limit that always admits a text at the length limit: JSON may escape a code point as
 * two `\uXXXX` escapes (12 bytes), plus room for `config`.
 */
export function defaultBodyLimitBytes(maxCodePoints: number): number {
  return maxCodePoints * 12 + 64 * 1024;
}
