/**
 * `POST /tagger/annotation`, `POST /tagger/annotation/<category>` and the batch form
 * `POST /tagger/annotations`: authenticated and rate-limited before the body is read, validated
 * with the core's request rules, then annotated inline or in a worker.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATEGORIES, RequestConfigSchema, validateAnnotationRequest, type Category, type RequestConfig } from '../../core/index.ts';
import { API_KEY_HEADER, authenticate, type KeyStore } from '../auth.ts';
import { ServiceError } from '../errors.ts';
import { jsonBody } from '../json-body.ts';
import type { Limiter } from '../limiter.ts';
import { checkTextLength } from '../limits.ts';
import type { Metrics } from '../metrics.ts';
import type { AnnotationRunner } from '../pool.ts';

export interface AnnotationRouteOptions {
  readonly keys: KeyStore;
  readonly limiter: Limiter;
  readonly runner: AnnotationRunner;
  readonly metrics: Metrics;
  readonly maxTextCodePoints: number;
}

/** Most documents in one batch request (as Azure's health API). */
export const MAX_BATCH_DOCUMENTS = 25;
const BATCH_PATH = '/tagger/annotations';

/**
 * The `onRequest` hook of keyed routes. A missing or wrong key counts against the address (429
 * once it is over its limit, else 401). A right key is refused too while its address is over the
 * limit (a guesser cannot tell a hit); the address check and the key's count run side by side, one
 * store round trip instead of two.
 */
export function requireKey(keys: KeyStore, limiter: Limiter) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const ids = authenticate(keys, request.headers[API_KEY_HEADER]);
      request.apiKeyCounter = ids.counter;
      request.apiKeyId = ids.log;
    } catch (error) {
      throw error instanceof ServiceError ? await limiter.failed(request, error) : error;
    }
    // A batch is counted by its documents once its body is read; until then its key is only checked.
    const keyCount = request.routeOptions.url === BATCH_PATH ? limiter.checkKey(request, reply) : limiter.countKey(request, reply, 1);
    await Promise.all([limiter.checkAddress(request), keyCount]);
  };
}

function parseCategory(raw: string): Category {
  const category = CATEGORIES.find((c) => c === raw);
  if (category === undefined) {
    throw new ServiceError('unknown_category', `Unknown category; use one of: ${CATEGORIES.join(', ')}.`);
  }
  return category;
}

/**
 * Only the config entries the contract defines: unknown ones are ignored anyway, and would cost
 * the copy to a worker thread.
 */
const CONFIG_KEYS = Object.keys(RequestConfigSchema.shape);

function knownConfig(config: RequestConfig | undefined): RequestConfig | undefined {
  if (config === undefined) return undefined;
  const known: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) if (config[key] !== undefined) known[key] = config[key];
  return known as RequestConfig;
}

/** One document, validated, annotated: the result's JSON text, or a ServiceError. */
async function annotateOne(options: AnnotationRouteOptions, body: unknown, category?: Category): Promise<string> {
  const validation = validateAnnotationRequest(body);
  if (!validation.ok) throw new ServiceError(validation.error.code, validation.error.message);
  const { text } = validation.request;
  const config = knownConfig(validation.request.config);
  const codePoints = checkTextLength(text, options.maxTextCodePoints);
  const task = { text, ...(config === undefined ? {} : { config }), ...(category === undefined ? {} : { category }) };
  const json = await options.runner.run(task, codePoints);
  options.metrics.annotated(codePoints);
  return json;
}

interface BatchDocument {
  readonly id: string;
  readonly body: { text?: unknown; config?: unknown };
}

/** The batch's documents, or a 400 `invalid_batch` for the batch as a whole. */
function batchDocuments(body: unknown): BatchDocument[] {
  const invalid = (message: string) => new ServiceError('invalid_batch', message);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid('The request body must be a JSON object such as {"documents": [{"id": "1", "text": "..."}]}.');
  }
  const documents = (body as { documents?: unknown }).documents;
  if (!Array.isArray(documents) || documents.length === 0) throw invalid('"documents" must be a non-empty array.');
  if (documents.length > MAX_BATCH_DOCUMENTS) {
    throw invalid(`A batch holds at most ${MAX_BATCH_DOCUMENTS} documents; this one has ${documents.length}.`);
  }
  const seen = new Set<string>();
  return documents.map((doc: unknown, index) => {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw invalid(`Document ${index} is not a JSON object.`);
    const { id, text, config } = doc as { id?: unknown; text?: unknown; config?: unknown };
    if (typeof id !== 'string' || id === '' || id.length > 64)
      throw invalid(`Document ${index} needs an "id": a string of 1 to 64 characters.`);
    if (seen.has(id)) throw invalid(`Document ids must be unique; "${id.slice(0, 64)}" appears twice.`);
    seen.add(id);
    return { id, body: { ...(text === undefined ? {} : { text }), ...(config === undefined ? {} : { config }) } };
  });
}

/** Registered as an encapsulated plugin so its auth hook covers only these routes. */
export async function annotationRoutes(app: FastifyInstance, options: AnnotationRouteOptions): Promise<void> {
  app.addHook('onRequest', requireKey(options.keys, options.limiter));
  const send = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

  app.post('/tagger/annotation', async (request, reply) => send(reply, await annotateOne(options, jsonBody(request))));
  app.post<{ Params: { category: string } }>('/tagger/annotation/:category', async (request, reply) => {
    const category = parseCategory(request.params.category);
    return send(reply, await annotateOne(options, jsonBody(request), category));
  });

  app.post(BATCH_PATH, async (request, reply) => {
    const documents = batchDocuments(jsonBody(request));
    // All or none: a batch that does not fit in the key's remaining quota spends nothing.
    await options.limiter.countKey(request, reply, documents.length);
    const outcomes = await Promise.all(
      documents.map(async ({ id, body }) => {
        try {
          const json = await annotateOne(options, body);
          return { id, ok: `{"id":${JSON.stringify(id)},"result":${json}}` };
        } catch (error) {
          if (!(error instanceof ServiceError) || error.code === 'internal_error') throw error;
          return { id, error: JSON.stringify({ id, error: error.payload.error }) };
        }
      }),
    );
    const ok = outcomes.flatMap((o) => (o.ok === undefined ? [] : [o.ok]));
    const failed = outcomes.flatMap((o) => (o.error === undefined ? [] : [o.error]));
    return send(reply, `{"documents":[${ok.join(',')}],"errors":[${failed.join(',')}]}`);
  });
}
