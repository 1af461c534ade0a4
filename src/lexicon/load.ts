/** Reads lexicon source folders from disk (Node only) and builds the default dictionary. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeDictionary } from '../core/dictionary/format.ts';
import { loadDictionary, type Dictionary } from '../core/dictionary/lookup.ts';
import { compileLexicon } from './compile.ts';
import { parseLexiconSource, type LexiconConcept } from './source.ts';

export const DEFAULT_LEXICON_DIR = join(dirname(fileURLToPath(import.meta.url)), 'data');
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

/** Loads a dictionary from bytes, exactly as the worker and the service do. */
export function dictionaryFromBytes(bytes: Uint8Array): Dictionary {
  return loadDictionary(bytes);
}

let defaultDictionary: Dictionary | undefined;

/** The default dictionary, compiled from the sources once per process. */
export function loadDefaultDictionary(): Dictionary {
  defaultDictionary ??= dictionaryFromBytes(buildDefaultDictionaryBytes());
  return defaultDictionary;
}

export function loadDictionaryFile(path: string): Dictionary {
  return dictionaryFromBytes(new Uint8Array(readFileSync(path)));
}
