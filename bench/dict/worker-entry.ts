/** Bench worker: fetches a dictionary and loads it with the core, reporting the time each took. */
import { loadDictionary } from '../../src/core/dictionary/lookup.ts';

self.onmessage = async (event: MessageEvent<string>) => {
  const t0 = performance.now();
  const bytes = new Uint8Array(await (await fetch(event.data)).arrayBuffer());
  const t1 = performance.now();
  const dictionary = loadDictionary(bytes);
  const t2 = performance.now();
  self.postMessage({ fetchMs: t1 - t0, loadMs: t2 - t1, terms: dictionary.meta.termCount });
};
