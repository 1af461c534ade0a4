/**
 * buildServer(options): the Fastify instance of the annotation service, ready for `listen` or,
 * in tests, `inject`. Closing it drains in-flight requests, then stops the worker pool.
 */
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createKeyStore } from './auth.ts';
import type { ServerOptions } from './config.ts';
import { handleClientError, installErrorHandler, installMethodNotAllowed, notFoundError, sendError } from './http-errors.ts';
import { installJsonBodyParser } from './json-body.ts';
import { createAnnotationRunner } from './pool.ts';
import { annotationRoutes } from './routes/annotation.ts';
import { registerInfoRoutes } from './routes/info.ts';
import { RequestLogController } from './request-log.ts';
import { registerStaticApp, sendAppFallback } from './static-app.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Non-secret id of the request's valid API key, set by the annotation routes' auth hook. */
    apiKeyId: string;
  }
}

function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-content-type-options', 'nosniff');
    // Results are patient data: no cache may keep them.
    if (request.method === 'POST') reply.header('cache-control', 'no-store');
  });
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const keys = createKeyStore(options.apiKeys);
  if (keys.size === 0) throw new Error('the service needs at least one API key');

  const app = Fastify({
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    logController: new RequestLogController(),
    ...(options.tls === undefined ? {} : { https: { cert: options.tls.cert, key: options.tls.key } }),
    bodyLimit: options.bodyLimitBytes,
    // No Fastify handlerTimeout: an inline annotation is synchronous and cannot be cut short, and
    // the timer costs an AbortSignal per request. Long texts run in workers under `taskTimeoutMs`.
    requestTimeout: options.requestTimeoutMs,
    clientErrorHandler: handleClientError,
    // Requests still arriving on open connections while closing are served, not refused in a
    // body shape other than the contract's.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;

  const runner = createAnnotationRunner({
    setup: {
      dictionaryBytes: options.dictionaryBytes,
      vendorKey: options.vendorKey,
      ...(options.contextRules === undefined ? {} : { contextRules: options.contextRules }),
    },
    workerThreads: options.workerThreads,
    workerThresholdCodePoints: options.workerThresholdCodePoints,
    maxQueue: options.workerMaxQueue,
    taskTimeoutMs: options.handlerTimeoutMs,
  });
  app.addHook('onClose', () => runner.close());

  app.decorateRequest('apiKeyId', '');
  installJsonBodyParser(app);
  installErrorHandler(app);
  installSecurityHeaders(app);
  const origins = new Set(options.corsOrigins);
  await app.register(cors, {
    origin: origins.has('*') ? true : (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'apikey'],
    exposedHeaders: ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    maxAge: 600,
  });

  registerInfoRoutes(app, {
    dictionary: runner.annotator.dictionary,
    vendorKey: options.vendorKey,
    maxTextCodePoints: options.maxTextCodePoints,
  });
  await app.register(annotationRoutes, {
    keys,
    runner,
    maxTextCodePoints: options.maxTextCodePoints,
    rateLimit: options.rateLimit,
  });
  installMethodNotAllowed(app);

  const appDir = options.appDir;
  if (appDir !== undefined) await registerStaticApp(app, appDir);
  app.setNotFoundHandler((request, reply) => {
    const fallback = appDir === undefined ? undefined : sendAppFallback(request, reply);
    return fallback ?? sendError(reply, notFoundError());
  });
  return app;
}
