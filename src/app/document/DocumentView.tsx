/**
 * The annotated document: blocks of text with nested spans, each with an SVG layer of labelled
 * arcs in the room its line spacing leaves above each line. Hover and focus highlight an
 * annotation with its trigger, head and relations through one generated style rule, so the text is
 * not re-rendered. The filters leave marks and arcs out block by block, without rebuilding the
 * model; search hits are painted over the text (filters/highlight.ts). Mounted afresh for every
 * result (see Results).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useSearchHighlights } from '../filters/highlight.ts';
import { useDocumentFilter } from '../filters/useFilters.ts';
import { blockSignatures, type Verdicts } from '../review/spans.ts';
import { useAppStore } from '../state/store.ts';
import { baseKey } from './ArcLayer.tsx';
import { DocBlock } from './DocBlock.tsx';
import type { DocumentModel, Link } from './marks.ts';
import { createDrawTracker } from './visibility.ts';
import { focusResultIfWanted } from '../state/resultFocus.ts';

interface Props {
  readonly text: string;
  readonly model: DocumentModel;
  /** `performance.now()` when the result arrived, to report the render time. */
  readonly receivedAt: number;
  /** Review mode: verdicts by annotation id, shown on the spans. */
  readonly verdicts?: Verdicts | undefined;
}

function annotationIdOf(target: EventTarget | null): number | null {
  const el = (target as Element | null)?.closest?.('[data-ann]');
  const id = el?.getAttribute('data-ann');
  return id === null || id === undefined ? null : Number(id);
}

/** CSS for the highlighted annotation and everything tied to it; built from integers and our own keys only. */
function highlightRule(model: DocumentModel, id: number | null, revealed: number | null): string {
  const flash = revealed === null ? '' : `.doc [data-ann="${revealed}"]{animation:glosa-reveal 1.6s ease-out}`;
  if (id === null) return flash;
  const related = model.related.get(id);
  const others = [
    ...(related?.ids ?? []).map((r) => `.doc [data-ann="${r}"]`),
    ...(related?.cues ?? []).map((c) => `.doc [data-cue="${c}"]`),
  ];
  const arcs = model.links.filter((l) => l.ids.includes(id)).map((l) => `.arcs [data-link~="${l.key}"]`);
  return [
    flash,
    `.doc [data-ann="${id}"]{outline:2px solid var(--focus);outline-offset:1px}`,
    others.length ? `${others.join(',')}{outline:2px dashed var(--focus);outline-offset:1px}` : '',
    arcs.length ? `${arcs.join(',')}{opacity:1;color:var(--focus)}${arcs.map((a) => `${a} path`).join(',')}{stroke-width:2.4px}` : '',
  ].join('');
}

/** Fires "glosa:rendered" after the next paint: what the bench and the e2e tests wait for. */
function reportRendered(detail: { chars: number; annotations: number }, receivedAt: number): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const arcs = document.querySelectorAll('.doc .arcs g').length;
      window.dispatchEvent(new CustomEvent('glosa:rendered', { detail: { ...detail, renderMs: performance.now() - receivedAt, arcs } }));
    }),
  );
}

export function DocumentView({ text, model, receivedAt, verdicts }: Props) {
  const hoverId = useAppStore((s) => s.hoverId);
  const selectedId = useAppStore((s) => s.selectedId);
  const hover = useAppStore((s) => s.hover);
  const select = useAppStore((s) => s.select);
  const textRef = useRef<HTMLDivElement>(null);
  const [columnWidth, setColumnWidth] = useState(0);
  const linksByKey = useMemo(() => new Map<string, Link>(model.links.map((l) => [baseKey(l.key), l])), [model]);
  const focusBlock = useMemo(() => firstBlockWithConcept(model), [model]);
  const verdictSigs = useMemo(() => blockSignatures(model.blockOf, verdicts), [model, verdicts]);
  const filter = useDocumentFilter(model);
  // Keyboard navigation goes through the annotations the filters show.
  const order = useMemo(
    () => (filter.hiddenIds.size ? model.order.filter((id) => !filter.hiddenIds.has(id)) : model.order),
    [model, filter],
  );
  useSearchHighlights(textRef, text);
  // The card of an annotation the filters just hid closes with it.
  useEffect(() => {
    if (selectedId !== null && filter.hiddenIds.has(selectedId)) select(null);
  }, [filter, selectedId, select]);
  // After a verdict is committed to the page: what the bench times a verdict's re-render by.
  useLayoutEffect(() => {
    if (verdicts) window.dispatchEvent(new CustomEvent('glosa:verdicts-rendered'));
  }, [verdicts]);

  // The result counts as rendered once the blocks in view have drawn their arcs. The view is
  // mounted afresh for each result, so the props seen here stay those of this result.
  const [tracker] = useState(() =>
    createDrawTracker(() => {
      focusResultIfWanted();
      reportRendered({ chars: text.length, annotations: model.byId.size }, receivedAt);
    }),
  );
  useEffect(() => {
    if (model.links.length === 0) tracker.settleIfIdle();
    return () => tracker.disconnect();
  }, [model, tracker]);

  // Re-measure when the column width changes (lines re-wrap).
  useEffect(() => {
    const el = textRef.current;
    if (!el) return;
    // The first observation is the width the blocks were just measured at: only changes count.
    let last: number | undefined;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      if (last !== undefined && width !== last) setColumnWidth(width);
      last = width;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onMouseOver = (e: MouseEvent) => {
    const id = annotationIdOf(e.target);
    if (id !== hoverId) hover(id);
  };
  // Keyboard navigation follows the model's reading order; a block not drawn yet is drawn first.
  const [forcedBlocks, setForcedBlocks] = useState<ReadonlySet<number>>(() => new Set());
  const pendingFocus = useRef<number | null>(null);
  const pendingCentre = useRef(false);
  /** Focuses an annotation's span; `centre` scrolls it to the middle of the view (a jump from a panel). */
  const focusAnnotation = (id: number, centre = false): void => {
    if (filter.hiddenIds.has(id)) return; // its span is not drawn while the filters hide it
    const el = textRef.current?.querySelector<HTMLElement>(`[data-ann="${id}"]:not([data-frag])`);
    if (!el) {
      const block = model.blockOf.get(id);
      if (block === undefined) return;
      pendingFocus.current = id;
      pendingCentre.current = centre;
      setForcedBlocks((set) => new Set(set).add(block));
      return;
    }
    // Roving tab stop: only the current annotation is in the tab order.
    for (const other of textRef.current?.querySelectorAll<HTMLElement>('[data-ann][tabindex="0"]') ?? [])
      if (other !== el) other.tabIndex = -1;
    el.tabIndex = 0;
    if (centre) {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      el.focus({ preventScroll: true });
    } else el.focus();
  };
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    focusAnnotation(id, pendingCentre.current);
    // Runs once the forced block is drawn; focusAnnotation is this render's, reading the same model.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forcedBlocks]);
  // A click in a panel (table, lens, card) brings its span into view and flashes it. Only requests
  // made while this result is shown count: the view is mounted afresh for each result.
  const [revealed, setRevealed] = useState<{ id: number; seq: number } | null>(null);
  const focusRef = useRef(focusAnnotation);
  useLayoutEffect(() => {
    focusRef.current = focusAnnotation;
  });
  useEffect(
    () =>
      useAppStore.subscribe(({ reveal }, before) => {
        if (!reveal || reveal === before.reveal) return;
        setRevealed(reveal);
        focusRef.current(reveal.id, true);
      }),
    [],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const forward = e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'j';
    const backward = e.key === 'ArrowLeft' || e.key === 'ArrowUp' || e.key === 'k';
    const current = annotationIdOf(e.target);
    if ((e.key === 'Enter' || e.key === ' ') && current !== null) {
      e.preventDefault();
      select(current);
      return;
    }
    if (e.key === 'Escape') {
      select(null);
      return;
    }
    if ((!forward && !backward) || order.length === 0) return;
    e.preventDefault();
    const at = current === null ? -1 : order.indexOf(current);
    const next = at === -1 ? 0 : Math.min(order.length - 1, Math.max(0, at + (forward ? 1 : -1)));
    focusAnnotation(order[next] as number);
  };

  return (
    <div className="doc">
      <style>{highlightRule(model, hoverId ?? selectedId, revealed?.id ?? null)}</style>
      <svg width="0" height="0" className="defs" aria-hidden="true">
        <defs>
          <marker id="glosa-arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="4.5" markerHeight="4.5" orient="auto-start-reverse">
            <path d="M0,0 L6,3 L0,6 z" fill="currentColor" />
          </marker>
        </defs>
      </svg>
      <div
        ref={textRef}
        className="doc-text"
        role="region"
        tabIndex={0}
        aria-label="Nota anotada: flechas o j/k para ir de una anotación a otra, Intro para ver el concepto"
        onMouseOver={onMouseOver}
        onMouseLeave={() => hover(null)}
        onFocus={(e) => hover(annotationIdOf(e.target))}
        onClick={(e) => {
          const id = annotationIdOf(e.target);
          if (id !== null) select(id);
        }}
        onKeyDown={onKeyDown}
      >
        {model.blocks.map((block, i) => [
          ...(model.sectionsAt.get(i) ?? []).map((label) => (
            <div key={`section:${block.begin}:${label}`} className="section-band" aria-hidden="true">
              {label}
            </div>
          )),
          <DocBlock
            key={block.begin}
            block={block}
            text={text}
            firstFocusable={i === focusBlock}
            linksByKey={linksByKey}
            tracker={tracker}
            forced={forcedBlocks.has(i)}
            columnWidth={columnWidth}
            verdicts={verdicts}
            verdictSig={verdictSigs.get(i) ?? ''}
            filter={filter}
            filterSig={filter.blockSigs.get(i) ?? ''}
          />,
        ])}
      </div>
    </div>
  );
}

function firstBlockWithConcept(model: DocumentModel): number {
  const first = [...model.byId.values()].reduce((min, m) => Math.min(min, m.begin), Infinity);
  return model.blocks.findIndex((b) => first >= b.begin && first < b.end);
}
