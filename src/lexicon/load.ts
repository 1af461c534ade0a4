/** Reads lexicon source folders from disk (Node only) and builds the default dictionary. */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoPath } from '../repo-paths.ts';
import { encodeDictionary } from '../core/dictionary/format.ts';
import { loadDictionary, type Dictionary } from '../core/dictionary/lookup.ts';
import { compileLexicon } from './compile.ts';
import { parseLexiconSource, type LexiconConcept } from './source.ts';

export const DEFAULT_LEXICON_DIR = repoPath('src', 'lexicon', 'data');
export const DEFAULT_DICTIONARY_ID = 'glosa-default-es';

export function readLexiconDir(dir: string = DEFAULT_LEXICON_DIR): LexiconConcept[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  return files.flatMap((file) => parseLexiconSource(readFileSync(join(dir, file), 'utf8'), file));
}

/** The default lexicon compiled to the binary format. */
export function buildDefaultDictionaryBytes(dir: string = DEFAULT_LEXICON_DIR): Uint8Array {
  return encodeDictionary(
    compileLexicon(readLexiconDir(dir), { id: DEFAULT_DICTIONARY_ID, name: 'Glosa default Spanish clinical lexicon' }),
  );
}

const SRC = repoPath('src');
/** What the compiled default dictionary depends on: the lexicon, the format, the tokeniser. */
const SOURCES = ['lexicon', 'core/dictionary', 'core/text'].map((dir) => join(SRC, dir));
const CACHE_DIR = repoPath('node_modules', '.cache', 'glosa');

function sourcesDigest(): string {
  const hash = createHash('sha256');
  for (const dir of SOURCES) {
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
      const path = join(dir, file);
      if (!file.endsWith('.test.ts') && statSync(path).isFile()) hash.update(file).update(readFileSync(path));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A file holding the compiled default dictionary. Compiling the YAML takes a while and every CLI run,
 * service start and test process needs it, so it is cached under a digest of its sources.
 */
export function defaultDictionaryFile(): string {
  const cached = join(CACHE_DIR, `${DEFAULT_DICTIONARY_ID}.${sourcesDigest()}.glsd`);
  if (!existsSync(cached)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${cached}.${process.pid}`;
    writeFileSync(partial, buildDefaultDictionaryBytes());
    renameSync(partial, cached); // atomic, so parallel processes never read half a file
  }
  return cached;
}

/** The compiled default dictionary's bytes (from the cache when its sources have not changed). */
export function defaultDictionaryBytes(): Uint8Array {
  return new Uint8Array(readFileSync(defaultDictionaryFile()));
}

/** Loads a dictionary from bytes, exactly as the worker and the service do. */
export function dictionaryFromBytes(bytes: Uint8Array): Dictionary {
  return loadDictionary(bytes);
}

let defaultDictionary: Dictionary | undefined;

/** The default dictionary, loaded once per process. */
export function loadDefaultDictionary(): Dictionary {
  defaultDictionary ??= dictionaryFromBytes(defaultDictionaryBytes());
  return defaultDictionary;
}

export function loadDictionaryFile(path: string): Dictionary {
  return dictionaryFromBytes(new Uint8Array(readFileSync(path)));
}
