/**
 * One structured log line per request, on completion: method, route pattern (never the raw path:
 * a path may hold anything a client typed), status, time, and the key's keyed-HMAC id. Never
 * headers (the API key) nor the body (patient data). The request id comes with pino's `reqId`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { routeName } from './metrics.ts';

export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // The line is built only when it is written (a busy service often logs at warn). Fastify's
    // stand-in logger (logging off) has no isLevelEnabled, and writes nothing anyway.
    const log = reply.log as { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled !== undefined && !log.isLevelEnabled(error ? 'error' : 'info')) return;
    const line = {
      method: request.method,
      route: routeName(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.apiKeyId ? { key: request.apiKeyId } : {}),
    };
    if (error) reply.log.error(line, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
