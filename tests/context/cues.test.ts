import { describe, expect, it } from 'vitest';
import { testDictionary } from '../../src/core/testing/test-dictionary.ts';
import { staged, type Staged } from './staged.ts';

function cues(text: string, windowWords = 10): Staged {
  return staged(text, 'context', { annotator: { negationWindowWords: windowWords } });
}
const negation = (p: Staged, span: string, occurrence?: number): string | undefined => p.textOf(p.negativeCue(span, occurrence));
const uncertainty = (p: Staged, span: string): string | undefined => p.textOf(p.uncertainCue(span));

describe('negation cues', () => {
  it('a pre-trigger negates what follows in its clause and nothing before it', () => {
    const p = cues('Refiere cefalea y niega fiebre.');
    expect(negation(p, 'cefalea')).toBeUndefined();
    expect(negation(p, 'fiebre')).toBe('niega');
    expect(negation(p, 'niega')).toBeUndefined();
  });

  it('gives every concept of one scope the very same cue object', () => {
    const p = cues('Sin fiebre, tos ni disnea.');
    const cue = p.negativeCue('fiebre');
    expect(cue).toBeDefined();
    expect(p.negativeCue('tos')).toBe(cue);
    expect(p.negativeCue('disnea')).toBe(cue);
  });

  it('"ni" opens a scope only where none is open', () => {
    const p = cues('Ni tos ni expectoración.');
    expect(negation(p, 'tos')).toBe('Ni');
    expect(p.textOf(p.negativeCue('expectoración'))).toBe('Ni');
    expect(p.negativeCue('expectoración')?.start).toBe(0);
  });

  it('"no" before a reporting verb is the cue alone and the verb is negated', () => {
    const p = cues('no refiere dolor');
    expect(negation(p, 'refiere')).toBe('no');
    expect(negation(p, 'dolor')).toBe('no');
  });

  it('"no" fused with another verb is one cue', () => {
    expect(negation(cues('No se observa derrame pleural.'), 'derrame pleural')).toBe('No se observa');
    expect(negation(cues('Exploración: no se palpan adenopatías.'), 'adenopatías')).toBe('no se palpan');
  });

  it('"no se" + any verb that is no concept is one cue; a bare "no" stays bare', () => {
    expect(negation(cues('No se identifican adenopatías.'), 'adenopatías')).toBe('No se identifican');
    expect(negation(cues('No se han visto lesiones.'), 'lesiones')).toBe('No se han visto');
    expect(negation(cues('No tos.'), 'tos')).toBe('No');
  });

  it('ends scopes at terminators, ";" and the sentence end, but not at "sin embargo" as a cue', () => {
    expect(negation(cues('No refiere dolor torácico pero sí disnea.'), 'disnea')).toBeUndefined();
    expect(negation(cues('Sin fiebre; presenta tos.'), 'tos')).toBeUndefined();
    expect(negation(cues('Sin fiebre. Tos.'), 'Tos')).toBeUndefined();
    expect(negation(cues('Sin embargo, presenta fiebre.'), 'fiebre')).toBeUndefined();
    expect(negation(cues('Sin antecedentes de interés salvo hipertensión arterial.'), 'hipertensión arterial')).toBeUndefined();
  });

  it('ends a scope at a line break', () => {
    expect(negation(cues('Sin fiebre\ntos'), 'tos')).toBeUndefined();
  });

  it('an affirmative reporting verb inside a scope opens a new clause', () => {
    const p = cues('Sin fiebre, refiere cefalea.');
    expect(negation(p, 'fiebre')).toBe('Sin');
    expect(negation(p, 'refiere')).toBeUndefined();
    expect(negation(p, 'cefalea')).toBeUndefined();
  });

  it('a reporting verb coordinated by "ni" stays in the scope', () => {
    const p = cues('No refiere ni presenta fiebre.');
    expect(negation(p, 'presenta')).toBe('No');
    expect(negation(p, 'fiebre')).toBe('No');
  });

  it('a concept said to be there ends a negated list, and so does "sí"', () => {
    const p = cues('Sin fiebre, peristaltismo conservado.');
    expect(negation(p, 'fiebre')).toBe('Sin');
    expect(negation(p, 'peristaltismo')).toBeUndefined();
    const q = cues('No fiebre, no vómitos, sí náuseas.');
    expect(negation(q, 'vómitos')).toBe('no');
    expect(negation(q, 'náuseas')).toBeUndefined();
  });

  it('"por" after a withheld act gives the reason, which is there; "por" or "con" and a test, the means', () => {
    const withheld = cues('No se administra heparina por insuficiencia renal.');
    expect(negation(withheld, 'heparina')).toBe('No se administra');
    expect(negation(withheld, 'insuficiencia renal')).toBeUndefined();
    // A few words may come between "por" and the reason, which keeps its own hedge.
    const risk = cues('No se administra heparina por riesgo de sangrado.');
    expect(negation(risk, 'sangrado')).toBeUndefined();
    expect(uncertainty(risk, 'sangrado')).toBe('riesgo de');
    // A procedure after "por" is how a finding was ruled out.
    const means = cues('Se descarta neumonía por radiografía de tórax.');
    expect(negation(means, 'neumonía')).toBe('Se descarta');
    expect(negation(means, 'radiografía de tórax')).toBeUndefined();
    const withTest = cues('Se descarta TEP con angioTC.');
    expect(negation(withTest, 'TEP')).toBe('Se descarta');
    expect(negation(withTest, 'angioTC')).toBeUndefined();
    // "en" and a test is where a finding was looked for, negated finding or none.
    expect(negation(cues('No se observan alteraciones en la radiografía de tórax.'), 'radiografía de tórax')).toBeUndefined();
    expect(negation(cues('Sin dolor en la ecografía.'), 'dolor')).toBe('Sin');
    expect(negation(cues('Sin dolor en la ecografía.'), 'ecografía')).toBeUndefined();
    // Before any negated finding, a test after "con" may be what is not done.
    expect(negation(cues('No se realiza seguimiento con ecografía.'), 'ecografía')).toBe('No se realiza');
    // "con" gives a means, never a reason.
    expect(negation(cues('No se administra heparina con sangrado.'), 'sangrado')).toBe('No se administra');
    // After a negated finding, "por" and another finding stay in the scope; so does a site.
    expect(negation(cues('No dolor por hernia.'), 'hernia')).toBe('No');
    expect(negation(cues('No se administra heparina por el brazo.'), 'brazo')).toBe('No se administra');
    // With nothing negated before it, or no concept right after it, "por" changes nothing.
    expect(negation(cues('Sin fiebre por el momento ni tos.'), 'tos')).toBe('Sin');
    expect(negation(cues('No acude por fiebre.'), 'fiebre')).toBe('No');
  });

  it('a negated statement that opens a history list is complete at its comma; a list of findings goes on', () => {
    const history = cues('Mujer sin alergias medicamentosas conocidas, hipertensa y diabética.');
    expect(negation(history, 'alergias medicamentosas')).toBe('sin');
    expect(negation(history, 'hipertensa')).toBeUndefined();
    expect(negation(history, 'diabética')).toBeUndefined();
    expect(negation(cues('Sin hábitos tóxicos, HTA.'), 'HTA')).toBeUndefined();
    expect(negation(cues('Sin antecedentes de interés, asma.'), 'asma')).toBeUndefined();
    // A list joined by "o" or "ni" is a list of denials; a bare allergy opens no history either.
    expect(negation(cues('Niega hábitos tóxicos, fiebre o tos.'), 'tos')).toBe('Niega');
    expect(negation(cues('Niega alergias, asma y fiebre.'), 'asma')).toBe('Niega');
    expect(negation(cues('Sin fiebre, tos, disnea.'), 'disnea')).toBe('Sin');
    // Before the comma, an ending alone closes nothing.
    expect(negation(cues('Sin alergias conocidas ni asma.'), 'asma')).toBe('Sin');
  });

  it('pseudo-triggers negate nothing', () => {
    expect(negation(cues('Sin cambios en el derrame pleural.'), 'derrame pleural')).toBeUndefined();
    expect(negation(cues('No solo presenta fiebre sino también tos.'), 'fiebre')).toBeUndefined();
    expect(negation(cues('Bacteriemia por bacilos gram negativos.'), 'Bacteriemia')).toBeUndefined();
  });

  it('post-triggers reach back to the comma; plural ones over a list', () => {
    const p = cues('Serologías: VIH negativo, VHB negativo.');
    expect(negation(p, 'VIH')).toBe('negativo');
    expect(p.negativeCue('VHB')?.start).toBe(p.text.lastIndexOf('negativo'));
    const list = cues('Neumonía, bronquitis y derrame pleural descartados.');
    for (const span of ['Neumonía', 'bronquitis', 'derrame pleural']) expect(negation(list, span)).toBe('descartados');
    expect(negation(cues('Cefalea, neumonía descartada.'), 'Cefalea')).toBeUndefined();
  });

  it('a post-trigger never reaches back over a sentence end', () => {
    expect(negation(cues('Refiere fiebre. Neumotórax descartado.'), 'fiebre')).toBeUndefined();
  });

  it('form-style "X: no" negates the field, "X: sí" does not', () => {
    const p = cues('Fiebre: no. Tos: sí.');
    expect(negation(p, 'Fiebre')).toBe('no');
    expect(negation(p, 'Tos')).toBeUndefined();
    expect(negation(cues('Hemocultivos: negativos.'), 'Hemocultivos')).toBe('negativos');
    expect(negation(cues('Edemas: ausentes.'), 'Edemas')).toBe('ausentes');
  });

  it('the window counts words with no concept: long lists stay in scope, long gaps do not', () => {
    const list = cues('No presenta fiebre, tos, disnea, dolor torácico, náuseas, vómitos ni diarrea.', 2);
    expect(negation(list, 'diarrea')).toBe('No');
    const gap = cues('Sin uno dos tres cuatro fiebre.', 3);
    expect(negation(gap, 'fiebre')).toBeUndefined();
  });

  it('the letters of a cue inside a word are no cue', () => {
    expect(negation(cues('Sinusitis maxilar con cefalea.'), 'cefalea')).toBeUndefined();
    expect(negation(cues('Refiere tos y sudoración nocturna.'), 'tos')).toBeUndefined();
  });

  it('a lexicon concept longer than a cue owns its words', () => {
    const dictionary = testDictionary([
      { cui: 'C9100001', terms: ['no fumador'], category: 'Finding' },
      { cui: 'C0015967', terms: ['fiebre'], category: 'Finding' },
    ]);
    const p = staged('Paciente no fumador con fiebre.', 'context', { dictionary });
    expect(negation(p, 'no fumador')).toBeUndefined();
    expect(negation(p, 'fiebre')).toBeUndefined();
  });
});

describe('uncertainty cues', () => {
  it('marks speculation forward and, for "probable", backward when nothing follows', () => {
    expect(uncertainty(cues('Posible neumonía o bronquitis.'), 'bronquitis')).toBe('Posible');
    expect(uncertainty(cues('Neumonía probable.'), 'Neumonía')).toBe('probable');
    expect(uncertainty(cues('Sospecha de apendicitis. Refiere dolor abdominal.'), 'dolor abdominal')).toBeUndefined();
  });

  it('a two-way cue that closes its phrase looks back, not over the comma', () => {
    const p = cues('Neumonía posible, tos.');
    expect(uncertainty(p, 'Neumonía')).toBe('posible');
    expect(uncertainty(p, 'tos')).toBeUndefined();
  });

  it('"si" (if) makes what follows a condition, unless it is "sí" (yes) written without its accent', () => {
    expect(uncertainty(cues('Si fiebre, acudir a urgencias.'), 'fiebre')).toBe('Si');
    expect(uncertainty(cues('Acudir si presenta disnea.'), 'disnea')).toBe('si');
    const yes = cues('No refiere fiebre pero si tos.');
    expect(uncertainty(yes, 'tos')).toBeUndefined();
    expect(negation(yes, 'tos')).toBeUndefined();
    expect(uncertainty(cues('No fiebre, si tos.'), 'tos')).toBeUndefined();
    expect(uncertainty(cues('Niega fiebre, sí tos.'), 'tos')).toBeUndefined();
    expect(uncertainty(cues('Tos si, fiebre no.'), 'fiebre')).toBeUndefined();
    // A condition that opens the sentence needs a comma before its main clause.
    expect(uncertainty(cues('No refiere fiebre. Si refiere tos.'), 'tos')).toBeUndefined();
    // A condition on what is there hedges nothing, and ends the scope before it.
    const persists = cues('Valorar neumonía si persiste la fiebre.');
    expect(uncertainty(persists, 'neumonía')).toBe('Valorar');
    expect(uncertainty(persists, 'fiebre')).toBeUndefined();
  });

  it('after "de" a two-way cue hedges only what follows it', () => {
    expect(uncertainty(cues('Cefalea de probable origen tensional.'), 'Cefalea')).toBeUndefined();
    expect(uncertainty(cues('Fiebre de posible origen urinario.'), 'Fiebre')).toBeUndefined();
    expect(uncertainty(cues('Neumonía de posible origen en una gripe.'), 'gripe')).toBe('posible');
    expect(uncertainty(cues('Neumonía probable.'), 'Neumonía')).toBe('probable');
  });

  it('"no se descarta" and "a descartar" are uncertainty, "se descarta" is negation', () => {
    const p = cues('No se descarta neumonía.');
    expect(uncertainty(p, 'neumonía')).toBe('No se descarta');
    expect(negation(p, 'neumonía')).toBeUndefined();
    const q = cues('Dolor torácico a descartar síndrome coronario agudo.');
    expect(uncertainty(q, 'Dolor torácico')).toBeUndefined();
    expect(uncertainty(q, 'síndrome coronario agudo')).toBe('a descartar');
    expect(negation(cues('Se descarta tromboembolismo pulmonar.'), 'tromboembolismo pulmonar')).toBe('Se descarta');
  });

  it('leaves procedures unhedged and ends at a plan ("se solicita")', () => {
    const p = cues('Imagen compatible con neumonía, se solicita radiografía de tórax y TAC craneal.');
    expect(uncertainty(p, 'neumonía')).toBe('compatible con');
    expect(uncertainty(p, 'radiografía de tórax')).toBeUndefined();
    const q = cues('Posible TAC craneal patológico con neumonía.');
    expect(uncertainty(q, 'TAC craneal')).toBeUndefined();
    expect(uncertainty(q, 'neumonía')).toBe('Posible');
  });

  it('negation and uncertainty in separate clauses do not mix', () => {
    const p = cues('No presenta fiebre; posible faringitis.');
    expect(uncertainty(p, 'fiebre')).toBeUndefined();
    expect(negation(p, 'faringitis')).toBeUndefined();
    expect(uncertainty(p, 'faringitis')).toBe('posible');
  });

  it('"Sin sospecha de" negates with "Sin" alone', () => {
    const p = cues('Sin sospecha de infección.');
    expect(negation(p, 'infección')).toBe('Sin');
    expect(uncertainty(p, 'infección')).toBeUndefined();
  });
});
