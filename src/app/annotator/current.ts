/**
 * The annotator for the current mode: a remote client per endpoint and key, or in local mode the
 * one worker's active dictionary (none until a dictionary has loaded; the default is loaded when a
 * note first needs it).
 */
import { useEffect, useMemo, useRef } from 'react';
import { useAppStore, type Submission } from '../state/store.ts';
import { LocalAnnotator } from './local.ts';
import { RemoteAnnotator } from './remote.ts';
import type { Annotator } from './types.ts';

let local: LocalAnnotator | undefined;

/** The page's one local annotator (its worker starts with the first dictionary load). */
export function localAnnotator(): LocalAnnotator {
  local ??= new LocalAnnotator(new URL(import.meta.env.BASE_URL, location.href).href, {
    started: (choice) => useAppStore.getState().dictionaryStarted(choice),
    progress: (loaded, total) => useAppStore.getState().dictionaryProgress(loaded, total),
    ready: (choice, info) => useAppStore.getState().dictionaryReady(choice, info),
    failed: (choice, message) => useAppStore.getState().dictionaryFailed(choice, message),
  });
  return local;
}

/** Undefined in local mode while no dictionary is active. */
export function useCurrentAnnotator(): Annotator | undefined {
  const mode = useAppStore((s) => s.mode);
  const remoteBase = useAppStore((s) => s.remoteBase);
  const apiKey = useAppStore((s) => s.apiKey);
  const contentHash = useAppStore((s) => s.dictionary.active?.info.contentHash);
  const rules = useAppStore((s) => s.contextRules);
  return useMemo(() => {
    if (mode === 'remote') return new RemoteAnnotator(remoteBase, apiKey);
    if (contentHash === undefined) return undefined;
    return rules === null
      ? localAnnotator().annotatorFor(contentHash)
      : localAnnotator().annotatorFor(contentHash, { name: rules.name, json: rules.json }, `${rules.name}@${rules.chosenAt}`);
  }, [mode, remoteBase, apiKey, contentHash, rules]);
}

/** In local mode, a note sent while no dictionary is active or loading loads the default one (once per submission). */
export function useDefaultDictionaryOnDemand(): void {
  const mode = useAppStore((s) => s.mode);
  const submission = useAppStore((s) => s.submission);
  const idle = useAppStore((s) => s.dictionary.active === null && s.dictionary.loading === null);
  const tried = useRef<Submission | null>(null);
  useEffect(() => {
    if (mode !== 'local' || submission?.target !== 'local' || !idle || tried.current === submission) return;
    tried.current = submission;
    void localAnnotator().switchTo({ kind: 'default' });
  }, [mode, submission, idle]);
}
