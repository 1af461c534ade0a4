import { describe, expect, it } from 'vitest';
import { buildDocumentModel } from '../document/marks.ts';
import { annotation } from '../test/fixtures.ts';
import {
  annotationFacets,
  facetCounts,
  filterDocument,
  hideAll,
  isEmpty,
  linkType,
  NO_FILTERS,
  NOTHING_HIDDEN,
  sanitiseFilters,
  showAll,
  toggleValue,
  valueLabel,
  visibleAnnotations,
} from './model.ts';
import { result, TEXT } from './test-note.ts';

describe('filter model', () => {
  const r = result();
  const facets = annotationFacets(r.annotations);
  const ids = (filters: typeof NO_FILTERS) => visibleAnnotations(r.annotations, facets, filters).map((a) => a.id);

  it('reads reporting verbs from the contract: no category, heads what they introduce (and what hangs on it)', () => {
    expect([...facets].filter(([, f]) => f.speech === 'verb').map(([id]) => id)).toEqual([0, 4]);
    expect([...facets].filter(([, f]) => f.speech === 'reported').map(([id]) => id)).toEqual([1, 2, 3, 5]);
    // A site's head is its finding, which has a category: not a verb.
    expect(facets.get(9)?.speech).toBe('other');
    expect(facets.get(7)).toEqual({ category: 'Disease or Syndrome', status: 'family', speech: 'other' });
  });

  it('survives a loop of heads from another service', () => {
    const loop = [annotation(0, 'ab', 0, 1, { head: 1 }), annotation(1, 'ab', 1, 2, { head: 0 })];
    expect([...annotationFacets(loop).values()].map((f) => f.speech)).toEqual(['other', 'other']);
  });

  it('hides by category, status and reporting verb, all three at once', () => {
    expect(ids(NO_FILTERS)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ids({ ...NO_FILTERS, category: ['Finding'] })).toEqual([0, 3, 4, 6, 7, 9]);
    expect(ids({ ...NO_FILTERS, status: ['negated', 'family'] })).toEqual([0, 1, 2, 3, 4, 6, 8, 9]);
    expect(ids({ ...NO_FILTERS, speech: ['verb', 'reported'] })).toEqual([6, 7, 8, 9]);
    expect(ids({ category: [''], status: ['affirmed'], relation: [], speech: [] })).toEqual([5, 7]);
  });

  it('counts every value present: annotations per category, status and role; arcs per type', () => {
    const model = buildDocumentModel(TEXT, r);
    const counts = facetCounts(facets, model.links);
    // By Spanish name (Anatomía, Concepto temporal, Enfermedad…, Grupo, Hallazgo), "sin categoría" last.
    expect(counts.category).toEqual([
      { value: 'Anatomy', count: 1 },
      { value: 'Temporal Concept', count: 1 },
      { value: 'Disease or Syndrome', count: 1 },
      { value: 'Group', count: 1 },
      { value: 'Finding', count: 4 },
      { value: '', count: 2 },
    ]);
    expect(counts.status).toEqual([
      { value: 'affirmed', count: 8 },
      { value: 'negated', count: 1 },
      { value: 'family', count: 1 },
    ]);
    expect(counts.speech).toEqual([
      { value: 'verb', count: 2 },
      { value: 'reported', count: 4 },
      { value: 'other', count: 4 },
    ]);
    expect(counts.relation).toEqual(
      expect.arrayContaining([
        { value: 'relation:fecha', count: 1 },
        { value: 'relation:localización', count: 1 },
        { value: 'head:núcleo', count: 3 },
        { value: 'negation:NEG', count: 1 },
        { value: 'family:FAMILIAR', count: 1 },
      ]),
    );
    expect(valueLabel('relation', 'negation:NEG')).toBe('negación (NEG)');
    expect(valueLabel('relation', 'relation:fecha')).toBe('fecha');
    expect(valueLabel('category', '')).toBe('sin categoría');
    expect(valueLabel('category', 'Finding')).toBe('Hallazgo');
    expect(valueLabel('status', 'family')).toBe('familiar');
  });

  it('toggles, shows all and hides all; hidden values of another result stay hidden', () => {
    let f = toggleValue(NO_FILTERS, 'category', 'Finding');
    expect(f.category).toEqual(['Finding']);
    expect(isEmpty(f)).toBe(false);
    f = hideAll(f, 'category', ['Finding', 'Anatomy']);
    expect(f.category).toEqual(['Finding', 'Anatomy']);
    f = toggleValue(f, 'category', 'Finding');
    expect(f.category).toEqual(['Anatomy']);
    expect(showAll(f, 'category')).toEqual(NO_FILTERS);
    expect(isEmpty(showAll(f, 'category'))).toBe(true);
  });

  it('reads stored filters defensively', () => {
    expect(sanitiseFilters(undefined)).toEqual(NO_FILTERS);
    expect(sanitiseFilters({ category: ['Finding', 4], status: 'negated' })).toEqual({ ...NO_FILTERS, category: ['Finding'] });
  });
});

describe('filters on the document', () => {
  const r = result();
  const facets = annotationFacets(r.annotations);
  const model = buildDocumentModel(TEXT, r);

  it('hides nothing (and builds nothing) without filters', () => {
    expect(filterDocument(model, facets, NO_FILTERS)).toBe(NOTHING_HIDDEN);
  });

  it('hides an arc with either end, and cue marks whose arcs are all hidden', () => {
    const f = filterDocument(model, facets, { ...NO_FILTERS, status: ['negated'] });
    expect([...f.hiddenIds]).toEqual([5]);
    const hidden = model.links.filter((l) => f.hiddenLinks.has(l.key)).map(linkType);
    expect(hidden.sort()).toEqual(['head:núcleo', 'negation:NEG']);
    expect([...f.hiddenCues]).toEqual([model.marks.find((m) => m.kind === 'cue' && m.cue === 'negation')?.key]);
  });

  it('hides arcs by type alone, leaving their annotations', () => {
    const f = filterDocument(model, facets, { ...NO_FILTERS, relation: ['head:núcleo'] });
    expect(f.hiddenIds.size).toBe(0);
    expect(model.links.filter((l) => f.hiddenLinks.has(l.key)).every((l) => l.label === 'núcleo')).toBe(true);
    expect(f.hiddenLinks.size).toBe(3);
    expect(f.hiddenCues.size).toBe(0);
  });

  it('gives each block a signature that changes only with what it hides', () => {
    const dolor = model.blockOf.get(8) as number;
    const disnea = model.blockOf.get(5) as number;
    expect(dolor).not.toBe(disnea);
    const a = filterDocument(model, facets, { ...NO_FILTERS, status: ['negated'] });
    const b = filterDocument(model, facets, { ...NO_FILTERS, status: ['negated'], category: ['Anatomy'] });
    expect(a.blockSigs.get(disnea)).toBe(b.blockSigs.get(disnea));
    expect(a.blockSigs.get(dolor)).toBeUndefined();
    expect(b.blockSigs.get(dolor)).toBeDefined();
  });
});
