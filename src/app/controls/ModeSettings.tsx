/** Choice of annotator: local (in this browser) or remote (base URL + API key). */
import { useAppStore, type Mode } from '../state/store.ts';

export function ModeSettings() {
  const mode = useAppStore((s) => s.mode);
  const remoteBase = useAppStore((s) => s.remoteBase);
  const apiKey = useAppStore((s) => s.apiKey);
  const setMode = useAppStore((s) => s.setMode);
  const setRemoteBase = useAppStore((s) => s.setRemoteBase);
  const setApiKey = useAppStore((s) => s.setApiKey);
  return (
    <fieldset className="mode">
      <legend>Anotador</legend>
      {(['local', 'remote'] as Mode[]).map((m) => (
        <label key={m}>
          <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />{' '}
          {m === 'local' ? 'Local (en este navegador)' : 'Remoto (servicio)'}
        </label>
      ))}
      {mode === 'remote' && (
        <div className="remote-fields">
          <label>
            URL base <input type="url" value={remoteBase} onChange={(e) => setRemoteBase(e.target.value)} spellCheck={false} size={32} />
          </label>
          <label>
            Clave de API{' '}
            <input
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="key-note"
            />
          </label>
          <span id="key-note" className="muted">
            La clave se guarda solo en esta pestaña (sessionStorage).
          </span>
        </div>
      )}
    </fieldset>
  );
}
