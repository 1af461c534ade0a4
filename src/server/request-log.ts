/**
 * One structured log line per request, on completion: method, path (no query string), status,
 * time. Never headers (the API key) nor the body (patient data).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.apiKeyId ? { key: request.apiKeyId } : {}),
    };
    if (error) reply.log.error(line, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
