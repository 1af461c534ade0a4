/** Every error of this session, newest first, with the service's own words when it gave any. */
import { useAppStore } from '../state/store.ts';

export function ErrorsPanel() {
  const errors = useAppStore((s) => s.errors);
  const clear = useAppStore((s) => s.clearErrors);
  if (errors.length === 0) return <p className="muted">Sin errores en esta sesión.</p>;
  return (
    <div>
      <button type="button" onClick={clear}>
        Vaciar
      </button>
      <ul className="errors">
        {errors.map((e, i) => (
          <li key={`${e.at}:${i}`}>
            <time dateTime={e.at}>{new Date(e.at).toLocaleTimeString('es')}</time> {e.message}
            {e.detail && <div className="muted">{e.detail}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
