/**
 * Sections of a note (src/core/text/sections.ts) and family-history sections in the context stage:
 * headers with or without a colon, on their own line or opening one, in capitals or not, behind
 * bullets; what a header governs ends at the next header, and a note without line breaks or
 * sentence ends has no header to find.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { AnnotationResultSchema } from '../../src/core/contract.ts';
import { resultToJson } from '../../src/core/emit/result-json.ts';
import { findSections } from '../../src/core/text/sections.ts';
import { segmentSentences } from '../../src/core/text/segment.ts';
import { tokenise } from '../../src/core/text/tokenise.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';
import { staged } from './staged.ts';

function sections(text: string): { name: string; header: string; body: string }[] {
  const tokens = tokenise(text);
  return findSections(text, tokens, segmentSentences(text, tokens)).map((s) => ({
    name: s.kind.name,
    header: text.slice(s.header.start, s.header.end),
    body: text.slice(s.start, s.end),
  }));
}

describe('section headers', () => {
  it('are found with a colon, on a line of their own, in capitals, behind bullets and after a sentence end', () => {
    expect(
      sections('Motivo de consulta: fiebre.\nAF: madre con asma.\n- Exploración física\nNormal.').map((s) => [s.name, s.header]),
    ).toEqual([
      ['motivo_consulta', 'Motivo de consulta'],
      ['antecedentes_familiares', 'AF'],
      ['exploracion_fisica', 'Exploración física'],
    ]);
    expect(sections('ANTECEDENTES FAMILIARES madre con DM. ENFERMEDAD ACTUAL fiebre.').map((s) => s.name)).toEqual([
      'antecedentes_familiares',
      'enfermedad_actual',
    ]);
    expect(sections('Fiebre desde ayer. Antecedentes personales: HTA.').map((s) => s.body)).toEqual(['Antecedentes personales: HTA.']);
  });

  it('are not found in running text, nor as an abbreviation without its colon', () => {
    expect(sections('Refiere antecedentes familiares de asma')).toEqual([]);
    expect(sections('AF paroxística en tratamiento.')).toEqual([]);
    expect(sections('Tratamiento con paracetamol.')).toEqual([]);
  });

  it('"AP" inside an examination is the lungs\' auscultation, not a header', () => {
    expect(sections('Exploración física: AC: rítmica. AP: murmullo conservado.\nAntecedentes personales: HTA.').map((s) => s.name)).toEqual(
      ['exploracion_fisica', 'antecedentes_personales'],
    );
  });

  it('run from the header to the next header', () => {
    const found = sections('AF: asma.\nPadre sano.\nAP: HTA.');
    expect(found.map((s) => s.body)).toEqual(['AF: asma.\nPadre sano.', 'AP: HTA.']);
  });
});

describe('family-history sections', () => {
  const familyOf = (text: string, span: string, occurrence?: number): string | undefined => {
    const p = staged(text, 'context');
    const link = p.doc.context?.family[p.index(span, occurrence)];
    if (link === undefined) return undefined;
    return link.header === undefined ? p.textOf(p.mentions[link.relative]) : p.textOf(link.header);
  };

  it('give every finding to the named relative, else to the header, up to the next header', () => {
    const text = 'Antecedentes familiares:\nMadre con diabetes mellitus.\nAsma.\nEnfermedad actual: tos.';
    expect(familyOf(text, 'diabetes mellitus')).toBe('Madre');
    expect(familyOf(text, 'Asma')).toBe('Antecedentes familiares');
    expect(familyOf(text, 'tos')).toBeUndefined();
  });

  it('reach their sentence when text follows the header on its line, else their lines up to a blank line', () => {
    expect(familyOf('Antecedentes familiares: asma. Tos.', 'asma')).toBe('Antecedentes familiares');
    expect(familyOf('Antecedentes familiares: asma. Tos.', 'Tos')).toBeUndefined();
    expect(familyOf('AF:\nAsma.\nEpilepsia.\n\nTos.', 'Epilepsia')).toBe('AF');
    expect(familyOf('AF:\nAsma.\nEpilepsia.\n\nTos.', 'Tos')).toBeUndefined();
  });

  it('"Antecedentes familiares de X" governs its sentence only', () => {
    const text = 'Antecedentes familiares de asma. Refiere tos.';
    expect(familyOf(text, 'asma')).toBe('Antecedentes familiares');
    expect(familyOf(text, 'tos')).toBeUndefined();
  });

  it('a note without punctuation or line breaks has no header, so no section reaches anything', () => {
    expect(familyOf('tos fiebre antecedentes familiares asma cefalea', 'asma')).toBeUndefined();
  });

  it('show in explain output, with the header as family_member, the same JSON either way', () => {
    const annotator = createAnnotator(fixtureDictionary());
    const result = annotator.annotate('Motivo de consulta: tos.\nAF: asma.', { explain: true });
    expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
    expect(result.sections?.map((s) => [s.name, s.label, s.begin, s.header.end])).toEqual([
      ['motivo_consulta', 'Motivo de consulta', 0, 18],
      ['antecedentes_familiares', 'Antecedentes familiares', 25, 27],
    ]);
    const asma = result.annotations.find((a) => a.match.text === 'asma');
    expect(asma?.characteristics.family_member).toMatchObject({ match: { text: 'AF', begin: 25, end: 27 }, rule: 'family-section' });
    expect(resultToJson(result)).toBe(JSON.stringify(result));
    expect(annotator.annotate('AF: asma.').sections).toBeUndefined();
  });

  it('can be turned off by disabling the family-section rule', async () => {
    const { applyRulePack, defaultRules } = await import('../../src/core/context/rule-pack.ts');
    const rules = applyRulePack(defaultRules(), { rules: [{ id: 'family-section', disabled: true }] });
    const result = createAnnotator(fixtureDictionary(), { contextRules: rules }).annotate('AF: asma.');
    expect(result.annotations.find((a) => a.match.text === 'asma')?.characteristics.family_member).toBeUndefined();
  });
});

describe('sections on any input', () => {
  const PIECES = [
    'AF',
    'AP',
    ':',
    'Antecedentes familiares',
    'ANTECEDENTES FAMILIARES',
    'Plan',
    '.',
    '\n',
    '- ',
    'asma',
    'tos',
    'madre',
    'con',
    'de',
    'sin',
  ];
  const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(' '));
  const annotator = createAnnotator(fixtureDictionary());

  it('are ordered, do not overlap, start at their header, and govern nothing outside themselves', () => {
    fc.assert(
      fc.property(text, (source) => {
        const tokens = tokenise(source);
        const found = findSections(source, tokens, segmentSentences(source, tokens));
        let previousEnd = 0;
        for (const s of found) {
          expect(s.start).toBe(s.header.start);
          expect(s.start).toBeGreaterThanOrEqual(previousEnd);
          expect(s.end).toBeGreaterThanOrEqual(s.header.end);
          previousEnd = s.end;
        }
        const result = annotator.annotate(source, { explain: true });
        for (const a of result.annotations) {
          const member = a.characteristics.family_member;
          if (member?.rule !== 'family-section') continue;
          const section = result.sections?.find((s) => s.header.begin === member.match.begin);
          expect(section).toBeDefined();
          expect(a.match.begin).toBeGreaterThanOrEqual(section?.header.end ?? Infinity);
          expect(a.match.end).toBeLessThanOrEqual(section?.end ?? -1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
