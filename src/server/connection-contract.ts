/**
 * What Node's HTTP server answers by itself, brought into the contract:
 * - a client that half-closes after sending its request (shuts down its writing side) is still
 *   answered: by default Node aborts the request and ends the socket at the client's FIN, so an
 *   answer not ready at once (a worker's, a compressed one) was lost and logged as an error;
 * - an `Expect` other than `100-continue` gets 417 with the contract's JSON error body (Node
 *   sends it with an empty body).
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ServiceError } from './errors.ts';

export function installConnectionContract(server: Server): void {
  // Node's documented-in-source switch: keep the socket writable after the client's FIN and end
  // it once the last pending response is sent.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const error = new ServiceError('expectation_failed', 'Only "Expect: 100-continue" is supported.');
    const body = JSON.stringify(error.payload);
    response.shouldKeepAlive = false;
    response.writeHead(error.statusCode, STATUS_CODES[error.statusCode], {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
}
