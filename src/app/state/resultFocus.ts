/**
 * After «Anotar» (or Ctrl+Intro), focus and scroll go to the result once it is drawn; an
 * annotation made while typing (local mode's debounce) leaves focus in the text box.
 */
let wanted = false;

export function requestResultFocus(): void {
  wanted = true;
}

/** Focuses and scrolls to the result, if «Anotar» asked for it since the last time. */
export function focusResultIfWanted(): void {
  if (!wanted) return;
  wanted = false;
  const target = document.getElementById('result-start');
  if (!target) return;
  target.focus({ preventScroll: true });
  // The heading is visually hidden: the bar it opens is what comes to the top.
  (target.parentElement ?? target).scrollIntoView({ block: 'start' });
}
