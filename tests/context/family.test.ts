import { describe, expect, it } from 'vitest';
import { staged, type Staged } from './staged.ts';

function family(text: string): Staged {
  return staged(text, 'context');
}
const relativeOf = (p: Staged, span: string, occurrence?: number): string | undefined => p.relativeOf(span, occurrence);

describe('family members', () => {
  it('a relative governs the concepts after it, coordinated ones too', () => {
    const p = family('Hija con asma y dermatitis atópica.');
    expect(relativeOf(p, 'asma')).toBe('Hija');
    expect(relativeOf(p, 'dermatitis atópica')).toBe('Hija');
    expect(relativeOf(p, 'Hija')).toBeUndefined();
  });

  it('a companion or an informant governs nothing and ends the scope before it', () => {
    expect(relativeOf(family('Acude acompañado de su hija por disnea.'), 'disnea')).toBeUndefined();
    expect(relativeOf(family('Según su madre, presenta fiebre.'), 'fiebre')).toBeUndefined();
    expect(relativeOf(family('Padre con asma, acude junto a su hija por fiebre.'), 'fiebre')).toBeUndefined();
    expect(relativeOf(family('Niño que acude con su madre por fiebre.'), 'fiebre')).toBeUndefined();
    expect(relativeOf(family('Vive con su hija, que tiene asma.'), 'asma')).toBe('hija');
  });

  it('points at the relative mention itself, multiword relatives included', () => {
    const p = family('Abuela materna con cáncer de mama.');
    expect(p.doc.context?.family[p.index('cáncer de mama')]?.relative).toBe(p.index('Abuela materna'));
  });

  it('never reaches back before the relative nor past ";", the patient or the sentence end', () => {
    const before = family('Paciente con HTA. Padre con DM2.');
    expect(relativeOf(before, 'HTA')).toBeUndefined();
    expect(relativeOf(before, 'DM2')).toBe('Padre');
    expect(relativeOf(family('Hermana con cefalea; el paciente niega cefalea.'), 'cefalea', 2)).toBeUndefined();
    expect(relativeOf(family('Madre con asma y el paciente con epilepsia.'), 'epilepsia')).toBeUndefined();
    expect(relativeOf(family('Padre con HTA. El paciente refiere cefalea.'), 'cefalea')).toBeUndefined();
  });

  it('a second relative takes over', () => {
    const p = family('Madre con asma, padre con epilepsia.');
    expect(relativeOf(p, 'asma')).toBe('Madre');
    expect(relativeOf(p, 'epilepsia')).toBe('padre');
  });

  it('a relative linked to the concepts right before it governs them ("X y Y en el padre")', () => {
    const p = family('Antecedentes de HTA y DM2 en el padre, asma en su hermana. Cefalea en hija.');
    expect(relativeOf(p, 'HTA')).toBe('padre');
    expect(relativeOf(p, 'DM2')).toBe('padre');
    expect(relativeOf(p, 'asma')).toBe('hermana');
    expect(relativeOf(p, 'Cefalea')).toBe('hija');
  });

  it('a relative named after a concept overrides one before it, opens no scope, and links no further back', () => {
    const p = family('Padre con HTA, cáncer de mama en la madre. Tos, fiebre. Disnea en madre.');
    expect(relativeOf(p, 'HTA')).toBe('Padre');
    expect(relativeOf(p, 'cáncer de mama')).toBe('madre');
    expect(relativeOf(p, 'fiebre')).toBeUndefined();
    expect(relativeOf(p, 'Disnea')).toBe('madre');
    const listed = family('Cáncer de colon en hermano, HTA y DM2 en el padre.');
    expect(relativeOf(listed, 'HTA')).toBe('padre');
    expect(relativeOf(family('Asma desde la infancia de la madre.'), 'Asma')).toBeUndefined();
    expect(relativeOf(family('Asma, diabetes en tratamiento, y padre sano.'), 'Asma')).toBeUndefined();
  });
});
