/** In local mode the note is annotated again as it changes, once typing pauses. */
import { useEffect } from 'react';
import { useAppStore } from './store.ts';

export const DEBOUNCE_MS = 400;

export function useDebouncedSubmit(): void {
  const mode = useAppStore((s) => s.mode);
  const text = useAppStore((s) => s.text);
  const textDatetime = useAppStore((s) => s.textDatetime);
  const submit = useAppStore((s) => s.submit);
  useEffect(() => {
    if (mode !== 'local' || text.trim() === '') return;
    const alreadySent = () => {
      const { submission } = useAppStore.getState();
      return submission?.text === text && submission.textDatetime === textDatetime;
    };
    if (alreadySent()) return;
    // "Anotar" may have sent this very text in the meantime.
    const timer = setTimeout(() => alreadySent() || submit(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [mode, text, textDatetime, submit]);
}
