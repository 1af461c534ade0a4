/**
 * Medication frames: routes, dose forms and dosing words as mentions, and the has_frequency,
 * has_route, has_form and has_duration links from a drug (or oxygen therapy) within its sentence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../../src/core/annotate.ts';
import { AnnotationResultSchema, type AnnotationResult } from '../../src/core/contract.ts';
import { loadDefaultDictionary } from '../../src/lexicon/load.ts';
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
    expect(frame('Paracetamol 1 g, refiere fiebre cada 8 horas.')).not.toContain('Paracetamol -has_frequency-> cada 8 horas');
  });

  it('go on past the drug’s condition ("si dolor"), and take the time given to it (issue 28)', () => {
    expect(frame('Paracetamol si fiebre cada 8 horas.')).toEqual(['Paracetamol -has_frequency-> cada 8 horas']);
    const text = 'Paracetamol 1 g cada 8 horas si dolor durante 5 días.';
    expect(frame(text)).toEqual(['Paracetamol -has_frequency-> cada 8 horas', 'Paracetamol -has_duration-> 5 días']);
    expect((annotator.annotate(text).relations ?? []).filter((r) => r.rel === 'has_time')).toEqual([]);
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

describe('dose forms', () => {
  it('are form annotations linked from the drug by has_form', () => {
    const result = annotator.annotate('Omeprazol 20 mg comprimidos cada 24 h.');
    expect(frame('Omeprazol 20 mg comprimidos cada 24 h.')).toEqual([
      'Omeprazol -has_form-> comprimidos',
      'Omeprazol -has_frequency-> cada 24 h',
    ]);
    const form = annotation(result, 'comprimidos');
    expect(form?.code.umls).toBe('L0000600');
    expect(form?.type).toMatchObject({ umls: 'Biomedical or Dental Material', vendor: 'Manufactured Object' });
    expect(form?.match.preferred_term).toBe('comprimido');
    expect(form?.head).toBe(annotation(result, 'Omeprazol')?.id);
  });

  it('read every form word of the rules after a drug, abbreviations too', () => {
    const forms = {
      'comp.': 'L0000600',
      cápsulas: 'L0000601',
      ampollas: 'L0000602',
      sobres: 'L0000603',
      viales: 'L0000604',
      parches: 'L0000605',
      gotas: 'L0000607',
      jarabe: 'L0000608',
      supositorios: 'L0000609',
      'comprimidos efervescentes': 'L0000613',
    };
    for (const [words, id] of Object.entries(forms)) {
      const result = annotator.annotate(`Metamizol ${words} cada 8 horas.`);
      expect(annotation(result, words)?.code.umls, words).toBe(id);
      expect(links(result), words).toContain(`Metamizol -has_form-> ${words}`);
    }
  });

  it('are no forms without a drug before them, and "sobre" only after a count', () => {
    const bare = annotator.annotate('Comprimidos en la mesa. Trae jarabe. Paracetamol sobre todo por la noche.');
    expect(bare.annotations.map((a) => a.code.umls).filter((c) => c.startsWith('L00006'))).toEqual([]);
    expect(frame('Paracetamol 1 sobre al día. Paracetamol un sobre.')).toEqual([
      'Paracetamol -has_form-> sobre',
      'Paracetamol -has_frequency-> al día',
      'Paracetamol -has_form-> sobre',
    ]);
  });
});

describe('a form before its drug', () => {
  it('belongs to the drug after "de", even inside another drug\'s frame', () => {
    expect(frame('Tomar 1 comprimido de paracetamol cada 8 horas.')).toEqual([
      'paracetamol -has_form-> comprimido',
      'paracetamol -has_frequency-> cada 8 horas',
    ]);
    expect(frame('Omeprazol 20 mg y 2 comprimidos de ibuprofeno. Un sobre de amoxicilina.')).toEqual([
      'ibuprofeno -has_form-> comprimidos',
      'amoxicilina -has_form-> sobre',
    ]);
    const result = annotator.annotate('Tomar 1 comprimido de paracetamol.');
    expect(annotation(result, 'comprimido')?.head).toBe(annotation(result, 'paracetamol')?.id);
  });

  it('is no form without a drug right after its "de"', () => {
    const result = annotator.annotate('Comprimidos de la caja. 2 comprimidos de color blanco.');
    expect(result.annotations.map((a) => a.code.umls).filter((c) => c.startsWith('L00006'))).toEqual([]);
  });
});

describe('times of the day after a drug', () => {
  it('are recurring times (TIMEX3 SET of that part of every day), the cue outside the span', () => {
    const text = 'Lorazepam 1 mg antes de acostarse. Enalapril 5 mg en la cena. Furosemida 40 mg al levantarse.';
    const result = annotator.annotate(text);
    expect(annotation(result, 'acostarse')?.characteristics.timex).toEqual({ type: 'SET', value: 'XXXX-XX-XXTNI' });
    expect(annotation(result, 'cena')?.characteristics.timex).toEqual({ type: 'SET', value: 'XXXX-XX-XXTNI' });
    expect(annotation(result, 'levantarse')?.characteristics.timex).toEqual({ type: 'SET', value: 'XXXX-XX-XXTMO' });
    expect(frame(text)).toEqual([
      'Lorazepam -has_frequency-> acostarse',
      'Enalapril -has_frequency-> cena',
      'Furosemida -has_frequency-> levantarse',
    ]);
  });

  it('are no time without a drug', () => {
    const result = annotator.annotate('Se despierta antes de acostarse. Tos en la cena.');
    expect(result.annotations.filter((a) => a.characteristics.timex !== undefined)).toEqual([]);
  });
});

describe('frame words over a lexicon concept (default lexicon)', () => {
  const lexicon = createAnnotator(loadDefaultDictionary(), { clock: () => new Date(2024, 5, 10, 12, 0, 0) });

  it('read "en ayunas", "ampolla" and "inhalador" after a drug as its time and forms', () => {
    const result = lexicon.annotate('Levotiroxina 50 mcg en ayunas. Metamizol 1 ampolla iv. Salbutamol con inhalador.');
    expect(annotation(result, 'ayunas')?.characteristics.timex).toEqual({ type: 'SET', value: 'XXXX-XX-XXTMO' });
    expect(annotation(result, 'en ayunas')).toBeUndefined();
    expect(annotation(result, 'ampolla')?.code.umls).toBe('L0000602');
    expect(annotation(result, 'inhalador')?.code.umls).toBe('L0000606');
    expect(links(result).filter((l) => !l.includes('-has_quantity->'))).toEqual([
      'Levotiroxina -has_frequency-> ayunas',
      'Metamizol -has_form-> ampolla',
      'Metamizol -has_route-> iv',
      'Salbutamol -has_form-> inhalador',
    ]);
  });

  it('leave those concepts to the lexicon elsewhere', () => {
    const result = lexicon.annotate('Acude en ayunas. Ampollas en las manos. Usa inhalador.');
    expect(annotation(result, 'en ayunas')?.type).toMatchObject({ vendor: 'Finding' });
    expect(annotation(result, 'Ampollas')?.type).toMatchObject({ vendor: 'Finding' });
    expect(annotation(result, 'inhalador')?.type).toMatchObject({ umls: 'Medical Device' });
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
    'comprimidos',
    'de',
    'en ayunas',
    'antes de acostarse',
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
