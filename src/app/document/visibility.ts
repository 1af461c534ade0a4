/**
 * Drawing blocks as they come near the viewport, so a long note costs what is on screen, not its
 * length. One IntersectionObserver serves all blocks of a document; the tracker also tells when
 * the blocks in view have all drawn their arcs (the result is then "rendered").
 */
export interface DrawTracker {
  /** Calls `onVisible` once, when `el` first comes near the viewport; returns an unwatch function. */
  watch(el: Element, onVisible: () => void): () => void;
  /** A block that became visible has drawn its arcs. */
  drawn(): void;
  /** Settles now if no block is waiting to draw (e.g. a document without arcs). */
  settleIfIdle(): void;
  disconnect(): void;
}

export function createDrawTracker(onSettled: () => void, margin = '600px'): DrawTracker {
  const callbacks = new Map<Element, () => void>();
  let pending = 0;
  let settled = false;
  const settle = () => {
    if (settled || pending > 0) return;
    settled = true;
    onSettled();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        const cb = callbacks.get(e.target);
        if (!e.isIntersecting || !cb) continue;
        // Once drawn, a block stays drawn: no need to watch it further.
        callbacks.delete(e.target);
        observer.unobserve(e.target);
        pending++;
        cb();
      }
      settle();
    },
    { rootMargin: `${margin} 0px` },
  );
  return {
    watch(el, onVisible) {
      callbacks.set(el, onVisible);
      observer.observe(el);
      return () => {
        callbacks.delete(el);
        observer.unobserve(el);
      };
    },
    drawn() {
      pending = Math.max(0, pending - 1);
      settle();
    },
    settleIfIdle: settle,
    disconnect: () => observer.disconnect(),
  };
}
