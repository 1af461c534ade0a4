/** Synthetic Spanish clinical notes of a given length, for the app bench and e2e tests. */
const SENTENCES = [
  'Paciente con dolor en rodilla derecha desde hace 3 días.',
  'No refiere dolor torácico.',
  'Sin fiebre, tos ni disnea.',
  'Madre con alzheimer.',
  'Hb 10,2 g/dl, glucosa 110 mg/dl.',
  'Posible neumonía basal derecha.',
  'Exploración por aparatos normal.',
];

export function clinicalNote(length: number): string {
  let out = '';
  for (let i = 0; out.length < length; i++) {
    out += SENTENCES[i % SENTENCES.length] + (i % 5 === 4 ? '\n' : ' ');
  }
  return out.slice(0, length);
}
