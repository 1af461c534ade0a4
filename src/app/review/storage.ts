/**
 * Where reviews are kept: IndexedDB through idb-keyval (one object store; reviews under their
 * review key, the open batch under "batch"). Reviews are stored as they are (structured clone keeps
 * their Maps). When IndexedDB is missing (some private modes) or fails (quota), `memoryStorage`
 * keeps them for the tab, and the caller shows a warning.
 */
import { createStore, del, entries, get, getMany, keys, set, type UseStore } from 'idb-keyval';
import type { BatchNote } from './batch.ts';
import type { NoteReview } from './model.ts';

export interface StoredBatch {
  readonly name: string;
  readonly notes: readonly BatchNote[];
  readonly index: number;
  /** "import": the notes of an imported review file, each shown with its stored result. */
  readonly source: 'file' | 'import';
}

export interface ReviewStorage {
  readonly kind: 'indexeddb' | 'memory';
  get(key: string): Promise<NoteReview | undefined>;
  all(): Promise<NoteReview[]>;
  /** The reviews of one text (any result), read by key without loading the others. */
  ofText(textHash: string): Promise<NoteReview[]>;
  save(review: NoteReview): Promise<void>;
  remove(key: string): Promise<void>;
  loadBatch(): Promise<StoredBatch | undefined>;
  saveBatch(batch: StoredBatch | null): Promise<void>;
}

const BATCH_KEY = 'batch';
const isReviewKey = (key: IDBValidKey): key is string => typeof key === 'string' && key.startsWith('review|');

/** A key-value backend: idb-keyval's functions bound to one store, or a Map. */
interface Backend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  entries(): Promise<[IDBValidKey, unknown][]>;
  keys(): Promise<IDBValidKey[]>;
  getMany(keys: string[]): Promise<unknown[]>;
}

function storageOver(kind: ReviewStorage['kind'], b: Backend): ReviewStorage {
  return {
    kind,
    get: async (key) => (await b.get(key)) as NoteReview | undefined,
    all: async () => (await b.entries()).filter(([k]) => isReviewKey(k)).map(([, v]) => v as NoteReview),
    ofText: async (textHash) => {
      // Review keys start with "review|<text hash>|" (see reviewKey).
      const mine = (await b.keys()).filter((k): k is string => isReviewKey(k) && k.startsWith(`review|${textHash}|`));
      return mine.length ? ((await b.getMany(mine)) as NoteReview[]) : [];
    },
    save: (review) => b.set(review.key, review),
    remove: (key) => b.del(key),
    loadBatch: async () => (await b.get(BATCH_KEY)) as StoredBatch | undefined,
    saveBatch: (batch) => (batch ? b.set(BATCH_KEY, batch) : b.del(BATCH_KEY)),
  };
}

export function memoryStorage(): ReviewStorage {
  const map = new Map<string, unknown>();
  return storageOver('memory', {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
    entries: async () => [...map.entries()],
    keys: async () => [...map.keys()],
    getMany: async (keys) => keys.map((k) => map.get(k)),
  });
}

export function indexedDbStorage(): ReviewStorage {
  const store: UseStore = createStore('glosa-review', 'reviews');
  return storageOver('indexeddb', {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    entries: () => entries(store),
    keys: () => keys(store),
    getMany: (keys) => getMany(keys, store),
  });
}

/** The message the user sees when reviews cannot be kept in the browser. */
export function storageWarning(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const why =
    name === 'QuotaExceededError'
      ? 'el navegador no deja más espacio'
      : typeof indexedDB === 'undefined'
        ? 'este navegador no ofrece IndexedDB (¿modo privado?)'
        : `IndexedDB falló${error instanceof Error && error.message ? `: ${error.message}` : ''}`;
  return `Las revisiones no se pueden guardar en este navegador (${why}). La revisión sigue en memoria mientras la pestaña esté abierta: expórtela para no perderla.`;
}
