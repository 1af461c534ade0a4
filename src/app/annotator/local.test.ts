import { describe, expect, it } from 'vitest';
import type { DictionaryRequest } from '../../worker/protocol.ts';
import { DICTIONARY_CHANGED, namedError, SUPERSEDED } from '../../worker/protocol.ts';
import { negatedResult } from '../test/fixtures.ts';
import type { DictionaryChoice } from '../state/dictionary.ts';
import { LocalAnnotator, type DictionaryReady, type WorkerClient } from './local.ts';
import { AnnotatorError } from './types.ts';

const BASE = 'http://app.test/';

const ready = (contentHash: string, id = 'd'): DictionaryReady => ({
  id,
  name: id,
  contentHash,
  bytes: 10,
  source: 'network',
  conceptCount: 1,
  termCount: 2,
  loadMs: 1,
});

interface Call {
  request: DictionaryRequest;
  progress: (p: { loaded: number; total: number }) => void;
  resolve: (r: DictionaryReady) => void;
  reject: (e: Error) => void;
}

/** A worker whose loads finish when the test says so. */
function fakeWorker() {
  const calls: Call[] = [];
  const annotations: { text: string; hash: string; pack?: string }[] = [];
  let annotateError: Error | undefined;
  const client = {
    load: (request: DictionaryRequest, progress: Call['progress']) =>
      new Promise<DictionaryReady>((resolve, reject) => calls.push({ request, progress, resolve, reject })),
    annotate: async (text: string, _config: unknown, hash: string, pack: { name: string } | null = null) => {
      if (annotateError) throw annotateError;
      annotations.push(pack === null ? { text, hash } : { text, hash, pack: pack.name });
      return negatedResult();
    },
  };
  return {
    client: client as unknown as WorkerClient,
    calls,
    annotations,
    failAnnotate: (e: Error) => (annotateError = e),
  };
}

function recorder() {
  const log: string[] = [];
  const label = (c: DictionaryChoice) => (c.kind === 'default' ? 'default' : c.kind === 'url' ? c.url : c.name);
  return {
    log,
    events: {
      started: (c: DictionaryChoice) => log.push(`started ${label(c)}`),
      progress: (loaded: number, total: number) => log.push(`progress ${loaded}/${total}`),
      ready: (c: DictionaryChoice, info: DictionaryReady) => log.push(`ready ${label(c)} ${info.contentHash}`),
      failed: (c: DictionaryChoice, message: string) => log.push(`failed ${label(c)}: ${message}`),
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('LocalAnnotator', () => {
  it('loads the default dictionary with progress and reports it ready', async () => {
    const worker = fakeWorker();
    const { log, events } = recorder();
    const local = new LocalAnnotator(BASE, events, () => worker.client);
    const done = local.switchTo({ kind: 'default' });
    await tick();
    expect(worker.calls[0]?.request).toEqual({ kind: 'default', baseUrl: BASE });
    worker.calls[0]?.progress({ loaded: 5, total: 10 });
    worker.calls[0]?.resolve(ready('aaa'));
    await done;
    expect(log).toEqual(['started default', 'progress 5/10', 'ready default aaa']);
  });

  it('hands a picked file to the worker as is (a Blob, not a copy of its bytes) and a URL with the page base', async () => {
    const worker = fakeWorker();
    const local = new LocalAnnotator(BASE, recorder().events, () => worker.client);
    const file = new File([new Uint8Array([1, 2, 3])], 'mío.glsd');
    void local.switchTo({ kind: 'file', file });
    void local.switchTo({ kind: 'url', url: 'https://cdn.test/a.glsd' });
    await tick();
    expect(worker.calls[0]?.request).toEqual({ kind: 'file', file });
    expect((worker.calls[0]?.request as { file: Blob }).file).toBe(file);
    expect(worker.calls[1]?.request).toEqual({ kind: 'url', url: 'https://cdn.test/a.glsd', baseUrl: BASE });
  });

  it("reports a failure in the worker's own words", async () => {
    const worker = fakeWorker();
    const { log, events } = recorder();
    const local = new LocalAnnotator(BASE, events, () => worker.client);
    const done = local.switchTo({ kind: 'file', file: new File(['x'], 'bad.glsd') });
    await tick();
    worker.calls[0]?.reject(new Error('dictionary content does not match its hash (corrupted or truncated download)'));
    await done;
    expect(log).toEqual([
      'started bad.glsd',
      'failed bad.glsd: dictionary content does not match its hash (corrupted or truncated download)',
    ]);
  });

  it('lets only the latest switch report: an overtaken load falls silent', async () => {
    const worker = fakeWorker();
    const { log, events } = recorder();
    const local = new LocalAnnotator(BASE, events, () => worker.client);
    const first = local.switchTo({ kind: 'url', url: 'https://a.test/slow.glsd' });
    const second = local.switchTo({ kind: 'default' });
    await tick();
    const [slow, fast] = worker.calls;
    fast?.resolve(ready('bbb'));
    await second;
    slow?.progress({ loaded: 1, total: 2 });
    slow?.reject(namedError(SUPERSEDED, 'a later dictionary load replaced this one'));
    await first;
    expect(log).toEqual(['started https://a.test/slow.glsd', 'started default', 'ready default bbb']);
  });

  it('gives each dictionary its own identity and annotates with that dictionary only', async () => {
    const worker = fakeWorker();
    const local = new LocalAnnotator(BASE, recorder().events, () => worker.client);
    const a = local.annotatorFor('aaa');
    const b = local.annotatorFor('bbb');
    expect(a.identity).toBe('local:aaa');
    expect(b.identity).not.toBe(a.identity);
    await b.annotate('tos', {});
    expect(worker.annotations).toEqual([{ text: 'tos', hash: 'bbb' }]);

    worker.failAnnotate(namedError(DICTIONARY_CHANGED, 'the worker now uses dictionary bbb, not aaa'));
    const changed = await a.annotate('tos', {}).catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(AnnotatorError);
    expect((changed as AnnotatorError).kind).toBe('dictionary');
    worker.failAnnotate(new Error('something else'));
    await expect(a.annotate('tos', {})).rejects.toThrow('something else');
  });
});

describe('LocalAnnotator with a user rule pack', () => {
  it('sends the pack with each note, and results of another pack or none are kept apart', async () => {
    const worker = fakeWorker();
    const local = new LocalAnnotator(BASE, recorder().events, () => worker.client);
    const pack = { name: 'mis-reglas.json', json: '{"rules":[]}' };
    const withPack = local.annotatorFor('aaa', pack, 'mis-reglas.json@1');
    const without = local.annotatorFor('aaa');
    expect(withPack.identity).not.toBe(without.identity);
    expect(local.annotatorFor('aaa', pack, 'mis-reglas.json@2').identity).not.toBe(withPack.identity);
    await withPack.annotate('Sin fiebre.', {});
    await without.annotate('Sin fiebre.', {});
    expect(worker.annotations).toEqual([
      { text: 'Sin fiebre.', hash: 'aaa', pack: 'mis-reglas.json' },
      { text: 'Sin fiebre.', hash: 'aaa' },
    ]);
  });
});
