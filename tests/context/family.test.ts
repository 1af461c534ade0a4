import { describe, expect, it } from 'vitest';
import { applyFamilyMembers } from '../../src/core/context/family.ts';
import { prepare, type Prepared } from './pipeline.ts';

function family(text: string): Prepared {
  const p = prepare(text);
  applyFamilyMembers(p.mentions, p.tokens, p.sentenceOf);
  return p;
}
const relativeOf = (p: Prepared, span: string, occurrence?: number): string | undefined =>
  p.textOf(p.get(span, occurrence).characteristics.familyMember);

describe('family members', () => {
  it('a relative governs the concepts after it, coordinated ones too', () => {
    const p = family('Hija con asma y dermatitis atópica.');
    expect(relativeOf(p, 'asma')).toBe('Hija');
    expect(relativeOf(p, 'dermatitis atópica')).toBe('Hija');
    expect(relativeOf(p, 'Hija')).toBeUndefined();
  });

  it('points at the relative mention itself, multiword relatives included', () => {
    const p = family('Abuela materna con cáncer de mama.');
    expect(p.get('cáncer de mama').characteristics.familyMember).toBe(p.get('Abuela materna'));
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
});
