/**
 * Medication frames: routes and dosing words as mentions, and the has_frequency, has_route and
 * has_duration links from a drug (or oxygen therapy) within its sentence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { AnnotationResultSchema, type AnnotationResult } from '../../src/core/contract.ts';
import { fixtureDictionary } from './fixture-lexicon.ts';

const annotator = createAnnotator(fixtureDictionary(), { clock: () => new Date(2024, 5, 10, 12, 0, 0) });

/** The relations as "from -rel-> to" over the annotations' texts. */
function links(result: AnnotationResult): string[] {
  const text = new Map(result.annotations.map((a) => [a.id, a.match.text]));
  return (result.relations ?? []).map((r) => `${text.get(r.from)} -${r.rel}-> ${text.get(r.to)}`);
}

function frame(text: string): string[] {
  return links(annotator.annotate(text)).filter((l) => !l.includes('-has_quantity->'));
}

function annotation(result: AnnotationResult, text: string) {
  return result.annotations.find((a) => a.match.text === text);
}

describe('medication frames', () => {
  it('link a drug to its frequency, route and duration, each with its TIMEX3 value', () => {
    const result = annotator.annotate('Amoxicilina/clavulánico 875/125 mg c/8h v.o. durante 7 días.');
    expect(links(result)).toEqual([
      'Amoxicilina/clavulánico -has_quantity-> 875/125 mg',
      'Amoxicilina/clavulánico -has_frequency-> c/8h',
      'Amoxicilina/clavulánico -has_route-> v.o.',
      'Amoxicilina/clavulánico -has_duration-> 7 días',
    ]);
    expect(annotation(result, 'c/8h')?.characteristics.timex).toEqual({ type: 'SET', value: 'PT8H' });
    expect(annotation(result, '7 días')?.characteristics.timex).toEqual({ type: 'DURATION', value: 'P7D' });
    const route = annotation(result, 'v.o.');
    expect(route?.code.umls).toBe('L0000200');
    expect(route?.type).toMatchObject({ umls: 'Functional Concept', vendor: 'Spatial Concept' });
    expect(route?.match.preferred_term).toBe('vía oral');
  });

  it('read every route of the issue after a drug', () => {
    const routes = {
      'vía oral': 'L0000200',
      oral: 'L0000200',
      iv: 'L0000201',
      intravenoso: 'L0000201',
      sc: 'L0000202',
      im: 'L0000203',
      inhalado: 'L0000204',
      tópico: 'L0000205',
    };
    for (const [words, id] of Object.entries(routes)) {
      const result = annotator.annotate(`Enoxaparina 40 mg ${words} cada 24 h.`);
      expect(annotation(result, words)?.code.umls, words).toBe(id);
      expect(links(result), words).toContain(`Enoxaparina -has_route-> ${words}`);
    }
  });

  it('read dosing words the dates stage leaves as daily recurring times, after a drug only', () => {
    const result = annotator.annotate('Enalapril 1-0-1. Omeprazol 20 mg al día. Metamizol 1-1-1-1.');
    expect(annotation(result, '1-0-1')?.characteristics.timex).toEqual({ type: 'SET', value: 'P1D' });
    expect(annotation(result, 'al día')?.characteristics.timex).toEqual({ type: 'SET', value: 'P1D' });
    expect(frame('Enalapril 1-0-1. Omeprazol 20 mg al día. Metamizol 1-1-1-1.')).toEqual([
      'Enalapril -has_frequency-> 1-0-1',
      'Omeprazol -has_frequency-> al día',
      'Metamizol -has_frequency-> 1-1-1-1',
    ]);
    const bare = annotator.annotate('1-0-1. Sale al día siguiente. Mucosa oral normal. Paciente IM.');
    expect(bare.annotations.map((a) => a.match.text)).not.toContain('1-0-1');
    expect(bare.annotations.map((a) => a.code.umls)).not.toContain('L0000200');
    expect(bare.relations ?? []).toEqual([]);
  });

  it('take the frequencies the dates stage reads ("dos veces al día", "cada 24 h")', () => {
    expect(frame('Salbutamol inhalado dos veces al día, ceftriaxona 2 g iv cada 24 h.')).toEqual([
      'Salbutamol -has_route-> inhalado',
      'Salbutamol -has_frequency-> dos veces al día',
      'ceftriaxona -has_route-> iv',
      'ceftriaxona -has_frequency-> cada 24 h',
    ]);
  });

  it('give oxygen therapy its frame too', () => {
    expect(frame('Oxigenoterapia a 2 lpm durante 3 días.')).toEqual(['Oxigenoterapia -has_duration-> 3 días']);
  });

  it('end at the sentence, at the next drug and at a finding', () => {
    expect(frame('Paracetamol 1 g. Cada 8 horas.')).toEqual([]);
    expect(frame('Paracetamol 1 g\ncada 8 horas')).toEqual([]);
    expect(frame('Paracetamol 1 g, omeprazol 20 mg cada 24 h.')).toEqual(['omeprazol -has_frequency-> cada 24 h']);
    expect(frame('Paracetamol si fiebre cada 8 horas.')).not.toContain('Paracetamol -has_frequency-> cada 8 horas');
  });

  it('leave a route word inside a lexicon concept to the concept', () => {
    const result = annotator.annotate('TAC con contraste intravenoso. Paracetamol 1 g intravenoso.');
    expect(result.annotations.map((a) => a.match.text)).toEqual(['TAC con contraste intravenoso', 'Paracetamol', '1 g', 'intravenoso']);
    expect(frame('TAC con contraste intravenoso. Paracetamol 1 g intravenoso.')).toEqual(['Paracetamol -has_route-> intravenoso']);
  });

  it('leave frequencies and doses without a drug unlinked', () => {
    expect(annotator.annotate('Cada 8 horas. 5 mg. Durante 7 días.').relations ?? []).toEqual([]);
  });
});

describe('medication frames over random drug lists', () => {
  const PIECES = [
    'paracetamol',
    'omeprazol',
    '1 g',
    '20 mg',
    '875/125 mg',
    'cada 8 horas',
    'c/8h',
    '1-0-1',
    'al día',
    'v.o.',
    'oral',
    'iv',
    'sc',
    'durante 7 días',
    'x 5 días',
    'fiebre',
    'y',
    ',',
    '.',
    '\n',
    '😀',
  ];
  const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((parts) => parts.join(' '));

  it('fit the contract, keep offsets exact in code points and never link across a sentence', () => {
    fc.assert(
      fc.property(text, (t) => {
        const doc = annotator.runPipeline({ text: t });
        const result = doc.result as AnnotationResult;
        expect(AnnotationResultSchema.safeParse(result).success).toBe(true);
        const points = Array.from(t);
        for (const a of result.annotations) expect(points.slice(a.match.begin, a.match.end).join('')).toBe(a.match.text);
        const mentions = doc.mentions ?? [];
        const sentenceOf = doc.sentenceOf as Uint32Array;
        for (const r of doc.attach?.relations ?? []) {
          if (r.rel === 'has_anatomical_location') continue; // header sites reach over their line by design
          const from = mentions[r.from];
          const to = mentions[r.to];
          expect(sentenceOf[from?.firstToken ?? -1], `${r.rel} crosses a sentence in ${JSON.stringify(t)}`).toBe(
            sentenceOf[to?.firstToken ?? -1],
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stay linear on a very long drug list', () => {
    const line = 'paracetamol 1 g c/8h v.o. durante 7 días, omeprazol 20 mg al día, ';
    const result = annotator.annotate(line.repeat(2000));
    expect((result.relations ?? []).filter((r) => r.rel === 'has_route')).toHaveLength(2000);
  });
});
