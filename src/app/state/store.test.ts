import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage.ts';
import { annotatorTarget, createAppStore } from './store.ts';
import { acceptDatetimeInput, formatTextDatetime, fromDatetimeInput } from './datetime.ts';

describe('app store', () => {
  it('submits the current text and datetime, counting attempts', () => {
    const store = createAppStore(memoryStorage);
    store.getState().setText('Sin fiebre');
    store.getState().setTextDatetime('2024-06-10T10:00:00');
    store.getState().select(3);
    store.getState().submit();
    expect(store.getState().submission).toEqual({ text: 'Sin fiebre', textDatetime: '2024-06-10T10:00:00', target: 'local', attempt: 1 });
    expect(store.getState().selectedId).toBeNull();
    store.getState().submit();
    expect(store.getState().submission?.attempt).toBe(2);
  });

  it('records where a note was sent, so editing the endpoint sends nothing by itself', () => {
    const store = createAppStore(memoryStorage);
    store.getState().setMode('remote');
    store.getState().setRemoteBase('https://a.example');
    store.getState().setText('tos');
    store.getState().submit();
    expect(store.getState().submission?.target).toBe('remote:https://a.example');
    store.getState().setRemoteBase('https://a.example.evil');
    expect(annotatorTarget(store.getState())).not.toBe(store.getState().submission?.target);
  });

  it('keeps the note, settings and key in the given (session) storage, not results or selection', () => {
    const storage = memoryStorage();
    const store = createAppStore(() => storage);
    store.getState().setText('Madre con alzheimer');
    store.getState().setApiKey('k1');
    store.getState().setMode('remote');
    store.getState().select(2);
    store.getState().reportError({ message: 'x' });
    const saved = JSON.parse(storage.data.get('glosa-session') ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toMatchObject({ text: 'Madre con alzheimer', apiKey: 'k1', mode: 'remote' });
    expect(Object.keys(saved.state).sort()).toEqual([
      'apiKey',
      'contextRules',
      'filters',
      'mode',
      'nestedSites',
      'remoteBase',
      'text',
      'textDatetime',
    ]);

    const reloaded = createAppStore(() => storage);
    expect(reloaded.getState().text).toBe('Madre con alzheimer');
    expect(reloaded.getState().selectedId).toBeNull();
    expect(reloaded.getState().errors).toEqual([]);
  });

  it('toggles the sort direction on the same column and resets it on another', () => {
    const store = createAppStore(memoryStorage);
    store.getState().sortBy('text');
    expect(store.getState().sort).toEqual({ column: 'text', descending: false });
    store.getState().sortBy('text');
    expect(store.getState().sort).toEqual({ column: 'text', descending: true });
    store.getState().sortBy('cui');
    expect(store.getState().sort).toEqual({ column: 'cui', descending: false });
  });

  it('keeps the newest errors first and at most 50', () => {
    const store = createAppStore(memoryStorage);
    for (let i = 0; i < 60; i++) store.getState().reportError({ message: `e${i}` });
    expect(store.getState().errors).toHaveLength(50);
    expect(store.getState().errors[0]?.message).toBe('e59');
  });
});

describe('filters and search', () => {
  it('keeps the filters for the tab, and reads malformed saved filters as none', () => {
    const storage = memoryStorage();
    const store = createAppStore(() => storage);
    const filters = { category: ['Finding'], status: ['negated'], relation: ['head:núcleo'], speech: [] };
    store.getState().setFilters(filters);
    expect(createAppStore(() => storage).getState().filters).toEqual(filters);
    storage.data.set(
      'glosa-session',
      JSON.stringify({ state: { text: 'tos', filters: { category: 'Finding', status: [3, 'family'] } }, version: 0 }),
    );
    const reloaded = createAppStore(() => storage).getState();
    expect(reloaded.text).toBe('tos');
    expect(reloaded.filters).toEqual({ category: [], status: ['family'], relation: [], speech: [] });
  });

  it('does not keep the search; a new query starts at its first hit; steps go round the ends', () => {
    const storage = memoryStorage();
    const store = createAppStore(() => storage);
    store.getState().setSearchQuery('tos');
    expect(store.getState().search).toMatchObject({ query: 'tos', current: 0 });
    store.getState().stepSearch(-1, 3);
    expect(store.getState().search.current).toBe(2);
    store.getState().stepSearch(1, 3);
    expect(store.getState().search.current).toBe(0);
    const seq = store.getState().search.seq;
    store.getState().stepSearch(1, 3);
    expect(store.getState().search.seq).toBe(seq + 1);
    store.getState().stepSearch(1, 0);
    expect(store.getState().search.current).toBe(0);
    expect(createAppStore(() => storage).getState().search.query).toBe('');
  });
});

describe('reference datetime', () => {
  it('formats local time as YYYY-MM-DDTHH:MM:SS', () => {
    expect(formatTextDatetime(new Date(2024, 5, 7, 9, 5, 3))).toBe('2024-06-07T09:05:03');
  });
  it('adds the seconds a datetime-local input drops', () => {
    expect(fromDatetimeInput('2024-06-07T09:05')).toBe('2024-06-07T09:05:00');
    expect(fromDatetimeInput('2024-06-07T09:05:07')).toBe('2024-06-07T09:05:07');
  });
});

describe('the local rule pack', () => {
  it('is kept for the tab once checked, reports a refused one without dropping it, and can be removed', () => {
    const storage = memoryStorage();
    const store = createAppStore(() => storage);
    const pack = { name: 'mis-reglas.json', json: '{"rules":[]}', ruleCount: 294, chosenAt: 1 };
    store.getState().setContextRules(pack);
    expect(createAppStore(() => storage).getState().contextRules).toEqual(pack);
    store.getState().contextRulesFailed('otra.json', 'otra.json: rule 0 (id "x"): unknown key "y"');
    expect(store.getState().contextRules).toEqual(pack);
    expect(store.getState().contextRulesError).toContain('unknown key');
    expect(store.getState().errors[0]?.message).toBe('No se pudo usar el paquete de reglas «otra.json».');
    store.getState().setContextRules(null);
    expect(store.getState().contextRules).toBeNull();
    expect(store.getState().contextRulesError).toBeNull();
  });

  it('keeps the choice of sites inside concepts for the tab; a bad saved value falls back to on', () => {
    const storage = memoryStorage();
    createAppStore(() => storage)
      .getState()
      .setNestedSites(false);
    expect(createAppStore(() => storage).getState().nestedSites).toBe(false);
    storage.data.set('glosa-session', JSON.stringify({ state: { nestedSites: 'no' }, version: 0 }));
    expect(createAppStore(() => storage).getState().nestedSites).toBe(true);
  });
});

describe('the datetime field (#30)', () => {
  it('takes a real date and time with a four-digit year, and refuses a six-digit year or an impossible date', () => {
    expect(acceptDatetimeInput('2024-06-10T10:00')).toBe('2024-06-10T10:00:00');
    expect(acceptDatetimeInput('2024-06-10T10:00:05')).toBe('2024-06-10T10:00:05');
    expect(acceptDatetimeInput('202412-06-10T10:00')).toBeNull();
    expect(acceptDatetimeInput('2023-02-29T10:00')).toBeNull();
  });
});
