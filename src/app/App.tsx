/** Glosa's web app: a note in, every concept, negation and relation out, for review. */
import { useAnnotation } from './annotator/useAnnotation.ts';
import { ContextRulesPicker } from './controls/ContextRulesPicker.tsx';
import { DictionaryPicker } from './controls/DictionaryPicker.tsx';
import { DictionaryStatus } from './controls/DictionaryStatus.tsx';
import { ModeSettings } from './controls/ModeSettings.tsx';
import { NoteInput } from './controls/NoteInput.tsx';
import { Results } from './Results.tsx';
import { ReviewToolbar } from './review/ReviewToolbar.tsx';
import { useAppStore } from './state/store.ts';
import { useDebouncedSubmit } from './state/useDebouncedSubmit.ts';

export function App() {
  useDebouncedSubmit();
  const query = useAnnotation();
  const mode = useAppStore((s) => s.mode);
  return (
    <>
      <a className="skip-link" href="#note">
        Ir al texto de la nota
      </a>
      <header className="top">
        <h1>
          Glosa <span className="muted">anotador de texto clínico</span>
        </h1>
        <ModeSettings />
      </header>
      <main>
        {mode === 'local' && (
          <section className="dictionary" aria-label="Diccionario">
            <DictionaryStatus />
            <DictionaryPicker />
            <ContextRulesPicker />
          </section>
        )}
        <ReviewToolbar />
        <NoteInput busy={query.isFetching} />
        <Results query={query} />
      </main>
    </>
  );
}
