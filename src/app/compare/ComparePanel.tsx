/**
 * «Comparar»: run A (the result on screen pinned with «Fijar como A», or a JSON file) against B (the
 * result on screen now: after another reference datetime, dictionary, rule pack or mode). Shows what
 * each run was, the counts, the differences marked in the note (removed spans too) with a legend, a
 * list whose items bring their span into view, and the export. The note is one combined copy, or
 * A's beside B's («Lado a lado»). Notes that differ are not compared.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AnnotatedText } from '../annotator/useAnnotation.ts';
import { download } from '../export/download.ts';
import { exportFileName } from '../export/filename.ts';
import { useAppStore } from '../state/store.ts';
import './compare.css';
import { diffResults, isEmptyDiff, type ResultDiff } from './diff.ts';
import { DiffNote } from './DiffNote.tsx';
import { diffEntries, FIELD_LABELS, KIND_LABELS, type DiffEntry, type EntryKind } from './entries.ts';
import { diffToCsv, diffToJson } from './export.ts';
import { describeRun, differentNotes, readRunFile, type Run } from './run.ts';
import { SideBySide } from './SideBySide.tsx';
import { useCompareStore, type CompareView } from './store.ts';

type Dictionary = { readonly id: string; readonly contentHash: string } | undefined;

function runOf(shown: AnnotatedText, dictionary: Dictionary): Run {
  const hash = shown.annotator?.startsWith('local:') ? shown.annotator.slice('local:'.length).split(':')[0] : undefined;
  return {
    text: shown.text,
    result: shown.result,
    info: {
      annotator: shown.annotator,
      textDatetime: shown.textDatetime,
      version: shown.result.version,
      dictionary: dictionary && dictionary.contentHash === hash ? { id: dictionary.id, contentHash: dictionary.contentHash } : undefined,
    },
    unread: [],
  };
}

async function importA(file: File): Promise<void> {
  const store = useCompareStore.getState();
  try {
    store.setA(readRunFile(await file.text(), file.name));
  } catch (error) {
    store.fileFailed(error instanceof Error ? error.message : String(error));
  }
}

/** Fires "glosa:diff-rendered" once the view of a new diff has been painted (what the bench times). */
function useReportRendered(diff: ResultDiff | undefined, entries: number): void {
  useEffect(() => {
    if (!diff) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => window.dispatchEvent(new CustomEvent('glosa:diff-rendered', { detail: { entries } })));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [diff, entries]);
}

const COUNTED: [EntryKind, string][] = [
  ['added', 'añadidas'],
  ['removed', 'eliminadas'],
  ['changed', 'cambiadas'],
  ['relation-added', 'relaciones añadidas'],
  ['relation-removed', 'relaciones eliminadas'],
];

function Counts({ diff }: { diff: ResultDiff }) {
  const c = diff.counts;
  const byKind: Record<EntryKind, number> = {
    added: c.added,
    removed: c.removed,
    changed: c.changed,
    'relation-added': c.relationsAdded,
    'relation-removed': c.relationsRemoved,
  };
  const fields = Object.entries(c.byField).filter(([, n]) => n > 0);
  return (
    <p role="status" className="compare-counts" data-testid="compare-counts">
      {isEmptyDiff(diff) ? 'Sin diferencias entre A y B.' : COUNTED.map(([kind, label]) => `${label}: ${byKind[kind]}`).join(' · ')}
      {fields.length > 0 && (
        <span className="muted">
          {' '}
          (cambios: {fields.map(([f, n]) => `${FIELD_LABELS[f as keyof typeof FIELD_LABELS]} ${n}`).join(', ')})
        </span>
      )}
    </p>
  );
}

function DiffLegend({ sideBySide }: { sideBySide: boolean }) {
  return (
    <ul className="compare-legend" aria-label="Leyenda de la comparación">
      {(Object.keys(KIND_LABELS) as EntryKind[]).map((kind) => (
        <li key={kind}>
          <span className={`d-mark d-${kind}`}>
            <span className={`d-sym d-sym-${kind}`} aria-hidden="true" />
            texto
          </span>{' '}
          {KIND_LABELS[kind]}
          {kind === 'removed' && ' (solo en A)'}
          {kind === 'added' && ' (solo en B)'}
        </li>
      ))}
      {sideBySide && (
        <>
          <li>
            <span className="d-mark d-added d-absent">texto</span> con trazo discontinuo: no está en esa ejecución
          </li>
          <li>
            <span className="d-same">texto</span> anotada sin diferencias
          </li>
        </>
      )}
    </ul>
  );
}

const VIEWS: [CompareView, string][] = [
  ['combined', 'Combinada'],
  ['side-by-side', 'Lado a lado'],
];

function ViewChoice() {
  const view = useCompareStore((s) => s.view);
  const setView = useCompareStore((s) => s.setView);
  return (
    <fieldset className="compare-view">
      <legend>Vista</legend>
      {VIEWS.map(([value, label]) => (
        <label key={value}>
          <input type="radio" name="compare-view" value={value} checked={view === value} onChange={() => setView(value)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The list starts with this many differences (a long one costs its render, and is read from the top). */
const LIST_FIRST = 200;

function DifferenceList({ entries, selectedKey }: { entries: readonly DiffEntry[]; selectedKey: string | null }) {
  const select = useCompareStore((s) => s.selectDifference);
  const selectSeq = useCompareStore((s) => s.selectSeq);
  const [expanded, setExpanded] = useState(false);
  const ref = useRef<HTMLOListElement>(null);
  const selectedIndex = selectedKey === null ? -1 : entries.findIndex((e) => e.key === selectedKey);
  // A difference selected in the note is shown in the list, even beyond the first ones.
  const shown = expanded || selectedIndex >= LIST_FIRST ? entries : entries.slice(0, LIST_FIRST);
  useEffect(() => {
    if (selectedKey !== null) ref.current?.querySelector(`[data-key="${selectedKey}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedKey, selectSeq]);
  return (
    <div>
      <ol ref={ref} className="compare-list" aria-label="Diferencias" tabIndex={0}>
        {shown.map((e) => (
          <li key={e.key} className={`d-item d-item-${e.kind}`} data-key={e.key}>
            <button type="button" aria-current={e.key === selectedKey ? 'true' : undefined} onClick={() => select(e.key)}>
              <span className="d-kind">{KIND_LABELS[e.kind]}</span> {e.title}
            </button>
            {e.details.length > 0 && (
              <ul className="d-details">
                {e.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
      {shown.length < entries.length && (
        <button type="button" onClick={() => setExpanded(true)}>
          Mostrar las {entries.length - shown.length} diferencias restantes
        </button>
      )}
    </div>
  );
}

function Comparison({ a, b }: { a: Run; b: Run }) {
  const selectedKey = useCompareStore((s) => s.selectedKey);
  const view = useCompareStore((s) => s.view);
  const problem = useMemo(() => differentNotes(a, b), [a, b]);
  const diff = useMemo(() => (problem === null ? diffResults(a.result, b.result) : undefined), [a, b, problem]);
  const entries = useMemo(() => (diff ? diffEntries(diff) : []), [diff]);
  useReportRendered(diff, entries.length);
  // The note's text: B's (the one on screen), or A's when only A has it.
  const text = b.text ?? a.text ?? '';
  if (problem !== null || !diff) {
    return (
      <p role="alert" className="compare-refused" data-testid="compare-refused">
        {problem}
      </p>
    );
  }
  const exportName = (extension: string) => exportFileName(text, new Date(), extension);
  return (
    <>
      <Counts diff={diff} />
      <div className="exports" role="group" aria-label="Exportar la comparación">
        <button
          type="button"
          onClick={() => download(exportName('diff.json'), diffToJson(text, a, b, diff, new Date()), 'application/json')}
        >
          Exportar comparación (JSON)
        </button>
        <button type="button" onClick={() => download(exportName('diff.csv'), diffToCsv(diff), 'text/csv')}>
          Exportar comparación (CSV)
        </button>
      </div>
      <ViewChoice />
      <DiffLegend sideBySide={view === 'side-by-side'} />
      <div className={`compare-body compare-body-${view}`}>
        {view === 'side-by-side' ? (
          <SideBySide text={text} a={a.result} b={b.result} entries={entries} selectedKey={selectedKey} />
        ) : (
          <DiffNote text={text} entries={entries} selectedKey={selectedKey} />
        )}
        {entries.length > 0 && <DifferenceList entries={entries} selectedKey={selectedKey} />}
      </div>
    </>
  );
}

export function ComparePanel({ current }: { current: AnnotatedText | undefined }) {
  const a = useCompareStore((s) => s.a);
  const fileError = useCompareStore((s) => s.fileError);
  const setA = useCompareStore((s) => s.setA);
  const clearA = useCompareStore((s) => s.clearA);
  const dictionary = useAppStore((s) => s.dictionary.active?.info);
  const b = useMemo(() => (current ? runOf(current, dictionary) : undefined), [current, dictionary]);
  // A new A (or B) starts with nothing selected in the list.
  const selectDifference = useCompareStore((s) => s.selectDifference);
  useLayoutEffect(() => selectDifference(null), [a, b, selectDifference]);

  return (
    <div className="compare" data-testid="compare">
      <p className="muted">
        Fije el resultado actual como A (o importe un JSON exportado), cambie la fecha de referencia, el diccionario, las reglas o el modo y
        anote de nuevo: B es el resultado que se muestra.
      </p>
      <div className="compare-actions" role="group" aria-label="Ejecución A">
        <button type="button" disabled={!b} onClick={() => b && setA(b)}>
          Fijar como A
        </button>
        <label>
          Importar JSON como A{' '}
          <input
            type="file"
            accept=".json,.jsonl,application/json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // Cleared so that picking the same file again reads it again.
              e.target.value = '';
              if (file) void importA(file);
            }}
          />
        </label>
        {a && (
          <button type="button" onClick={clearA}>
            Quitar A
          </button>
        )}
      </div>
      {fileError !== null && (
        <p role="alert" className="compare-refused">
          No se pudo leer el archivo: {fileError}
        </p>
      )}
      <dl className="compare-runs">
        <dt>A</dt>
        <dd data-testid="compare-a">{a ? describeRun(a).join(' · ') : 'sin fijar'}</dd>
        {a && a.unread.length > 0 && (
          <dd className="muted" data-testid="compare-unread">
            El archivo {a.unread.join('; ')}.
          </dd>
        )}
        <dt>B</dt>
        <dd data-testid="compare-b">{b ? describeRun(b).join(' · ') : 'sin resultado'}</dd>
      </dl>
      {a && b && <Comparison a={a} b={b} />}
    </div>
  );
}
