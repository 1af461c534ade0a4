/**
 * Review shortcuts, on the whole page but never while typing in a field:
 *   a correct · x wrong (then 1–7 picks the reason, 0 or Esc none) · u clear · c comment
 *   m missed concept (from the selected text) · n / p next / previous note of the batch
 * They act on the annotation that has focus in the document (else the selected one).
 */
import { useEffect } from 'react';
import { requestResultFocus } from '../state/resultFocus.ts';
import { useAppStore } from '../state/store.ts';
import { focusedAnnotation, isTyping, selectedNoteText } from './dom.ts';
import { REASONS } from './model.ts';
import { useReviewStore } from './store.ts';

export function handleReviewKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
  const review = useReviewStore.getState();
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;

  if (review.batch && (key === 'n' || key === 'p')) {
    const next = review.batch.index + (key === 'n' ? 1 : -1);
    e.preventDefault();
    if (next < 0 || next >= review.batch.notes.length)
      review.announce(key === 'n' ? 'Es la última nota del lote.' : 'Es la primera nota del lote.');
    else {
      // Focus goes to the next note's result once drawn, not to the page.
      requestResultFocus();
      void review.goTo(next);
    }
    return;
  }
  if (!review.enabled || !review.current) return;

  if (review.pendingReason !== null) {
    const n = /^[0-9]$/.test(key) ? Number(key) : NaN;
    if (n >= 1 && n <= REASONS.length) {
      e.preventDefault();
      review.giveReason((REASONS[n - 1] as (typeof REASONS)[number])[0]);
      return;
    }
    if (n === 0 || key === 'Escape') {
      e.preventDefault();
      review.giveReason(null);
      review.announce('Incorrecta, sin motivo.');
      return;
    }
  }

  if (key === 'm') {
    e.preventDefault();
    const text = review.current.text;
    const selected = selectedNoteText(text);
    const near = focusedAnnotation();
    const from = near === null ? 0 : (review.current.result.annotations.find((a) => a.id === near)?.match.end ?? 0);
    // Without a selection the form asks for the text, looked for from the focused annotation on.
    review.startMissed(selected ?? { begin: from, end: from, text: '' });
    return;
  }

  const id = focusedAnnotation() ?? useAppStore.getState().selectedId;
  if (!['a', 'x', 'u', 'c'].includes(key)) return;
  e.preventDefault();
  if (id === null || !review.current.result.annotations.some((a) => a.id === id)) {
    review.announce('Elija primero una anotación de la nota (flechas o j/k).');
    return;
  }
  if (key === 'a') review.mark(id, 'correct');
  else if (key === 'x') review.mark(id, 'wrong');
  else if (key === 'u') review.clear(id);
  else review.startComment(id);
}

export function useReviewKeys(): void {
  useEffect(() => {
    window.addEventListener('keydown', handleReviewKey);
    return () => window.removeEventListener('keydown', handleReviewKey);
  }, []);
}
