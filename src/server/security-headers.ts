/**
 * Security headers, computed once by `helmet` from our policy and set on every response in one
 * call. (@fastify/helmet builds a new helmet middleware, parsing the whole policy, on every
 * request: a measurable share of a short annotation's cost.)
 *
 * The policy fits the web app: only its own scripts and worker; inline styles are allowed (the
 * app's UI sets some; a style cannot run code); remote mode may call any HTTPS service or one on
 * this machine. HSTS only when the service itself serves TLS.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export function securityHeaders(tls: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(tls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  let error: unknown;
  middleware({} as IncomingMessage, collector, (e?: unknown) => (error = e));
  if (error !== undefined) throw error;
  return headers;
}

/**
 * Every response carries the security headers and the request id; a POST's answer also says no
 * cache may keep it (results are patient data). They are set first, in one hook, so a handler may
 * still change one.
 */
export function installSecurityHeaders(app: FastifyInstance, tls: boolean): void {
  const headers = securityHeaders(tls);
  const postHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.method === 'POST' ? postHeaders : headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
