/** Local mode: the dictionary's download progress, then where it came from (network or cache). */
import { useAppStore } from '../state/store.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function DictionaryStatus() {
  const status = useAppStore((s) => s.dictionary);
  switch (status.phase) {
    case 'idle':
      return <p className="dict muted">El diccionario se descargará al anotar por primera vez.</p>;
    case 'loading':
      return (
        <div className="dict" data-phase="loading">
          <label>
            Descargando diccionario… {kb(status.loaded)}
            {status.total > 0 && ` de ${kb(status.total)}`}{' '}
            <progress
              max={status.total || undefined}
              value={status.total ? status.loaded : undefined}
              aria-label="Descarga del diccionario"
            />
          </label>
        </div>
      );
    case 'ready':
      return (
        <div className="dict" data-phase="ready" data-source={status.info.source}>
          <progress max={1} value={1} aria-label="Descarga del diccionario" /> Diccionario {status.info.id} listo (
          {status.info.source === 'cache' ? 'desde la caché del navegador' : 'descargado'}, {kb(status.info.bytes)},{' '}
          {status.info.conceptCount} conceptos, {Math.round(status.info.loadMs)} ms)
        </div>
      );
    case 'error':
      return (
        <p className="dict error" role="alert" data-phase="error">
          No se pudo cargar el diccionario: {status.message}
        </p>
      );
  }
}
