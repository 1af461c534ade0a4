/** Local mode: switch dictionaries without a reload — the default, a .glsd at a URL, or a local file. */
import { localAnnotator } from '../annotator/current.ts';
import { useAppStore } from '../state/store.ts';

export function DictionaryPicker() {
  const url = useAppStore((s) => s.dictionaryUrl);
  const setUrl = useAppStore((s) => s.setDictionaryUrl);
  const busy = useAppStore((s) => s.dictionary.loading !== null);
  const onDefault = useAppStore((s) => s.dictionary.active?.choice.kind === 'default');
  return (
    <div className="dict-picker" role="group" aria-label="Cambiar de diccionario">
      <button type="button" disabled={busy || onDefault} onClick={() => void localAnnotator().switchTo({ kind: 'default' })}>
        Diccionario predeterminado
      </button>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim() !== '') void localAnnotator().switchTo({ kind: 'url', url: url.trim() });
        }}
      >
        <label>
          URL de un diccionario .glsd{' '}
          <input
            type="text"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://…/mi-diccionario.glsd"
            spellCheck={false}
            size={28}
          />
        </label>{' '}
        <button type="submit" disabled={busy || url.trim() === ''}>
          Cargar URL
        </button>
      </form>
      <label>
        Archivo .glsd{' '}
        <input
          type="file"
          accept=".glsd,application/octet-stream"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared so that picking the same file again loads it again.
            e.target.value = '';
            if (file) void localAnnotator().switchTo({ kind: 'file', file });
          }}
        />
      </label>
    </div>
  );
}
