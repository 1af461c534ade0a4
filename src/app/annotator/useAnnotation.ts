/**
 * Annotation results as TanStack Query data, keyed by (annotator identity, text, text_datetime);
 * a local annotator's identity names its dictionary's content hash. The data carries its own text,
 * so the document always draws a result over the text it belongs to.
 */
import { keepPreviousData, useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AnnotationResult } from '../../core/contract.ts';
import type { GlosaProvenance } from '../../core/export/provenance.ts';
import { annotationProvenance, type AnnotationSettings } from '../format/provenance.ts';
import { annotatorTarget, useAppStore } from '../state/store.ts';
import { useCurrentAnnotator, useDefaultDictionaryOnDemand } from './current.ts';
import { annotationUrl, serviceDictionary } from './remote.ts';
import { AnnotatorError, type Annotator } from './types.ts';

export interface AnnotatedText {
  readonly text: string;
  readonly textDatetime: string;
  readonly result: AnnotationResult;
  /** How long the annotator took, in ms. */
  readonly elapsedMs: number;
  /** `performance.now()` when the result arrived: the start of rendering, for measurement. */
  readonly receivedAt: number;
  /** The identity of the annotator that produced it (mode, endpoint or dictionary hash, rules). */
  readonly annotator?: string;
  /** What produced it, for the exports (mode, endpoint, dictionary, rules, datetime, time). */
  readonly provenance?: GlosaProvenance;
}

/**
 * The settings the note was annotated with. The store still holds them when the result arrives
 * (they are part of the annotator's identity, hence of the query key); a remote service is asked
 * which dictionary it uses (cached for a minute; unknown if it does not say).
 */
async function settingsOfAnnotation(queryClient: QueryClient, textDatetime: string): Promise<AnnotationSettings> {
  const { mode, remoteBase, dictionary, contextRules, nestedSites } = useAppStore.getState();
  if (mode === 'local') {
    const info = dictionary.active?.info;
    return { mode, textDatetime, nestedSites, rules: contextRules, dictionary: info && { id: info.id, content_hash: info.contentHash } };
  }
  const remote = await queryClient.fetchQuery({
    queryKey: ['service-dictionary', remoteBase],
    queryFn: () => serviceDictionary(remoteBase),
    staleTime: 60_000,
  });
  return { mode, textDatetime, nestedSites, rules: null, endpoint: annotationUrl(remoteBase), dictionary: remote ?? undefined };
}

export function useAnnotation(): UseQueryResult<AnnotatedText, Error> {
  useDefaultDictionaryOnDemand();
  const annotator = useCurrentAnnotator();
  const identity = annotator?.identity ?? 'none';
  const submission = useAppStore((s) => s.submission);
  const target = useAppStore(annotatorTarget);
  const reportError = useAppStore((s) => s.reportError);
  const setKeyProblem = useAppStore((s) => s.setKeyProblem);
  const nestedSites = useAppStore((s) => s.nestedSites);
  const queryClient = useQueryClient();
  const query = useQuery<AnnotatedText, Error>({
    queryKey: ['annotation', identity, submission?.text ?? '', submission?.textDatetime ?? '', nestedSites],
    // Editing the endpoint (or switching mode) sends nothing until the user annotates again; in
    // local mode nothing is sent before a dictionary is active.
    enabled: submission !== null && submission.target === target && annotator !== undefined,
    // While a new note is annotated the previous result stays up, but only one from the same
    // annotator (and so the same dictionary): another dictionary's result is never shown.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === identity ? keepPreviousData(previous) : undefined),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const { text, textDatetime } = submission as NonNullable<typeof submission>;
      const started = performance.now();
      // explain: the negation lens shows each trigger's rule and scope; nested_sites: the sites inside
      // concepts ("esófago" in "cáncer de esófago") are drawn nested, unless the user turned them off.
      const config = { text_datetime: textDatetime, explain: true, nested_sites: nestedSites };
      const result = await (annotator as Annotator).annotate(text, config, signal);
      const receivedAt = performance.now();
      const provenance = annotationProvenance(await settingsOfAnnotation(queryClient, textDatetime), result.version, new Date());
      return { text, textDatetime, result, elapsedMs: receivedAt - started, receivedAt, annotator: identity, provenance };
    },
  });

  // "Anotar" again after a failure retries the same request (its key has no cached data).
  const { refetch, isError } = query;
  const lastAttempt = useRef(submission?.attempt);
  useEffect(() => {
    if (submission?.attempt !== lastAttempt.current) {
      lastAttempt.current = submission?.attempt;
      if (isError) void refetch();
    }
  }, [submission?.attempt, isError, refetch]);

  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    // A missing or refused key is asked for at the key field itself (see ModeSettings).
    if (error instanceof AnnotatorError && (error.kind === 'missing_key' || error.kind === 'unauthorized')) {
      setKeyProblem(error.kind === 'missing_key' ? 'missing' : 'rejected');
    }
    if (error) {
      const { detail, span } = error instanceof AnnotatorError ? error : {};
      const sent = useAppStore.getState().submission?.text;
      reportError({
        message: error.message,
        ...(detail ? { detail } : {}),
        ...(span && sent !== undefined ? { span, text: sent } : {}),
      });
    }
  }, [error, errorUpdatedAt, reportError, setKeyProblem]);

  return query;
}
