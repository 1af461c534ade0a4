/**
 * Local mode: a context rule pack chosen by the user (JSON, see "glosa rules export"), checked by
 * the worker before it is used, kept for the browser tab, shown as active and removable. A bad
 * pack is refused with the worker's message (file, rule, what is wrong) and the rules in use stay.
 */
import { localAnnotator } from '../annotator/current.ts';
import { useAppStore } from '../state/store.ts';

async function choose(file: File): Promise<void> {
  const store = useAppStore.getState();
  try {
    const json = await file.text();
    const ruleCount = await localAnnotator().checkRules({ name: file.name, json });
    store.setContextRules({ name: file.name, json, ruleCount, chosenAt: Date.now() });
  } catch (error) {
    store.contextRulesFailed(file.name, error instanceof Error ? error.message : String(error));
  }
}

export function ContextRulesPicker() {
  const rules = useAppStore((s) => s.contextRules);
  const error = useAppStore((s) => s.contextRulesError);
  const setRules = useAppStore((s) => s.setContextRules);
  return (
    <div className="rules-picker" role="group" aria-label="Reglas de contexto">
      <span data-testid="context-rules-status">
        Reglas de contexto:{' '}
        {rules === null ? (
          'predeterminadas'
        ) : (
          <>
            <strong>{rules.name}</strong> ({rules.ruleCount} reglas activas){' '}
            <button type="button" onClick={() => setRules(null)}>
              Quitar paquete de reglas
            </button>
          </>
        )}
      </span>{' '}
      <label>
        Paquete de reglas{' '}
        <input
          type="file"
          accept=".json,application/json"
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared so that picking the same file again checks it again.
            e.target.value = '';
            if (file) void choose(file);
          }}
        />
      </label>
      {error !== null && (
        <p role="alert" className="rules-error">
          Paquete de reglas rechazado: {error}
        </p>
      )}
    </div>
  );
}
