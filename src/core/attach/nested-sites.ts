/**
 * Joins the sites found inside concepts (`config.nested_sites`, see match/nested-sites.ts) to the
 * layers just before emit: each site goes right after its concept (it starts inside it, so the
 * mentions stay in position order, longer first), every index of the layers is moved past the sites
 * before it, and the concept gets `has_anatomical_location` to its site, which takes the concept as
 * head and its negation, as a site after a finding does.
 */
import type { AttachLayer, ContextLayer, Link } from '../doc.ts';
import type { NestedSite } from '../match/nested-sites.ts';
import type { Mention } from '../mention.ts';

export interface Layers {
  readonly mentions: readonly Mention[];
  readonly context: ContextLayer;
  readonly attach: AttachLayer;
}

export function withNestedSites(layers: Layers, sites: readonly NestedSite[]): Layers {
  if (sites.length === 0) return layers;
  const { mentions, context, attach } = layers;
  const moved = new Int32Array(mentions.length);
  const merged: Mention[] = [];
  const isSite: boolean[] = [];
  const siteOf: number[] = [];
  let s = 0;
  for (let k = 0; k < mentions.length; k++) {
    moved[k] = merged.length;
    merged.push(mentions[k] as Mention);
    isSite.push(false);
    siteOf.push(-1);
    for (; s < sites.length && (sites[s] as NestedSite).of === k; s++) {
      merged.push((sites[s] as NestedSite).site);
      isSite.push(true);
      siteOf.push(k);
    }
  }
  const at = (k: number): number => (k < 0 ? k : (moved[k] as number));
  const original = new Int32Array(merged.length);
  moved.forEach((i, k) => (original[i] = k));
  /** A per-mention array: each mention's own entry, and for a site the entry `ofSite` gives for its concept. */
  function spread<T>(values: ArrayLike<T>, ofSite: (concept: number) => T): T[] {
    return merged.map((_m, i) => (isSite[i] ? ofSite(siteOf[i] as number) : (values[original[i] as number] as T)));
  }
  const none = (): undefined => undefined;
  const relations: Link[] = attach.relations.map((r) => ({ from: at(r.from), rel: r.rel, to: at(r.to) }));
  merged.forEach((_m, i) => {
    if (isSite[i]) relations.push({ from: at(siteOf[i] as number), rel: 'has_anatomical_location', to: i });
  });
  return {
    mentions: merged,
    context: {
      negative: spread(context.negative, none),
      uncertain: spread(context.uncertain, none),
      family: spread(context.family, none).map((f) => (f === undefined || f.relative < 0 ? f : { ...f, relative: at(f.relative) })),
    },
    attach: {
      head: Int32Array.from(spread(Array.from(attach.head, at), at)),
      quantifier: Int32Array.from(spread(Array.from(attach.quantifier, at), () => -1)),
      qualifier: Int32Array.from(spread(Array.from(attach.qualifier, at), () => -1)),
      inheritedNegative: spread(attach.inheritedNegative, (k) => context.negative[k] ?? attach.inheritedNegative[k]),
      relations,
    },
  };
}
