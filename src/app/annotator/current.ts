/** The annotator for the current mode: one local worker per page, a remote client per endpoint and key. */
import { useMemo } from 'react';
import { useAppStore } from '../state/store.ts';
import { LocalAnnotator } from './local.ts';
import { RemoteAnnotator } from './remote.ts';
import type { Annotator } from './types.ts';

let local: LocalAnnotator | undefined;

function localAnnotator(): LocalAnnotator {
  local ??= new LocalAnnotator(new URL(import.meta.env.BASE_URL, location.href).href, (status) =>
    useAppStore.getState().setDictionary(status),
  );
  return local;
}

export function useCurrentAnnotator(): Annotator {
  const mode = useAppStore((s) => s.mode);
  const remoteBase = useAppStore((s) => s.remoteBase);
  const apiKey = useAppStore((s) => s.apiKey);
  return useMemo(() => (mode === 'local' ? localAnnotator() : new RemoteAnnotator(remoteBase, apiKey)), [mode, remoteBase, apiKey]);
}
