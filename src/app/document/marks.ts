/**
 * From a result to what the document draws: marks (concept spans and cue spans) in UTF-16 ranges,
 * nested into a tree that stays valid when spans overlap (a crossing span is split into fragments),
 * and the links between them (heads, relations, negation / uncertainty / family cues).
 */
import { categoryOf, type Annotation, type AnnotationResult, type Span } from '../../core/contract.ts';
import { createOffsetConverter } from '../../core/text/codepoints.ts';
import { framedIds, relationLabelFrom } from '../format/labels.ts';

export type CueKind = 'negation' | 'uncertainty' | 'family';

export interface ConceptMark {
  readonly kind: 'concept';
  readonly key: string;
  readonly begin: number;
  readonly end: number;
  readonly annotation: Annotation;
  readonly category: string | undefined;
  readonly negated: boolean;
  readonly uncertain: boolean;
  readonly family: boolean;
}

export interface CueMark {
  readonly kind: 'cue';
  readonly key: string;
  readonly cue: CueKind;
  readonly begin: number;
  readonly end: number;
  readonly text: string;
  /** Annotations this cue applies to. */
  readonly targets: number[];
}

export type Mark = ConceptMark | CueMark;

export type DocNode = { readonly type: 'text'; readonly begin: number; readonly end: number } | MarkNode;

export interface MarkNode {
  readonly type: 'mark';
  readonly mark: Mark;
  /** False for the second and later pieces of a split span. */
  readonly first: boolean;
  /** 1 for a span with no marked children; the outer span's underline sits below its children's. */
  readonly height: number;
  readonly children: readonly DocNode[];
}

export type LinkKind = 'relation' | 'head' | CueKind;

export interface Link {
  readonly key: string;
  readonly kind: LinkKind;
  readonly label: string;
  /** Mark keys. */
  readonly from: string;
  readonly to: string;
  /** Annotation ids involved, for hover highlighting. */
  readonly ids: readonly number[];
}

/**
 * A stretch of the document drawn on its own (its own arc layer, laid out only when near the
 * viewport). Blocks end after a newline, or at a sentence end inside a long paragraph, and never
 * cut through a mark or between the two ends of a link.
 */
export interface Block {
  readonly begin: number;
  readonly end: number;
  readonly tree: readonly DocNode[];
  readonly links: readonly Link[];
}

export interface DocumentModel {
  readonly marks: readonly Mark[];
  readonly blocks: readonly Block[];
  readonly links: readonly Link[];
  readonly byId: ReadonlyMap<number, ConceptMark>;
  /** Annotation ids in reading order (the order keyboard navigation follows). */
  readonly order: readonly number[];
  /** Annotation id → index of the block that holds it. */
  readonly blockOf: ReadonlyMap<number, number>;
  /** Block index → the labels of the sections whose header it holds (results annotated with `explain`). */
  readonly sectionsAt: ReadonlyMap<number, readonly string[]>;
  /** Annotation id → ids and mark keys to highlight with it (trigger, head, relation partners). */
  readonly related: ReadonlyMap<number, { ids: number[]; cues: string[] }>;
}

export const conceptKey = (id: number): string => `a${id}`;

const CUE_LABELS: Record<CueKind, string> = { negation: 'NEG', uncertainty: 'INCIERTO', family: 'FAMILIAR' };

/** Whether `a` is the qualifier of its head ("intensa" in "cefalea intensa"): its arc says so. */
function qualifies(a: Annotation, head: Annotation | undefined): boolean {
  const q = head?.characteristics.qualifier?.match;
  return q !== undefined && q.begin === a.match.begin && q.end === a.match.end;
}

export function buildDocumentModel(text: string, result: AnnotationResult): DocumentModel {
  const converter = createOffsetConverter(text);
  const limit = text.length;
  const range = (span: Pick<Span, 'begin' | 'end'>): [number, number] => {
    const begin = Math.min(converter.toUtf16(span.begin), limit);
    return [begin, Math.max(begin, Math.min(converter.toUtf16(span.end), limit))];
  };

  const marks: Mark[] = [];
  const byId = new Map<number, ConceptMark>();
  const spanKeyToId = new Map<string, number>();
  for (const a of result.annotations) {
    const [begin, end] = range(a.match);
    const c = a.characteristics;
    const mark: ConceptMark = {
      kind: 'concept',
      key: conceptKey(a.id),
      begin,
      end,
      annotation: a,
      category: categoryOf(a),
      negated: c.negative !== undefined,
      uncertain: c.uncertain !== undefined,
      family: c.family_member !== undefined,
    };
    marks.push(mark);
    byId.set(a.id, mark);
    if (!spanKeyToId.has(`${begin}:${end}`)) spanKeyToId.set(`${begin}:${end}`, a.id);
  }

  const links: Link[] = [];
  const related = new Map<number, { ids: number[]; cues: string[] }>();
  const relate = (id: number, other: number | string): void => {
    let entry = related.get(id);
    if (!entry) related.set(id, (entry = { ids: [], cues: [] }));
    if (typeof other === 'number') entry.ids.push(other);
    else entry.cues.push(other);
  };

  const cues = new Map<string, CueMark>();
  const addCue = (cue: CueKind, span: Span, target: number): void => {
    const [begin, end] = range(span);
    // A family member that is itself an annotation ("Madre") links to that annotation.
    const sameAs = cue === 'family' ? spanKeyToId.get(`${begin}:${end}`) : undefined;
    let from: string;
    if (sameAs !== undefined) {
      from = conceptKey(sameAs);
      relate(target, sameAs);
      relate(sameAs, target);
    } else {
      const key = `${cue}:${begin}:${end}`;
      let mark = cues.get(key);
      if (!mark) {
        mark = { kind: 'cue', key, cue, begin, end, text: text.slice(begin, end), targets: [] };
        cues.set(key, mark);
        marks.push(mark);
      }
      mark.targets.push(target);
      from = key;
      relate(target, key);
    }
    links.push({ key: `${cue}:${from}>${target}`, kind: cue, label: CUE_LABELS[cue], from, to: conceptKey(target), ids: [target] });
  };

  const paired = new Set<string>();
  // Keys are built from numbers only: they end up in a generated style rule (see DocumentView).
  let relationIndex = 0;
  const framed = framedIds(result.relations ?? []);
  for (const r of result.relations ?? []) {
    const index = relationIndex++;
    if (!byId.has(r.from) || !byId.has(r.to)) continue;
    paired.add(`${r.from}:${r.to}`).add(`${r.to}:${r.from}`);
    links.push({
      key: `rel${index}:${r.from}>${r.to}`,
      kind: 'relation',
      label: relationLabelFrom(r.rel, (byId.get(r.from) as ConceptMark).annotation, framed),
      from: conceptKey(r.from),
      to: conceptKey(r.to),
      ids: [r.from, r.to],
    });
    relate(r.from, r.to);
    relate(r.to, r.from);
  }
  for (const a of result.annotations) {
    // A head already drawn as a relation between the same two annotations is not drawn twice.
    if (a.head !== undefined && byId.has(a.head) && !paired.has(`${a.id}:${a.head}`)) {
      links.push({
        key: `head:${a.id}>${a.head}`,
        kind: 'head',
        label: qualifies(a, byId.get(a.head)?.annotation) ? 'calificador' : 'núcleo',
        from: conceptKey(a.id),
        to: conceptKey(a.head),
        ids: [a.id, a.head],
      });
    }
    if (a.head !== undefined) {
      relate(a.id, a.head);
      relate(a.head, a.id);
    }
    const c = a.characteristics;
    if (c.negative) addCue('negation', c.negative.trigger, a.id);
    if (c.uncertain) addCue('uncertainty', c.uncertain.trigger, a.id);
    if (c.family_member) addCue('family', c.family_member.match, a.id);
  }

  const blocks = splitBlocks(text, marks, links);
  const concepts = marks.filter((m): m is ConceptMark => m.kind === 'concept').sort(compareMarks);
  const blockOf = new Map<number, number>();
  let b = 0;
  for (const m of [...concepts].sort((x, y) => x.begin - y.begin)) {
    while (b + 1 < blocks.length && (blocks[b] as Block).end <= m.begin) b++;
    blockOf.set(m.annotation.id, b);
  }
  const sectionsAt = new Map<number, string[]>();
  for (const s of result.sections ?? []) {
    const [begin] = range(s.header);
    const block = blocks.findIndex((bl) => begin >= bl.begin && begin < bl.end);
    if (block >= 0) sectionsAt.set(block, [...(sectionsAt.get(block) ?? []), s.label]);
  }
  return { marks, blocks, links, byId, related, order: concepts.map((m) => m.annotation.id), blockOf, sectionsAt };
}

/** Paragraphs longer than this are cut at sentence ends too. */
export const LONG_BLOCK = 2000;

function splitBlocks(text: string, marks: readonly Mark[], links: readonly Link[]): Block[] {
  // Stretches no cut may fall inside: every mark, and the whole reach of every link.
  const markByKey = new Map(marks.map((m) => [m.key, m]));
  const stretches: [number, number][] = marks.map((m) => [m.begin, m.end]);
  for (const l of links) {
    const a = markByKey.get(l.from);
    const b = markByKey.get(l.to);
    if (a && b) stretches.push([Math.min(a.begin, b.begin), Math.max(a.end, b.end)]);
  }
  stretches.sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [b, e] of stretches) {
    const last = merged[merged.length - 1];
    if (last && b < last[1]) last[1] = Math.max(last[1], e);
    else merged.push([b, e]);
  }
  let stretch = 0;
  const cuttable = (p: number): boolean => {
    while (stretch < merged.length && (merged[stretch] as [number, number])[1] <= p) stretch++;
    const s = merged[stretch];
    return !(s && s[0] < p && p < s[1]);
  };

  const cuts: number[] = [];
  let blockStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    let cut = ch === 10 && cuttable(i + 1);
    if (!cut && i - blockStart > LONG_BLOCK && ch === 32 && '.!?;:'.includes(text[i - 1] ?? '')) cut = cuttable(i + 1);
    if (cut && i + 1 < text.length) {
      cuts.push(i + 1);
      blockStart = i + 1;
    }
  }

  const bounds = [0, ...cuts, text.length];
  const sortedMarks = [...marks].sort((a, b) => a.begin - b.begin);
  const blocks: Block[] = [];
  let m = 0;
  const linksByFrom = new Map<string, Link[]>();
  for (const l of links) {
    const list = linksByFrom.get(l.from);
    if (list) list.push(l);
    else linksByFrom.set(l.from, [l]);
  }
  for (let i = 0; i + 1 < bounds.length; i++) {
    const begin = bounds[i] as number;
    const end = bounds[i + 1] as number;
    const inside: Mark[] = [];
    while (m < sortedMarks.length && (sortedMarks[m] as Mark).begin < end) inside.push(sortedMarks[m++] as Mark);
    const blockLinks = inside.flatMap((mk) => linksByFrom.get(mk.key) ?? []);
    blocks.push({ begin, end, tree: nestMarks(inside, end, begin), links: blockLinks });
  }
  return blocks;
}

/** Outer before inner: earlier start first, then longer, then concepts before cues. */
function compareMarks(a: Mark, b: Mark): number {
  return (
    a.begin - b.begin || b.end - a.end || (a.kind === b.kind ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.kind === 'concept' ? -1 : 1)
  );
}

/**
 * Nests marks over [start, length): the text is cut at every mark boundary; consecutive pieces that
 * share their outermost mark become one span of it, recursively. A mark that crosses another's end
 * therefore shows as two fragments, and the tree is always well formed.
 */
export function nestMarks(marks: readonly Mark[], length: number, start = 0): DocNode[] {
  const sorted = marks.filter((m) => m.end > m.begin).sort(compareMarks);
  const cuts = new Set<number>([start, length]);
  for (const m of sorted) cuts.add(m.begin).add(m.end);
  const points = [...cuts].filter((p) => p >= start && p <= length).sort((a, b) => a - b);

  // Active marks of each elementary piece, outermost first (a sweep over the sorted marks).
  const pieces: { begin: number; end: number; active: Mark[] }[] = [];
  let next = 0;
  let open: Mark[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const begin = points[i] as number;
    const end = points[i + 1] as number;
    open = open.filter((m) => m.end > begin);
    let added = false;
    while (next < sorted.length && (sorted[next] as Mark).begin <= begin) {
      const m = sorted[next++] as Mark;
      if (m.end > begin) {
        open.push(m);
        added = true;
      }
    }
    if (added) open.sort(compareMarks);
    pieces.push({ begin, end, active: open.slice() });
  }

  const seen = new Set<Mark>();
  const group = (from: number, to: number, depth: number): DocNode[] => {
    const nodes: DocNode[] = [];
    let i = from;
    while (i < to) {
      const piece = pieces[i] as (typeof pieces)[number];
      const mark = piece.active[depth];
      if (mark === undefined) {
        const last = nodes[nodes.length - 1];
        if (last?.type === 'text' && last.end === piece.begin)
          nodes[nodes.length - 1] = { type: 'text', begin: last.begin, end: piece.end };
        else nodes.push({ type: 'text', begin: piece.begin, end: piece.end });
        i++;
        continue;
      }
      let j = i + 1;
      while (j < to && (pieces[j] as (typeof pieces)[number]).active[depth] === mark) j++;
      const children = group(i, j, depth + 1);
      const height = 1 + Math.max(0, ...children.map((c) => (c.type === 'mark' ? c.height : 0)));
      nodes.push({ type: 'mark', mark, first: !seen.has(mark), height, children });
      seen.add(mark);
      i = j;
    }
    return nodes;
  };
  return group(0, pieces.length, 0);
}
