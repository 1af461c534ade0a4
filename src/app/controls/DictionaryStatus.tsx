/** Local mode: the dictionary load in progress (bytes against the total), its outcome, and the active dictionary. */
import { choiceLabel, dictionaryPhase } from '../state/dictionary.ts';
import { useAppStore } from '../state/store.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const SOURCE_LABELS = { network: 'descargado', cache: 'desde la caché del navegador', file: 'leído del archivo' } as const;

export function DictionaryStatus() {
  const state = useAppStore((s) => s.dictionary);
  const { active, loading, error } = state;
  const phase = dictionaryPhase(state);
  return (
    <>
      {phase === 'idle' && (
        <p className="dict muted" data-phase="idle">
          El diccionario se descargará al anotar por primera vez.
        </p>
      )}
      {loading && (
        <div className="dict" data-phase="loading">
          <label>
            {loading.choice.kind === 'file' ? 'Leyendo' : 'Descargando'} diccionario «{choiceLabel(loading.choice)}»… {kb(loading.loaded)}
            {loading.total > 0 && ` de ${kb(loading.total)}`}{' '}
            <progress
              max={loading.total || undefined}
              value={loading.total ? loading.loaded : undefined}
              aria-label="Descarga del diccionario"
            />
          </label>
        </div>
      )}
      {phase === 'error' && error && (
        <p className="dict error" role="alert" data-phase="error">
          No se pudo cargar el diccionario «{choiceLabel(error.choice)}»: {error.message}
          {/[.!?]$/.test(error.message) ? '' : '.'}
          {active && ` Se sigue usando ${active.info.id}.`}
        </p>
      )}
      {phase === 'ready' && active && (
        <div className="dict" data-phase="ready" data-source={active.info.source}>
          <progress max={1} value={1} aria-label="Descarga del diccionario" /> Diccionario listo ({SOURCE_LABELS[active.info.source]},{' '}
          {kb(active.info.bytes)}, {Math.round(active.info.loadMs)} ms)
        </div>
      )}
      {active && (
        <dl className="dict-active" data-testid="dict-active" data-hash={active.info.contentHash} aria-label="Diccionario activo">
          <dt>Diccionario</dt>
          <dd title={active.info.name}>{active.info.id}</dd>
          <dt>Conceptos</dt>
          <dd>{active.info.conceptCount.toLocaleString('es')}</dd>
          <dt>Términos</dt>
          <dd>{active.info.termCount.toLocaleString('es')}</dd>
          <dt>Hash</dt>
          <dd>
            <code>{active.info.contentHash}</code>
          </dd>
          <dt>Origen</dt>
          <dd>{choiceLabel(active.choice)}</dd>
        </dl>
      )}
    </>
  );
}
