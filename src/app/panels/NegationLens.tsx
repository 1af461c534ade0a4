/**
 * Negation QA lens: only negated, uncertain and family-history concepts (those the filters show),
 * grouped under their triggers, with counts.
 * Each trigger is shown in its stretch of the note with its scope shaded and the id of the context
 * rule that fired, so a reviewer sees where a negation stopped and why.
 */
import { useMemo } from 'react';
import type { Annotation } from '../../core/contract.ts';
import { useVisibleAnnotations } from '../filters/useFilters.ts';
import { useAppStore } from '../state/store.ts';
import { APART_LABELS, apartCount, excerpt, negatesItself, summariseNegation, type Apart, type TriggerGroup } from './negation.ts';

const CUE_CLASS: Record<TriggerGroup['kind'], string> = { negated: 'cue-negation', uncertain: 'cue-uncertainty', family: 'cue-family' };
const CHIP_CLASS: Record<TriggerGroup['kind'], string> = { negated: 'neg', uncertain: 'unc', family: 'fam' };

function kindName(g: TriggerGroup): string {
  if (g.kind === 'negated') return negatesItself(g) ? 'negación en la propia palabra' : 'negación';
  return g.kind === 'uncertain' ? 'incertidumbre' : 'antecedente familiar';
}

function Excerpt({ chars, group }: { chars: readonly string[]; group: TriggerGroup }) {
  const cueClass = `cue ${CUE_CLASS[group.kind]}`;
  return (
    <p className="lens-excerpt">
      {excerpt(chars, group.trigger, group.scope).map((part, i) =>
        part.role === 'trigger' ? (
          <span key={i} className={cueClass}>
            {part.text}
          </span>
        ) : part.role === 'scope' ? (
          <mark key={i} className={`lens-scope lens-scope-${group.kind}`} title="Alcance de la regla">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function NegationLens({ annotations, text }: { annotations: readonly Annotation[]; text: string }) {
  const reveal = useAppStore((s) => s.revealInNote);
  // The filters apply here too: a hidden status or category leaves the lens.
  const visible = useVisibleAnnotations(annotations);
  const chars = useMemo(() => Array.from(text), [text]);
  const summary = useMemo(() => summariseNegation(visible, chars), [visible, chars]);
  const apart = (Object.keys(APART_LABELS) as Apart[]).filter((role) => summary.apart[role] > 0);
  return (
    <div className="lens">
      <p role="status">
        <strong>{summary.negated}</strong> negados · <strong>{summary.uncertain}</strong> inciertos · <strong>{summary.family}</strong>{' '}
        familiares · {summary.total} conceptos en total · {summary.groups.length} disparadores
        {apart.length > 0 && (
          <span data-testid="lens-apart">
            {' '}
            · aparte (no son hallazgos): {apart.map((role) => apartCount(role, summary.apart[role])).join(', ')}
          </span>
        )}
      </p>
      {summary.groups.length === 0 && <p className="muted">Ningún concepto negado, incierto ni familiar.</p>}
      <ul>
        {summary.groups.map((g) => (
          <li key={`${g.kind}:${g.trigger.begin}:${g.trigger.end}`} className={`lens-${g.kind}`}>
            <span className={`cue ${CUE_CLASS[g.kind]}`}>{g.trigger.text}</span>{' '}
            <span className="muted">
              ({kindName(g)}, {g.trigger.begin}–{g.trigger.end}) →
            </span>{' '}
            {g.concepts.map((a) => (
              <button key={a.id} type="button" className={`chip ${CHIP_CLASS[g.kind]}`} onClick={() => reveal(a.id)}>
                {a.match.text}
              </button>
            ))}
            {g.apart.length > 0 && (
              <span className="lens-apart muted">
                {' '}
                aparte:{' '}
                {g.apart.map(({ annotation: a, role }) => (
                  <button
                    key={a.id}
                    type="button"
                    className="chip apart"
                    onClick={() => reveal(a.id)}
                    aria-label={`${APART_LABELS[role]} ${a.match.text}`}
                  >
                    {APART_LABELS[role]} «{a.match.text}»
                  </button>
                ))}
              </span>
            )}
            {g.rule !== undefined && (
              <span className="lens-rule">
                regla <code>{g.rule}</code>
                {g.scope !== undefined &&
                  (g.scope.begin === g.scope.end ? ' · alcance vacío' : ` · alcance ${g.scope.begin}–${g.scope.end}`)}
              </span>
            )}
            <Excerpt chars={chars} group={g} />
          </li>
        ))}
      </ul>
    </div>
  );
}
