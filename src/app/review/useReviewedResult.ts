/**
 * Ties review mode to the result on screen: the shown result is an opened review's own result when
 * one is open (as it was judged), else the live one; every live result shown in review mode finds
 * its review (stored, carried over, or new). The dictionary hash is the local dictionary's, or the
 * one the remote service names in `/tagger/config` ("desconocido" when it names none).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { serviceDictionary } from '../annotator/remote.ts';
import type { AnnotatedText } from '../annotator/useAnnotation.ts';
import { useAppStore } from '../state/store.ts';
import type { NoteReview } from './model.ts';
import { useReviewStore } from './store.ts';

export const UNKNOWN_DICTIONARY = 'desconocido';

function useDictionaryHash(): string | undefined {
  const enabled = useReviewStore((s) => s.enabled);
  const mode = useAppStore((s) => s.mode);
  const base = useAppStore((s) => s.remoteBase);
  const local = useAppStore((s) => s.dictionary.active?.info.contentHash);
  const remote = useQuery({
    queryKey: ['service-config', base],
    // Asked only in review mode: nothing is sent to a service the user did not annotate with.
    enabled: enabled && mode === 'remote',
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => (await serviceDictionary(base, signal))?.content_hash ?? UNKNOWN_DICTIONARY,
  });
  if (mode === 'local') return local;
  return remote.isError ? UNKNOWN_DICTIONARY : remote.data;
}

export function useReviewedResult(live: AnnotatedText | undefined): { shown: AnnotatedText | undefined; review: NoteReview | undefined } {
  const enabled = useReviewStore((s) => s.enabled);
  const current = useReviewStore((s) => s.current);
  const resultShown = useReviewStore((s) => s.resultShown);
  const openedResult = useReviewStore((s) => s.opened?.result);
  const openedText = useReviewStore((s) => s.opened?.text);
  const openedDatetime = useReviewStore((s) => s.opened?.text_datetime);
  const openedAt = useReviewStore((s) => s.openedAt);
  const openedProvenance = useReviewStore((s) => s.opened?.provenance);
  const dictionaryHash = useDictionaryHash();
  // Built once per opened review (its result object does not change while verdicts do).
  const opened = useMemo<AnnotatedText | undefined>(
    () =>
      openedResult && openedText !== undefined && openedDatetime !== undefined
        ? {
            text: openedText,
            textDatetime: openedDatetime,
            result: openedResult,
            elapsedMs: 0,
            receivedAt: openedAt,
            ...(openedProvenance ? { provenance: openedProvenance } : {}),
          }
        : undefined,
    [openedResult, openedText, openedDatetime, openedAt, openedProvenance],
  );
  useEffect(() => {
    if (!enabled || opened || !live || dictionaryHash === undefined) return;
    void resultShown({
      text: live.text,
      textDatetime: live.textDatetime,
      result: live.result,
      dictionaryHash,
      provenance: live.provenance,
    });
  }, [enabled, opened, live, dictionaryHash, resultShown]);
  const shown = opened ?? live;
  return { shown, review: enabled && current && shown && current.result === shown.result ? current : undefined };
}
