import { describe, expect, it } from 'vitest';
import { CATEGORIES, RELATION_KINDS } from '../../core/contract.ts';
import { toCsv } from '../export/csv.ts';
import { summariseNegation } from '../panels/negation.ts';
import { annotationFacets, NO_FILTERS, visibleAnnotations } from '../filters/model.ts';
import { annotation, span } from '../test/fixtures.ts';
import {
  CATEGORY_LABELS,
  categoryLabel,
  fieldLabel,
  RELATION_LABELS,
  relationLabel,
  semanticTypeLabel,
  STATUS_LABELS,
  statusOf,
} from './labels.ts';

const text = 'Madre con diabetes. Padre sin asma. Tos.';
const family = () => [
  annotation(0, text, 10, 18, { characteristics: { family_member: { match: span(text, 0, 5) } } }),
  annotation(1, text, 30, 34, {
    characteristics: { family_member: { match: span(text, 20, 25) }, negative: { trigger: span(text, 26, 29) } },
  }),
  annotation(2, text, 36, 39),
];

describe('family history is its own status', () => {
  it('is "familiar", after negation, before affirmed', () => {
    expect(family().map(statusOf)).toEqual(['family', 'negated', 'affirmed']);
    expect(STATUS_LABELS.family).toBe('familiar');
  });

  it('filters the table, fills the CSV status column and groups under the relative in the lens', () => {
    const onlyFamily = { ...NO_FILTERS, status: ['negated', 'uncertain', 'affirmed'] };
    const ids = visibleAnnotations(family(), annotationFacets(family()), onlyFamily).map((a) => a.id);
    expect(ids).toEqual([0]);
    const csv = toCsv({ version: '1', annotations: family() }).split('\r\n');
    const status = csv[0]!.split(',').indexOf('status');
    expect(csv.slice(1, 4).map((line) => line.split(',')[status])).toEqual(['family', 'negated', 'affirmed']);
    const lens = summariseNegation(family());
    expect([lens.negated, lens.uncertain, lens.family]).toEqual([1, 0, 2]);
    expect(lens.groups.filter((g) => g.kind === 'family').map((g) => [g.trigger.text, g.concepts.map((a) => a.id)])).toEqual([
      ['Madre', [0]],
      ['Padre', [1]],
    ]);
  });
});

describe('Spanish names', () => {
  it('names every category and relation of the contract in Spanish', () => {
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual([...CATEGORIES].sort());
    expect(Object.keys(RELATION_LABELS).sort()).toEqual([...RELATION_KINDS].sort());
    expect(categoryLabel('Disease or Syndrome')).toBe('Enfermedad o síndrome');
    expect(relationLabel('has_route')).toBe('vía');
    expect(relationLabel('has_allergen')).toBe('alérgeno');
    expect(relationLabel('has_age')).toBe('edad');
  });

  it('keeps a name Glosa does not know as sent, and says when there is none', () => {
    expect(categoryLabel('Neoplastic Process')).toBe('Neoplastic Process');
    expect(relationLabel('causes')).toBe('causes');
    expect(categoryLabel(undefined)).toBe('sin categoría');
  });
});

describe('Spanish names of semantic types and fields (#30)', () => {
  it('names every semantic type of the lexicon and the local concepts in Spanish, and field names as words', () => {
    expect(semanticTypeLabel('Sign or Symptom')).toBe('Signo o síntoma');
    expect(semanticTypeLabel('Body Part, Organ, or Organ Component')).toBe('Parte del cuerpo, órgano o componente de órgano');
    expect(semanticTypeLabel('Something Else')).toBe('Something Else');
    expect(fieldLabel('hypothetical')).toBe('Condicional (hipotético)');
    expect(fieldLabel('found_as')).toBe('found as');
  });
});
