/** A laboratory test with a value shows the code of the test and of the substance it measures (issue 26). */
import { describe, expect, it } from 'vitest';
import { createAnnotator } from '../core/index.ts';
import { loadDefaultDictionary } from './load.ts';

const annotator = createAnnotator(loadDefaultDictionary());
const codesOf = (text: string, span: string): { snomed: string[]; loinc: string[] } => {
  const a = annotator.annotate(text).annotations.find((x) => x.match.text === span);
  return { snomed: a?.code.snomed_ct ?? [], loinc: a?.code.loinc ?? [] };
};

describe('analytes in the default lexicon', () => {
  it('gives "creatinina 2,1 mg/dl" the LOINC of the test and the SNOMED CT substance creatinine', () => {
    expect(codesOf('Creatinina 2,1 mg/dl.', 'Creatinina')).toEqual({ snomed: ['15373003'], loinc: ['2160-0'] });
  });

  it('does the same for glucose, sodium, potassium and haemoglobin', () => {
    const text = 'Analítica: glucosa 110 mg/dl, sodio 138 mmol/l, potasio 4,1 mmol/l, hemoglobina 12,3 g/dl.';
    expect(codesOf(text, 'glucosa')).toEqual({ snomed: ['67079006'], loinc: ['2345-7'] });
    expect(codesOf(text, 'sodio')).toEqual({ snomed: ['39972003'], loinc: ['2951-2'] });
    expect(codesOf(text, 'potasio')).toEqual({ snomed: ['88480006'], loinc: ['2823-3'] });
    expect(codesOf(text, 'hemoglobina')).toEqual({ snomed: ['38082009'], loinc: ['718-7'] });
  });

  it('keeps a test that has its own SNOMED CT id apart from the analyte it names', () => {
    expect(codesOf('PCR 45 mg/l.', 'PCR')).toEqual({ snomed: ['55235003'], loinc: ['1988-5'] });
  });
});
