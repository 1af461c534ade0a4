/** Choice of annotator: local (in this browser) or remote (base URL + API key). */
import { useEffect, useRef } from 'react';
import { useAppStore, type Mode } from '../state/store.ts';

const KEY_PROMPTS = {
  missing: 'Escriba la clave de API: sin ella no se envía nada al servicio.',
  rejected: 'El servicio rechazó la clave (HTTP 401). Escriba una clave válida.',
} as const;

export function ModeSettings() {
  const mode = useAppStore((s) => s.mode);
  const remoteBase = useAppStore((s) => s.remoteBase);
  const apiKey = useAppStore((s) => s.apiKey);
  const setMode = useAppStore((s) => s.setMode);
  const setRemoteBase = useAppStore((s) => s.setRemoteBase);
  const setApiKey = useAppStore((s) => s.setApiKey);
  const keyProblem = useAppStore((s) => s.keyProblem);
  const nestedSites = useAppStore((s) => s.nestedSites);
  const setNestedSites = useAppStore((s) => s.setNestedSites);
  const keyInput = useRef<HTMLInputElement>(null);
  // A missing or refused key: the focus goes to the field that needs it.
  useEffect(() => {
    if (keyProblem) keyInput.current?.focus();
  }, [keyProblem]);
  const empty = apiKey.trim() === '';
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
              ref={keyInput}
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-describedby="key-note key-prompt"
              aria-invalid={keyProblem !== null || undefined}
            />
          </label>
          <span id="key-prompt" className={keyProblem ? 'key-prompt' : 'muted'}>
            {keyProblem ? KEY_PROMPTS[keyProblem] : empty ? 'Falta la clave de API.' : ''}
          </span>
          <span id="key-note" className="muted">
            La clave se guarda solo en esta pestaña (sessionStorage).
          </span>
        </div>
      )}
      <label className="nested-sites" title="Anota el sitio anatómico dentro del concepto («esófago» en «cáncer de esófago»)">
        <input type="checkbox" checked={nestedSites} onChange={(e) => setNestedSites(e.target.checked)} /> Sitios dentro de conceptos
      </label>
    </fieldset>
  );
}
