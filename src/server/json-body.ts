/**
 * Request bodies are JSON whatever their declared content type, as the original reads them. Before
 * parsing: the declared charset is converted to text (415 when unknown) and the nesting depth is
 * checked in one cheap pass (a deeply nested body costs JSON.parse far more than its size says).
 * A body that cannot be read is kept as UnparsableBody and refused by the handler, not by the
 * parser: a parser error makes Fastify close the connection, though the body was read to its end.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError, toServiceError } from './errors.ts';

class UnparsableBody {
  constructor(readonly error: unknown) {}
}

/** Deepest nesting of objects and arrays a request may have; the contract needs 2. */
export const DEFAULT_MAX_JSON_DEPTH = 32;

/** Whether JSON text nests objects/arrays deeper than `max` (brackets inside strings not counted). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** The declared charset, lower case, or undefined. */
export function declaredCharset(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/** The body as text: UTF-8 unless another charset the platform knows is declared; else 415. */
export function decodeBody(body: Buffer, contentType: string | undefined): string {
  const charset = declaredCharset(contentType);
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return body.toString('utf8');
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    throw new ServiceError('unsupported_media_type', 'The declared charset is not supported; send UTF-8.');
  }
  return decoder.decode(body);
}

export function installJsonBodyParser(app: FastifyInstance, maxDepth: number): void {
  // Fastify's own JSON parser: it refuses `__proto__` and `constructor.prototype` keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeBody(body as Buffer, request.headers['content-type']);
    } catch (error) {
      return done(null, new UnparsableBody(error));
    }
    if (jsonDeeperThan(text, maxDepth)) {
      return done(null, new UnparsableBody(new ServiceError('json_too_deep', `The JSON nests deeper than ${maxDepth} levels.`)));
    }
    parseJson(request, text, (error, value) => done(null, error ? new UnparsableBody(error) : value));
  });
}

/** The parsed body, or a 400/415 ServiceError. */
export function jsonBody(request: FastifyRequest): unknown {
  if (request.body instanceof UnparsableBody) throw toServiceError(request.body.error);
  // No body and no Content-Type: Fastify calls no parser. Empty is `invalid_json` whatever the type.
  if (request.body === undefined) throw toServiceError({ code: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
  return request.body;
}
