/**
 * Review mode over the shown result: the counts, the shortcuts, the exports, the prompts a
 * verdict may open (reason, comment, missed concept), and the missed and orphaned items.
 */
import { useState } from 'react';
import { CATEGORIES } from '../../core/contract.ts';
import { download } from '../export/download.ts';
import { exportFileName } from '../export/filename.ts';
import { categoryLabel } from '../format/labels.ts';
import { useAppStore } from '../state/store.ts';
import { findInNote } from './dom.ts';
import { toReviewFile } from './exchange.ts';
import { countsOf, countsText, REASON_LABELS, REASONS, type NoteReview } from './model.ts';
import { PromptPopover } from './PromptPopover.tsx';
import { useReviewStore } from './store.ts';

const SHORTCUTS = 'a correcta · x incorrecta (1–7 motivo) · u quitar · c comentario · m concepto omitido · n / p nota siguiente / anterior';

function ReasonPrompt({ id }: { id: number }) {
  const giveReason = useReviewStore((s) => s.giveReason);
  return (
    <div className="review-prompt" role="group" aria-label={`Motivo del error de la anotación ${id}`}>
      <span>Motivo (tecla numérica):</span>
      <ol>
        {REASONS.map(([reason, label], i) => (
          <li key={reason}>
            <button type="button" aria-keyshortcuts={String(i + 1)} onClick={() => giveReason(reason)}>
              {i + 1} {label}
            </button>
          </li>
        ))}
      </ol>
      <button type="button" aria-keyshortcuts="0" onClick={() => giveReason(null)}>
        0 sin motivo
      </button>
    </div>
  );
}

function CommentBox({ id, initial }: { id: number; initial: string }) {
  const saveComment = useReviewStore((s) => s.saveComment);
  const [value, setValue] = useState(initial);
  // Closing the box gives focus back (PromptPopover).
  const close = (comment: string | null) => saveComment(comment);
  return (
    <form
      className="review-prompt"
      onSubmit={(e) => {
        e.preventDefault();
        close(value);
      }}
    >
      <label>
        Comentario sobre la anotación {id} (Intro guarda, Esc cancela){' '}
        <textarea
          rows={2}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              close(value);
            } else if (e.key === 'Escape') close(null);
          }}
        />
      </label>
      <button type="submit">Guardar comentario</button>
    </form>
  );
}

function MissedForm({ review }: { review: NoteReview }) {
  const draft = useReviewStore((s) => s.missedDraft);
  const saveMissed = useReviewStore((s) => s.saveMissed);
  const [text, setText] = useState(draft?.text ?? '');
  const [category, setCategory] = useState('');
  const [cui, setCui] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (!draft) return null;
  const save = () => {
    const found = text === draft.text && draft.end > draft.begin ? draft : findInNote(review.text, text, draft.begin);
    if (!found) return setProblem(`«${text.trim()}» no está en la nota.`);
    if (cui.trim() && !/^C\d{7}$/.test(cui.trim()))
      return setProblem('Un CUI es una C seguida de siete cifras (C0015967); déjelo vacío si no lo sabe.');
    saveMissed({ ...found, ...(category ? { category } : {}), ...(cui.trim() ? { cui: cui.trim() } : {}) });
  };
  return (
    <form
      className="review-prompt"
      aria-label="Concepto omitido"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      onKeyDown={(e) => e.key === 'Escape' && saveMissed(null)}
    >
      <label>
        Texto omitido <input autoFocus value={text} onChange={(e) => setText(e.target.value)} required />
      </label>
      <label>
        Categoría{' '}
        <select value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">(sin categoría)</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        CUI (opcional) <input value={cui} onChange={(e) => setCui(e.target.value)} placeholder="C0000000" size={10} />
      </label>
      <button type="submit">Añadir concepto omitido</button>
      <button type="button" onClick={() => saveMissed(null)}>
        Cancelar
      </button>
      {problem && (
        <p role="alert" className="error-text">
          {problem}
        </p>
      )}
    </form>
  );
}

function Exports() {
  const reviewsToExport = useReviewStore((s) => s.reviewsToExport);
  const batch = useReviewStore((s) => s.batch);
  const [cases, setCases] = useState<string[] | null>(null);
  // Named after the note (or the batch) and the time, like every export: "glosa-dolor-toracico-20240510-093000.revision.json".
  const run = (save: (reviews: NoteReview[], name: (extension: string) => string, now: Date) => void | Promise<void>) => async () => {
    const reviews = await reviewsToExport();
    const now = new Date();
    const subject = batch ? batch.name : (reviews[0]?.text ?? '');
    await save(reviews, (extension) => exportFileName(subject, now, `${batch ? 'revision-lote' : 'revision'}${extension}`), now);
  };
  // CSV, brat (with its zip library) and cases load on first use: the main chunk stays small.
  const handoff = () => import('./handoff.ts');
  return (
    <div className="exports" role="group" aria-label="Exportar revisión">
      <span className="muted">{batch ? 'Revisión del lote (las notas sin veredictos no se incluyen):' : 'Revisión:'}</span>
      <button type="button" onClick={run((r, name) => download(name('.json'), toReviewFile(r), 'application/json'))}>
        Exportar revisión
      </button>
      <button
        type="button"
        onClick={run(async (r, name, now) => download(name('.csv'), (await handoff()).toReviewCsv(r, 'comma', now), 'text/csv'))}
      >
        CSV (coma)
      </button>
      <button
        type="button"
        onClick={run(async (r, name, now) => download(name('-excel.csv'), (await handoff()).toReviewCsv(r, 'semicolon', now), 'text/csv'))}
      >
        CSV (punto y coma, hojas de cálculo en español)
      </button>
      <button
        type="button"
        onClick={run(async (r, name, now) =>
          download(name('-brat.zip'), (await handoff()).reviewBratZip(r, now) as Uint8Array<ArrayBuffer>, 'application/zip'),
        )}
      >
        brat (.zip)
      </button>
      <button
        type="button"
        onClick={run(async (r, name) => {
          const lines = (await import('./cases.ts')).toDevCases(r);
          setCases(lines);
          if (lines.length) download(name('-casos.jsonl'), `${lines.join('\n')}\n`, 'application/x-ndjson');
        })}
      >
        Casos para la batería de pruebas
      </button>
      {cases && (
        <details open className="cases">
          <summary>
            {cases.length} {cases.length === 1 ? 'caso' : 'casos'} (una línea por error u omisión, formato de tests/dev-cases)
          </summary>
          {cases.length ? <pre tabIndex={0}>{cases.join('\n')}</pre> : <p className="muted">Nada incorrecto ni omitido todavía.</p>}
        </details>
      )}
    </div>
  );
}

export function ReviewBar({ review }: { review: NoteReview }) {
  const pendingReason = useReviewStore((s) => s.pendingReason);
  const commentFor = useReviewStore((s) => s.commentFor);
  const missedDraft = useReviewStore((s) => s.missedDraft);
  const opened = useReviewStore((s) => s.opened);
  const closeOpened = useReviewStore((s) => s.closeOpened);
  const deleteMissed = useReviewStore((s) => s.deleteMissed);
  const deleteOrphan = useReviewStore((s) => s.deleteOrphan);
  const reannotate = () => {
    const app = useAppStore.getState();
    app.setText(review.text);
    app.setTextDatetime(review.text_datetime);
    app.submit();
  };

  return (
    <section className="review-bar" aria-label="Revisión de la nota">
      <p>
        <strong role="status" data-testid="review-counts">
          {countsText(countsOf(review))}
        </strong>{' '}
        <span className="muted">{SHORTCUTS}</span>
      </p>
      {opened && (
        <p className="info-box">
          Revisión guardada de «{review.id}», con el resultado que se revisó (versión {review.annotator_version}, diccionario{' '}
          <code>{review.dictionary_hash.slice(0, 12)}</code>).{' '}
          <button type="button" onClick={reannotate}>
            Volver a anotar la nota
          </button>{' '}
          <button type="button" onClick={closeOpened}>
            Cerrar
          </button>
        </p>
      )}
      {review.carriedFrom && (
        <p className="warning-box" data-testid="review-carried">
          La nota se ha anotado con un resultado distinto del revisado: {review.carriedFrom.carried} veredictos siguen en sus anotaciones y{' '}
          {review.carriedFrom.orphaned} han quedado huérfanos (anotaciones que ya no existen, abajo).
        </p>
      )}
      {pendingReason !== null && (
        <PromptPopover key={`reason:${pendingReason}`} id={pendingReason} label="Motivo del error">
          <ReasonPrompt id={pendingReason} />
        </PromptPopover>
      )}
      {commentFor !== null && (
        <PromptPopover key={`comment:${commentFor}`} id={commentFor} label="Comentario">
          <CommentBox id={commentFor} initial={review.verdicts.get(commentFor)?.comment ?? ''} />
        </PromptPopover>
      )}
      {missedDraft && <MissedForm key={`${missedDraft.begin}:${missedDraft.end}`} review={review} />}
      <Exports />
      {review.missed.length > 0 && (
        <div>
          <h2>Conceptos omitidos</h2>
          <ul data-testid="missed-list">
            {review.missed.map((m, i) => (
              <li key={`${m.begin}:${m.end}`}>
                «{m.text}» ({m.begin}–{m.end}){m.category && ` · ${categoryLabel(m.category)}`}
                {m.cui && ` · ${m.cui}`}{' '}
                <button type="button" onClick={() => deleteMissed(i)} aria-label={`Quitar el concepto omitido «${m.text}»`}>
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {review.orphans.length > 0 && (
        <div>
          <h2>Veredictos huérfanos</h2>
          <ul data-testid="orphan-list">
            {review.orphans.map((o, i) => (
              <li key={`${o.annotation.id}:${i}`}>
                «{o.annotation.match.text}» ({o.annotation.code.umls}, {o.annotation.match.begin}–{o.annotation.match.end}):{' '}
                {o.verdict === 'correct' ? 'correcta' : `incorrecta${o.reason ? ` (${REASON_LABELS[o.reason]})` : ''}`}
                {o.comment && ` · ${o.comment}`}{' '}
                <button
                  type="button"
                  onClick={() => deleteOrphan(i)}
                  aria-label={`Quitar el veredicto huérfano de «${o.annotation.match.text}»`}
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {review.result.annotations.length === 0 && (
        <p className="muted">Esta nota no tiene anotaciones: solo puede anotar conceptos omitidos (m).</p>
      )}
    </section>
  );
}
