/**
 * The service's errors: one table of stable codes and their HTTP statuses, one error class, and
 * the mapping of Fastify's own errors onto that table. Every error leaves the service as
 * `{"error": {"code", "message"}}` (reference-service-facts.md); no stack trace ever does.
 */
import type { RequestErrorCode } from '../core/index.ts';

const REQUEST_ERROR_STATUS: Record<RequestErrorCode, number> = {
  invalid_body: 400,
  missing_text: 400,
  invalid_text: 400,
  invalid_config: 400,
  invalid_text_datetime: 400,
};

export const SERVICE_ERROR_STATUS = {
  ...REQUEST_ERROR_STATUS,
  invalid_json: 400,
  json_too_deep: 400,
  invalid_batch: 400,
  bad_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  not_found: 404,
  unknown_category: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  text_too_long: 413,
  body_too_large: 413,
  unsupported_media_type: 415,
  expectation_failed: 417,
  rate_limited: 429,
  internal_error: 500,
  server_busy: 503,
  annotation_timeout: 503,
  not_ready: 503,
} as const;

export type ServiceErrorCode = keyof typeof SERVICE_ERROR_STATUS;

export interface ErrorPayload {
  readonly error: { readonly code: ServiceErrorCode; readonly message: string };
}

export class ServiceError extends Error {
  readonly code: ServiceErrorCode;
  readonly statusCode: number;
  /** Extra response headers, e.g. `Allow` or `Retry-After`. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ServiceErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ServiceError';
    this.code = code;
    this.statusCode = SERVICE_ERROR_STATUS[code];
    this.headers = headers;
  }

  get payload(): ErrorPayload {
    return { error: { code: this.code, message: this.message } };
  }
}

interface FrameworkError {
  code?: unknown;
  statusCode?: unknown;
}

/** Fastify and plugin error codes that have a fitting service code. */
const FRAMEWORK_CODES: Record<string, [ServiceErrorCode, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: ['invalid_json', 'The request body is empty; send a JSON object such as {"text": "..."}.'],
  FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_json', 'The request body is not valid JSON.'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['body_too_large', 'The request body is larger than this service accepts.'],
  FST_ERR_BAD_URL: ['bad_request', 'The URL is not valid (bad percent-encoding).'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'The Content-Type of the request is not supported.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['bad_request', 'The request body does not match its Content-Length.'],
  FST_ERR_HANDLER_TIMEOUT: ['annotation_timeout', 'The annotation took longer than this service allows; try a shorter text.'],
};

/**
 * Any thrown value as a ServiceError. Messages of unknown errors are never passed on: they may
 * quote the request (JSON.parse does) and the request may hold patient data.
 */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const { code, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as FrameworkError;
  const known = typeof code === 'string' ? FRAMEWORK_CODES[code] : undefined;
  if (known) return new ServiceError(known[0], known[1]);
  if (statusCode === 429)
    return new ServiceError('rate_limited', 'Too many requests for this API key; retry after the time in Retry-After.');
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new ServiceError('bad_request', 'The request could not be read.');
  }
  return new ServiceError('internal_error', 'The service failed to handle this request.');
}
