import { describe, expect, it } from 'vitest';
import { staged, type Staged } from './staged.ts';

/** The attach stage runs after context, as in the annotator. */
const attached = (text: string): Staged => staged(text, 'attach');
const headOf = (p: Staged, span: string): string | undefined => p.headOf(span);

describe('anatomical sites', () => {
  const sites = attached;
  const relations = (p: Staged): string[] => p.relations('has_anatomical_location');

  it('links a finding to a lateralised site after a preposition and an article', () => {
    const p = sites('Dolor en la pierna izquierda.');
    expect(headOf(p, 'pierna izquierda')).toBe('Dolor');
    expect(relations(p)).toEqual(['Dolor -has_anatomical_location-> pierna izquierda']);
  });

  it('links coordinated sites to the same finding, and each pair to its own finding', () => {
    expect(relations(sites('Dolor en el brazo y en la pierna.'))).toEqual([
      'Dolor -has_anatomical_location-> brazo',
      'Dolor -has_anatomical_location-> pierna',
    ]);
    expect(relations(sites('Dolor en hombro derecho y edema en tobillo izquierdo.'))).toEqual([
      'Dolor -has_anatomical_location-> hombro derecho',
      'edema -has_anatomical_location-> tobillo izquierdo',
    ]);
  });

  it('links a site right after the finding, and one the pain radiates to', () => {
    expect(relations(sites('Dolor rodilla izquierda.'))).toEqual(['Dolor -has_anatomical_location-> rodilla izquierda']);
    expect(relations(sites('Dolor irradiado a brazo izquierdo.'))).toEqual(['Dolor -has_anatomical_location-> brazo izquierdo']);
    expect(relations(sites('Dolor con irradiación a brazo izquierdo.'))).toEqual(['Dolor -has_anatomical_location-> brazo izquierdo']);
    expect(relations(sites('Edema hasta rodilla derecha.'))).toEqual(['Edema -has_anatomical_location-> rodilla derecha']);
  });

  it("links over the finding's severity and a describing word or two, not over a concept or a line break", () => {
    expect(relations(sites('Dolor intenso en rodilla izquierda.'))).toEqual(['Dolor -has_anatomical_location-> rodilla izquierda']);
    expect(relations(sites('Dolor muy intenso en rodilla.'))).toEqual(['Dolor -has_anatomical_location-> rodilla']);
    expect(relations(sites('Eritema descamativo en antebrazo.'))).toEqual(['Eritema -has_anatomical_location-> antebrazo']);
    expect(relations(sites('Herida reciente infectada en mano izquierda.'))).toEqual(['Herida -has_anatomical_location-> mano izquierda']);
    // "irradiado a" still leads to the site; three describing words are too many.
    expect(relations(sites('Dolor punzante irradiado a brazo.'))).toEqual(['Dolor -has_anatomical_location-> brazo']);
    expect(relations(sites('Herida reciente profunda infectada en mano.'))).toEqual([]);
    expect(relations(sites('Dolor\npunzante en rodilla.'))).toEqual([]);
  });

  it('links over the size of the finding, the face, third or zone of the site, and "localizado en"', () => {
    expect(relations(sites('Herida de 3 cm en mano izquierda.'))).toEqual(['Herida -has_anatomical_location-> mano izquierda']);
    expect(relations(sites('Lesión eritematosa en cara anterior de pierna derecha.'))).toEqual([
      'Lesión eritematosa -has_anatomical_location-> pierna derecha',
    ]);
    expect(relations(sites('Edema en tercio distal de pierna.'))).toEqual(['Edema -has_anatomical_location-> pierna']);
    expect(relations(sites('Edema en la zona del tobillo.'))).toEqual(['Edema -has_anatomical_location-> tobillo']);
    expect(relations(sites('Dolor localizado en hombro izquierdo.'))).toEqual(['Dolor -has_anatomical_location-> hombro izquierdo']);
  });

  it('gives no relation to a finding with no site, or over punctuation or a line break', () => {
    expect(relations(sites('Cefalea intensa.'))).toEqual([]);
    expect(relations(sites('Dolor, rodilla.'))).toEqual([]);
    expect(relations(sites('Dolor\nrodilla sin edema.'))).toEqual([]);
    // A capitalised word starts a new item of a telegraphic note; an abbreviation does not.
    expect(relations(sites('Dolor Rodilla sin edema.'))).toEqual([]);
    expect(relations(sites('Dolor FID.'))).toEqual(['Dolor -has_anatomical_location-> FID']);
  });

  it('negates the site of a negated finding with the same cue, reading the context layer, which it leaves as it was', () => {
    // A one-word window closes the negation before the site, so only the finding is negated in context.
    const p = staged('Sin dolor punzante descamativo en rodilla.', 'attach', { annotator: { negationWindowWords: 1 } });
    const cue = p.doc.context?.negative[p.index('dolor')];
    expect(p.textOf(cue)).toBe('Sin');
    expect(p.doc.context?.negative[p.index('rodilla')]).toBeUndefined();
    expect(p.doc.attach?.inheritedNegative[p.index('rodilla')]).toBe(cue);
  });
});

describe('header sites', () => {
  const headed = attached;
  const relations = (p: Staged): string[] => p.relations('has_anatomical_location');

  it('a site that opens its line with a colon is where the findings of its sentence with no site are', () => {
    const p = headed('Pierna: edema y dolor.\nBrazo: dolor en mano; fiebre.');
    expect(relations(p)).toEqual([
      'edema -has_anatomical_location-> Pierna',
      'dolor -has_anatomical_location-> Pierna',
      'dolor -has_anatomical_location-> mano',
    ]);
    expect(headOf(p, 'Pierna')).toBe('edema');
    expect(headOf(p, 'Brazo')).toBeUndefined();
  });

  it('is not negated with its findings, and heads only a line or sentence', () => {
    const p = headed('Rodilla: sin edema. Dolor, rodilla: edema.');
    expect(relations(p)).toEqual(['edema -has_anatomical_location-> Rodilla']);
    expect(p.negativeCue('edema')).toBeDefined();
    expect(p.negativeCue('Rodilla')).toBeUndefined();
  });
});

describe('reporting verbs', () => {
  const verbs = attached;

  it('head the findings they introduce, up to the next verb or the clause end', () => {
    const p = verbs('Refiere fiebre y tos, niega disnea; cefalea.');
    expect(headOf(p, 'fiebre')).toBe('Refiere');
    expect(headOf(p, 'tos')).toBe('Refiere');
    expect(headOf(p, 'disnea')).toBe('niega');
    expect(headOf(p, 'cefalea')).toBeUndefined();
  });

  it('do not head a finding negated by a cue of its own after the verb', () => {
    const p = attached('Refiere tos, sin fiebre. No refiere disnea.');
    expect(headOf(p, 'tos')).toBe('Refiere');
    expect(headOf(p, 'fiebre')).toBeUndefined();
    expect(headOf(p, 'disnea')).toBe('refiere');
  });

  it('leave a site headed by its finding', () => {
    const p = verbs('Presenta edema en tobillo izquierdo.');
    expect(headOf(p, 'edema')).toBe('Presenta');
    expect(headOf(p, 'tobillo izquierdo')).toBe('edema');
  });
});

describe('quantities', () => {
  const measured = attached;
  const relations = (p: Staged): string[] => p.relations('has_quantity');

  it('a quantity measures the nearest measurable concept before it in its clause', () => {
    const p = measured('TA 130/85 mmHg, FC 72 lpm, SatO2 98%.');
    expect(headOf(p, '130/85 mmHg')).toBe('TA');
    expect(headOf(p, '72 lpm')).toBe('FC');
    expect(p.quantifierOf('SatO2')).toBe('98%');
    expect(relations(p)).toContain('FC -has_quantity-> 72 lpm');
  });

  it('links over a short gap ("de", ":") but not over a comma or to a site', () => {
    expect(headOf(measured('Temperatura de 38,5 ºC.'), '38,5 ºC')).toBe('Temperatura');
    expect(headOf(measured('Fiebre, 39 ºC.'), '39 ºC')).toBeUndefined();
    expect(headOf(measured('Rodilla 3 cm.'), '3 cm')).toBeUndefined();
  });

  it('does not link over a word written like an abbreviation the lexicon does not know', () => {
    expect(headOf(measured('Talla: NT-proBNP 4500 pg/ml.'), '4500 pg/ml')).toBeUndefined();
    expect(headOf(measured('Talla GGT 80 mg.'), '80 mg')).toBeUndefined();
    expect(headOf(measured('Talla actual 170 cm.'), '170 cm')).toBe('Talla');
  });
});

describe('qualifiers', () => {
  const qualified = attached;
  const qualifierOf = (p: Staged, span: string): string | undefined => p.qualifierOf(span);

  it('a severity word right after a finding, or after its sites, qualifies it', () => {
    const p = qualified('Cefalea intensa. Dolor en rodilla leve. Fiebre de intensidad severa. Tos muy leve.');
    expect(qualifierOf(p, 'Cefalea')).toBe('intensa');
    expect(headOf(p, 'intensa')).toBe('Cefalea');
    expect(qualifierOf(p, 'Dolor')).toBe('leve');
    expect(headOf(p, 'leve')).toBe('Dolor');
    expect(headOf(p, 'rodilla')).toBe('Dolor');
    expect(qualifierOf(p, 'Fiebre')).toBe('de intensidad severa');
    expect(qualifierOf(p, 'Tos')).toBe('leve');
  });

  it('a describing word or two may stand between a finding and its severity', () => {
    const p = qualified('Cefalea holocraneal opresiva de intensidad severa. Dolor punzante leve en rodilla.');
    expect(qualifierOf(p, 'Cefalea')).toBe('de intensidad severa');
    expect(qualifierOf(p, 'Dolor')).toBe('leve');
    expect(headOf(p, 'rodilla')).toBe('Dolor');
    expect(qualifierOf(qualified('Fiebre persistente prolongada continuada intensa.'), 'Fiebre')).toBeUndefined();
  });

  it('a severity word right before a finding qualifies it, unless the finding before took it', () => {
    const p = qualified('Intenso dolor abdominal. Tos intensa disnea.');
    expect(qualifierOf(p, 'dolor abdominal')).toBe('Intenso');
    expect(qualifierOf(p, 'Tos')).toBe('intensa');
    expect(qualifierOf(p, 'disnea')).toBeUndefined();
  });

  it('does not link across punctuation, a line break or a word that describes nothing, nor to what is no finding', () => {
    const p = qualified('Cefalea, intensa. Fiebre\nleve. Tos poco intensa. Rodilla leve. Disnea muy\nleve.');
    expect(qualifierOf(p, 'Cefalea')).toBeUndefined();
    expect(headOf(p, 'intensa')).toBeUndefined();
    expect(qualifierOf(p, 'Fiebre')).toBeUndefined();
    expect(qualifierOf(p, 'Tos')).toBeUndefined();
    expect(p.headOf('leve', 2)).toBeUndefined();
    expect(qualifierOf(p, 'Disnea')).toBeUndefined();
  });
});
