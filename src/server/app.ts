/**
 * buildServer(options): the Fastify instance of the annotation service, ready for `listen` or,
 * in tests, `inject`. Closing it drains in-flight requests, then stops the worker pool.
 *
 * Order of every request: gate (405/404 from the request line, before any body), load shedding,
 * CORS, then for keyed routes the address and key checks and the key's rate limit; only then is a
 * body read, decompressed, decoded, depth-checked and parsed.
 */
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { createKeyStore, type KeyStore } from './auth.ts';
import type { ServerOptions } from './config.ts';
import { ServiceError } from './errors.ts';
import { installConnectionContract } from './connection-contract.ts';
import { capConnectionsPerAddress } from './connection-limits.ts';
import { installGate } from './gate.ts';
import { handleClientError, installErrorHandler, installMethodNotAllowed, notFoundError, sendError } from './http-errors.ts';
import { installJsonBodyParser } from './json-body.ts';
import { installLifecycle } from './lifecycle.ts';
import { createShedMetrics, installLoadShedding } from './load-shedding.ts';
import { installLimiter } from './limiter.ts';
import { createMetrics, installMetrics } from './metrics.ts';
import { createAnnotationRunner } from './pool.ts';
import { localStore } from './rate-store.ts';
import { RequestLogController } from './request-log.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { annotationRoutes, requireKey } from './routes/annotation.ts';
import { registerInfoRoutes } from './routes/info.ts';
import { registerStaticApp, sendAppFallback } from './static-app.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Log id of the request's valid API key (keyed HMAC), set by the keyed routes' hook. */
    apiKeyId: string;
    /** Rate-limit counter id of the request's valid API key. */
    apiKeyCounter: string;
  }
  interface FastifyInstance {
    /** The API keys, replaceable while serving (SIGHUP reloads the keys file). */
    glosaKeys: KeyStore;
  }
}

/** A client's X-Request-Id is kept when it is a plain token; otherwise one is made. */
const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** Routes that must answer even when the service sheds load. */
const NEVER_SHED = new Set(['/health', '/ready', '/metrics']);

/** How often Node checks request and header timeouts (its default, 30 s, doubles a 30 s limit). */
function timeoutCheckMs(requestTimeoutMs: number): number {
  return Math.max(100, Math.min(1_000, Math.floor(requestTimeoutMs / 4)));
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const keys = createKeyStore(options.apiKeys, {
    allowShortKeys: options.allowShortKeys,
    ...(options.keyLogSecret === undefined ? {} : { logSecret: options.keyLogSecret }),
  });
  const tls = options.tls !== undefined;
  const serverTimeouts = {
    headersTimeout: options.requestTimeoutMs,
    connectionsCheckingInterval: timeoutCheckMs(options.requestTimeoutMs),
  };

  const app = Fastify({
    ...(options.logger === undefined ? { logger: false } : { loggerInstance: options.logger }),
    logController: new RequestLogController(),
    ...(tls ? { https: { cert: options.tls?.cert, key: options.tls?.key, ...serverTimeouts } } : { http: serverTimeouts }),
    bodyLimit: options.bodyLimitBytes,
    // No Fastify handlerTimeout: an inline annotation is synchronous and cannot be cut short, and
    // the timer costs an AbortSignal per request. Long texts run in workers under `taskTimeoutMs`.
    requestTimeout: options.requestTimeoutMs,
    clientErrorHandler: handleClientError,
    // Bad percent-encoding in the URL: the contract's error, never Fastify's (which quotes the URL).
    frameworkErrors: (_error, request, reply) => {
      request.log.info({ code: 'bad_request' }, 'request rejected: URL not valid');
      return sendError(reply, new ServiceError('bad_request', 'The URL is not valid.'));
    },
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Fastify takes a hop count too, though its types do not say so.
    trustProxy: options.trustProxy as boolean | string,
    // Requests still arriving on open connections while closing are served, not refused in a
    // body shape other than the contract's.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }) as unknown as FastifyInstance;
  if (options.maxConnections > 0) app.server.maxConnections = options.maxConnections;
  installConnectionContract(app.server);
  // Behind a trusted proxy the peer is the proxy, shared by every client: no per-address cap there.
  if (options.trustProxy === false) capConnectionsPerAddress(app.server, options.maxConnectionsPerAddress);

  const metrics = createMetrics();
  const shedMetrics = createShedMetrics(metrics.registry);
  const runner = createAnnotationRunner({
    setup: {
      dictionaryBytes: options.dictionaryBytes,
      vendorKey: options.vendorKey,
      ...(options.contextRules === undefined ? {} : { contextRules: options.contextRules }),
      nestedSites: options.nestedSites === true,
    },
    workerThreads: options.workerThreads,
    workerThresholdCodePoints: options.workerThresholdCodePoints,
    maxQueue: options.workerMaxQueue,
    maxQueueWaitMs: options.workerMaxQueueWaitMs,
    onShed: shedMetrics.shed,
    taskTimeoutMs: options.handlerTimeoutMs,
  });
  app.addHook('onClose', () => runner.close());

  app.decorateRequest('apiKeyId', '');
  app.decorateRequest('apiKeyCounter', '');
  installErrorHandler(app);
  installSecurityHeaders(app, tls);
  installGate(app, options.corsOrigins);
  installLoadShedding(app, {
    maxEventLoopDelayMs: options.maxEventLoopDelayMs,
    neverShed: NEVER_SHED,
    registry: metrics.registry,
    metrics: shedMetrics,
  });
  installJsonBodyParser(app, options.maxJsonDepth);
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli's default quality (11) costs more CPU than annotating; 4 still beats gzip's size.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    requestEncodings: ['gzip', 'deflate', 'br'],
    onUnsupportedRequestEncoding: () =>
      new ServiceError('unsupported_media_type', 'The Content-Encoding of the request is not supported; use gzip, deflate or br.'),
    onInvalidRequestPayload: () => new ServiceError('bad_request', 'The compressed request body could not be decoded.'),
  });
  const origins = new Set(options.corsOrigins);
  await app.register(cors, {
    origin: origins.has('*') ? true : (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'content-encoding', 'apikey', 'x-request-id'],
    exposedHeaders: ['retry-after', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
    maxAge: 600,
  });

  const limiter = await installLimiter(app, {
    store: options.rateStore ?? localStore(),
    perKey: options.rateLimit,
    failedAuth: options.failedAuthLimit,
    blockedDelayMs: options.blockedDelayMs,
  });
  installMetrics(app, metrics, options.metrics, requireKey(keys, limiter));
  installLifecycle(app);
  registerInfoRoutes(app, {
    dictionary: runner.annotator.dictionary,
    vendorKey: options.vendorKey,
    maxTextCodePoints: options.maxTextCodePoints,
  });
  await app.register(annotationRoutes, { keys, limiter, runner, metrics, maxTextCodePoints: options.maxTextCodePoints });
  installMethodNotAllowed(app);

  const appDir = options.appDir;
  if (appDir !== undefined) await registerStaticApp(app, appDir);
  app.setNotFoundHandler((request, reply) => {
    const fallback = appDir === undefined ? undefined : sendAppFallback(request, reply);
    return fallback ?? sendError(reply, notFoundError());
  });
  app.decorate('glosaKeys', keys);
  return app;
}
