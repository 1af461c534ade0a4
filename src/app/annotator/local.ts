/**
 * The local annotator: the core in a Web Worker (through comlink). The dictionary is loaded on
 * first use; its progress and outcome are reported through `onStatus`.
 */
import * as Comlink from 'comlink';
import type { AnnotationResult, RequestConfig } from '../../core/contract.ts';
import type { DictionaryReady, WorkerApi } from '../../worker/annotator.worker.ts';
import { AnnotatorError, type Annotator } from './types.ts';

export type { DictionaryReady };

export type DictionaryStatus =
  | { readonly phase: 'idle' }
  | { readonly phase: 'loading'; readonly loaded: number; readonly total: number }
  | { readonly phase: 'ready'; readonly info: DictionaryReady }
  | { readonly phase: 'error'; readonly message: string };

export class LocalAnnotator implements Annotator {
  readonly identity = 'local';
  private remote: Comlink.Remote<WorkerApi> | undefined;
  private prepared: Promise<void> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly onStatus: (status: DictionaryStatus) => void,
  ) {}

  private worker(): Comlink.Remote<WorkerApi> {
    this.remote ??= Comlink.wrap<WorkerApi>(new Worker(new URL('../../worker/annotator.worker.ts', import.meta.url), { type: 'module' }));
    return this.remote;
  }

  /** Loads the dictionary (once, unless it failed). */
  prepare(): Promise<void> {
    this.prepared ??= (async () => {
      this.onStatus({ phase: 'loading', loaded: 0, total: 0 });
      try {
        const info = await this.worker().prepare(
          this.baseUrl,
          Comlink.proxy((p: { loaded: number; total: number }) => this.onStatus({ phase: 'loading', ...p })),
        );
        this.onStatus({ phase: 'ready', info });
      } catch (error) {
        this.prepared = undefined;
        const message = error instanceof Error ? error.message : String(error);
        this.onStatus({ phase: 'error', message });
        throw new AnnotatorError('dictionary', `No se pudo cargar el diccionario: ${message}`);
      }
    })();
    return this.prepared;
  }

  async annotate(text: string, config: RequestConfig): Promise<AnnotationResult> {
    await this.prepare();
    return this.worker().annotate(text, config);
  }
}
