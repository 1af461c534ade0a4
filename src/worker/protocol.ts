/** What the page and the worker exchange, beside the worker's API: no code runs on import. */
import type { DictionaryOrigin } from './dictionary-source.ts';

export type DictionaryRequest =
  | { readonly kind: 'default'; readonly baseUrl: string }
  | { readonly kind: 'url'; readonly url: string; readonly baseUrl: string }
  | { readonly kind: 'file'; readonly file: Blob };

export interface DictionaryReady {
  readonly id: string;
  readonly name: string;
  readonly contentHash: string;
  readonly bytes: number;
  readonly source: DictionaryOrigin;
  readonly conceptCount: number;
  readonly termCount: number;
  readonly loadMs: number;
}

/** A user rule pack as the page holds it: its file name and JSON text. */
export interface RulePackSource {
  readonly name: string;
  readonly json: string;
}

/** Error names that cross to the page (comlink keeps name and message). */
export const SUPERSEDED = 'SupersededLoad';
export const DICTIONARY_CHANGED = 'DictionaryChanged';

export function namedError(name: string, message: string): Error {
  return Object.assign(new Error(message), { name });
}
