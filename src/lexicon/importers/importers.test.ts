/** The importers on small synthetic files written in the documented column layouts. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnnotator, encodeDictionary, loadDictionary } from '../../core/index.ts';
import { compileLexicon } from '../compile.ts';
import { gazetteerId, importSnomedRf2, importTsv, importUmlsRrf, mergeConcepts, toLexiconConcept } from './index.ts';

const rrf = (fields: string[]): string => fields.join('|') + '|';
/** An MRCONSO row from the fields that matter; the rest are filled plausibly. */
function conso(
  cui: string,
  lat: string,
  sab: string,
  code: string,
  str: string,
  opts: { ts?: string; stt?: string; ispref?: string; suppress?: string } = {},
): string {
  return rrf([
    cui,
    lat,
    opts.ts ?? 'P',
    'L0000001',
    opts.stt ?? 'PF',
    'S0000001',
    opts.ispref ?? 'Y',
    'A0000001',
    '',
    '',
    '',
    sab,
    'PT',
    code,
    str,
    '0',
    opts.suppress ?? 'N',
    '',
  ]);
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'glosa-import-'));
}

describe('UMLS RRF importer', () => {
  const dir = tempDir();
  writeFileSync(
    join(dir, 'MRCONSO.RRF'),
    [
      conso('C0030193', 'SPA', 'MDRSPA', '10033371', 'dolor'),
      conso('C0030193', 'SPA', 'SCTSPA', '22253000', 'dolor (hallazgo)', { ts: 'S', stt: 'VO', ispref: 'N' }),
      conso('C0030193', 'ENG', 'MSH', 'D010146', 'Pain'),
      conso('C0030193', 'ENG', 'SNOMEDCT_US', '22253000', 'Pain'),
      conso('C0030193', 'ENG', 'ICD10CM', 'R52', 'Pain, unspecified'),
      conso('C0030193', 'ENG', 'ICD9CM', '338-338.99', 'Pain'),
      conso('C0015967', 'SPA', 'MDRSPA', '10016558', 'fiebre'),
      conso('C0015967', 'SPA', 'MDRSPA', '10016559', 'pirexia obsoleta', { suppress: 'O' }),
      conso('C0015967', 'ENG', 'ICD9CM', '99.04', 'a procedure code'),
      conso('C0018787', 'ENG', 'MSH', 'D006321', 'Heart'),
      'C0000001|SPA|P|broken row',
      conso('X123', 'SPA', 'MDRSPA', '1', 'no cui'),
    ].join('\n') + '\n',
  );
  writeFileSync(
    join(dir, 'MRSTY.RRF'),
    [
      'C0030193|T184|A2.2.2|Sign or Symptom|AT00001||',
      'C0015967|T184|A2.2.2|Sign or Symptom|AT00002||',
      'C0018787|T023|A1.2.3.1|Body Part, Organ, or Organ Component|AT00003||',
    ].join('\n') + '\n',
  );

  it('keeps Spanish strings, takes codes from their sources, and reports bad rows by line', async () => {
    const report = await importUmlsRrf(dir, { languages: ['SPA'] });
    const pain = report.concepts.find((c) => c.id === 'C0030193');
    expect(pain).toEqual({
      id: 'C0030193',
      preferredTerm: 'dolor',
      semanticType: 'Sign or Symptom',
      category: 'Finding',
      terms: ['dolor', 'dolor (hallazgo)'],
      snomedCt: ['22253000'],
      icd10Cm: ['R52'],
      icd9Cm: ['338-338.99'],
      loinc: [],
    });
    const fever = report.concepts.find((c) => c.id === 'C0015967');
    expect(fever?.terms).toEqual(['fiebre']);
    expect(fever?.icd9Cm).toEqual([]);
    expect(report.concepts.map((c) => c.id).sort()).toEqual(['C0015967', 'C0030193']);
    expect(report.problems).toEqual([
      { file: 'MRCONSO.RRF', line: 11, message: expect.stringContaining('columns') },
      { file: 'MRCONSO.RRF', line: 12, message: '"X123" is not a CUI' },
    ]);
    expect(report.skipped).toMatchObject({ suppressed: 1, 'ICD-9-CM procedure code': 1, 'other language': 6 });
  });

  it('filters by source and semantic type, and English on request', async () => {
    const onlySct = await importUmlsRrf(dir, { sources: ['SCTSPA'] });
    expect(onlySct.concepts.map((c) => [c.id, c.terms])).toEqual([['C0030193', ['dolor (hallazgo)']]]);
    const anatomy = await importUmlsRrf(dir, { languages: ['ENG'], semanticTypes: ['T023'] });
    expect(anatomy.concepts.map((c) => [c.id, c.category, c.terms])).toEqual([['C0018787', 'Anatomy', ['Heart']]]);
  });
});

describe('SNOMED CT RF2 importer', () => {
  const dir = tempDir();
  const terminology = join(dir, 'Snapshot', 'Terminology');
  mkdirSync(terminology, { recursive: true });
  mkdirSync(join(dir, 'Snapshot', 'Refset', 'Map'), { recursive: true });
  mkdirSync(join(dir, 'Snapshot', 'Refset', 'Language'), { recursive: true });
  const tsv = (rows: string[][]): string => rows.map((r) => r.join('\t')).join('\r\n') + '\r\n';
  writeFileSync(
    join(terminology, 'sct2_Concept_Snapshot_ES_20240401.txt'),
    tsv([
      ['id', 'effectiveTime', 'active', 'moduleId', 'definitionStatusId'],
      ['22253000', '20020131', '1', '900000000000207008', '900000000000074008'],
      ['26929004', '20020131', '1', '900000000000207008', '900000000000074008'],
      ['72696002', '20020131', '0', '900000000000207008', '900000000000074008'],
    ]),
  );
  writeFileSync(
    join(terminology, 'sct2_Description_Snapshot-es_ES_20240401.txt'),
    tsv([
      ['id', 'effectiveTime', 'active', 'moduleId', 'conceptId', 'languageCode', 'typeId', 'term', 'caseSignificanceId'],
      ['1', '20240401', '1', 'm', '22253000', 'es', '900000000000003001', 'dolor (hallazgo)', 'c'],
      ['2', '20240401', '1', 'm', '22253000', 'es', '900000000000013009', 'algia', 'c'],
      ['3', '20240401', '1', 'm', '22253000', 'es', '900000000000013009', 'dolor', 'c'],
      ['4', '20240401', '1', 'm', '26929004', 'es', '900000000000003001', 'enfermedad de Alzheimer (trastorno)', 'c'],
      ['5', '20240401', '0', 'm', '26929004', 'es', '900000000000013009', 'término inactivo', 'c'],
      ['6', '20240401', '1', 'm', '26929004', 'en', '900000000000013009', "Alzheimer's disease", 'c'],
      ['7', '20240401', '1', 'm', '72696002', 'es', '900000000000013009', 'rodilla', 'c'],
      ['8', 'bad row'],
    ]),
  );
  writeFileSync(
    join(dir, 'Snapshot', 'Refset', 'Language', 'der2_cRefset_LanguageSnapshot-es_ES_20240401.txt'),
    tsv([
      ['id', 'effectiveTime', 'active', 'moduleId', 'refsetId', 'referencedComponentId', 'acceptabilityId'],
      ['x', '20240401', '1', 'm', '450828004', '3', '900000000000548007'],
    ]),
  );
  writeFileSync(
    join(dir, 'Snapshot', 'Refset', 'Map', 'der2_iisssccRefset_ExtendedMapSnapshot_ES_20240401.txt'),
    tsv([
      [
        'id',
        'effectiveTime',
        'active',
        'moduleId',
        'refsetId',
        'referencedComponentId',
        'mapGroup',
        'mapPriority',
        'mapRule',
        'mapAdvice',
        'mapTarget',
        'correlationId',
        'mapCategoryId',
      ],
      ['y', '20240401', '1', 'm', '447562003', '26929004', '1', '1', 'TRUE', 'ALWAYS G30.9', 'G30.9', 'c', 'c'],
    ]),
  );

  it('imports active concepts with Spanish terms, tag-derived types, preferred terms and ICD-10 map targets', async () => {
    const report = await importSnomedRf2(dir, { icd10Map: true });
    expect(report.concepts).toEqual([
      {
        id: 'S22253000',
        preferredTerm: 'dolor',
        semanticType: 'Finding',
        category: 'Finding',
        terms: ['dolor', 'algia'],
        snomedCt: ['22253000'],
        icd10Cm: [],
        icd9Cm: [],
        loinc: [],
      },
      {
        id: 'S26929004',
        preferredTerm: 'enfermedad de Alzheimer',
        semanticType: 'Disease or Syndrome',
        category: 'Disease or Syndrome',
        terms: ['enfermedad de Alzheimer'],
        snomedCt: ['26929004'],
        icd10Cm: ['G30.9'],
        icd9Cm: [],
        loinc: [],
      },
    ]);
    expect(report.problems).toEqual([
      { file: 'sct2_Description_Snapshot-es_ES_20240401.txt', line: 9, message: expect.stringContaining('9 tab-separated columns') },
    ]);
    expect(report.skipped).toMatchObject({ 'inactive concept': 1, 'inactive description': 1, 'other language': 1 });
  });
});

describe('TSV gazetteer importer', () => {
  it('groups terms by code, reads optional semantic types and reports bad rows', async () => {
    const path = join(tempDir(), 'gazetteer.tsv');
    writeFileSync(
      path,
      [
        'code\tterm\ttype',
        'HP:0001945\tFiebre',
        'HP:0001945\tPirexia',
        'C0018787\tcorazón\tBody Part, Organ, or Organ Component',
        'HP:0000001',
        'garbage\tterm',
        'HP:0002315\t   ',
        '',
      ].join('\n'),
    );
    const report = await importTsv(path);
    expect(report.concepts).toEqual([
      {
        id: 'H0001945',
        preferredTerm: 'Fiebre',
        semanticType: 'Finding',
        category: 'Finding',
        terms: ['Fiebre', 'Pirexia'],
        snomedCt: [],
        icd10Cm: [],
        icd9Cm: [],
        loinc: [],
      },
      {
        id: 'C0018787',
        preferredTerm: 'corazón',
        semanticType: 'Body Part, Organ, or Organ Component',
        category: 'Anatomy',
        terms: ['corazón'],
        snomedCt: [],
        icd10Cm: [],
        icd9Cm: [],
        loinc: [],
      },
    ]);
    expect(report.problems.map((p) => p.line)).toEqual([5, 6, 7]);
    expect(gazetteerId('HP:0000118')).toBe('H0000118');
    expect(gazetteerId('C0000005')).toBe('C0000005');
    expect(gazetteerId('12345')).toBeUndefined();
  });
});

describe('imported dictionaries', () => {
  it('annotate text and merge with curated concepts', async () => {
    const path = join(tempDir(), 'g.tsv');
    writeFileSync(path, 'HP:0001945\tfiebre alta\nC0030193\tdolorimiento\n');
    const imported = (await importTsv(path)).concepts.map(toLexiconConcept);
    const curated = [
      {
        cui: 'C0030193',
        preferred_term: 'dolor',
        semantic_type: 'Sign or Symptom',
        category: 'Finding' as const,
        terms: ['dolor'],
        abbreviations: [],
        snomed_ct: ['22253000'],
        icd10_cm: [],
        icd9_cm: [],
        loinc: [],
        tags: [],
      },
    ];
    const merged = mergeConcepts(curated, imported);
    expect(merged.find((c) => c.cui === 'C0030193')).toMatchObject({
      preferred_term: 'dolor',
      terms: ['dolor', 'dolorimiento'],
      snomed_ct: ['22253000'],
    });
    const annotator = createAnnotator(loadDictionary(encodeDictionary(compileLexicon(merged, { id: 'm', name: 'm' }))));
    const found = annotator.annotate('Fiebre alta y dolorimiento').annotations.map((a) => [a.match.text, a.code.umls]);
    expect(found).toEqual([
      ['Fiebre alta', 'H0001945'],
      ['dolorimiento', 'C0030193'],
    ]);
  });
});
