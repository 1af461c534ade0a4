/**
 * A test dictionary with every concept the context behaviour cases name, so that the context and
 * attach stages can be checked before the default lexicon holds them all. CUIs the cases check are
 * the real ones; the others are placeholders from C9000000 up (no real CUI starts so high).
 */
import type { Category } from '../../src/core/contract.ts';
import type { Dictionary } from '../../src/core/dictionary/lookup.ts';
import type { ConceptTag } from '../../src/core/dictionary/types.ts';
import { testDictionary, type TestConcept } from '../../src/core/testing/test-dictionary.ts';

let placeholder = 9000000;
function c(
  cui: string | undefined,
  category: Category | undefined,
  semanticType: string,
  terms: string[],
  abbreviations: string[] = [],
  tags: ConceptTag[] = [],
): TestConcept {
  const concept: TestConcept = { cui: cui ?? `C${placeholder++}`, semanticType, terms, abbreviations, tags };
  if (category !== undefined) concept.category = category;
  return concept;
}
const finding = (cui: string | undefined, ...terms: string[]): TestConcept => c(cui, 'Finding', 'Sign or Symptom', terms);
const disease = (cui: string | undefined, terms: string[], abbreviations: string[] = []): TestConcept =>
  c(cui, 'Disease or Syndrome', 'Disease or Syndrome', terms, abbreviations);
const anatomy = (...terms: string[]): TestConcept => c(undefined, 'Anatomy', 'Body Part, Organ, or Organ Component', terms);
const relative = (cui: string | undefined, ...terms: string[]): TestConcept => c(cui, 'Group', 'Family Group', terms);
const verb = (...terms: string[]): TestConcept => c(undefined, undefined, 'Functional Concept', terms, [], ['reporting_verb']);
const qualifier = (cui: string, ...terms: string[]): TestConcept => c(cui, 'Qualitative Concept', 'Qualitative Concept', terms);
const measure = (category: Category, terms: string[], abbreviations: string[] = []): TestConcept =>
  c(undefined, category, 'Laboratory Procedure', terms, abbreviations, ['measurable']);

export const FIXTURE_CONCEPTS: TestConcept[] = [
  c('C0205543', undefined, 'Functional Concept', ['refiere', 'refieren'], [], ['reporting_verb']),
  verb('presenta', 'presentaba'),
  verb('niega', 'niegan'),
  verb('consulta por'),
  verb('aqueja'),
  finding('C0015967', 'fiebre'),
  finding('C0424000', 'ideación autolítica'),
  finding('C0010200', 'tos'),
  finding('C0013404', 'disnea'),
  finding('C0030193', 'dolor', 'dolores'),
  finding('C0008031', 'dolor torácico'),
  finding('C0000737', 'dolor abdominal'),
  finding(undefined, 'dolor lumbar'),
  finding(undefined, 'dolor de garganta'),
  finding('C0018681', 'cefalea'),
  finding('C0027497', 'náuseas'),
  finding('C0042963', 'vómitos'),
  finding('C0011991', 'diarrea'),
  finding(undefined, 'edema', 'edemas'),
  finding(undefined, 'expectoración'),
  finding(undefined, 'adenopatías'),
  finding(undefined, 'lesión', 'lesiones'),
  finding(undefined, 'lesión eritematosa'),
  finding(undefined, 'soplos'),
  finding(undefined, 'crepitantes'),
  finding('C0277797', 'afebril', 'apirético', 'apirética', 'apiréxica'),
  finding('C0231221', 'asintomático', 'asintomática', 'asintomatico'),
  finding(undefined, 'sudoración nocturna'),
  finding(undefined, 'molestias'),
  finding(undefined, 'hematoma'),
  finding(undefined, 'herida'),
  finding(undefined, 'eritema'),
  finding(undefined, 'úlcera'),
  finding(undefined, 'tumoración'),
  finding(undefined, 'fractura'),
  finding(undefined, 'peristaltismo'),
  finding(undefined, 'megalias'),
  c(undefined, 'Finding', 'Finding', [], ['RHA']),
  finding(undefined, 'cardiomegalia'),
  disease('C0020517', ['alergias', 'alergia']),
  disease('C0013182', ['alergias medicamentosas']),
  c(undefined, 'Laboratory or Test Result', 'Laboratory or Test Result', ['proteinuria']),
  disease('C0032285', ['neumonía']),
  disease('C0037199', ['sinusitis']),
  disease(undefined, ['infección']),
  disease(undefined, ['metástasis']),
  disease(undefined, ['tromboembolismo pulmonar']),
  disease(undefined, ['derrame pleural']),
  disease(undefined, ['trombosis venosa profunda']),
  disease(undefined, ['colecistitis']),
  disease(undefined, ['neumotórax']),
  disease('C0020538', ['hipertensión arterial', 'hipertensa'], ['HTA']),
  disease(undefined, ['apendicitis']),
  disease(undefined, ['apendicitis aguda']),
  disease(undefined, ['infección urinaria']),
  disease(undefined, ['gastroenteritis aguda']),
  disease(undefined, ['diverticulitis']),
  disease(undefined, ['gripe']),
  disease(undefined, ['bronquitis']),
  disease(undefined, ['faringitis']),
  disease(undefined, ['migraña']),
  disease(undefined, ['meningitis']),
  disease(undefined, ['síndrome coronario agudo']),
  disease(undefined, ['demencia']),
  disease('C0011849', ['diabetes mellitus', 'diabetes', 'diabética'], ['DM']),
  disease('C0011860', [], ['DM2']),
  disease(undefined, ['infarto agudo de miocardio']),
  disease(undefined, ['cáncer de colon']),
  disease(undefined, ['cáncer de mama']),
  disease(undefined, ['cardiopatía isquémica']),
  disease('C0004096', ['asma']),
  disease(undefined, ['dermatitis atópica']),
  disease('C0014544', ['epilepsia']),
  disease('C0002395', ['alzheimer']),
  disease(undefined, ['bacteriemia']),
  c(undefined, 'Organism', 'Virus', [], ['VIH', 'VHB', 'VHC']),
  c(undefined, 'Organism', 'Bacterium', ['staphylococcus aureus']),
  c('C5203676', 'Organism', 'Virus', ['SARS-CoV-2']),
  c('C0032520', 'Laboratory Procedure', 'Molecular Biology Research Technique', ['reacción en cadena de la polimerasa']),
  c(undefined, 'Substance', 'Hazardous or Poisonous Substance', ['tabaco', 'alcohol']),
  c(undefined, 'Diagnostic Procedure', 'Diagnostic Procedure', ['radiografía de tórax', 'TAC craneal', 'ecografía']),
  anatomy('rodilla', 'rodillas'),
  anatomy('codo', 'codos'),
  anatomy('brazo'),
  anatomy('mano'),
  anatomy('fémur'),
  anatomy('hombro'),
  anatomy('miembros inferiores'),
  anatomy('región lumbar'),
  anatomy('ojo'),
  anatomy('tobillo'),
  anatomy('maxilar'),
  c(undefined, 'Anatomy', 'Body Part, Organ, or Organ Component', ['fosa ilíaca derecha'], ['FID']),
  anatomy('antebrazo'),
  anatomy('mama'),
  anatomy('cadera'),
  anatomy('talón'),
  anatomy('pierna'),
  anatomy('pecho'),
  anatomy('muslo'),
  relative('C0026591', 'madre'),
  relative(undefined, 'padre'),
  relative(undefined, 'hermano', 'hermanos'),
  relative(undefined, 'hermana'),
  relative(undefined, 'hija'),
  relative(undefined, 'hijo'),
  relative(undefined, 'abuela materna'),
  relative(undefined, 'tío paterno'),
  finding(undefined, 'tos productiva'),
  finding(undefined, 'escalofríos'),
  disease(undefined, ['ictus']),
  disease(undefined, ['colecistitis aguda']),
  disease(undefined, [], ['TEP']),
  anatomy('vía biliar'),
  c(undefined, 'Substance', 'Pharmacologic Substance', ['paracetamol', 'heparina', 'opioides'], ['AINE']),
  finding(undefined, 'estreñimiento'),
  disease(undefined, ['insuficiencia renal', 'hernia']),
  finding(undefined, 'sangrado'),
  c(undefined, 'Substance', 'Antibiotic', ['cefazolina']),
  c(undefined, 'Laboratory Procedure', 'Laboratory Procedure', ['hemocultivos', 'urocultivo']),
  c(undefined, 'Diagnostic Procedure', 'Diagnostic Procedure', [], ['TAC', 'angioTC']),
  measure('Organism Attribute', ['talla']),
  finding(undefined, 'roncus'),
  anatomy('pulmonar', 'pulmonares'),
  qualifier('C2945599', 'leve', 'leves'),
  qualifier('C0205082', 'grave', 'intenso', 'intensa', 'de intensidad severa'),
  measure('Laboratory Procedure', [], ['HbA1c']),
  c('C0201657', 'Laboratory Procedure', 'Laboratory Procedure', [], ['PCR'], ['measurable']),
  measure('Laboratory Procedure', ['troponina T']),
  measure('Laboratory Procedure', ['glucosa', 'glucemia', 'creatinina', 'potasio', 'leucocitos', 'colesterol total'], ['LDL', 'Hb']),
  measure(
    'Finding',
    ['saturación de oxígeno', 'frecuencia cardiaca', 'tensión arterial', 'frecuencia respiratoria', 'temperatura', 'peso'],
    ['SatO2', 'FC', 'TA', 'FR', 'IMC'],
  ),
];

export function fixtureDictionary(): Dictionary {
  return testDictionary(FIXTURE_CONCEPTS);
}
