/** What review mode reads from the page: the focused annotation, a text selection in the note, typing. */

/** True while the user types in a field: review shortcuts must not fire then. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable || el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/** The annotation that has keyboard focus in the document, if any. */
export function focusedAnnotation(): number | null {
  const el = (document.activeElement as Element | null)?.closest?.('.doc [data-ann]');
  const id = el?.getAttribute('data-ann');
  return id === null || id === undefined ? null : Number(id);
}

/** Gives focus back to an annotation's span (after a prompt), making it the roving tab stop. */
export function focusAnnotation(id: number): void {
  const el = document.querySelector<HTMLElement>(`.doc [data-ann="${id}"]:not([data-frag])`);
  if (!el) return;
  for (const other of document.querySelectorAll<HTMLElement>('.doc [data-ann][tabindex="0"]')) if (other !== el) other.tabIndex = -1;
  el.tabIndex = 0;
  el.focus();
}

/** UTF-16 offset of a DOM point in the note: the block's start plus the note's text before it (date chips are not note text). */
function noteOffset(node: Node, offset: number): number | null {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  const block = element?.closest<HTMLElement>('.doc .block[data-begin]');
  if (!block) return null;
  const range = document.createRange();
  range.setStart(block, 0);
  range.setEnd(node, offset);
  const before = range.cloneContents();
  for (const extra of before.querySelectorAll('.timex-chip, svg')) extra.remove();
  return Number(block.dataset.begin) + (before.textContent ?? '').length;
}

/**
 * The selected stretch of the note, in code points, trimmed of surrounding spaces; null when
 * nothing (or nothing inside the note) is selected.
 */
export function selectedNoteText(text: string): { begin: number; end: number; text: string } | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  let start = noteOffset(range.startContainer, range.startOffset);
  let end = noteOffset(range.endContainer, range.endOffset);
  if (start === null || end === null) return null;
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  if (end <= start) return null;
  const begin = Array.from(text.slice(0, start)).length;
  const selected = text.slice(start, end);
  return { begin, end: begin + Array.from(selected).length, text: selected };
}

/** The first copy of `needle` in the note at or after code point `from` (else the first at all), in code points. */
export function findInNote(text: string, needle: string, from = 0): { begin: number; end: number; text: string } | null {
  const wanted = needle.trim();
  if (!wanted) return null;
  const fromUtf16 = Array.from(text).slice(0, from).join('').length;
  let at = text.indexOf(wanted, fromUtf16);
  if (at < 0) at = text.indexOf(wanted);
  if (at < 0) return null;
  const begin = Array.from(text.slice(0, at)).length;
  return { begin, end: begin + Array.from(wanted).length, text: wanted };
}
