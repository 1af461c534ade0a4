/**
 * Every way a request can fail, answered in the contract's error shape: the error handler, the
 * not-found handler, 405 for known paths under another method, and malformed HTTP or a client
 * too slow to send its request (answered on the raw socket, before Fastify sees a request).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowedMethods, methodsByPath, routePath } from './endpoints.ts';
import { ServiceError, toServiceError } from './errors.ts';

export function sendError(reply: FastifyReply, error: ServiceError): FastifyReply {
  return reply.code(error.statusCode).headers(error.headers).type('application/json; charset=utf-8').send(error.payload);
}

/**
 * Where an unexpected error happened, without its message: a message may quote the text being
 * annotated, and logs must never hold patient data.
 */
function errorLocation(error: unknown): { type: string; frames?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  return { type: error.name, ...(error.stack === undefined ? {} : { frames: error.stack.split('\n').slice(1).join('\n') }) };
}

/** A refused request announcing a larger body than this has its connection closed. */
const CLOSE_ABOVE_BYTES = 64 * 1024;

/**
 * Whether a refused request may still have a large body coming (its length says so, or it is
 * chunked, and nothing has read it). Reading it only to throw it away, Node's default to keep the
 * connection, would let a client without a key make the service receive megabytes per request;
 * closing the connection costs that client a reconnect instead.
 */
function largeBodyUnread(request: FastifyRequest): boolean {
  if (request.body !== undefined) return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return length > CLOSE_ABOVE_BYTES || request.headers['transfer-encoding'] !== undefined;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raw, request, reply) => {
    const error = toServiceError(raw);
    if (error.code === 'internal_error') request.log.error({ error: errorLocation(raw) }, 'request failed');
    else request.log.info({ code: error.code }, 'request rejected');
    if (largeBodyUnread(request)) reply.header('connection', 'close');
    return sendError(reply, error);
  });
}

export function notFoundError(): ServiceError {
  return new ServiceError('not_found', 'There is no endpoint at this path; GET /tagger lists the endpoints.');
}

/**
 * For each known path, every other common method answers 405 with an `Allow` header, refused in
 * `onRequest` so a body sent with it is never read.
 */
export function methodNotAllowed(request: FastifyRequest): ServiceError {
  const allow = allowedMethods(request.url) ?? 'GET, HEAD';
  return new ServiceError('method_not_allowed', `${request.method} is not allowed here; use ${allow}.`, { allow });
}

export function installMethodNotAllowed(app: FastifyInstance): void {
  const candidates = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  for (const [path, allowed] of methodsByPath()) {
    const others = candidates.filter((m) => !allowed.has(m));
    app.route({
      method: others,
      url: routePath(path),
      exposeHeadRoute: false,
      onRequest: async (request: FastifyRequest) => {
        throw methodNotAllowed(request);
      },
      handler: () => undefined,
    });
  }
}

interface ClientError extends Error {
  code?: string;
}

/** Node's `clientError`: malformed HTTP, or the request not received within `requestTimeout`. */
export function handleClientError(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const serviceError =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new ServiceError('request_timeout', 'The request was not received in time.')
      : new ServiceError('bad_request', 'The request is not valid HTTP.');
  const body = JSON.stringify(serviceError.payload);
  const status = serviceError.statusCode;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
