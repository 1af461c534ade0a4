/**
 * `POST /tagger/annotation` and `POST /tagger/annotation/<category>`: authenticated, rate-limited
 * per key, validated with the core's request rules, then annotated inline or in a worker.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATEGORIES, RequestConfigSchema, validateAnnotationRequest, type Category, type RequestConfig } from '../../core/index.ts';
import { API_KEY_HEADER, authenticate, type KeyStore } from '../auth.ts';
import type { RateLimit } from '../config.ts';
import { ServiceError } from '../errors.ts';
import { jsonBody } from '../json-body.ts';
import { checkTextLength } from '../limits.ts';
import type { AnnotationRunner } from '../pool.ts';

export interface AnnotationRouteOptions {
  readonly keys: KeyStore;
  readonly runner: AnnotationRunner;
  readonly maxTextCodePoints: number;
  readonly rateLimit: RateLimit | false;
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
 * (or, deeply nested, break) the copy to a worker thread.
 */
function knownConfig(config: RequestConfig | undefined): RequestConfig | undefined {
  if (config === undefined) return undefined;
  const entries = Object.keys(RequestConfigSchema.shape).flatMap((key) => (config[key] === undefined ? [] : [[key, config[key]]]));
  return Object.fromEntries(entries) as RequestConfig;
}

/** Registered as an encapsulated plugin so its auth hook and rate limit cover only these routes. */
export async function annotationRoutes(app: FastifyInstance, options: AnnotationRouteOptions): Promise<void> {
  app.addHook('onRequest', async (request) => {
    request.apiKeyId = authenticate(options.keys, request.headers[API_KEY_HEADER]);
  });
  if (options.rateLimit !== false) {
    await app.register(rateLimit, {
      max: options.rateLimit.max,
      timeWindow: options.rateLimit.windowMs,
      keyGenerator: (request) => request.apiKeyId,
      errorResponseBuilder: (_request, context) =>
        new ServiceError('rate_limited', `Too many requests for this API key; retry in ${Math.ceil(context.ttl / 1000)} s.`, {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        }),
    });
  }

  const annotate = async (request: FastifyRequest, reply: FastifyReply, category: Category | undefined) => {
    const validation = validateAnnotationRequest(jsonBody(request));
    if (!validation.ok) throw new ServiceError(validation.error.code, validation.error.message);
    const { text } = validation.request;
    const config = knownConfig(validation.request.config);
    const codePoints = checkTextLength(text, options.maxTextCodePoints);
    const task = { text, ...(config === undefined ? {} : { config }), ...(category === undefined ? {} : { category }) };
    const json = await options.runner.run(task, codePoints);
    return reply.type('application/json; charset=utf-8').send(json);
  };

  app.post('/tagger/annotation', (request, reply) => annotate(request, reply, undefined));
  app.post<{ Params: { category: string } }>('/tagger/annotation/:category', (request, reply) =>
    annotate(request, reply, parseCategory(request.params.category)),
  );
}
