/**
 * The errors of this session: the annotations marked wrong in the review of the shown result (each
 * one, like a table row, brings its span into view and opens its card), then every request error,
 * newest first, with the service's own words when it gave any. An error that names a place in the
 * note (a service answer whose annotation breaks the contract) selects it in the note's text box:
 * a refused answer draws nothing, and the text box holds the note.
 */
import type { Annotation } from '../../core/contract.ts';
import { createOffsetConverter } from '../../core/text/codepoints.ts';
import type { NoteSpan } from '../annotator/types.ts';
import { REASON_LABELS, type NoteReview, type Verdict } from '../review/model.ts';
import { useAppStore, type ErrorEntry } from '../state/store.ts';

/** UTF-16 [start, end) of a code-point span of `text`, for the text box's selection. */
export function utf16Range(text: string, { begin, end }: NoteSpan): [number, number] {
  const convert = createOffsetConverter(text);
  const clamp = (n: number) => Math.min(n, convert.codePointLength);
  return [convert.toUtf16(clamp(begin)), convert.toUtf16(clamp(end))];
}

/** Selects the span in the note's text box, brings it into view and gives it focus. */
function selectInNoteInput(text: string, span: NoteSpan): void {
  const input = document.getElementById('note');
  if (!(input instanceof HTMLTextAreaElement)) return;
  input.scrollIntoView({ block: 'center' });
  input.focus({ preventScroll: true });
  input.setSelectionRange(...utf16Range(text, span));
}

function PlaceInNote({ entry: { span, text } }: { entry: ErrorEntry }) {
  const current = useAppStore((s) => s.text);
  if (!span || text === undefined) return null;
  const place = `${span.begin}–${span.end}`;
  // Only while the note is still the one that was sent: the offsets are of that text.
  if (current !== text) return <span className="muted"> (posición {place} de una versión anterior de la nota)</span>;
  return (
    <>
      {' '}
      <button type="button" className="link" onClick={() => selectInNoteInput(text, span)}>
        Ver en la nota ({place})
      </button>
    </>
  );
}

/** The review's wrong verdicts with their annotations, in the order of the note. */
export function wrongAnnotations(review: NoteReview): { annotation: Annotation; verdict: Verdict }[] {
  return review.result.annotations
    .flatMap((annotation) => {
      const verdict = review.verdicts.get(annotation.id);
      return verdict?.verdict === 'wrong' ? [{ annotation, verdict }] : [];
    })
    .sort((a, b) => a.annotation.match.begin - b.annotation.match.begin || a.annotation.id - b.annotation.id);
}

function ReviewErrors({ review }: { review: NoteReview }) {
  const reveal = useAppStore((s) => s.revealInNote);
  const wrong = wrongAnnotations(review);
  if (wrong.length === 0) return null;
  return (
    <section aria-labelledby="review-errors-title">
      <h2 id="review-errors-title">Anotaciones marcadas incorrectas en la revisión ({wrong.length})</h2>
      <ul className="errors" data-testid="review-errors">
        {wrong.map(({ annotation: a, verdict: v }) => (
          <li key={a.id}>
            <button type="button" className="link" onClick={() => reveal(a.id)}>
              {a.match.text}
            </button>{' '}
            <span className="muted">
              ({a.match.begin}–{a.match.end}) {v.reason ? REASON_LABELS[v.reason] : 'sin motivo'}
              {v.comment && ` · ${v.comment}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `review`: the review of the shown result, if review mode is on. */
export function ErrorsPanel({ review }: { review?: NoteReview | undefined }) {
  const errors = useAppStore((s) => s.errors);
  const clear = useAppStore((s) => s.clearErrors);
  return (
    <div>
      {review && <ReviewErrors review={review} />}
      {errors.length === 0 ? (
        <p className="muted">Sin errores de petición en esta sesión.</p>
      ) : (
        <>
          <button type="button" onClick={clear}>
            Vaciar
          </button>
          <ul className="errors">
            {errors.map((e, i) => (
              <li key={`${e.at}:${i}`}>
                <time dateTime={e.at}>{new Date(e.at).toLocaleTimeString('es')}</time> {e.message}
                <PlaceInNote entry={e} />
                {e.detail && <div className="muted">{e.detail}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
