/**
 * The local annotator: the core in a Web Worker (through comlink). The worker holds one active
 * dictionary; this client asks it to switch (default, URL or file) and reports progress and
 * outcome. Each dictionary yields its own `Annotator`, whose identity carries the content hash, so
 * cached results of one dictionary are never shown for another.
 */
import * as Comlink from 'comlink';
import type { AnnotationResult, RequestConfig } from '../../core/contract.ts';
import type { WorkerApi } from '../../worker/annotator.worker.ts';
import {
  DICTIONARY_CHANGED,
  SUPERSEDED,
  type DictionaryReady,
  type DictionaryRequest,
  type RulePackSource,
} from '../../worker/protocol.ts';
import type { DictionaryChoice } from '../state/dictionary.ts';
import { AnnotatorError, type Annotator } from './types.ts';

export type { DictionaryReady };

/** A dictionary to switch to; a file is passed to the worker as a Blob (no copy of its bytes). */
export type DictionarySource =
  { readonly kind: 'default' } | { readonly kind: 'url'; readonly url: string } | { readonly kind: 'file'; readonly file: File };

export interface DictionaryEvents {
  started(choice: DictionaryChoice): void;
  progress(loaded: number, total: number): void;
  ready(choice: DictionaryChoice, info: DictionaryReady): void;
  failed(choice: DictionaryChoice, message: string): void;
}

export type WorkerClient = Pick<Comlink.Remote<WorkerApi>, 'load' | 'annotate' | 'checkRules'>;

const spawnWorker = (): WorkerClient =>
  Comlink.wrap<WorkerApi>(new Worker(new URL('../../worker/annotator.worker.ts', import.meta.url), { type: 'module' }));

export function choiceOf(source: DictionarySource): DictionaryChoice {
  return source.kind === 'file' ? { kind: 'file', name: source.file.name } : source;
}

export class LocalAnnotator {
  private remote: WorkerClient | undefined;
  private latest = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly events: DictionaryEvents,
    private readonly connect: () => WorkerClient = spawnWorker,
  ) {}

  private worker(): WorkerClient {
    this.remote ??= this.connect();
    return this.remote;
  }

  private request(source: DictionarySource): DictionaryRequest {
    switch (source.kind) {
      case 'default':
        return { kind: 'default', baseUrl: this.baseUrl };
      case 'url':
        return { kind: 'url', url: source.url, baseUrl: this.baseUrl };
      case 'file':
        return { kind: 'file', file: source.file };
    }
  }

  /** Loads a dictionary and makes it active. Only the latest switch reports; earlier ones fall silent. */
  async switchTo(source: DictionarySource): Promise<void> {
    const ticket = ++this.latest;
    const choice = choiceOf(source);
    const current = () => ticket === this.latest;
    this.events.started(choice);
    try {
      const info = await this.worker().load(
        this.request(source),
        Comlink.proxy((p: { loaded: number; total: number }) => current() && this.events.progress(p.loaded, p.total)),
      );
      if (current()) this.events.ready(choice, info);
    } catch (error) {
      const superseded = error instanceof Error && error.name === SUPERSEDED;
      if (current() && !superseded) this.events.failed(choice, error instanceof Error ? error.message : String(error));
    }
  }

  /** Checks a user rule pack in the worker: how many rules are in effect with it, or the error naming the rule. */
  checkRules(pack: RulePackSource): Promise<number> {
    return this.worker().checkRules(pack);
  }

  /**
   * The annotator for the dictionary with this content hash (the active one when it is called),
   * with a user rule pack (`rulesKey` tells packs apart) or the default rules.
   */
  annotatorFor(contentHash: string, pack: RulePackSource | null = null, rulesKey = ''): Annotator {
    return {
      identity: `local:${contentHash}${pack === null ? '' : `:rules:${rulesKey}`}`,
      annotate: async (text: string, config: RequestConfig): Promise<AnnotationResult> => {
        try {
          return await this.worker().annotate(text, config, contentHash, pack);
        } catch (error) {
          if (!(error instanceof Error && error.name === DICTIONARY_CHANGED)) throw error;
          throw new AnnotatorError('dictionary', 'El diccionario cambió mientras se anotaba; vuelva a anotar.', error.message);
        }
      },
    };
  }
}
