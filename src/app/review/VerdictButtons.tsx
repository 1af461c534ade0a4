/**
 * Review by touch or pointer: the verdicts the keys a / x / u / c give, as buttons of at least
 * 44 px (WCAG 2.5.5), on the concept card and in each table row. "Incorrecta" opens the reason
 * prompt and "Comentario" the comment box, both beside the button that opened them.
 */
import { useReviewStore } from './store.ts';

export function VerdictButtons({ id, text }: { id: number; text: string }) {
  const verdict = useReviewStore((s) => s.current?.verdicts.get(id)?.verdict);
  const mark = useReviewStore((s) => s.mark);
  const clear = useReviewStore((s) => s.clear);
  const startComment = useReviewStore((s) => s.startComment);
  return (
    <span className="verdict-buttons" role="group" aria-label={`Revisar «${text}»`}>
      <button type="button" aria-pressed={verdict === 'correct'} aria-label={`Correcta: ${text}`} onClick={() => mark(id, 'correct')}>
        ✓
      </button>
      <button type="button" aria-pressed={verdict === 'wrong'} aria-label={`Incorrecta: ${text}`} onClick={() => mark(id, 'wrong')}>
        ✗
      </button>
      <button type="button" aria-label={`Borrar la marca: ${text}`} disabled={!verdict} onClick={() => clear(id)}>
        ↺
      </button>
      <button type="button" aria-label={`Comentario: ${text}`} onClick={() => startComment(id)}>
        💬
      </button>
    </span>
  );
}
