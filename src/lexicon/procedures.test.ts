/** Procedures of the default lexicon are the longest concept the text names (issue 17). */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../core/index.ts';
import { loadDefaultDictionary } from './load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const found = (text: string): string[] => annotator.annotate(text).annotations.map((a) => `${a.match.text}=${a.code.umls}`);

describe('procedures in the default lexicon', () => {
  it('reads "tratamiento quirúrgico" as one surgical procedure, not a treatment and an adjective', () => {
    expect(found('Se decide tratamiento quirúrgico.')).toEqual(['tratamiento quirúrgico=C0543467']);
  });

  it('gives the specific procedure its own concept', () => {
    expect(found('Tiroidectomía total y trasplante de progenitores hematopoyéticos.')).toEqual([
      'Tiroidectomía total=C0193788',
      'trasplante de progenitores hematopoyéticos=C0472699',
    ]);
  });

  it('tags pulmonary artery pressure and the newer laboratory tests measurable, so their values attach', () => {
    const result = annotator.annotate('PSAP 45 mmHg. NT-proBNP 1.250 pg/ml, cistatina C 1,4 mg/l.');
    const text = (id: number): string | undefined => result.annotations.find((a) => a.id === id)?.match.text;
    const pairs = (result.relations ?? []).filter((r) => r.rel === 'has_quantity').map((r) => `${text(r.from)} -> ${text(r.to)}`);
    expect(pairs).toEqual(['PSAP -> 45 mmHg', 'NT-proBNP -> 1.250 pg/ml', 'cistatina C -> 1,4 mg/l']);
  });

  it('reads "sutura" as the act of suturing and "material de sutura" as the device', () => {
    expect(found('Se sutura la herida con material de sutura reabsorbible.')).toEqual([
      'sutura=C0009068',
      'herida=C0043250',
      'material de sutura=C0038969',
    ]);
  });

  it('keeps a health care activity whole', () => {
    expect(found('Valoración preanestésica: ASA III.')).toContain('Valoración preanestésica=C0474221');
  });
});
