import { describe, expect, it } from 'vitest';
import { syncedScrollTop } from './scroll.ts';

describe('syncedScrollTop', () => {
  it('moves the other column to the same proportion of its scrollable height', () => {
    const from = { scrollTop: 300, scrollHeight: 1400, clientHeight: 200 };
    expect(syncedScrollTop(from, { scrollHeight: 1400, clientHeight: 200 })).toBe(300);
    // A quarter of the way down in a taller column.
    expect(syncedScrollTop(from, { scrollHeight: 2600, clientHeight: 200 })).toBe(600);
    expect(syncedScrollTop({ ...from, scrollTop: 1200 }, { scrollHeight: 1000, clientHeight: 300 })).toBe(700);
  });

  it('keeps to the top when either column does not scroll', () => {
    expect(syncedScrollTop({ scrollTop: 0, scrollHeight: 200, clientHeight: 200 }, { scrollHeight: 900, clientHeight: 200 })).toBe(0);
    expect(syncedScrollTop({ scrollTop: 500, scrollHeight: 900, clientHeight: 200 }, { scrollHeight: 150, clientHeight: 200 })).toBe(0);
  });
});
