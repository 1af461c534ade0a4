/**
 * Where reviews are kept: IndexedDB through idb-keyval, in one object store. A review is two
 * records: its verdicts (and the rest, small) under its review key, and the note's text and
 * result under "body|" + key, written once: a verdict rewrites a few hundred bytes, not the whole
 * result of a long note. The open batch is under "batch". Records are structured clones (Maps
 * kept). When IndexedDB is missing (some private modes) or fails (quota), `memoryStorage` keeps
 * them for the tab, and the caller shows a warning.
 */
import { createStore, del, get, getMany, keys, set, type UseStore } from 'idb-keyval';
import type { BatchNote } from './batch.ts';
import type { AnnotationResult } from '../../core/contract.ts';
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
export interface Backend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<IDBValidKey[]>;
  getMany(keys: string[]): Promise<unknown[]>;
}

type Meta = Omit<NoteReview, 'text' | 'result'>;
type Body = Pick<NoteReview, 'text' | 'result'>;
const bodyKey = (key: string): string => `body|${key}`;
const joined = (meta: unknown, body: unknown): NoteReview | undefined =>
  meta && body ? ({ ...(meta as Meta), ...(body as Body) } as NoteReview) : undefined;

export function storageOver(kind: ReviewStorage['kind'], b: Backend): ReviewStorage {
  // The result whose body is stored under each key: while it stays the same, only verdicts are written.
  const written = new Map<string, AnnotationResult>();
  const read = async (reviewKeys: string[]): Promise<NoteReview[]> => {
    if (reviewKeys.length === 0) return [];
    const values = await b.getMany([...reviewKeys, ...reviewKeys.map(bodyKey)]);
    return reviewKeys.map((_, i) => joined(values[i], values[i + reviewKeys.length])).filter((r): r is NoteReview => r !== undefined);
  };
  return {
    kind,
    get: async (key) => (await read([key]))[0],
    all: async () => read((await b.keys()).filter(isReviewKey)),
    // Review keys start with "review|<text hash>|" (see reviewKey).
    ofText: async (textHash) => read((await b.keys()).filter((k): k is string => isReviewKey(k) && k.startsWith(`review|${textHash}|`))),
    save: async ({ text, result, ...meta }) => {
      if (written.get(meta.key) !== result) {
        await b.set(bodyKey(meta.key), { text, result } satisfies Body);
        written.set(meta.key, result);
      }
      await b.set(meta.key, meta);
    },
    remove: async (key) => {
      written.delete(key);
      await b.del(key);
      await b.del(bodyKey(key));
    },
    loadBatch: async () => (await b.get(BATCH_KEY)) as StoredBatch | undefined,
    saveBatch: (batch) => (batch ? b.set(BATCH_KEY, batch) : b.del(BATCH_KEY)),
  };
}

export function mapBackend(map = new Map<string, unknown>()): Backend {
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    del: async (key) => void map.delete(key),
    keys: async () => [...map.keys()],
    getMany: async (keys) => keys.map((k) => map.get(k)),
  };
}

export function memoryStorage(): ReviewStorage {
  return storageOver('memory', mapBackend());
}

export function indexedDbStorage(): ReviewStorage {
  const store: UseStore = createStore('glosa-review', 'reviews');
  return storageOver('indexeddb', {
    get: (key) => get(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
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
