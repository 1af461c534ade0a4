/** Test doubles for the dictionary sources: chunked responses and Cache Storage in memory. */

/** A response whose body arrives in chunks of `size` bytes; `sent.chunks` counts those produced. */
export function chunked(
  bytes: Uint8Array,
  size: number,
  options: { sent?: { chunks: number }; headers?: Record<string, string> } = {},
): Response {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + size));
        at += size;
        if (options.sent) options.sent.chunks++;
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(stream, { headers: options.headers ?? {} });
}

/** Cache Storage in memory: enough of the API for the loader. */
export function memoryCaches(): CacheStorage & { store: Map<string, Uint8Array> } {
  const store = new Map<string, Uint8Array>();
  const cache = {
    match: async (key: string) => {
      const bytes = store.get(key);
      return bytes ? new Response(bytes.slice()) : undefined;
    },
    put: async (key: string, response: Response) => void store.set(key, new Uint8Array(await response.arrayBuffer())),
    keys: async () => [...store.keys()].map((url) => new Request(url)),
    delete: async (key: string | Request) => store.delete(typeof key === 'string' ? key : key.url),
  };
  const opened: string[] = [];
  return {
    store,
    open: async (name: string) => {
      opened.push(name);
      return cache as unknown as Cache;
    },
  } as unknown as CacheStorage & { store: Map<string, Uint8Array> };
}
