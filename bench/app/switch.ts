/**
 * Switching dictionaries in the app (local mode): a synthetic dictionary picked as a local file,
 * timed in the page from the file input's change to (a) the new dictionary shown active and (b) the
 * note re-annotated with it and drawn. The file is read, hash-checked and indexed in the worker.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { encodeDictionary, readDictionaryMeta } from '../../src/core/dictionary/format.ts';
import { compileLexicon } from '../../src/lexicon/compile.ts';
import { syntheticLexicon } from '../dict/synthetic-lexicon.ts';

export interface SwitchTimes {
  readonly activeMs: number;
  readonly reannotatedMs: number;
}

/** Writes a synthetic dictionary of `terms` terms; returns its path, hash, size and a cleanup. */
export function syntheticDictionaryFile(terms: number): { path: string; hash: string; bytes: number; remove(): void } {
  const bytes = encodeDictionary(compileLexicon(syntheticLexicon(terms), { id: `synthetic-${terms}`, name: 'synthetic', ambiguity: [] }));
  const dir = mkdtempSync(join(tmpdir(), 'glosa-bench-'));
  const path = join(dir, `synthetic-${terms}.glsd`);
  writeFileSync(path, bytes);
  return {
    path,
    hash: readDictionaryMeta(bytes).contentHash,
    bytes: bytes.length,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Picks `file` in the page (which has a note shown) and times the switch. */
export async function timeSwitch(page: Page, file: string, hash: string): Promise<SwitchTimes> {
  const done = page.evaluate((expected) => {
    const input = document.querySelector('.dict-picker input[type=file]') as HTMLInputElement;
    return new Promise<SwitchTimes>((resolve, reject) => {
      input.addEventListener(
        'change',
        () => {
          const started = performance.now();
          let activeMs = -1;
          const observer = new MutationObserver(() => {
            const failed = document.querySelector('.dict[data-phase="error"]');
            if (failed) {
              observer.disconnect();
              reject(new Error(failed.textContent ?? 'the dictionary did not load'));
            } else if (activeMs < 0 && document.querySelector(`[data-testid="dict-active"][data-hash="${expected}"]`)) {
              activeMs = performance.now() - started;
              observer.disconnect();
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          window.addEventListener('glosa:rendered', () => resolve({ activeMs, reannotatedMs: performance.now() - started }), {
            once: true,
          });
        },
        { once: true },
      );
    });
  }, hash);
  await page.locator('.dict-picker input[type=file]').setInputFiles(file);
  return done;
}

/** Back to the default dictionary, waiting until the note is drawn with it again. */
export async function switchBack(page: Page, defaultHash: string): Promise<void> {
  const drawn = page.evaluate(
    () => new Promise<void>((resolve) => window.addEventListener('glosa:rendered', () => resolve(), { once: true })),
  );
  await page.getByRole('button', { name: 'Diccionario predeterminado' }).click();
  await page.locator(`[data-testid="dict-active"][data-hash="${defaultHash}"]`).waitFor();
  await drawn;
}
