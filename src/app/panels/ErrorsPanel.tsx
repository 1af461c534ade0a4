/**
 * The errors of this session: the annotations marked wrong in the review of the shown result (each
 * one, like a table row, brings its span into view and opens its card), then every request error,
 * newest first, with the service's own words when it gave any.
 */
import type { Annotation } from '../../core/contract.ts';
import { REASON_LABELS, type NoteReview, type Verdict } from '../review/model.ts';
import { useAppStore } from '../state/store.ts';

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
                {e.detail && <div className="muted">{e.detail}</div>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
