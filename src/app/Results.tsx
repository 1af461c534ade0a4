/** The result area: status, legend, export, the annotated document with its concept card, and panels. */
import type { UseQueryResult } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useCurrentAnnotator } from './annotator/current.ts';
import { ComparePanel } from './compare/ComparePanel.tsx';
import type { AnnotatedText } from './annotator/useAnnotation.ts';
import { DocumentView } from './document/DocumentView.tsx';
import { Legend } from './document/Legend.tsx';
import { buildDocumentModel } from './document/marks.ts';
import { ExportButtons } from './export/ExportButtons.tsx';
import { FilterBar } from './filters/FilterBar.tsx';
import { provenanceParts, staleReasons, type CurrentSettings } from './format/provenance.ts';
import { AnnotationTable } from './panels/AnnotationTable.tsx';
import { ConceptCard } from './panels/ConceptCard.tsx';
import { ErrorsPanel } from './panels/ErrorsPanel.tsx';
import { JsonPanel } from './panels/JsonPanel.tsx';
import { NegationLens } from './panels/NegationLens.tsx';
import type { NoteReview } from './review/model.ts';
import { ReviewBar } from './review/ReviewBar.tsx';
import { ReportPanel, ReviewsPanel } from './review/ReviewPanels.tsx';
import { useReviewedResult } from './review/useReviewedResult.ts';
import { useAppStore, type Panel } from './state/store.ts';

const PANELS: [Panel, string][] = [
  ['table', 'Tabla'],
  ['negation', 'Lente de negación'],
  ['json', 'JSON'],
  ['errors', 'Errores'],
  ['reviews', 'Revisiones'],
  ['report', 'Informe de revisión'],
  ['compare', 'Comparar'],
];

/**
 * `value`, but updated only after the next frame has been painted (and then as a transition): the
 * panels sit below the document, so a new result's document is drawn first, the table just after.
 */
function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(value)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return painted;
}

/** The WAI-ARIA tabs pattern: arrows move to the previous or next tab (round), Home and End to the ends. */
export function tabKeyTarget<T>(key: string, ids: readonly T[], at: T): T | undefined {
  const i = ids.indexOf(at);
  const n = ids.length;
  if (key === 'ArrowRight') return ids[(i + 1) % n];
  if (key === 'ArrowLeft') return ids[(i - 1 + n) % n];
  if (key === 'Home') return ids[0];
  if (key === 'End') return ids[n - 1];
  return undefined;
}

function Panels({ data: current, review }: { data: AnnotatedText | undefined; review: NoteReview | undefined }) {
  const data = useAfterPaint(current);
  const panel = useAppStore((s) => s.panel);
  const setPanel = useAppStore((s) => s.setPanel);
  const errorCount = useAppStore((s) => s.errors.length);
  const annotations = data?.result.annotations ?? [];
  return (
    <section className="panels">
      <div role="tablist" aria-label="Paneles">
        {PANELS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={panel === id}
            aria-controls={`panel-${id}`}
            tabIndex={panel === id ? 0 : -1}
            onClick={() => setPanel(id)}
            onKeyDown={(e) => {
              const next = tabKeyTarget(
                e.key,
                PANELS.map(([p]) => p),
                id,
              );
              if (next === undefined) return;
              e.preventDefault();
              setPanel(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {label}
            {id === 'errors' && errorCount > 0 ? ` (${errorCount})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${panel}`} aria-labelledby={`tab-${panel}`} className="panel-body">
        {panel === 'table' && (
          <AnnotationTable annotations={annotations} verdicts={review && review.result === data?.result ? review.verdicts : undefined} />
        )}
        {panel === 'negation' && <NegationLens annotations={annotations} text={data?.text ?? ''} />}
        {panel === 'json' && (data ? <JsonPanel result={data.result} /> : <p className="muted">Sin resultado.</p>)}
        {panel === 'errors' && <ErrorsPanel review={review && review.result === data?.result ? review : undefined} />}
        {panel === 'reviews' && <ReviewsPanel />}
        {panel === 'report' && <ReportPanel />}
        {panel === 'compare' && <ComparePanel current={data} />}
      </div>
    </section>
  );
}

/** Escape closes the concept card from anywhere on the page; focus inside the card goes back to its span. */
function useEscapeClosesCard(selectedId: number | null): void {
  const select = useAppStore((s) => s.select);
  useEffect(() => {
    if (selectedId === null) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const inCard = Boolean(document.activeElement?.closest('.card'));
      select(null);
      if (inCard) document.querySelector<HTMLElement>(`.doc [data-ann="${selectedId}"]:not([data-frag])`)?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [selectedId, select]);
}

export function Results({ query }: { query: UseQueryResult<AnnotatedText, Error> }) {
  const submission = useAppStore((s) => s.submission);
  const currentText = useAppStore((s) => s.text);
  const selectedId = useAppStore((s) => s.selectedId);
  const hideArcs = useAppStore((s) => s.hideArcs);
  const textDatetime = useAppStore((s) => s.textDatetime);
  const activeDictionary = useAppStore((s) => s.dictionary.active?.info);
  const currentAnnotator = useCurrentAnnotator()?.identity;
  const { data, error, isError, isFetching } = query;
  // A failed request shows its error and no annotations, never an older result as if it were current.
  // In review mode a stored review may be shown with the result it judged instead.
  const { shown, review } = useReviewedResult(isError ? undefined : data);
  const model = useMemo(() => (shown ? buildDocumentModel(shown.text, shown.result) : undefined), [shown]);
  const categories = useMemo(() => (model ? [...new Set([...model.byId.values()].map((m) => m.category ?? ''))].sort() : []), [model]);
  const selected = selectedId === null ? undefined : model?.byId.get(selectedId)?.annotation;
  const settings: CurrentSettings = { annotator: currentAnnotator, textDatetime, dictionary: activeDictionary };
  const made = shown && { annotator: shown.annotator, textDatetime: shown.textDatetime, version: shown.result.version };
  const stale = made ? staleReasons(made, settings) : [];
  useEscapeClosesCard(selected ? selectedId : null);

  return (
    <>
      <section className="results" aria-label="Resultado" aria-busy={isFetching}>
        {submission === null && <p className="muted">Escriba o elija una nota y pulse «Anotar».</p>}
        {isError && (
          <div className="error-box" role="alert">
            <strong>{error.message}</strong>
            <div className="muted">Su texto sigue en el cuadro de arriba; no se ha perdido.</div>
          </div>
        )}
        {shown && model && (
          <>
            <div className="result-bar">
              <h2 id="result-start" tabIndex={-1} className="sr-only">
                Resultado
              </h2>
              <span role="status" className="muted" data-testid="result-status">
                {shown.result.annotations.length} anotaciones · {shown.result.relations?.length ?? 0} relaciones ·{' '}
                {made && provenanceParts(made, settings).join(' · ')} · {Math.round(shown.elapsedMs)} ms
                {shown.text !== currentText && ' · (resultado de una versión anterior de la nota)'}
              </span>
              {stale.length > 0 && (
                <span className="stale" data-testid="stale">
                  Resultado desactualizado: {stale.join('; ')}. Pulse «Anotar».
                </span>
              )}
              <ExportButtons shown={shown} />
            </div>
            <Legend categories={categories} />
            <FilterBar model={model} text={shown.text} />
            {review && <ReviewBar review={review} />}
            <div className={['doc-and-card', selected && 'with-card', hideArcs && 'no-arcs'].filter(Boolean).join(' ')}>
              <DocumentView
                key={shown.receivedAt}
                text={shown.text}
                model={model}
                receivedAt={shown.receivedAt}
                verdicts={review?.verdicts}
              />
              {selected && <ConceptCard annotation={selected} byId={model.byId} relations={shown.result.relations} />}
            </div>
          </>
        )}
      </section>
      <Panels data={shown} review={review} />
    </>
  );
}
