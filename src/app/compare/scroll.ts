/** Synchronised scrolling of the side-by-side columns, as arithmetic on their sizes (no DOM here). */

export interface ScrollBox {
  readonly scrollTop: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/** The scroll position of `to` that shows the same proportion of its content as `from` does. */
export function syncedScrollTop(from: ScrollBox, to: Omit<ScrollBox, 'scrollTop'>): number {
  const range = from.scrollHeight - from.clientHeight;
  const ratio = range > 0 ? from.scrollTop / range : 0;
  return Math.round(ratio * Math.max(0, to.scrollHeight - to.clientHeight));
}
