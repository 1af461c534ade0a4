/**
 * The local annotator's dictionary as UI state: the active one (the worker annotates with it), a
 * load in progress, and the last failure. A failed or pending switch never clears the active
 * dictionary: the worker keeps using it until another has loaded.
 */
import type { DictionaryReady } from '../annotator/local.ts';

/** What the user chose (serialisable; a picked file is named, not held). */
export type DictionaryChoice =
  { readonly kind: 'default' } | { readonly kind: 'url'; readonly url: string } | { readonly kind: 'file'; readonly name: string };

export interface DictionaryState {
  readonly active: { readonly choice: DictionaryChoice; readonly info: DictionaryReady } | null;
  readonly loading: { readonly choice: DictionaryChoice; readonly loaded: number; readonly total: number } | null;
  readonly error: { readonly choice: DictionaryChoice; readonly message: string } | null;
}

export const NO_DICTIONARY: DictionaryState = { active: null, loading: null, error: null };

export type DictionaryPhase = 'idle' | 'loading' | 'error' | 'ready';

export function dictionaryPhase(state: DictionaryState): DictionaryPhase {
  if (state.loading) return 'loading';
  if (state.error) return 'error';
  return state.active ? 'ready' : 'idle';
}

export function loadStarted(state: DictionaryState, choice: DictionaryChoice): DictionaryState {
  return { ...state, loading: { choice, loaded: 0, total: 0 }, error: null };
}

export function loadProgressed(state: DictionaryState, loaded: number, total: number): DictionaryState {
  return state.loading ? { ...state, loading: { ...state.loading, loaded, total } } : state;
}

export function loadSucceeded(choice: DictionaryChoice, info: DictionaryReady): DictionaryState {
  return { active: { choice, info }, loading: null, error: null };
}

export function loadFailed(state: DictionaryState, choice: DictionaryChoice, message: string): DictionaryState {
  return { ...state, loading: null, error: { choice, message } };
}

/** How a choice is named to the user. */
export function choiceLabel(choice: DictionaryChoice): string {
  switch (choice.kind) {
    case 'default':
      return 'predeterminado';
    case 'url':
      return choice.url;
    case 'file':
      return choice.name;
  }
}
