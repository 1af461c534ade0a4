/**
 * Review mode's controls above the note: the mode switch, opening a batch of notes, importing a
 * review file, the storage warning, the batch navigator with its progress, and the live region
 * that announces every verdict to screen readers.
 */
import { useEffect, useState, type ChangeEvent } from 'react';
import { readBatchFiles } from './batch.ts';
import { parseReviewFile } from './exchange.ts';
import type { NoteReview } from './model.ts';
import { useReviewStore } from './store.ts';
import { useReviewKeys } from './useReviewKeys.ts';

function Announcer() {
  const announcement = useReviewStore((s) => s.announcement);
  // Keyed by the count, so the same words said twice are announced twice.
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="review-announcer">
      <span key={announcement.n}>{announcement.text}</span>
    </div>
  );
}

function BatchNavigator() {
  const batch = useReviewStore((s) => s.batch);
  const goTo = useReviewStore((s) => s.goTo);
  const closeBatch = useReviewStore((s) => s.closeBatch);
  if (!batch) return null;
  const note = batch.notes[batch.index];
  const counts = Object.values(batch.progress);
  const finished = batch.notes.filter((n) => {
    const c = batch.progress[n.id];
    return c !== undefined && c.total > 0 && c.reviewed === c.total;
  }).length;
  const verdicts = counts.reduce((s, c) => s + c.reviewed, 0);
  const wrong = counts.reduce((s, c) => s + c.wrong, 0);
  return (
    <section className="batch" aria-label="Lote de notas">
      <strong>
        Lote «{batch.name}»: nota {batch.index + 1} de {batch.notes.length}
      </strong>{' '}
      <span className="muted">(«{note?.id}»)</span>
      <button type="button" onClick={() => void goTo(batch.index - 1)} disabled={batch.index === 0} aria-keyshortcuts="p">
        ‹ Anterior (p)
      </button>
      <button
        type="button"
        onClick={() => void goTo(batch.index + 1)}
        disabled={batch.index + 1 >= batch.notes.length}
        aria-keyshortcuts="n"
      >
        Siguiente (n) ›
      </button>
      <label>
        Progreso <progress max={batch.notes.length} value={finished} />
      </label>
      <span className="muted" data-testid="batch-progress">
        {finished} de {batch.notes.length} notas revisadas por completo · {verdicts} {verdicts === 1 ? 'veredicto' : 'veredictos'}, {wrong}{' '}
        {wrong === 1 ? 'incorrecto' : 'incorrectos'}
      </span>
      <details>
        <summary>Notas del lote</summary>
        <ol className="batch-notes">
          {batch.notes.map((n, i) => {
            const c = batch.progress[n.id];
            return (
              <li key={n.id}>
                <button type="button" className="link" aria-current={i === batch.index ? 'true' : undefined} onClick={() => void goTo(i)}>
                  {n.id}
                </button>{' '}
                <span className="muted">{c ? `${c.reviewed} de ${c.total} revisadas, ${c.wrong} incorrectas` : 'sin revisar'}</span>
              </li>
            );
          })}
        </ol>
      </details>
      <button type="button" onClick={() => void closeBatch()}>
        Cerrar lote
      </button>
    </section>
  );
}

/** A picked file's name and content, or the files, then the input is cleared so the same file can be picked again. */
const pickedFiles = (e: ChangeEvent<HTMLInputElement>): File[] => {
  const files = [...(e.target.files ?? [])];
  e.target.value = '';
  return files;
};

export function ReviewToolbar() {
  useReviewKeys();
  const enabled = useReviewStore((s) => s.enabled);
  const setEnabled = useReviewStore((s) => s.setEnabled);
  const warning = useReviewStore((s) => s.storageWarning);
  const openBatch = useReviewStore((s) => s.openBatch);
  const importReviews = useReviewStore((s) => s.importReviews);
  const listStored = useReviewStore((s) => s.listStored);
  const restore = useReviewStore((s) => s.restore);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ reviews: NoteReview[]; replaced: string[] } | null>(null);

  useEffect(() => {
    void restore();
  }, [restore]);

  const onBatch = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = pickedFiles(e);
    if (files.length === 0) return;
    try {
      const notes = await readBatchFiles(files);
      setError(null);
      await openBatch(files.length === 1 ? (files[0] as File).name : `${files.length} archivos`, notes);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const [file] = pickedFiles(e);
    if (!file) return;
    try {
      const reviews = parseReviewFile(await file.text());
      setError(null);
      // A stored review with other verdicts is replaced only when the user says so.
      const stored = new Map((await listStored()).map((r) => [r.key, r]));
      const replaced = reviews.filter((r) => {
        const old = stored.get(r.key);
        return old && JSON.stringify([...old.verdicts.values(), old.missed]) !== JSON.stringify([...r.verdicts.values(), r.missed]);
      });
      if (replaced.length > 0) setConflict({ reviews, replaced: replaced.map((r) => r.id) });
      else await importReviews(reviews);
    } catch (err) {
      setError(`No se ha importado nada. ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return (
    <section className="review-toolbar" aria-label="Herramientas de revisión">
      <label>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Modo revisión
      </label>
      <label className="file-button">
        Abrir lote de notas{' '}
        <input
          type="file"
          accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,text/plain"
          multiple
          aria-describedby="batch-formats"
          onChange={(e) => void onBatch(e)}
        />
      </label>
      <span id="batch-formats" className="muted">
        (un .jsonl con una nota por línea, o varios .txt)
      </span>
      <label className="file-button">
        Importar revisión{' '}
        <input type="file" accept=".json,application/json" aria-describedby="import-format" onChange={(e) => void onImport(e)} />
      </label>
      <span id="import-format" className="muted">
        (el archivo de «Exportar revisión»)
      </span>
      {warning && (
        <p className="warning-box" role="alert" data-testid="storage-warning">
          {warning}
        </p>
      )}
      {error && (
        <p className="error-box" role="alert" data-testid="review-error">
          {error}
        </p>
      )}
      {conflict && (
        <div className="warning-box" role="alertdialog" aria-label="Revisiones ya guardadas">
          <p>
            Ya hay revisiones guardadas, con otros veredictos, de {conflict.replaced.map((id) => `«${id}»`).join(', ')}. ¿Sustituirlas por
            las del archivo?
          </p>
          <button
            type="button"
            onClick={() => {
              const { reviews } = conflict;
              setConflict(null);
              void importReviews(reviews);
            }}
          >
            Sustituir
          </button>
          <button type="button" onClick={() => setConflict(null)}>
            Cancelar (no importar)
          </button>
        </div>
      )}
      <BatchNavigator />
      <Announcer />
    </section>
  );
}
