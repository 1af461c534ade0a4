import { describe, expect, it } from 'vitest';
import { provenanceParts, staleReasons } from './provenance.ts';

const shown = { annotator: 'local:abcdef0123456789', textDatetime: '2024-06-10T10:00:00', version: '0.1.0' };
const current = {
  annotator: 'local:abcdef0123456789',
  textDatetime: '2024-06-10T10:00:00',
  dictionary: { id: 'glosa-es', contentHash: 'abcdef0123456789' },
};

describe('result provenance', () => {
  it('names mode, dictionary id and hash, reference datetime and version', () => {
    expect(provenanceParts(shown, current)).toEqual([
      'local · diccionario glosa-es #abcdef012345',
      'referencia 2024-06-10T10:00:00',
      'versión 0.1.0',
    ]);
    expect(provenanceParts({ ...shown, annotator: 'remote:http://svc.test/tagger/annotation' }, current)[0]).toBe(
      'remoto http://svc.test/tagger/annotation',
    );
  });

  it('is current while nothing changed, and says what changed otherwise', () => {
    expect(staleReasons(shown, current)).toEqual([]);
    expect(staleReasons(shown, { ...current, textDatetime: '2025-01-01T00:00:00' })).toEqual(['la fecha de referencia cambió']);
    expect(staleReasons(shown, { ...current, annotator: 'remote:http://svc.test/tagger/annotation' })).toEqual([
      'cambió el anotador, el diccionario o las reglas',
    ]);
    // A stored review's result has no annotator: only the datetime can be compared.
    expect(staleReasons({ textDatetime: shown.textDatetime, version: '1' }, { ...current, annotator: 'x' })).toEqual([]);
  });
});
