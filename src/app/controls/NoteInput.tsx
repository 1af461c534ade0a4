/** The note: text area, reference datetime, "Anotar", and the example notes. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serviceTextLimit } from '../annotator/remote.ts';
import { EXAMPLES } from '../examples.ts';
import { acceptDatetimeInput, formatTextDatetime } from '../state/datetime.ts';
import { requestResultFocus } from '../state/resultFocus.ts';
import { useAppStore } from '../state/store.ts';

export function NoteInput({ busy }: { busy: boolean }) {
  const text = useAppStore((s) => s.text);
  const textDatetime = useAppStore((s) => s.textDatetime);
  const mode = useAppStore((s) => s.mode);
  const setText = useAppStore((s) => s.setText);
  const setTextDatetime = useAppStore((s) => s.setTextDatetime);
  const submitNow = useAppStore((s) => s.submit);
  const remoteBase = useAppStore((s) => s.remoteBase);
  // Remote mode: the service's limit (`/tagger/config`), said before a longer note is sent.
  const limit = useQuery({
    queryKey: ['service-text-limit', remoteBase],
    queryFn: ({ signal }) => serviceTextLimit(remoteBase, signal),
    enabled: mode === 'remote',
    staleTime: 60_000,
  }).data;
  const codePoints = Array.from(text).length;
  const tooLong = mode === 'remote' && typeof limit === 'number' && codePoints > limit;
  const submit = () => {
    if (tooLong) return;
    requestResultFocus();
    submitNow();
  };
  // A datetime that is no real date with a four-digit year is said at its field and not taken:
  // the last good one (and its result) stays.
  const [badDatetime, setBadDatetime] = useState(false);
  const changeDatetime = (value: string) => {
    if (!value) return;
    const datetime = acceptDatetimeInput(value);
    setBadDatetime(datetime === null);
    if (datetime !== null) setTextDatetime(datetime);
  };
  return (
    <section className="note-input" aria-label="Nota clínica">
      <div className="examples" role="group" aria-label="Notas de ejemplo">
        <span className="muted">Ejemplos:</span>
        {EXAMPLES.map((e) => (
          <button
            key={e.label}
            type="button"
            onClick={() => {
              setText(e.text);
              submit();
            }}
          >
            {e.label}
          </button>
        ))}
      </div>
      <label className="sr-only" htmlFor="note">
        Texto de la nota
      </label>
      <textarea
        id="note"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
        }}
        placeholder="Pegue o escriba una nota clínica en español…"
        spellCheck={false}
        rows={7}
      />
      <div className="note-actions">
        <label>
          Fecha de referencia{' '}
          <input
            type="datetime-local"
            step={1}
            min="1000-01-01T00:00:00"
            max="9999-12-31T23:59:59"
            value={textDatetime}
            onChange={(e) => changeDatetime(e.target.value)}
            aria-invalid={badDatetime}
            aria-describedby={badDatetime ? 'dt-error dt-note' : 'dt-note'}
          />
        </label>
        {badDatetime && (
          <span id="dt-error" className="error-text" role="alert">
            Fecha no válida: el año ha de tener cuatro cifras. Se mantiene {textDatetime.replace('T', ' ')}.
          </span>
        )}
        <button
          type="button"
          onClick={() => {
            setBadDatetime(false);
            setTextDatetime(formatTextDatetime(new Date()));
          }}
        >
          Ahora
        </button>
        <span id="dt-note" className="muted">
          Las fechas relativas («hace 3 días») se resuelven respecto a ella.
        </span>
        <span className="spacer" />
        <span className="muted">{text.length.toLocaleString('es')} caracteres</span>
        {tooLong && (
          <span className="error-text" role="alert" data-testid="too-long">
            La nota tiene {codePoints.toLocaleString('es')} caracteres y el servicio admite como máximo {limit.toLocaleString('es')}:
            acórtela o divídala antes de anotar.
          </span>
        )}
        <button type="button" className="primary" onClick={submit} disabled={text.trim() === '' || tooLong} aria-busy={busy}>
          {busy ? 'Anotando…' : 'Anotar'}
        </button>
        {mode === 'local' && <span className="muted">(en modo local también se anota al dejar de escribir)</span>}
      </div>
    </section>
  );
}
