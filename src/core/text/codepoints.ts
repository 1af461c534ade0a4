/**
 * The one place where UTF-16 indices (JavaScript strings) and Unicode code points (the contract's
 * offsets, as Python counts them) are converted. Text without surrogate pairs takes a fast path.
 */
export interface OffsetConverter {
  /** Code-point offset of a UTF-16 index (an index inside a pair maps to the pair's code point). */
  toCodePoint(utf16Index: number): number;
  /** UTF-16 index of a code-point offset. */
  toUtf16(codePointOffset: number): number;
  /** Length of the text in code points. */
  readonly codePointLength: number;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

const HIGH_SURROGATE = /[\ud800-\udbff]/;

export function createOffsetConverter(text: string): OffsetConverter {
  // Positions (UTF-16) of the second unit of each well-formed surrogate pair, ascending.
  const pairSeconds: number[] = [];
  const firstHigh = text.search(HIGH_SURROGATE);
  for (let i = firstHigh < 0 ? text.length : firstHigh; i + 1 < text.length; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) {
      pairSeconds.push(i + 1);
      i++;
    }
  }
  if (pairSeconds.length === 0) {
    return { toCodePoint: (i) => i, toUtf16: (c) => c, codePointLength: text.length };
  }
  /** Number of pair-second units strictly before UTF-16 index `i`. */
  const pairsBefore = (i: number): number => {
    let lo = 0;
    let hi = pairSeconds.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((pairSeconds[mid] as number) < i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    toCodePoint: (i) => i - pairsBefore(i + 1),
    toUtf16: (c) => {
      // The k-th pair second shifts every later code point by one more unit.
      let lo = 0;
      let hi = pairSeconds.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const second = pairSeconds[mid] as number;
        // Code point offset of the pair that ends at `second` is second - 1 - mid.
        if (second - 1 - mid < c) lo = mid + 1;
        else hi = mid;
      }
      return c + lo;
    },
    codePointLength: text.length - pairSeconds.length,
  };
}

/** Slices `text` by code-point offsets. */
export function sliceCodePoints(text: string, begin: number, end: number): string {
  const converter = createOffsetConverter(text);
  return text.slice(converter.toUtf16(begin), converter.toUtf16(end));
}
