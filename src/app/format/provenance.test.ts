import { describe, expect, it } from 'vitest';
import { textHash } from '../review/model.ts';
import { annotationProvenance, APP_EXPORTER, exportProvenance, provenanceParts, staleReasons } from './provenance.ts';

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

describe('what an export records', () => {
  const at = new Date('2024-06-10T10:00:01.000Z');
  const json = '{"rules": []}';

  it('local: the dictionary, the rule pack by name and SHA-256 (or the built-in rules), the datetime, version and time', () => {
    const settings = {
      mode: 'local' as const,
      dictionary: { id: 'glosa-es', content_hash: 'abc123' },
      rules: { name: 'mías.json', json, ruleCount: 3, chosenAt: 1 },
      textDatetime: '2024-06-10T10:00:00',
      nestedSites: true,
    };
    expect(annotationProvenance(settings, '0.1.0', at)).toEqual({
      exported_by: APP_EXPORTER,
      mode: 'local',
      text_datetime: '2024-06-10T10:00:00',
      dictionary: { id: 'glosa-es', content_hash: 'abc123' },
      rule_pack: { name: 'mías.json', sha256: textHash(json) },
      nested_sites: true,
      glosa_version: '0.1.0',
      annotated_at: '2024-06-10T10:00:01.000Z',
    });
    expect(textHash(json)).toMatch(/^[0-9a-f]{64}$/);
    expect(annotationProvenance({ ...settings, rules: null }, '0.1.0', at).rule_pack).toBeNull();
  });

  it('remote: the endpoint and the dictionary the service names; its rules are not known here', () => {
    const p = annotationProvenance(
      {
        mode: 'remote',
        endpoint: 'https://svc.test/tagger/annotation',
        dictionary: { content_hash: 'ff' },
        rules: null,
        textDatetime: '',
        nestedSites: false,
      },
      '0.2.0',
      at,
    );
    expect(p).toEqual({
      exported_by: APP_EXPORTER,
      mode: 'remote',
      endpoint: 'https://svc.test/tagger/annotation',
      dictionary: { content_hash: 'ff' },
      nested_sites: false,
      glosa_version: '0.2.0',
      annotated_at: '2024-06-10T10:00:01.000Z',
    });
  });

  it('adds the time of the export; a result without provenance (a reopened review) says what it knows', () => {
    const result = { annotations: [], version: '0.1.0' };
    const base = { text: 'tos', textDatetime: '2024-06-10T10:00:00', result, elapsedMs: 0, receivedAt: 0 };
    const exported = new Date('2024-06-11T08:00:00.000Z');
    const made = annotationProvenance({ mode: 'local', rules: null, textDatetime: base.textDatetime, nestedSites: true }, '0.1.0', at);
    expect(exportProvenance({ ...base, provenance: made }, exported)).toEqual({ ...made, exported_at: '2024-06-11T08:00:00.000Z' });
    expect(exportProvenance(base, exported)).toEqual({
      exported_by: APP_EXPORTER,
      text_datetime: '2024-06-10T10:00:00',
      glosa_version: '0.1.0',
      exported_at: '2024-06-11T08:00:00.000Z',
    });
  });
});
