/**
 * A deterministic synthetic Spanish clinical corpus for benchmarks: notes assembled from sentence
 * templates with a seeded generator, so every run measures the same text.
 */
const FINDINGS = [
  'dolor',
  'fiebre',
  'tos',
  'disnea',
  'cefalea',
  'náuseas',
  'vómitos',
  'diarrea',
  'mareo',
  'astenia',
  'dolor abdominal',
  'dolor torácico',
  'edema',
  'palpitaciones',
  'prurito',
  'disuria',
];
const SITES = [
  'el brazo',
  'la rodilla derecha',
  'el pecho',
  'la mano izquierda',
  'el abdomen',
  'la espalda',
  'el fémur izquierdo',
  'la cabeza',
];
const DISEASES = [
  'HTA',
  'DM2',
  'EPOC',
  'fibrilación auricular',
  'insuficiencia cardíaca',
  'asma',
  'dislipemia',
  'enfermedad de Alzheimer',
  'neumonía',
  'infección urinaria',
];
const RELATIVES = ['Madre', 'Padre', 'Hermano', 'Abuela materna'];
const TEMPLATES: ((pick: <T>(xs: readonly T[]) => T, n: () => number) => string)[] = [
  (p) => `Paciente que refiere ${p(FINDINGS)} en ${p(SITES)} desde hace ${p(['dos', 'tres', '4', '5'])} días.`,
  (p) => `No refiere ${p(FINDINGS)} ni ${p(FINDINGS)}.`,
  (p) => `Sin ${p(FINDINGS)}, ${p(FINDINGS)} ni ${p(FINDINGS)}.`,
  (p) => `Antecedentes personales: ${p(DISEASES)}, ${p(DISEASES)} y ${p(DISEASES)}.`,
  (p) => `Antecedentes familiares: ${p(RELATIVES)} con ${p(DISEASES)}.`,
  (p, n) =>
    `Constantes: TA ${110 + n()}/${70 + n()} mmHg, FC ${60 + n()} lpm, SatO2 ${90 + (n() % 10)}%, temperatura ${36 + (n() % 3)},${n() % 10} ºC.`,
  (p, n) =>
    `Analítica: Hb ${10 + (n() % 5)},${n() % 10} g/dl, leucocitos ${4 + (n() % 10)}.${100 + n()} /µl, creatinina 0,${n() % 10} mg/dl.`,
  (p) => `Se descarta ${p(DISEASES)}. Posible ${p(DISEASES)} a descartar.`,
  () =>
    `Exploración: buen estado general, consciente y orientado, eupneico en reposo, abdomen blando y depresible, no doloroso a la palpación.`,
  (p) =>
    `Plan: control por su médico de atención primaria en ${p(['una semana', '15 días', 'un mes'])} y volver a urgencias si ${p(FINDINGS)}.`,
];

/** Mulberry32: a small seeded PRNG, so benchmarks measure the same text every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Notes of roughly `noteChars` characters until `totalChars` is reached. */
export function syntheticNotes(totalChars: number, noteChars = 2000, seed = 42): string[] {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const n = (): number => Math.floor(random() * 40);
  const notes: string[] = [];
  let total = 0;
  while (total < totalChars) {
    let note = '';
    while (note.length < noteChars) note += (note === '' ? '' : random() < 0.2 ? '\n' : ' ') + pick(TEMPLATES)(pick, n);
    notes.push(note);
    total += note.length;
  }
  return notes;
}
