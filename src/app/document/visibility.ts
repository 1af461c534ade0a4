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

export function createDrawTracker(onSettled: () => void, margin = 600): DrawTracker {
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
    { rootMargin: `${margin}px 0px` },
  );
  return {
    watch(el, onVisible) {
      // A block already in the viewport draws now, in the same commit, rather than after the
      // observer's first report (which comes only after a frame painted with the plain text); the
      // observer still draws those coming near. Blocks are watched one after another from layout
      // effects, with no DOM writes in between: one layout for all these reads.
      const box = el.getBoundingClientRect();
      if (box.bottom >= 0 && box.top <= window.innerHeight) {
        pending++;
        onVisible();
        return () => {};
      }
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
