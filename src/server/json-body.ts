/**
 * Request bodies are JSON whatever their declared content type, as the original reads them.
 * A body that is not JSON is kept as UnparsableBody and refused by the handler, not by the parser:
 * a parser error makes Fastify close the connection, though the body was read to its end.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toServiceError } from './errors.ts';

class UnparsableBody {
  constructor(readonly error: unknown) {}
}

export function installJsonBodyParser(app: FastifyInstance): void {
  // Fastify's own JSON parser: it refuses `__proto__` and `constructor.prototype` keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) =>
      done(null, error ? new UnparsableBody(error) : value),
    );
  });
}

/** The parsed body, or a 400 `invalid_json` ServiceError. */
export function jsonBody(request: FastifyRequest): unknown {
  if (request.body instanceof UnparsableBody) throw toServiceError(request.body.error);
  return request.body;
}
