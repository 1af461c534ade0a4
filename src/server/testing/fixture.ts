/** Shared set-up of the service tests: a default-dictionary server with a known key. */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { defaultDictionaryBytes as loadDefaultDictionaryBytes, defaultDictionaryFile } from '../../lexicon/load.ts';
import { buildServer } from '../app.ts';
import { defaultServerOptions, type ServerOptions } from '../config.ts';

export const TEST_KEY = 'test-key-7f3a9c2e5b1d';

let dictionaryBytes: Uint8Array | undefined;

export { defaultDictionaryFile };

export function defaultDictionaryBytes(): Uint8Array {
  dictionaryBytes ??= loadDefaultDictionaryBytes();
  return dictionaryBytes;
}

/** Options for tests: no workers, rate limits, load shedding or per-address connection cap unless a test asks for them. */
export function testOptions(overrides: Partial<ServerOptions> = {}): ServerOptions {
  return defaultServerOptions(
    { apiKeys: [TEST_KEY], dictionaryBytes: defaultDictionaryBytes() },
    { workerThreads: 0, rateLimit: false, failedAuthLimit: false, maxEventLoopDelayMs: 0, maxConnectionsPerAddress: 0, ...overrides },
  );
}

export function buildTestServer(overrides: Partial<ServerOptions> = {}): Promise<FastifyInstance> {
  return buildServer(testOptions(overrides));
}

/** A deterministic Spanish clinical note of exactly `length` code points. */
export function clinicalNote(length: number): string {
  const sentences = [
    'Paciente de 54 años que refiere dolor en el brazo izquierdo desde hace 3 días.',
    'No refiere fiebre ni tos.',
    'Madre con alzheimer.',
    'LDL 64 mg/dl.',
    'Niega dolor torácico.',
    'Se descarta trombosis venosa profunda.',
  ];
  let text = '';
  for (let i = 0; text.length < length; i++) text += `${sentences[i % sentences.length]} `;
  return text.slice(0, length);
}

/** A pino logger whose lines are kept in `lines`, for tests of what the logs hold. */
export function capturedLogger(level = 'info'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}
