/**
 * Validation of an annotation request body into the contract's request, with the stable error
 * codes that the service, the CLI and the worker all report.
 */
import {
  AnnotationRequestSchema,
  isValidTextDatetime,
  RequestConfigSchema,
  type AnnotationRequest,
  type RequestConfig,
} from './contract.ts';

export type RequestErrorCode = 'invalid_body' | 'missing_text' | 'invalid_text' | 'invalid_config' | 'invalid_text_datetime';

export interface RequestError {
  readonly code: RequestErrorCode;
  readonly message: string;
}

export type RequestValidation = { ok: true; request: AnnotationRequest } | { ok: false; error: RequestError };

/** Config entries that must be true or false when present (an invalid_config error otherwise). */
const BOOLEAN_CONFIG = ['explain', 'nested_sites', 'site_negation'] as const;

const CONFIG_KEYS = Object.keys(RequestConfigSchema.shape);

/** A copy of a config as the schema outputs it: its own entries first, in the schema's order, then the others. */
function configCopy(config: Record<string, unknown>): RequestConfig {
  const copy: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) if (key in config) copy[key] = config[key];
  for (const key of Object.keys(config)) if (!(key in copy)) copy[key] = config[key];
  return copy as RequestConfig;
}

function fail(code: RequestErrorCode, message: string): RequestValidation {
  return { ok: false, error: { code, message } };
}

export function validateAnnotationRequest(body: unknown): RequestValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail('invalid_body', 'The request body must be a JSON object such as {"text": "..."}.');
  }
  const record = body as Record<string, unknown>;
  if (!('text' in record)) return fail('missing_text', 'The request body has no "text" field.');
  if (typeof record.text !== 'string') return fail('invalid_text', '"text" must be a string.');
  const config = record.config;
  if (config !== undefined && (typeof config !== 'object' || config === null || Array.isArray(config))) {
    return fail('invalid_config', '"config" must be a JSON object.');
  }
  const datetime = (config as Record<string, unknown> | undefined)?.text_datetime;
  if (datetime !== undefined && (typeof datetime !== 'string' || !isValidTextDatetime(datetime))) {
    return fail(
      'invalid_text_datetime',
      '"config.text_datetime" must be a real date and time written as YYYY-MM-DDTHH:MM:SS, for example 2024-06-10T12:00:00.',
    );
  }
  for (const flag of BOOLEAN_CONFIG) {
    const value = (config as Record<string, unknown> | undefined)?.[flag];
    if (value !== undefined && typeof value !== 'boolean') return fail('invalid_config', `"config.${flag}" must be true or false.`);
  }
  // The checks above cover the schema but for parse_quantities: the request is built as the schema
  // would (text and config; config copied with all its entries), without running it.
  const quantities = (config as Record<string, unknown> | undefined)?.parse_quantities;
  if (quantities === undefined || typeof quantities === 'boolean') {
    const text = record.text;
    return { ok: true, request: config === undefined ? { text } : { text, config: configCopy(config as Record<string, unknown>) } };
  }
  const parsed = AnnotationRequestSchema.safeParse(body);
  if (!parsed.success) return fail('invalid_body', parsed.error.issues[0]?.message ?? 'The request body does not fit the contract.');
  return { ok: true, request: parsed.data };
}
