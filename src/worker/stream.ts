/**
 * Reading dictionary bytes chunk by chunk with progress, and spotting the header as soon as it has
 * arrived: a file that is not a Glosa dictionary (or of another format version) fails on its first
 * bytes, and a dictionary already in Cache Storage need not be downloaded again.
 */
import { DictionaryFormatError, FORMAT_VERSION, readDictionaryMeta, type DictionaryMeta } from '../core/index.ts';

export interface LoadProgress {
  readonly loaded: number;
  readonly total: number;
}

/** The bytes received so far. */
export interface Received {
  readonly length: number;
  /** The first `n` bytes (n ≤ length), joined only when they span several chunks. */
  head(n: number): Uint8Array;
}

function join(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const first = chunks[0];
  if (first !== undefined && first.length === length) return first;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    if (at >= length) break;
    const part = chunk.subarray(0, length - at);
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/**
 * Reads a stream, reporting bytes received against `total` (0: unknown). `stopEarly` is asked
 * after each chunk; when it answers true the stream is cancelled and `undefined` returned.
 */
export async function readStream(
  stream: ReadableStream<Uint8Array>,
  total: number,
  onProgress: (p: LoadProgress) => void,
  stopEarly?: (received: Received) => boolean | Promise<boolean>,
): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const received: Received = {
    get length() {
      return loaded;
    },
    head: (n) => join(chunks, Math.min(n, loaded)),
  };
  onProgress({ loaded, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      onProgress({ loaded, total: Math.max(total, loaded) });
      if (stopEarly && (await stopEarly(received))) {
        await reader.cancel();
        return undefined;
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  }
  return join(chunks, loaded);
}

/** Reads a response body with progress (the whole body; no early stop). */
export async function readWithProgress(response: Response, total: number, onProgress: (p: LoadProgress) => void): Promise<Uint8Array> {
  if (response.body === null) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress({ loaded: bytes.length, total: Math.max(total, bytes.length) });
    return bytes;
  }
  return (await readStream(response.body, total, onProgress)) as Uint8Array;
}

/** The body's length when the server says it and the bytes arrive as sent (not re-encoded). */
export function contentLength(response: Response): number {
  const encoding = response.headers.get('content-encoding');
  if (encoding !== null && encoding !== 'identity') return 0;
  const length = Number(response.headers.get('content-length'));
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}

const MAGIC = [0x47, 0x4c, 0x53, 0x44]; // "GLSD"
const PREFIX = 9; // magic, version, header length

/**
 * The header once all of it has arrived, else undefined. Throws the core's own error as soon as the
 * first bytes show the file is not a Glosa dictionary of this version.
 */
export function headerOf(received: Received): DictionaryMeta | undefined {
  if (received.length < PREFIX) return undefined;
  const prefix = received.head(PREFIX);
  if (MAGIC.some((b, i) => prefix[i] !== b) || prefix[4] !== FORMAT_VERSION) readDictionaryMeta(prefix);
  const need = PREFIX + new DataView(prefix.buffer, prefix.byteOffset, PREFIX).getUint32(5, true);
  if (received.length < need) return undefined;
  return checkedMeta(readDictionaryMeta(received.head(need)));
}

/** The header read from complete bytes (for files too short to have been seen early). */
export function metaOf(bytes: Uint8Array): DictionaryMeta {
  return checkedMeta(readDictionaryMeta(bytes));
}

function checkedMeta(meta: DictionaryMeta): DictionaryMeta {
  if (typeof meta.contentHash !== 'string' || !/^[0-9a-f]{1,64}$/i.test(meta.contentHash)) {
    throw new DictionaryFormatError('dictionary header has no valid content hash');
  }
  return meta;
}
