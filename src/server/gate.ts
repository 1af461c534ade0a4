/**
 * The first hook of every request, before any body is read: what can be refused from the request
 * line and headers alone is refused here, so a client without a key cannot make the service read
 * or parse a body. OPTIONS (other than an allowed CORS preflight) and TRACE answer 405; a request
 * with a body to an unknown path answers 404 unread; an empty or malformed Content-Type is read
 * as JSON like a missing one, and `Content-Encoding: identity` like none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceError } from './errors.ts';
import { methodNotAllowed, notFoundError } from './http-errors.ts';

const MEDIA_TYPE = /^[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(;.*)?$/;

function isAllowedPreflight(request: FastifyRequest, origins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return (
    request.headers['access-control-request-method'] !== undefined && origin !== undefined && (origins.has('*') || origins.has(origin))
  );
}

/** The gate's verdict on a request: an error to answer with, or undefined to go on. */
function refusal(request: FastifyRequest, origins: ReadonlySet<string>): ServiceError | undefined {
  const contentType = request.headers['content-type'];
  if (contentType !== undefined && !MEDIA_TYPE.test(contentType)) request.raw.headers['content-type'] = 'application/json';
  // `identity` is no encoding at all; @fastify/compress decodes the others or answers 415.
  if (request.headers['content-encoding']?.trim().toLowerCase() === 'identity') delete request.raw.headers['content-encoding'];
  if (request.method === 'TRACE' || (request.method === 'OPTIONS' && !isAllowedPreflight(request, origins))) {
    return methodNotAllowed(request);
  }
  if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') return notFoundError();
  return undefined;
}

export function installGate(app: FastifyInstance, corsOrigins: readonly string[]): void {
  const origins = new Set(corsOrigins);
  // A callback hook, not an async one: it runs on every request and needs no promise.
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request, origins)));
}
