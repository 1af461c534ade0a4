/**
 * The filters of the result, one model for the document, the table and the negation lens: an
 * annotation is shown when its category, its status and its place relative to a reporting verb
 * are all shown; an arc (relation, head, cue) when its type and every annotation it joins are.
 * Filters hold what is hidden, by value, so they outlive a result: a category hidden stays hidden
 * after re-annotation, and one that appears for the first time is shown.
 */
import { categoryOf, type Annotation } from '../../core/contract.ts';
import { categoryLabel, STATUS_LABELS, statusOf, type Status } from '../format/labels.ts';
import type { DocumentModel, Link } from '../document/marks.ts';

/**
 * Where an annotation stands relative to reporting verbs ("refiere", "niega", "consulta por"). The
 * contract marks them only by shape: a reporting verb carries no category and heads the findings
 * it introduces (and those head their sites, dates, quantities).
 */
export type SpeechRole = 'verb' | 'reported' | 'other';

export const FACETS = ['category', 'status', 'relation', 'speech'] as const;
export type Facet = (typeof FACETS)[number];

/** Per facet, the values hidden. */
export type Filters = { readonly [F in Facet]: readonly string[] };

export const NO_FILTERS: Filters = { category: [], status: [], relation: [], speech: [] };

export const FACET_LABELS: Record<Facet, string> = {
  category: 'Categorías',
  status: 'Estados',
  relation: 'Relaciones y arcos',
  speech: 'Verbos declarativos (refiere, niega…)',
};

export const STATUSES: readonly Status[] = ['affirmed', 'negated', 'uncertain', 'family'];

export const SPEECH_ROLES: readonly SpeechRole[] = ['verb', 'reported', 'other'];
export const SPEECH_LABELS: Record<SpeechRole, string> = {
  verb: 'el verbo',
  reported: 'lo que introduce',
  other: 'el resto',
};

export interface Facets {
  readonly category: string;
  readonly status: Status;
  readonly speech: SpeechRole;
}

/** The facets of every annotation, by id. */
export function annotationFacets(annotations: readonly Annotation[]): Map<number, Facets> {
  const byId = new Map(annotations.map((a) => [a.id, a]));
  const verbs = new Set<number>();
  for (const a of annotations) {
    const head = a.head === undefined ? undefined : byId.get(a.head);
    if (head && categoryOf(head) === undefined) verbs.add(head.id);
  }
  const underVerb = (a: Annotation): boolean => {
    // Up the chain of heads (a date → its finding → the verb), at most once round any loop.
    let at = a.head;
    for (let steps = 0; at !== undefined && steps < annotations.length; steps++) {
      if (verbs.has(at)) return true;
      at = byId.get(at)?.head;
    }
    return false;
  };
  const facets = new Map<number, Facets>();
  for (const a of annotations) {
    const speech: SpeechRole = verbs.has(a.id) ? 'verb' : underVerb(a) ? 'reported' : 'other';
    facets.set(a.id, { category: categoryOf(a) ?? '', status: statusOf(a), speech });
  }
  return facets;
}

export function isShown(f: Facets, filters: Filters): boolean {
  return !filters.category.includes(f.category) && !filters.status.includes(f.status) && !filters.speech.includes(f.speech);
}

/** The annotations the filters let through, in their order. */
export function visibleAnnotations(
  annotations: readonly Annotation[],
  facets: ReadonlyMap<number, Facets>,
  filters: Filters,
): Annotation[] {
  if (isEmpty(filters)) return annotations.slice();
  return annotations.filter((a) => {
    const f = facets.get(a.id);
    return f === undefined || isShown(f, filters);
  });
}

/** An arc's type as the filters name it: its kind and its label ("relation:localización", "head:núcleo", "negation:NEG"). */
export const linkType = (link: Pick<Link, 'kind' | 'label'>): string => `${link.kind}:${link.label}`;

const CUE_TYPE_LABELS: Record<string, string> = { negation: 'negación', uncertainty: 'incertidumbre', family: 'familiar' };

/** What a person reads for a value of a facet. */
export function valueLabel(facet: Facet, value: string): string {
  if (facet === 'category') return categoryLabel(value || undefined);
  if (facet === 'status') return STATUS_LABELS[value as Status] ?? value;
  if (facet === 'speech') return SPEECH_LABELS[value as SpeechRole] ?? value;
  const [kind = '', label = ''] = value.split(/:(.*)/s);
  return CUE_TYPE_LABELS[kind] ? `${CUE_TYPE_LABELS[kind]} (${label})` : label;
}

/** Orders values by their Spanish name, an empty one ("sin categoría") last. */
export const byLabel =
  (facet: Facet) =>
  (a: string, b: string): number =>
    Number(a === '') - Number(b === '') || valueLabel(facet, a).localeCompare(valueLabel(facet, b), 'es');

export interface FacetCount {
  readonly value: string;
  readonly count: number;
}

/** Every value present in the result, with how many annotations (arcs, for relations) have it. */
export function facetCounts(facets: ReadonlyMap<number, Facets>, links: readonly Link[]): Record<Facet, FacetCount[]> {
  // Statuses and roles in their fixed order; categories and arc types by their Spanish name, "sin categoría" last.
  const tally = (facet: Facet, values: Iterable<string>, order?: readonly string[]): FacetCount[] => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    const keys = [...counts.keys()];
    keys.sort(order ? (a, b) => order.indexOf(a) - order.indexOf(b) : byLabel(facet));
    return keys.map((value) => ({ value, count: counts.get(value) as number }));
  };
  const all = [...facets.values()];
  return {
    category: tally(
      'category',
      all.map((f) => f.category),
    ),
    status: tally(
      'status',
      all.map((f) => f.status),
      STATUSES,
    ),
    relation: tally('relation', links.map(linkType)),
    speech: tally(
      'speech',
      all.map((f) => f.speech),
      SPEECH_ROLES,
    ),
  };
}

export function isEmpty(filters: Filters): boolean {
  return FACETS.every((f) => filters[f].length === 0);
}

export function isHidden(filters: Filters, facet: Facet, value: string): boolean {
  return filters[facet].includes(value);
}

export function toggleValue(filters: Filters, facet: Facet, value: string): Filters {
  const hidden = filters[facet];
  return { ...filters, [facet]: hidden.includes(value) ? hidden.filter((v) => v !== value) : [...hidden, value] };
}

/** "todas": every value of the facet shown. */
export function showAll(filters: Filters, facet: Facet): Filters {
  return { ...filters, [facet]: [] };
}

/** "ninguna": every value present hidden (values of other results hidden before stay hidden). */
export function hideAll(filters: Filters, facet: Facet, present: readonly string[]): Filters {
  return { ...filters, [facet]: [...new Set([...filters[facet], ...present])] };
}

/** Filters read back from the tab's storage: anything malformed counts as no filter. */
export function sanitiseFilters(value: unknown): Filters {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const list = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
  return { category: list(v.category), status: list(v.status), relation: list(v.relation), speech: list(v.speech) };
}

/** What the document hides, and per block a signature that changes exactly when its part does. */
export interface DocumentFilter {
  readonly hiddenIds: ReadonlySet<number>;
  readonly hiddenLinks: ReadonlySet<string>;
  /** Cue marks ("no", "posible") none of whose arcs is shown. */
  readonly hiddenCues: ReadonlySet<string>;
  readonly blockSigs: ReadonlyMap<number, string>;
}

export const NOTHING_HIDDEN: DocumentFilter = { hiddenIds: new Set(), hiddenLinks: new Set(), hiddenCues: new Set(), blockSigs: new Map() };

/**
 * Applies the filters to a document model without rebuilding it: the model's marks and blocks
 * stay; each block draws its marks and arcs minus these.
 */
export function filterDocument(model: DocumentModel, facets: ReadonlyMap<number, Facets>, filters: Filters): DocumentFilter {
  if (isEmpty(filters)) return NOTHING_HIDDEN;
  const hiddenIds = new Set<number>();
  for (const [id, f] of facets) if (!isShown(f, filters)) hiddenIds.add(id);
  const hiddenLinks = new Set<string>();
  const shownFrom = new Set<string>();
  const blockSigs = new Map<number, string>();
  const sign = (block: number, part: string): void => {
    blockSigs.set(block, blockSigs.has(block) ? `${blockSigs.get(block)},${part}` : part);
  };
  model.blocks.forEach((block, i) => {
    for (const link of block.links) {
      if (filters.relation.includes(linkType(link)) || link.ids.some((id) => hiddenIds.has(id))) {
        hiddenLinks.add(link.key);
        sign(i, link.key);
      } else shownFrom.add(link.from);
    }
  });
  const hiddenCues = new Set<string>();
  for (const m of model.marks) if (m.kind === 'cue' && !shownFrom.has(m.key)) hiddenCues.add(m.key);
  for (const id of hiddenIds) {
    const block = model.blockOf.get(id);
    if (block !== undefined) sign(block, String(id));
  }
  return { hiddenIds, hiddenLinks, hiddenCues, blockSigs };
}
