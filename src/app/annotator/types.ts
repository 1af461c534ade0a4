/**
 * The one interface the app talks to. Remote (HTTP) and local (Web Worker) annotators implement
 * it; a third backend would be one new file beside these.
 */
import type { AnnotationResult, RequestConfig } from '../../core/contract.ts';

export interface Annotator {
  /** Part of the query key: results from different annotators never mix. */
  readonly identity: string;
  annotate(text: string, config: RequestConfig, signal?: AbortSignal): Promise<AnnotationResult>;
}

/** A stretch of the note in code points, `end` exclusive, as in the contract. */
export interface NoteSpan {
  readonly begin: number;
  readonly end: number;
}

/** Every failure the UI distinguishes, each with its own message. */
export type AnnotatorErrorKind =
  | 'unreachable'
  | 'missing_key'
  | 'unauthorized'
  | 'too_large'
  | 'rate_limited'
  | 'bad_request'
  | 'server_error'
  | 'http_error'
  | 'invalid_response'
  | 'dictionary';

export class AnnotatorError extends Error {
  override name = 'AnnotatorError';
  constructor(
    readonly kind: AnnotatorErrorKind,
    message: string,
    /** Extra detail for the errors panel (service message, schema issues). */
    readonly detail?: string,
    /** The place in the note the error is about (code points), when it names one. */
    readonly span?: NoteSpan,
  ) {
    super(message);
  }
}
