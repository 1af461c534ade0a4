/**
 * brat standoff export: the note as `.txt` and its annotations as `.ann`.
 *
 *   T<n>  one per concept and one per negation / uncertainty trigger (types Negation_cue,
 *         Uncertainty_cue); T numbers are the annotation id + 1 for concepts
 *   A<n>  attributes Negated, Uncertain, Family_member on concepts
 *   R<n>  relations (their `rel`), heads (`head`), and cue links (`negated_by`, `uncertain_by`)
 *   #<n>  AnnotatorNotes with the UMLS CUI and preferred term, and a quantity written whole
 *
 * Offsets: brat counts characters of the `.txt` as Python does, i.e. Unicode code points, the
 * same unit as the contract, so they are written unchanged. A span crossing a line break is
 * written as fragments ("b1 e1;b2 e2"), since brat spans may not contain a newline.
 */
import { categoryOf, type AnnotationResult, type Span } from '../../core/contract.ts';
import { formatQuantity } from '../../core/export/quantity.ts';

/** brat type names: no spaces or punctuation. */
export function bratType(name: string): string {
  return name.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'Concept';
}

/** Code-point fragments of [begin, end) split at newlines (the text is the note). */
export function fragments(codePoints: readonly string[], begin: number, end: number): string {
  const parts: string[] = [];
  let start = begin;
  for (let i = begin; i < end; i++) {
    if (codePoints[i] === '\n') {
      if (i > start) parts.push(`${start} ${i}`);
      start = i + 1;
    }
  }
  if (end > start || parts.length === 0) parts.push(`${start} ${Math.max(start, end)}`);
  return parts.join(';');
}

export function toBrat(text: string, result: AnnotationResult): { txt: string; ann: string } {
  const codePoints = Array.from(text);
  const surface = (s: Pick<Span, 'begin' | 'end'>) => codePoints.slice(s.begin, s.end).join('').replace(/\n/g, ' ');
  const lines: string[] = [];
  const tOf = new Map<number, string>();
  let nextT = Math.max(0, ...result.annotations.map((a) => a.id)) + 2;
  for (const a of result.annotations) {
    const t = `T${a.id + 1}`;
    tOf.set(a.id, t);
    const type = bratType(categoryOf(a) ?? a.type.umls);
    lines.push(`${t}\t${type} ${fragments(codePoints, a.match.begin, a.match.end)}\t${surface(a.match)}`);
  }
  const cueT = new Map<string, string>();
  const cue = (kind: 'Negation_cue' | 'Uncertainty_cue', span: Span): string => {
    const key = `${kind}:${span.begin}:${span.end}`;
    let t = cueT.get(key);
    if (t === undefined) {
      t = `T${nextT++}`;
      cueT.set(key, t);
      lines.push(`${t}\t${kind} ${fragments(codePoints, span.begin, span.end)}\t${surface(span)}`);
    }
    return t;
  };
  let a = 1;
  let r = 1;
  let note = 1;
  const relations: string[] = [];
  const attributes: string[] = [];
  const notes: string[] = [];
  for (const ann of result.annotations) {
    const t = tOf.get(ann.id) as string;
    const c = ann.characteristics;
    if (c.negative) {
      attributes.push(`A${a++}\tNegated ${t}`);
      relations.push(`R${r++}\tnegated_by Arg1:${t} Arg2:${cue('Negation_cue', c.negative.trigger)}`);
    }
    if (c.uncertain) {
      attributes.push(`A${a++}\tUncertain ${t}`);
      relations.push(`R${r++}\tuncertain_by Arg1:${t} Arg2:${cue('Uncertainty_cue', c.uncertain.trigger)}`);
    }
    if (c.family_member) attributes.push(`A${a++}\tFamily_member ${t}`);
    const head = ann.head === undefined ? undefined : tOf.get(ann.head);
    if (head) relations.push(`R${r++}\thead Arg1:${t} Arg2:${head}`);
    // A quantity is written whole ("130/85 mmHg"): brat has no attribute for a value.
    const quantity = c.quantity ? ` · ${formatQuantity(c.quantity)}` : '';
    notes.push(`#${note++}\tAnnotatorNotes ${t}\t${`${ann.code.umls} ${ann.match.preferred_term}`.trimEnd()}${quantity}`);
  }
  for (const rel of result.relations ?? []) {
    const from = tOf.get(rel.from);
    const to = tOf.get(rel.to);
    if (from && to) relations.push(`R${r++}\t${bratType(rel.rel)} Arg1:${from} Arg2:${to}`);
  }
  const ann = [...lines, ...attributes, ...relations, ...notes];
  return { txt: text, ann: ann.length ? `${ann.join('\n')}\n` : '' };
}
