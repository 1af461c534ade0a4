/**
 * The Web Worker that runs the core: it loads the dictionary on first use (with progress, from
 * Cache Storage when it can) and answers annotate calls, so the page never freezes.
 */
import * as Comlink from 'comlink';
import {
  createAnnotator,
  DictionaryFormatError,
  loadDictionary,
  type AnnotationResult,
  type Annotator,
  type RequestConfig,
} from '../core/index.ts';
import { forgetCachedDictionary, loadDictionaryBytes, type LoadProgress, type SourceDeps } from './dictionary-source.ts';

export interface DictionaryReady {
  readonly id: string;
  readonly contentHash: string;
  readonly bytes: number;
  readonly source: 'network' | 'cache';
  readonly conceptCount: number;
  readonly termCount: number;
  readonly loadMs: number;
}

const deps: SourceDeps = { fetch: (...args) => fetch(...args), caches: typeof caches === 'undefined' ? undefined : caches };

let annotator: Promise<{ annotator: Annotator; ready: DictionaryReady }> | undefined;

async function load(baseUrl: string, onProgress: (p: LoadProgress) => void): Promise<{ annotator: Annotator; ready: DictionaryReady }> {
  const started = performance.now();
  const loaded = await loadDictionaryBytes(baseUrl, onProgress, deps);
  let dictionary;
  try {
    dictionary = loadDictionary(loaded.bytes);
  } catch (error) {
    if (loaded.source === 'cache') await forgetCachedDictionary(baseUrl, loaded.entry.contentHash, deps);
    throw error;
  }
  const meta = dictionary.meta;
  if (meta.contentHash !== loaded.entry.contentHash) {
    throw new DictionaryFormatError('the dictionary file does not match the hash its manifest names');
  }
  const ready: DictionaryReady = {
    id: meta.id,
    contentHash: meta.contentHash,
    bytes: loaded.bytes.length,
    source: loaded.source,
    conceptCount: meta.conceptCount,
    termCount: meta.termCount,
    loadMs: performance.now() - started,
  };
  return { annotator: createAnnotator(dictionary), ready };
}

const api = {
  /** Loads the dictionary once; later calls return the same outcome. A failure may be retried. */
  async prepare(baseUrl: string, onProgress: (p: LoadProgress) => void): Promise<DictionaryReady> {
    annotator ??= load(baseUrl, onProgress);
    try {
      return (await annotator).ready;
    } catch (error) {
      annotator = undefined;
      // Errors cross to the page as name + message; keep the dictionary's own words.
      throw error instanceof Error ? error : new Error(String(error));
    }
  },
  async annotate(text: string, config: RequestConfig): Promise<AnnotationResult> {
    if (annotator === undefined) throw new Error('the dictionary is not loaded yet: call prepare first');
    return (await annotator).annotator.annotate(text, config);
  },
};

export type WorkerApi = typeof api;

Comlink.expose(api);
