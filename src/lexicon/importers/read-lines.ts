/** Reads a text file line by line with 1-based line numbers and byte progress (Node only). */
import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { ProgressListener } from './types.ts';

export async function forEachLine(
  path: string,
  onLine: (line: string, lineNumber: number) => void,
  onProgress?: ProgressListener,
): Promise<void> {
  const total = statSync(path).size;
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  let lastReport = 0;
  for await (const line of lines) {
    lineNumber++;
    onLine(line, lineNumber);
    if (onProgress !== undefined && stream.bytesRead - lastReport > 1 << 22) {
      lastReport = stream.bytesRead;
      onProgress(stream.bytesRead, total);
    }
  }
  onProgress?.(total, total);
}
