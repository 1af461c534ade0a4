import { describe, expect, it } from 'vitest';
import { AnnotationResultSchema } from '../../core/contract.ts';
import { PROVENANCE_COLUMNS, provenanceRecord, type GlosaProvenance } from '../../core/export/provenance.ts';
import { annotation, NEGATED_TEXT, negatedResult, span } from '../test/fixtures.ts';
import { bratType, toBrat } from './brat.ts';
import { ANNOTATION_COLUMNS, csvCell, toCsv, CSV_COLUMNS } from './csv.ts';
import { toJson } from './json.ts';

const PROVENANCE: GlosaProvenance = {
  exported_by: 'glosa-app 0.1.0',
  mode: 'remote',
  endpoint: 'https://svc.test/tagger/annotation',
  text_datetime: '2024-06-10T10:00:00',
  dictionary: { id: 'glosa-es', content_hash: 'abc123' },
  glosa_version: '0.1.0',
  annotated_at: '2024-06-10T10:00:01.000Z',
  exported_at: '2024-06-10T10:05:00.000Z',
};

describe('JSON export', () => {
  it('round-trips to a result that still fits the contract', () => {
    const result = negatedResult();
    const parsed = AnnotationResultSchema.parse(JSON.parse(toJson(result)));
    expect(parsed).toEqual(result);
  });

  it('keeps the contract fields at top level beside glosa_provenance, so contract clients still read it', () => {
    const result = negatedResult();
    const file = JSON.parse(toJson(result, PROVENANCE)) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual([...Object.keys(result), 'glosa_provenance']);
    expect(file.glosa_provenance).toEqual(PROVENANCE);
    expect(AnnotationResultSchema.parse(file)).toEqual(result);
  });
});

describe('brat export', () => {
  it('writes T lines for concepts and the trigger, attributes, relations and heads', () => {
    const { txt, ann } = toBrat(NEGATED_TEXT, negatedResult());
    expect(txt).toBe(NEGATED_TEXT);
    const lines = ann.trim().split('\n');
    expect(lines).toContain('T1\tFunctional_Concept 3 10\trefiere');
    expect(lines).toContain('T2\tFinding 11 16\tdolor');
    expect(lines).toContain('T3\tAnatomy 23 28\tbrazo');
    // One cue entity shared by the three negated concepts.
    const cues = lines.filter((l) => /^T\d+\tNegation_cue 0 2\tNo$/.test(l));
    expect(cues).toHaveLength(1);
    const cueId = cues[0]?.split('\t')[0];
    expect(lines.filter((l) => /\tNegated T\d$/.test(l))).toHaveLength(3);
    expect(lines).toContain(`R1\tnegated_by Arg1:T1 Arg2:${cueId}`);
    expect(lines.some((l) => /^R\d+\thas_anatomical_location Arg1:T2 Arg2:T3$/.test(l))).toBe(true);
    expect(lines.some((l) => /^R\d+\thead Arg1:T3 Arg2:T2$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('#') && l.includes('AnnotatorNotes T2\tC0000001'))).toBe(true);
  });

  it('keeps code-point offsets with emoji, and the span text they name', () => {
    const text = '😀 fiebre 😷 tos';
    const result = { annotations: [annotation(0, text, 2, 8), annotation(1, text, 11, 14)], version: 'x' };
    const { ann } = toBrat(text, result);
    const [first, second] = ann.trim().split('\n');
    expect(first).toBe('T1\tFinding 2 8\tfiebre');
    expect(second).toBe('T2\tFinding 11 14\ttos');
  });

  it('splits a span that crosses a line break into fragments', () => {
    const text = 'dolor\ntorácico';
    const { ann } = toBrat(text, { annotations: [annotation(0, text, 0, 14)], version: 'x' });
    expect(ann.split('\n')[0]).toBe('T1\tFinding 0 5;6 14\tdolor torácico');
  });

  it('makes type names brat accepts', () => {
    expect(bratType('Laboratory or Test Result')).toBe('Laboratory_or_Test_Result');
    expect(bratType('has_anatomical_location')).toBe('has_anatomical_location');
  });
});

describe('CSV export', () => {
  it('writes what produced the result in the last columns of every row, empty where unknown', () => {
    const rows = toCsv(negatedResult(), PROVENANCE).trimEnd().split('\r\n');
    expect(CSV_COLUMNS.slice(-PROVENANCE_COLUMNS.length)).toEqual(PROVENANCE_COLUMNS);
    for (const row of rows.slice(1)) {
      expect(
        row.endsWith(
          ',remote,https://svc.test/tagger/annotation,2024-06-10T10:00:00,glosa-es,abc123,,,,0.1.0,2024-06-10T10:00:01.000Z,2024-06-10T10:05:00.000Z,glosa-app 0.1.0',
        ),
      ).toBe(true);
    }
    const local = toCsv(
      negatedResult(),
      provenanceRecord({
        ...PROVENANCE,
        mode: 'local',
        endpoint: undefined,
        rule_pack: { name: 'mías.json', sha256: 'f0' },
        nested_sites: true,
      }),
    );
    expect(local.split('\r\n')[1]).toContain(',local,,2024-06-10T10:00:00,glosa-es,abc123,mías.json,f0,true,0.1.0,');
    expect(toCsv(negatedResult(), { ...PROVENANCE, rule_pack: null }).split('\r\n')[1]).toContain(',abc123,(predeterminadas),,,0.1.0,');
  });

  it('writes a header and one quoted row per annotation', () => {
    const csv = toCsv(negatedResult());
    const rows = csv.trimEnd().split('\r\n');
    expect(rows[0]).toBe(CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(4);
    expect(rows[2]).toContain(',dolor,término,Finding,Sign or Symptom,C0000001,');
    expect(rows[2]).toContain(',negated,No,');
  });

  it('quotes commas, quotes and newlines, and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('dice "no"')).toBe('"dice ""no"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(undefined)).toBe('');
  });

  it('lists timex and family member', () => {
    const text = 'Madre con alzheimer';
    const a = annotation(1, text, 10, 19, {
      characteristics: { family_member: { match: span(text, 0, 5) }, timex: { type: 'DATE', value: '2024-06-07' } },
    });
    const csv = toCsv({ annotations: [a], version: 'x' });
    expect(csv).toContain(',Madre,');
    expect(csv).toContain('DATE 2024-06-07');
  });

  it('writes the timex mod after its value ("a finales de 2023")', () => {
    const text = 'a finales de 2023';
    const a = annotation(0, text, 0, 17, { characteristics: { timex: { type: 'DATE', value: '2023', mod: 'END' } } });
    expect(toCsv({ annotations: [a], version: 'x' })).toContain('DATE 2023 END');
  });

  it('lists the quantity, the quantifier and the qualifier in the last columns', () => {
    const text = 'Hb 10,2 g/dl. Cefalea intensa.';
    const hb = annotation(0, text, 0, 2, { characteristics: { quantifier: { match: span(text, 3, 12) } } });
    const value = annotation(1, text, 3, 12, { characteristics: { quantity: { value: 10.2, unit: 'g/dl' } }, head: 0 });
    const cefalea = annotation(2, text, 14, 21, { characteristics: { qualifier: { match: span(text, 22, 29) } } });
    const rows = toCsv({ annotations: [hb, value, cefalea], version: 'x' })
      .trimEnd()
      .split('\r\n');
    expect(ANNOTATION_COLUMNS.slice(-3)).toEqual(['quantity', 'quantifier', 'qualifier']);
    const empty = ','.repeat(PROVENANCE_COLUMNS.length);
    expect(rows[1]?.endsWith(`,,"10,2 g/dl",${empty}`)).toBe(true);
    expect(rows[2]?.endsWith(`,10.2 g/dl,,${empty}`)).toBe(true);
    expect(rows[3]?.endsWith(`,,,intensa${empty}`)).toBe(true);
  });

  it('writes a blood pressure and a bound whole (#30), not only the first number', () => {
    const text = 'TA 130/85 mmHg, Sat O2 >95%.';
    const ta = annotation(0, text, 3, 14, { characteristics: { quantity: { value: 130, unit: 'mmHg', systolic: 130, diastolic: 85 } } });
    const sat = annotation(1, text, 23, 26, { characteristics: { quantity: { value: 95, unit: '%', comparator: '>' } } });
    const rows = toCsv({ annotations: [ta, sat], version: 'x' }).split('\r\n');
    expect(rows[1]).toContain(',130/85 mmHg,');
    expect(rows[2]).toContain(',>95 %,');
    const { ann } = toBrat(text, { annotations: [ta, sat], version: 'x' });
    expect(ann).toContain('AnnotatorNotes T1\tC0000000 término · 130/85 mmHg');
    expect(ann).toContain('AnnotatorNotes T2\tC0000001 término · >95 %');
  });
});
