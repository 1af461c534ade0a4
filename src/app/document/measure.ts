/** Reads link anchors from the rendered spans (one read pass, no writes in between). */
import type { Anchor, ArcRequest } from './arcs.ts';
import type { Link } from './marks.ts';

export function measureLinks(container: HTMLElement, links: readonly Link[]): ArcRequest[] {
  if (links.length === 0) return [];
  const origin = container.getBoundingClientRect();
  // Lines are line-height apart; spans on one line differ by a pixel or two of padding at most.
  const lineHeight = parseFloat(getComputedStyle(container).lineHeight) || 1;
  const elements = new Map<string, Element>();
  for (const el of container.querySelectorAll('[data-ann]:not([data-frag]), [data-cue]:not([data-frag])')) {
    const ann = el.getAttribute('data-ann');
    elements.set(ann !== null ? `a${ann}` : (el.getAttribute('data-cue') ?? ''), el);
  }
  const anchors = new Map<string, Anchor | null>();
  const anchor = (key: string): Anchor | null => {
    let a = anchors.get(key);
    if (a === undefined) {
      const box = elements.get(key)?.getClientRects()[0];
      const top = box ? box.top - origin.top : 0;
      a = box ? { x: box.left + box.width / 2 - origin.left, top, line: Math.floor((top + 2) / lineHeight) } : null;
      anchors.set(key, a);
    }
    return a;
  };
  const requests: ArcRequest[] = [];
  for (const link of links) {
    const from = anchor(link.from);
    const to = anchor(link.to);
    if (from && to) requests.push({ key: link.key, label: link.label, from, to });
  }
  return requests;
}
