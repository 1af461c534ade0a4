/**
 * A review prompt (reason, comment) beside what opened it, inside the viewport: fixed over the
 * page, below the opener (above it when there is no room), its first control focused without
 * scrolling, so nothing moves the page away. Closing gives focus back to the opener if it is still
 * there, else to the annotation's span.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { focusAnnotation } from './dom.ts';

const MARGIN = 8;

function anchorOf(id: number, opener: Element | null): Element | null {
  if (opener && opener !== document.body && opener.isConnected) return opener;
  return document.querySelector(`.doc [data-ann="${id}"]:not([data-frag])`);
}

export function PromptPopover({ id, label, children }: { id: number; label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  useLayoutEffect(() => {
    opener.current = document.activeElement;
    const el = box.current;
    if (!el) return;
    const place = () => {
      const anchor = anchorOf(id, opener.current)?.getBoundingClientRect();
      const { innerWidth: w, innerHeight: h } = window;
      const { width, height } = el.getBoundingClientRect();
      const below = anchor ? anchor.bottom + 4 : MARGIN;
      const top = anchor && below + height > h - MARGIN ? anchor.top - height - 4 : below;
      const left = anchor ? anchor.left : MARGIN;
      el.style.top = `${Math.max(MARGIN, Math.min(top, h - height - MARGIN))}px`;
      el.style.left = `${Math.max(MARGIN, Math.min(left, w - width - MARGIN))}px`;
    };
    place();
    el.querySelector<HTMLElement>('textarea, button, input')?.focus({ preventScroll: true });
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    const back = opener.current;
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      // The prompt is gone: focus goes back where it came from, without scrolling.
      // (Run before the box leaves the page: focus may still be inside it.)
      const at = document.activeElement;
      if (!at || at === document.body || el.contains(at)) {
        if (back instanceof HTMLElement && back.isConnected && !back.closest('.doc')) back.focus({ preventScroll: true });
        else focusAnnotation(id);
      }
    };
  }, [id]);
  return (
    <div ref={box} className="review-popover" role="dialog" aria-label={label}>
      {children}
    </div>
  );
}
