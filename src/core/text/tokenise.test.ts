import { describe, expect, it } from 'vitest';
import { termKey, tokenise } from './tokenise.ts';

const forms = (text: string): string[] => tokenise(text).map((t) => text.slice(t.start, t.end));

describe('tokenise', () => {
  it('splits words, numbers and punctuation, keeping original ranges', () => {
    const text = 'Sin fiebre, tos ni disnea.';
    expect(forms(text)).toEqual(['Sin', 'fiebre', ',', 'tos', 'ni', 'disnea', '.']);
    expect(tokenise(text)[1]).toMatchObject({ start: 4, end: 10, kind: 'word', norm: 'fiebre' });
  });

  it('keeps decimal and thousands separators inside numbers but splits units', () => {
    expect(forms('Hb 10,2 g/dl')).toEqual(['Hb', '10,2', 'g', '/', 'dl']);
    expect(forms('38,5ºC')).toEqual(['38,5', 'ºC']);
    expect(forms('15.000 leucocitos')).toEqual(['15.000', 'leucocitos']);
    expect(forms('fin 3. Luego')).toEqual(['fin', '3', '.', 'Luego']);
  });

  it('keeps alphanumeric words whole', () => {
    expect(forms('DM2 y SatO2')).toEqual(['DM2', 'y', 'SatO2']);
  });

  it('marks tokens after a line break, for CRLF too', () => {
    const tokens = tokenise('tos\r\nfiebre\tdolor');
    expect(tokens.map((t) => t.afterLineBreak)).toEqual([false, true, false]);
  });

  it('makes an astral symbol one punctuation token', () => {
    const text = '🤒 fiebre';
    const tokens = tokenise(text);
    expect(tokens[0]).toMatchObject({ start: 0, end: 2, kind: 'punct' });
    expect(tokens[1]).toMatchObject({ start: 3, end: 9, norm: 'fiebre' });
  });

  it('keeps combining marks inside their word', () => {
    expect(forms('cefa\u0301lea intensa')).toEqual(['cefa\u0301lea', 'intensa']);
  });

  it('builds term keys from matching forms', () => {
    expect(termKey('Dolor  Torácico')).toBe('dolor toracico');
    expect(termKey('Guillain-Barré')).toBe('guillain - barre');
  });
});
