/** The "Revisiones" panel (stored reviews, to reopen or delete) and the printable review report. */
import { useEffect, useState } from 'react';
import { categoryLabel } from '../format/labels.ts';
import { countsOf, countsText, REASON_LABELS, REASONS, type NoteReview } from './model.ts';
import { CHARACTERISTIC_LABELS, reportOf, type Characteristic, type Tally } from './report.ts';
import { useReviewStore } from './store.ts';

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 80).trimEnd()}…` : text);

export function ReviewsPanel() {
  const listStored = useReviewStore((s) => s.listStored);
  const version = useReviewStore((s) => s.storedVersion);
  const kind = useReviewStore((s) => s.storageKind);
  const open = useReviewStore((s) => s.open);
  const deleteStored = useReviewStore((s) => s.deleteStored);
  const [reviews, setReviews] = useState<NoteReview[] | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void listStored().then((list) => live && setReviews(list));
    return () => {
      live = false;
    };
  }, [listStored, version]);

  if (reviews === null) return <p className="muted">Cargando revisiones…</p>;
  return (
    <div>
      <p className="muted">
        {kind === 'indexeddb'
          ? 'Revisiones guardadas en este navegador (IndexedDB): siguen aquí al recargar o cerrar el navegador. La nota no sale del navegador salvo que la exporte.'
          : 'Revisiones en memoria: se pierden al cerrar la pestaña. Expórtelas para conservarlas.'}
      </p>
      {reviews.length === 0 ? (
        <p className="muted">Ninguna revisión guardada todavía.</p>
      ) : (
        <table className="ann-table" data-testid="stored-reviews">
          <thead>
            <tr>
              <th>Nota</th>
              <th>Texto</th>
              <th>Fecha de referencia</th>
              <th>Resultado</th>
              <th>Revisión</th>
              <th>Modificada</th>
              <th>Acciones</th>
            </tr>
          </thead>
          <tbody>
            {reviews.map((r) => (
              <tr key={r.key}>
                <td>{r.id}</td>
                <td>{excerpt(r.text)}</td>
                <td>{r.text_datetime}</td>
                <td>
                  versión {r.annotator_version} · <code>{r.dictionary_hash.slice(0, 12)}</code>
                </td>
                <td>{countsText(countsOf(r))}</td>
                <td>{new Date(r.updatedAt).toLocaleString('es')}</td>
                <td>
                  <button type="button" onClick={() => open(r)} aria-label={`Abrir la revisión de «${r.id}»: ${excerpt(r.text)}`}>
                    Abrir
                  </button>{' '}
                  {confirming === r.key ? (
                    <>
                      <button type="button" onClick={() => void deleteStored(r.key).then(() => setConfirming(null))}>
                        Sí, borrar
                      </button>{' '}
                      <button type="button" onClick={() => setConfirming(null)}>
                        No
                      </button>
                    </>
                  ) : (
                    <button type="button" onClick={() => setConfirming(r.key)} aria-label={`Borrar la revisión de «${r.id}»`}>
                      Borrar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const pct = (t: Tally) => (t.reviewed ? `${Math.round((100 * t.wrong) / t.reviewed)} %` : '—');

function TallyRow({ label, t }: { label: string; t: Tally }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{t.total}</td>
      <td>{t.reviewed}</td>
      <td>{t.wrong}</td>
      <td>{pct(t)}</td>
    </tr>
  );
}

/** A report table scrolls sideways in its own area on a narrow screen, never the page (keyboard: it takes focus). */
function ReportScroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="report-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function TallyTable({ caption, group, rows }: { caption: string; group: string; rows: [string, Tally][] }) {
  return (
    <ReportScroll label={caption}>
      <table className="ann-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{group}</th>
            <th scope="col">Anotaciones</th>
            <th scope="col">Revisadas</th>
            <th scope="col">Incorrectas</th>
            <th scope="col">% incorrectas de las revisadas</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, t]) => (
            <TallyRow key={label} label={label} t={t} />
          ))}
        </tbody>
      </table>
    </ReportScroll>
  );
}

export function ReportPanel() {
  const reviewsToExport = useReviewStore((s) => s.reviewsToExport);
  const current = useReviewStore((s) => s.current);
  const batch = useReviewStore((s) => s.batch);
  const [reviews, setReviews] = useState<NoteReview[] | null>(null);
  useEffect(() => {
    let live = true;
    void reviewsToExport().then((r) => live && setReviews(r));
    return () => {
      live = false;
    };
  }, [reviewsToExport, current, batch]);
  if (!reviews) return <p className="muted">Preparando el informe…</p>;
  if (reviews.length === 0) return <p className="muted">Sin revisión todavía: active el modo revisión y marque anotaciones.</p>;
  const report = reportOf(reviews);
  const { negations } = report;
  const negRows: [string, number][] = [
    ['correctas', negations.correct],
    ...REASONS.map(([r]) => [`incorrectas: ${REASON_LABELS[r]}`, negations.wrong[r]] as [string, number]),
    ['incorrectas sin motivo', negations.wrong.none],
  ];
  return (
    <article className="review-report" aria-label="Informe de revisión">
      <h2>Informe de revisión</h2>
      <p>
        {batch ? `Lote «${batch.name}»: ` : ''}
        {report.notes} {report.notes === 1 ? 'nota' : 'notas'} · {report.overall.reviewed} de {report.overall.total} anotaciones revisadas ·{' '}
        {report.overall.wrong} incorrectas · {report.missed} {report.missed === 1 ? 'concepto omitido' : 'conceptos omitidos'} ·{' '}
        {report.orphans} {report.orphans === 1 ? 'veredicto huérfano' : 'veredictos huérfanos'}
      </p>
      <button type="button" className="no-print" onClick={() => window.print()}>
        Imprimir
      </button>
      <TallyTable
        caption="Por categoría"
        group="Categoría"
        rows={report.byCategory.map(([c, t]): [string, Tally] => [categoryLabel(c), t]).sort(([a], [b]) => a.localeCompare(b, 'es'))}
      />
      <TallyTable
        caption="Por característica"
        group="Característica"
        rows={(Object.keys(CHARACTERISTIC_LABELS) as Characteristic[]).map((c) => [CHARACTERISTIC_LABELS[c], report.byCharacteristic[c]])}
      />
      <ReportScroll label="Negaciones revisadas, por motivo">
        <table className="ann-table">
          <caption>Negaciones revisadas, por motivo</caption>
          <thead>
            <tr>
              <th scope="col">Veredicto</th>
              <th scope="col">Anotaciones negadas</th>
            </tr>
          </thead>
          <tbody>
            {negRows.map(([label, n]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ReportScroll>
      <p>Afirmadas marcadas «negación errónea» (negaciones que Glosa no vio): {report.negationMissed}</p>
    </article>
  );
}
