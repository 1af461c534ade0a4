import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memory-storage.ts';
import type { DictionaryReady } from '../annotator/local.ts';
import { choiceLabel, dictionaryPhase, NO_DICTIONARY } from './dictionary.ts';
import { createAppStore } from './store.ts';

const info = (contentHash: string, id = 'glosa-default-es'): DictionaryReady => ({
  id,
  name: id,
  contentHash,
  bytes: 100,
  source: 'network',
  conceptCount: 3,
  termCount: 5,
  loadMs: 2,
});

describe('dictionary state in the store', () => {
  it('goes idle → loading (with progress) → ready', () => {
    const store = createAppStore(memoryStorage);
    expect(dictionaryPhase(store.getState().dictionary)).toBe('idle');
    store.getState().dictionaryStarted({ kind: 'default' });
    store.getState().dictionaryProgress(50, 100);
    expect(store.getState().dictionary.loading).toEqual({ choice: { kind: 'default' }, loaded: 50, total: 100 });
    expect(dictionaryPhase(store.getState().dictionary)).toBe('loading');
    store.getState().dictionaryReady({ kind: 'default' }, info('aaa'));
    expect(store.getState().dictionary).toEqual({ active: { choice: { kind: 'default' }, info: info('aaa') }, loading: null, error: null });
    expect(dictionaryPhase(store.getState().dictionary)).toBe('ready');
  });

  it('keeps the active dictionary while another loads and after it fails, and reports the failure', () => {
    const store = createAppStore(memoryStorage);
    store.getState().dictionaryReady({ kind: 'default' }, info('aaa'));
    store.getState().setText('Dolor torácico');
    store.getState().dictionaryStarted({ kind: 'file', name: 'roto.glsd' });
    expect(store.getState().dictionary.active?.info.contentHash).toBe('aaa');
    store.getState().dictionaryFailed({ kind: 'file', name: 'roto.glsd' }, 'dictionary content does not match its hash');
    const { dictionary, errors, text } = store.getState();
    expect(dictionary.active?.info.contentHash).toBe('aaa');
    expect(dictionary.loading).toBeNull();
    expect(dictionary.error).toEqual({
      choice: { kind: 'file', name: 'roto.glsd' },
      message: 'dictionary content does not match its hash',
    });
    expect(dictionaryPhase(dictionary)).toBe('error');
    expect(errors[0]).toMatchObject({
      message: 'No se pudo cargar el diccionario «roto.glsd».',
      detail: 'dictionary content does not match its hash',
    });
    expect(text).toBe('Dolor torácico');
  });

  it('drops the selection when the active dictionary changes, not when the same one reloads', () => {
    const store = createAppStore(memoryStorage);
    store.getState().dictionaryReady({ kind: 'default' }, info('aaa'));
    store.getState().select(4);
    store.getState().dictionaryReady({ kind: 'url', url: 'https://x.test/a.glsd' }, info('aaa'));
    expect(store.getState().selectedId).toBe(4);
    store.getState().dictionaryReady({ kind: 'file', name: 'zeta.glsd' }, info('bbb', 'zeta'));
    expect(store.getState().selectedId).toBeNull();
  });

  it('a new load clears the previous error; progress without a load is ignored', () => {
    const store = createAppStore(memoryStorage);
    store.getState().dictionaryFailed({ kind: 'default' }, 'HTTP 500');
    store.getState().dictionaryProgress(1, 2);
    expect(store.getState().dictionary).toEqual({ ...NO_DICTIONARY, error: { choice: { kind: 'default' }, message: 'HTTP 500' } });
    store.getState().dictionaryStarted({ kind: 'default' });
    expect(store.getState().dictionary.error).toBeNull();
  });

  it('names choices for the user', () => {
    expect(choiceLabel({ kind: 'default' })).toBe('predeterminado');
    expect(choiceLabel({ kind: 'url', url: 'https://x.test/a.glsd' })).toBe('https://x.test/a.glsd');
    expect(choiceLabel({ kind: 'file', name: 'zeta.glsd' })).toBe('zeta.glsd');
  });

  it('does not keep dictionary state in session storage', () => {
    const storage = memoryStorage();
    const store = createAppStore(() => storage);
    store.getState().dictionaryReady({ kind: 'default' }, info('aaa'));
    store.getState().setDictionaryUrl('https://x.test/a.glsd');
    store.getState().setText('x');
    expect(storage.getItem('glosa-session')).not.toContain('aaa');
  });
});
