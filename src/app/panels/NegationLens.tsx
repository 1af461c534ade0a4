/** Negation QA lens: only negated and uncertain concepts, grouped under their triggers, with counts. */
import { useMemo } from 'react';
import type { Annotation } from '../../core/contract.ts';
import { useAppStore } from '../state/store.ts';
import { summariseNegation } from './negation.ts';

export function NegationLens({ annotations }: { annotations: readonly Annotation[] }) {
  const select = useAppStore((s) => s.select);
  const summary = useMemo(() => summariseNegation(annotations), [annotations]);
  return (
    <div className="lens">
      <p role="status">
        <strong>{summary.negated}</strong> negados · <strong>{summary.uncertain}</strong> inciertos · {summary.total} conceptos en total ·{' '}
        {summary.groups.length} disparadores
      </p>
      {summary.groups.length === 0 && <p className="muted">Ningún concepto negado ni incierto.</p>}
      <ul>
        {summary.groups.map((g) => (
          <li key={`${g.kind}:${g.trigger.begin}:${g.trigger.end}`} className={`lens-${g.kind}`}>
            <span className={`cue cue-${g.kind === 'negated' ? 'negation' : 'uncertainty'}`}>{g.trigger.text}</span>{' '}
            <span className="muted">
              ({g.kind === 'negated' ? 'negación' : 'incertidumbre'}, {g.trigger.begin}–{g.trigger.end}) →
            </span>{' '}
            {g.concepts.map((a) => (
              <button key={a.id} type="button" className={`chip ${g.kind === 'negated' ? 'neg' : 'unc'}`} onClick={() => select(a.id)}>
                {a.match.text}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
