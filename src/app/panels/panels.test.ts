import { describe, expect, it } from 'vitest';
import type { Quantity } from '../../core/contract.ts';
import { annotation, NEGATED_TEXT, negatedResult, span } from '../test/fixtures.ts';
import { newReview, setVerdict } from '../review/model.ts';
import { utf16Range, wrongAnnotations } from './ErrorsPanel.tsx';
import { excerpt, negatesItself, summariseNegation } from './negation.ts';
import { annotationFacets, NO_FILTERS, visibleAnnotations } from '../filters/model.ts';
import { detailOf, sortRows, toRows } from './rows.ts';
import { codeLinks } from './terminology.ts';

const mixed = () => {
  const text = 'Sin fiebre. Posible neumonía. Tos.';
  return [
    annotation(0, text, 4, 10, { characteristics: { negative: { trigger: span(text, 0, 3) } } }),
    annotation(1, text, 20, 28, {
      type: { umls: 'Disease or Syndrome', vendor: 'Disease or Syndrome' },
      characteristics: { uncertain: { trigger: span(text, 12, 19) } },
    }),
    annotation(2, text, 30, 33),
  ];
};

describe('annotation table rows', () => {
  it('lists what the filters let through, by status and category', () => {
    const annotations = mixed();
    const facets = annotationFacets(annotations);
    const ids = (category: string[], status: string[]) =>
      sortRows(toRows(visibleAnnotations(annotations, facets, { ...NO_FILTERS, category, status })), {
        column: 'begin',
        descending: false,
      }).map((r) => r.annotation.id);
    expect(ids([], ['uncertain', 'affirmed'])).toEqual([0]);
    expect(ids([], ['negated', 'affirmed'])).toEqual([1]);
    expect(ids([], ['negated', 'uncertain'])).toEqual([2]);
    expect(ids(['Disease or Syndrome'], [])).toEqual([0, 2]);
    expect(ids(['Finding'], ['uncertain'])).toEqual([]);
  });

  it('sorts by a column either way', () => {
    const rows = toRows(mixed());
    const sorted = (descending: boolean) => sortRows(rows, { column: 'text', descending }).map((r) => r.annotation.match.text);
    expect(sorted(false)).toEqual(['fiebre', 'neumonía', 'Tos']);
    expect(sorted(true)).toEqual(['Tos', 'neumonía', 'fiebre']);
  });
});

describe('annotation table detail', () => {
  it('names the cue, the relative, the qualifier, the value and the resolved date', () => {
    const text = 'Sin cefalea intensa. Madre con asma. Hb 10,2 g/dl ayer.';
    const negated = annotation(0, text, 4, 11, {
      characteristics: { negative: { trigger: span(text, 0, 3) }, qualifier: { match: span(text, 12, 19) } },
    });
    const familial = annotation(1, text, 31, 35, { characteristics: { family_member: { match: span(text, 21, 26) } } });
    const measured = annotation(2, text, 37, 39, { characteristics: { quantifier: { match: span(text, 40, 49) } } });
    const dated = annotation(3, text, 50, 54, { characteristics: { timex: { type: 'DATE', value: '2024-06-09' } } });
    expect(detailOf(negated)).toBe('por «Sin» · calificador «intensa»');
    expect(detailOf(familial)).toBe('familiar «Madre»');
    expect(detailOf(measured)).toBe('valor «10,2 g/dl»');
    expect(detailOf(dated)).toMatch(/^→ 9 jun 2024/);
    expect(detailOf(annotation(4, text, 0, 3))).toBe('');
  });
});

describe('quantities shown whole (#30)', () => {
  it('gives the table detail and the card relation a blood pressure’s two values, a range and a bound', () => {
    const text = 'TA 130/85 mmHg';
    const q = (quantity: Quantity) => annotation(0, text, 3, 14, { characteristics: { quantity } });
    expect(detailOf(q({ value: 130, unit: 'mmHg', systolic: 130, diastolic: 85 }))).toBe('130/85 mmHg');
    expect(detailOf(q({ value: 2, unit: 'lpm', high: 3 }))).toBe('2–3 lpm');
    expect(detailOf(q({ value: 5, unit: 'mg', comparator: '<=' }))).toBe('≤5 mg');
    expect(detailOf(q({ value: 875, unit: 'mg', amounts: [875, 125] }))).toBe('875/125 mg');
  });
});

describe('negation lens', () => {
  it('groups negated and uncertain concepts under their triggers, with counts', () => {
    // "No refiere dolor en el brazo": one negated finding; the verb and the site are listed apart (#30).
    const summary = summariseNegation([...negatedResult().annotations]);
    expect(summary).toMatchObject({ negated: 1, uncertain: 0, total: 3, apart: { verb: 1, site: 1, result: 0 } });
    expect(summary.groups).toHaveLength(1);
    expect(summary.groups[0]?.trigger.text).toBe(NEGATED_TEXT.slice(0, 2));
    expect(summary.groups[0]?.concepts.map((a) => a.id)).toEqual([1]);
    expect(summary.groups[0]?.apart.map(({ annotation, role }) => [annotation.id, role])).toEqual([
      [0, 'verb'],
      [2, 'site'],
    ]);
    const other = summariseNegation(mixed());
    expect(other.groups.map((g) => [g.kind, g.trigger.text])).toEqual([
      ['negated', 'Sin'],
      ['uncertain', 'Posible'],
    ]);
  });

  it('lists a negative laboratory result apart from the negated findings ("Troponina negativa")', () => {
    const text = 'Troponina negativa. Sin fiebre.';
    const summary = summariseNegation(
      [
        annotation(0, text, 0, 9, {
          type: { umls: 'Amino Acid, Peptide, or Protein', vendor: 'Substance' },
          characteristics: { negative: { trigger: span(text, 10, 18) } },
        }),
        annotation(1, text, 24, 30, { characteristics: { negative: { trigger: span(text, 20, 23) } } }),
      ],
      Array.from(text),
    );
    expect(summary).toMatchObject({ negated: 1, apart: { verb: 0, site: 0, result: 1 } });
    expect(summary.groups.map((g) => [g.trigger.text, g.concepts.length, g.apart.map((x) => x.role)])).toEqual([
      ['negativa', 0, ['result']],
      ['Sin', 1, []],
    ]);
  });

  it('shows a word that carries its own negation ("afebril") as its own trigger', () => {
    const text = 'Afebril. Sin tos.';
    const summary = summariseNegation([
      annotation(0, text, 0, 7, { characteristics: { negative: { trigger: span(text, 0, 7) } } }),
      annotation(1, text, 13, 16, { characteristics: { negative: { trigger: span(text, 9, 12) } } }),
    ]);
    expect(summary.groups.map((g) => [g.trigger.text, negatesItself(g)])).toEqual([
      ['Afebril', true],
      ['Sin', false],
    ]);
  });
});

describe('terminology links', () => {
  it('links every code to a public browser, and none for Glosa-local identifiers', () => {
    const links = codeLinks({ umls: 'C0030193', snomed_ct: ['22253000'], icd10_cm: ['R52'], icd9_cm: ['338-338.99'], loinc: ['718-7'] });
    expect(links.map((l) => l.system)).toEqual(['UMLS CUI', 'SNOMED CT', 'ICD-10-CM', 'ICD-9-CM', 'LOINC']);
    expect(links.every((l) => l.href?.startsWith('https://'))).toBe(true);
    expect(links[1]?.href).toContain('conceptId1=22253000');
    expect(links[3]?.href).toContain('q=338');
    expect(codeLinks({ umls: 'L0000001' })[0]?.href).toBeUndefined();
  });
});

describe('the negation lens explanations', () => {
  it('carry the rule and scope of an explained trigger into its group', () => {
    const text = 'Sin fiebre ni tos.';
    const negative = { trigger: span(text, 0, 3), rule: 'neg-sin', scope: { begin: 4, end: 17 } };
    const summary = summariseNegation([
      annotation(0, text, 4, 10, { characteristics: { negative } }),
      annotation(1, text, 14, 17, { characteristics: { negative } }),
    ]);
    expect(summary.groups).toHaveLength(1);
    expect(summary.groups[0]).toMatchObject({ rule: 'neg-sin', scope: { begin: 4, end: 17 } });
  });

  it('cut the note around a trigger and its scope in code points, marking both', () => {
    const chars = Array.from('😀 Sin fiebre ni tos, con dolor.');
    expect(excerpt(chars, { begin: 2, end: 5 }, { begin: 6, end: 19 })).toEqual([
      { text: '😀 ', role: 'text' },
      { text: 'Sin', role: 'trigger' },
      { text: ' ', role: 'text' },
      { text: 'fiebre ni tos', role: 'scope' },
      { text: ', con dolor.', role: 'text' },
    ]);
    const long = Array.from('x'.repeat(100));
    const parts = excerpt(long, { begin: 50, end: 51 }, undefined);
    expect(parts[0]).toEqual({ text: '…', role: 'text' });
    expect(parts[parts.length - 1]).toEqual({ text: '…', role: 'text' });
    expect(parts.find((p) => p.role === 'trigger')?.text).toBe('x');
  });
});

describe('the errors list of a review', () => {
  it('lists the annotations marked wrong, in the order of the note, with their verdicts', () => {
    const result = negatedResult();
    let review = newReview('nota', NEGATED_TEXT, '2024-06-10T10:00:00', result, 'abc');
    const [first, second, third] = result.annotations;
    review = setVerdict(review, third!.id, 'wrong', { reason: 'span' });
    review = setVerdict(review, second!.id, 'correct');
    review = setVerdict(review, first!.id, 'wrong', { comment: 'no es un concepto' });
    expect(wrongAnnotations(review).map(({ annotation, verdict }) => [annotation.id, verdict.reason, verdict.comment])).toEqual([
      [first!.id, undefined, 'no es un concepto'],
      [third!.id, 'span', undefined],
    ]);
    expect(wrongAnnotations(newReview('nota', NEGATED_TEXT, '2024-06-10T10:00:00', result, 'abc'))).toEqual([]);
  });
});

describe('a place in the note named by an error', () => {
  it('becomes the text box selection in UTF-16, after emoji too, clamped to the text', () => {
    const text = '😷 No refiere fiebre.';
    const [start, end] = utf16Range(text, { begin: 13, end: 19 });
    expect(text.slice(start, end)).toBe('fiebre');
    expect(utf16Range(text, { begin: 13, end: 500 })).toEqual([start, text.length]);
  });
});
