/**
 * The assertion classes of issue 16 as real notes write them, one describe per class, on the
 * context stage with the fixture dictionary (tests/context/fixture-lexicon.ts).
 */
import { describe, expect, it } from 'vitest';
import { staged, type Staged } from './staged.ts';

const context = (text: string): Staged => staged(text, 'context');
const negation = (p: Staged, span: string, occurrence?: number): string | undefined => p.textOf(p.negativeCue(span, occurrence));
const uncertainty = (p: Staged, span: string): string | undefined => p.textOf(p.uncertainCue(span));

describe('words that carry their own negation', () => {
  it('negate the concept they name, with the word itself as trigger and scope', () => {
    const p = context('Paciente afebril, asintomática.');
    expect(negation(p, 'afebril')).toBe('afebril');
    expect(negation(p, 'asintomática')).toBe('asintomática');
    const cue = p.negativeCue('afebril');
    expect(cue?.rule).toBe('neg-self-afebril');
    expect(p.textOf(cue?.scope)).toBe('afebril');
  });

  it('negate nothing after them and leave an open scope going', () => {
    const p = context('Apirética, refiere cefalea. Sin tos, afebril, ni disnea.');
    expect(negation(p, 'cefalea')).toBeUndefined();
    expect(negation(p, 'afebril')).toBe('afebril');
    expect(negation(p, 'disnea')).toBe('Sin');
  });
});

describe('stopped treatment', () => {
  it('negates the drug, device or procedure stopped, and not the reason after "por"', () => {
    const p = context('Se suspende enalapril por tos. Se retira la sonda vesical por hematuria.');
    expect(negation(p, 'enalapril')).toBe('Se suspende');
    expect(negation(p, 'tos')).toBeUndefined();
    expect(negation(p, 'sonda vesical')).toBe('Se retira');
    expect(negation(p, 'hematuria')).toBeUndefined();
  });

  it('ends a de-escalation at "a": the new drug is given; "a" ends no other scope', () => {
    const p = context('Se desescala meropenem a amoxicilina. Sin dolor a la palpación ni fiebre.');
    expect(negation(p, 'meropenem')).toBe('Se desescala');
    expect(negation(p, 'amoxicilina')).toBeUndefined();
    expect(negation(p, 'fiebre')).toBe('Sin');
  });

  it('reaches back from "suspendido" and not from "no suspender"', () => {
    const p = context('Omeprazol suspendido. No suspender ibuprofeno.');
    expect(negation(p, 'Omeprazol')).toBe('suspendido');
    expect(negation(p, 'ibuprofeno')).toBeUndefined();
  });
});

describe('impossibility and lack', () => {
  it('negates what could not be done or is lacking', () => {
    const p = context(
      'Imposibilidad de sondaje vesical. No fue posible la intubación orotraqueal. No se consigue canalizar vía periférica.',
    );
    expect(negation(p, 'sondaje vesical')).toBe('Imposibilidad de');
    expect(negation(p, 'intubación orotraqueal')).toBe('No fue posible');
    expect(negation(p, 'vía periférica')).toBe('No se consigue');
  });

  it('leaves a longer lexicon concept alone and makes what could not be ruled out uncertain', () => {
    const p = context('Falta de apetito. No fue posible descartar tromboembolismo pulmonar.');
    expect(negation(p, 'Falta de apetito')).toBeUndefined();
    expect(negation(p, 'tromboembolismo pulmonar')).toBeUndefined();
    expect(p.textOf(p.uncertainCue('tromboembolismo pulmonar'))).toBe('No fue posible descartar');
  });
});

describe('resolution', () => {
  it('negates the finding before it, or after it when nothing before it can resolve', () => {
    const p = context('La cefalea ha cedido. Con paracetamol cede la fiebre. Neumonía resuelta.');
    expect(negation(p, 'cefalea')).toBe('ha cedido');
    expect(negation(p, 'paracetamol')).toBeUndefined();
    expect(negation(p, 'fiebre')).toBe('cede');
    expect(negation(p, 'Neumonía')).toBe('resuelta');
  });

  it('leaves a finding that does not resolve, or whose behaviour a relative clause describes', () => {
    const p = context('Fiebre que no cede. Dolor torácico que cede en reposo.');
    expect(negation(p, 'Fiebre')).toBeUndefined();
    expect(negation(p, 'Dolor torácico')).toBeUndefined();
  });
});

describe('cues after the item and over lists', () => {
  it('an answer after a colon covers a field list of concepts and joiners, and no more', () => {
    const p = context('Hemocultivos, urocultivo y coprocultivo: negativos. Paciente con cefalea, disnea: no.');
    for (const span of ['Hemocultivos', 'urocultivo', 'coprocultivo']) expect(negation(p, span)).toBe('negativos');
    expect(negation(p, 'cefalea')).toBeUndefined();
    expect(negation(p, 'disnea')).toBe('no');
  });

  it('"no" closing its clause right after a concept answers for it and looks no further', () => {
    const p = context('Fiebre no, tos sí. Cefalea no.');
    expect(negation(p, 'Fiebre')).toBe('no');
    expect(negation(p, 'tos')).toBeUndefined();
    expect(negation(p, 'Cefalea')).toBe('no');
    expect(p.negativeCue('Fiebre')?.rule).toBe('neg-answer-no');
  });
});

describe('exceptions and exclusions', () => {
  it('an exception ends the scope open, and with none open excludes only the acts after it', () => {
    const p = context(
      'Sin alergias excepto a penicilina. Mantener tratamiento salvo metformina. Exploración normal salvo soplo sistólico.',
    );
    expect(negation(p, 'alergias')).toBe('Sin');
    expect(negation(p, 'penicilina')).toBeUndefined();
    expect(negation(p, 'metformina')).toBe('salvo');
    expect(negation(p, 'soplo sistólico')).toBeUndefined();
  });

  it('refusing or avoiding negates; preventing or excluding hedges', () => {
    const p = context('Rechaza transfusión. Evitar AINEs. Heparina para evitar trombosis venosa profunda.');
    expect(negation(p, 'transfusión')).toBe('Rechaza');
    expect(negation(p, 'AINEs')).toBe('Evitar');
    expect(negation(p, 'trombosis venosa profunda')).toBeUndefined();
    expect(p.textOf(p.uncertainCue('trombosis venosa profunda'))).toBe('para evitar');
  });
});

describe('scopes that ran too far', () => {
  it('end at a relative clause or a coordinated clause with its own verb', () => {
    const p = context('Cefalea sin fotofobia, que mejora con paracetamol. Sin fiebre y toma heparina. Sin datos que sugieran infección.');
    expect(negation(p, 'fotofobia')).toBe('sin');
    expect(negation(p, 'paracetamol')).toBeUndefined();
    expect(negation(p, 'heparina')).toBeUndefined();
    expect(negation(p, 'infección')).toBe('Sin');
  });

  it('a "no" between a finding and a word that is no concept describes the finding', () => {
    const p = context('Diabetes no controlada con metformina. Náuseas no vómitos. No puede tomar AINEs.');
    expect(negation(p, 'Diabetes')).toBeUndefined();
    expect(negation(p, 'metformina')).toBeUndefined();
    expect(negation(p, 'vómitos')).toBe('no');
    expect(negation(p, 'AINEs')).toBeUndefined();
  });
});

describe('hedges', () => {
  it('adjectival hedges in any gender and number hedge what follows, not the finding before', () => {
    const p = context('Nódulos pulmonares sospechosos de metástasis. Adenopatías sugestivas de linfoma.');
    expect(uncertainty(p, 'metástasis')).toBe('sospechosos de');
    expect(uncertainty(p, 'Nódulos pulmonares')).toBeUndefined();
    expect(uncertainty(p, 'linfoma')).toBe('sugestivas de');
  });

  it('"a filiar" and "sin filiar" hedge the finding before them; "que sugieran" inside a negation is negated', () => {
    const p = context('Nódulo pulmonar sin filiar. Sin datos que sugieran infección. Alteraciones que sugieren isquemia miocárdica.');
    expect(uncertainty(p, 'Nódulo pulmonar')).toBe('sin filiar');
    expect(negation(p, 'Nódulo pulmonar')).toBeUndefined();
    expect(negation(p, 'infección')).toBe('Sin');
    expect(uncertainty(p, 'infección')).toBeUndefined();
    expect(uncertainty(p, 'isquemia miocárdica')).toBe('que sugieren');
  });
});

describe('"no conocido" after the item', () => {
  it('negates what it follows, unlike a describing "no"', () => {
    const p = context('Alergias medicamentosas no conocidas. HTA no conocida, refiere disnea. Diabetes no controlada.');
    expect(negation(p, 'Alergias medicamentosas')).toBe('no conocidas');
    expect(negation(p, 'HTA')).toBe('no conocida');
    expect(negation(p, 'disnea')).toBeUndefined();
    expect(negation(p, 'Diabetes')).toBeUndefined();
  });
});

describe('clause ends that post-cues reach over', () => {
  it('"que" and "a" end forward scopes only', () => {
    const p = context('Neumonía que ha sido descartada. Lesión a nivel hepático descartada.');
    expect(negation(p, 'Neumonía')).toBe('ha sido descartada');
    expect(negation(p, 'Lesión')).toBe('descartada');
  });
});
