/**
 * The concept card of the selected annotation: codes with browser links, types, match, its relations
 * (a drug's frame: dosis, frecuencia, vía, duración, forma; a finding's site...), characteristics.
 */
import type { Annotation, Relation, Span } from '../../core/contract.ts';
import { categoryOf } from '../../core/contract.ts';
import { readableTimex } from '../format/timex.ts';
import { categoryLabel, fieldLabel, semanticTypeLabel, STATUS_LABELS, statusOf } from '../format/labels.ts';
import { VerdictButtons } from '../review/VerdictButtons.tsx';
import { useReviewStore } from '../review/store.ts';
import { useAppStore } from '../state/store.ts';
import { relationRows } from './relation-rows.ts';
import { codeLinks } from './terminology.ts';
import { formatQuantity } from '../../core/export/quantity.ts';

const spanText = (s: Span) => `«${s.text}» (${s.begin}–${s.end})`;

function Characteristics({ annotation }: { annotation: Annotation }) {
  const c = annotation.characteristics;
  const rows: [string, string][] = [];
  if (c.negative) rows.push(['Negado por', spanText(c.negative.trigger)]);
  if (c.uncertain) rows.push(['Incierto por', spanText(c.uncertain.trigger)]);
  if (c.family_member) rows.push(['Familiar', spanText(c.family_member.match)]);
  if (c.quantifier) rows.push(['Cuantificador', spanText(c.quantifier.match)]);
  if (c.qualifier) rows.push(['Calificador', spanText(c.qualifier.match)]);
  if (c.quantity) rows.push(['Cantidad', formatQuantity(c.quantity)]);
  if (c.timex) rows.push(['Fecha resuelta', `${readableTimex(c.timex)} (${c.timex.type} ${c.timex.value})`]);
  if (c.age) rows.push([fieldLabel('age'), `${c.age.value} ${c.age.unit}`]);
  const hypothetical = c['hypothetical'] as { trigger?: { text: string; begin: number; end: number } } | undefined;
  if (hypothetical?.trigger) rows.push([fieldLabel('hypothetical'), spanText(hypothetical.trigger as Span)]);
  const known = new Set(['negative', 'uncertain', 'family_member', 'quantifier', 'qualifier', 'quantity', 'timex', 'age', 'hypothetical']);
  for (const [key, value] of Object.entries(c)) if (!known.has(key)) rows.push([fieldLabel(key), JSON.stringify(value)]);
  if (rows.length === 0) return <p className="muted">Sin características.</p>;
  return (
    <dl className="kv">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each relation of the concept as a labelled row; the linked text selects its annotation. */
function Relations({
  annotation,
  relations,
  byId,
}: {
  annotation: Annotation;
  relations: readonly Relation[];
  byId: ReadonlyMap<number, { annotation: Annotation }>;
}) {
  const reveal = useAppStore((s) => s.revealInNote);
  const rows = relationRows(annotation, relations, byId);
  if (rows.length === 0) return null;
  return (
    <>
      <h3>Relaciones</h3>
      <dl className="kv relations" data-testid="card-relations">
        {rows.map((row) => (
          <div key={`${row.direction}:${row.rel}:${row.other.id}`} data-rel={row.rel}>
            <dt>{row.label}</dt>
            <dd>
              <button type="button" className="link" onClick={() => reveal(row.other.id)}>
                «{row.other.match.text}»
              </button>
              {row.detail && <span className="muted"> ({row.detail})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

export function ConceptCard({
  annotation,
  byId,
  relations = [],
}: {
  annotation: Annotation;
  byId: ReadonlyMap<number, { annotation: Annotation }>;
  relations?: readonly Relation[] | undefined;
}) {
  const select = useAppStore((s) => s.select);
  const reveal = useAppStore((s) => s.revealInNote);
  const head = annotation.head === undefined ? undefined : byId.get(annotation.head)?.annotation;
  const reviewing = useReviewStore((s) => s.enabled && Boolean(s.current?.result.annotations.some((a) => a.id === annotation.id)));
  return (
    <section className="card" aria-label={`Concepto ${annotation.match.text}`}>
      <header className="card-head">
        <h2>{annotation.match.preferred_term || annotation.match.text}</h2>
        <button type="button" className="close" onClick={() => select(null)} aria-label="Cerrar la ficha del concepto">
          ×
        </button>
      </header>
      {reviewing && <VerdictButtons id={annotation.id} text={annotation.match.text} />}
      <dl className="kv">
        <div>
          <dt>Texto</dt>
          <dd>{spanText(annotation.match)}</dd>
        </div>
        <div>
          <dt>Forma hallada en el diccionario</dt>
          <dd>{annotation.match.found_as}</dd>
        </div>
        <div>
          <dt>Término preferido</dt>
          <dd>{annotation.match.preferred_term || '—'}</dd>
        </div>
        <div>
          <dt>Categoría</dt>
          <dd>{categoryOf(annotation) ? categoryLabel(categoryOf(annotation)) : '— (sin categoría)'}</dd>
        </div>
        <div>
          <dt>Tipo semántico</dt>
          <dd title={annotation.type.umls}>{semanticTypeLabel(annotation.type.umls)}</dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{STATUS_LABELS[statusOf(annotation)]}</dd>
        </div>
        {head && (
          <div>
            <dt>Núcleo (head)</dt>
            <dd>
              <button type="button" className="link" onClick={() => reveal(head.id)}>
                #{head.id} «{head.match.text}»
              </button>
            </dd>
          </div>
        )}
      </dl>
      <Relations annotation={annotation} relations={relations} byId={byId} />
      <h3>Códigos</h3>
      <ul className="codes">
        {codeLinks(annotation.code).map((l) => (
          <li key={`${l.system}:${l.code}`}>
            <span className="system">{l.system}</span>{' '}
            {l.href ? (
              <a href={l.href} target="_blank" rel="noopener noreferrer">
                {l.code}
              </a>
            ) : (
              <code title="identificador local de Glosa">{l.code}</code>
            )}
          </li>
        ))}
      </ul>
      <h3>Características</h3>
      <Characteristics annotation={annotation} />
    </section>
  );
}
