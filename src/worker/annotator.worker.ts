/**
 * The Web Worker that runs the core. It holds one active dictionary: the default (loaded on first
 * use, with progress, from Cache Storage when it can), or one the user switched to (a URL or a
 * local file). A switch replaces the active dictionary only once the new one has loaded; a failed
 * switch leaves the previous one in use.
 */
import * as Comlink from 'comlink';
import {
  createAnnotator,
  DictionaryFormatError,
  loadDictionary,
  loadRulePack,
  type AnnotationResult,
  type Annotator,
  type ContextRule,
  type Dictionary,
  type RequestConfig,
} from '../core/index.ts';
import { loadDictionaryBytes, loadFileBytes, loadUrlBytes, type LoadedBytes, type SourceDeps } from './dictionary-source.ts';
import {
  DICTIONARY_CHANGED,
  namedError,
  SUPERSEDED,
  type DictionaryReady,
  type DictionaryRequest,
  type RulePackSource,
} from './protocol.ts';
import type { LoadProgress } from './stream.ts';

export type { DictionaryReady, DictionaryRequest };

const deps: SourceDeps = { fetch: (...args) => fetch(...args), caches: typeof caches === 'undefined' ? undefined : caches };

let active: { dictionary: Dictionary; annotator: Annotator; ready: DictionaryReady } | undefined;
let latest = 0;
/** The user rule pack the active annotator was made with (JSON text), and its rules. */
let rulePack: { json: string; rules: ContextRule[] } | undefined;

/** The default rules with a user pack applied; a bad pack throws a RulePackError naming it. */
function rulesOf(pack: RulePackSource): ContextRule[] {
  if (rulePack?.json === pack.json) return rulePack.rules;
  return loadRulePack(pack.name, pack.json);
}

function annotatorWith(dictionary: Dictionary, rules: ContextRule[] | undefined): Annotator {
  return createAnnotator(dictionary, rules === undefined ? {} : { contextRules: rules });
}

function bytesFor(request: DictionaryRequest, onProgress: (p: LoadProgress) => void): Promise<LoadedBytes> {
  switch (request.kind) {
    case 'default':
      return loadDictionaryBytes(request.baseUrl, onProgress, deps);
    case 'url':
      return loadUrlBytes(request.url, request.baseUrl, onProgress, deps);
    case 'file':
      return loadFileBytes(request.file, onProgress);
  }
}

async function load(
  request: DictionaryRequest,
  onProgress: (p: LoadProgress) => void,
): Promise<{ dictionary: Dictionary; annotator: Annotator; ready: DictionaryReady }> {
  const started = performance.now();
  const loaded = await bytesFor(request, onProgress);
  let dictionary;
  try {
    dictionary = loadDictionary(loaded.bytes);
    if (dictionary.meta.contentHash !== loaded.contentHash) {
      throw new DictionaryFormatError('the dictionary file does not match the hash its manifest names');
    }
  } catch (error) {
    await loaded.forget();
    throw error;
  }
  await loaded.remember();
  const meta = dictionary.meta;
  const ready: DictionaryReady = {
    id: meta.id,
    name: meta.name,
    contentHash: meta.contentHash,
    bytes: loaded.bytes.length,
    source: loaded.source,
    conceptCount: meta.conceptCount,
    termCount: meta.termCount,
    loadMs: performance.now() - started,
  };
  return { dictionary, annotator: annotatorWith(dictionary, rulePack?.rules), ready };
}

const api = {
  /** Loads a dictionary and makes it the active one; on failure the previous one stays active. */
  async load(request: DictionaryRequest, onProgress: (p: LoadProgress) => void): Promise<DictionaryReady> {
    const ticket = ++latest;
    let next;
    try {
      next = await load(request, onProgress);
    } catch (error) {
      // Errors cross to the page as name + message; keep the dictionary's own words.
      throw error instanceof Error ? error : new Error(String(error));
    }
    if (ticket !== latest) throw namedError(SUPERSEDED, 'a later dictionary load replaced this one');
    active = next;
    return next.ready;
  },
  /** Checks a user rule pack; returns how many rules are in effect with it (throws on a bad pack). */
  checkRules(pack: RulePackSource): number {
    return rulesOf(pack).length;
  },
  /**
   * Annotates with the active dictionary, which must be the one the page asks for (its hash), and
   * the rule pack the page holds (none: the default rules).
   */
  annotate(text: string, config: RequestConfig, contentHash: string, pack: RulePackSource | null = null): AnnotationResult {
    if (active === undefined) throw new Error('no dictionary is loaded yet');
    if (active.ready.contentHash !== contentHash) {
      throw namedError(DICTIONARY_CHANGED, `the worker now uses dictionary ${active.ready.contentHash}, not ${contentHash}`);
    }
    if ((pack?.json ?? null) !== (rulePack?.json ?? null)) {
      rulePack = pack === null ? undefined : { json: pack.json, rules: rulesOf(pack) };
      active = { ...active, annotator: annotatorWith(active.dictionary, rulePack?.rules) };
    }
    return active.annotator.annotate(text, config);
  },
};

export type WorkerApi = typeof api;

Comlink.expose(api);
