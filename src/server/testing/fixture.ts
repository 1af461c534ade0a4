/** Shared set-up of the service tests: a default-dictionary server with a known key. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildDefaultDictionaryBytes } from '../../lexicon/load.ts';
import { buildServer } from '../app.ts';
import { defaultServerOptions, type ServerOptions } from '../config.ts';

export const TEST_KEY = 'test-key-7f3a9c2e5b1d';

let dictionaryBytes: Uint8Array | undefined;

/** A digest of everything the default dictionary is compiled from. */
function lexiconDigest(): string {
  const hash = createHash('sha256');
  for (const dir of [
    fileURLToPath(new URL('../../lexicon', import.meta.url)),
    fileURLToPath(new URL('../../core/dictionary', import.meta.url)),
  ]) {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    for (const file of files) {
      const path = join(dir, file);
      if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A file holding the compiled default dictionary. Compiling takes seconds and every test file runs
 * in its own process, so the bytes are cached in the temp directory under a digest of their sources.
 */
export function defaultDictionaryFile(): string {
  const cacheDir = join(tmpdir(), 'glosa-test-dictionary');
  const cached = join(cacheDir, `${lexiconDigest()}.glsd`);
  if (!existsSync(cached)) {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, buildDefaultDictionaryBytes());
    renameSync(partial, cached);
  }
  return cached;
}

export function defaultDictionaryBytes(): Uint8Array {
  dictionaryBytes ??= new Uint8Array(readFileSync(defaultDictionaryFile()));
  return dictionaryBytes;
}

/** Options for tests: no workers and no rate limit unless a test asks for them. */
export function testOptions(overrides: Partial<ServerOptions> = {}): ServerOptions {
  return defaultServerOptions(
    { apiKeys: [TEST_KEY], dictionaryBytes: defaultDictionaryBytes() },
    { workerThreads: 0, rateLimit: false, ...overrides },
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
