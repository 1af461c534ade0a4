/**
 * The note as text with its marks as nested spans. Every character comes from the note through
 * React text nodes (never HTML), so markup in a note stays inert.
 */
import { Fragment, memo, type ReactNode } from 'react';
import type { DocumentFilter } from '../filters/model.ts';
import { sameBlockProps } from '../filters/useFilters.ts';
import { readableTimex } from '../format/timex.ts';
import { categoryClass, categoryLabel, STATUS_LABELS, statusOf } from '../format/labels.ts';
import { verdictClass, verdictLabel, type Verdicts } from '../review/spans.ts';
import type { ConceptMark, CueMark, DocNode } from './marks.ts';

const CUE_NAMES = { negation: 'disparador de negación', uncertainty: 'disparador de incertidumbre', family: 'familiar' } as const;

function conceptLabel(mark: ConceptMark, text: string): string {
  const a = mark.annotation;
  const parts = [`«${text}»`, mark.category ? categoryLabel(mark.category) : a.type.umls, STATUS_LABELS[statusOf(a)]];
  if (mark.family) parts.push('de un familiar');
  const timex = a.characteristics.timex;
  if (timex) parts.push(`fecha ${readableTimex(timex)}`);
  return parts.join(', ');
}

function conceptClass(mark: ConceptMark): string {
  return ['ann', categoryClass(mark.category), mark.negated && 'neg', mark.uncertain && 'unc', mark.family && 'fam']
    .filter(Boolean)
    .join(' ');
}

/** Whether a mark holds another concept (a nested site: "esófago" in "cáncer de esófago"). */
function holdsConcept(nodes: readonly DocNode[]): boolean {
  return nodes.some((n) => n.type === 'mark' && (n.mark.kind === 'concept' || holdsConcept(n.children)));
}

function renderNodes(
  nodes: readonly DocNode[],
  text: string,
  firstFocusable: { done: boolean },
  verdicts?: Verdicts,
  filter?: DocumentFilter,
): ReactNode[] {
  return nodes.map((node) => {
    if (node.type === 'text') return text.slice(node.begin, node.end);
    const { mark } = node;
    const children = renderNodes(node.children, text, firstFocusable, verdicts, filter);
    // A mark the filters hide leaves its text plain (and its marked children as they are).
    if (filter && (mark.kind === 'cue' ? filter.hiddenCues.has(mark.key) : filter.hiddenIds.has(mark.annotation.id)))
      return <Fragment key={`${mark.key}@${node.first ? 0 : mark.begin}`}>{children}</Fragment>;
    const style = { '--h': node.height } as React.CSSProperties;
    if (mark.kind === 'cue') return renderCue(mark, node.first, style, children);
    const focusable = node.first && !firstFocusable.done;
    if (focusable) firstFocusable.done = true;
    const timex = node.first ? mark.annotation.characteristics.timex : undefined;
    const verdict = verdicts?.get(mark.annotation.id);
    return [
      <span
        key={`${mark.key}@${node.first ? 0 : mark.begin}`}
        className={conceptClass(mark) + verdictClass(verdict)}
        style={style}
        data-ann={mark.annotation.id}
        data-verdict={verdict?.verdict}
        {...(node.first
          ? {
              // A control may hold no other control: a concept around a nested site is a focusable group.
              role: holdsConcept(node.children) ? 'group' : 'button',
              tabIndex: focusable ? 0 : -1,
              'aria-label': conceptLabel(mark, text.slice(mark.begin, mark.end)) + verdictLabel(verdict),
            }
          : { 'data-frag': 'cont' })}
      >
        {children}
      </span>,
      timex ? (
        <span key={`${mark.key}:timex`} className="timex-chip" aria-hidden="true">
          → {readableTimex(timex)}
        </span>
      ) : null,
    ];
  });
}

function renderCue(mark: CueMark, first: boolean, style: React.CSSProperties, children: ReactNode[]): ReactNode {
  return (
    <span
      key={`${mark.key}@${first ? 0 : mark.begin}`}
      className={`cue cue-${mark.cue}`}
      style={style}
      data-cue={mark.key}
      {...(first ? { 'aria-label': `${CUE_NAMES[mark.cue]} «${mark.text}»` } : { 'data-frag': 'cont' })}
    >
      {children}
    </span>
  );
}

/**
 * One block's text and marks; `firstFocusable` makes the document's first annotation the tab stop.
 * In review mode `verdicts` marks the judged spans; `filter` leaves out what the filters hide. The
 * block re-renders only when `verdictSig` or `filterSig` (its own part of either) changes.
 */
export const BlockText = memo(function BlockText({
  nodes,
  text,
  firstFocusable,
  verdicts,
  filter,
}: {
  nodes: readonly DocNode[];
  text: string;
  firstFocusable: boolean;
  verdicts?: Verdicts | undefined;
  verdictSig?: string | undefined;
  filter?: DocumentFilter | undefined;
  filterSig?: string | undefined;
}) {
  return <>{renderNodes(nodes, text, { done: !firstFocusable }, verdicts, filter)}</>;
}, sameBlockProps);
