/** A minimal HTTP(S) client for tests that need what fetch hides: no Content-Type, custom CA. */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface RawRequest {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Trusted certificate for HTTPS. */
  readonly ca?: string;
}

export function send(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        // Only the headers given, plus Content-Length: no Content-Type unless asked for.
        headers: { ...options.headers, ...(body === undefined ? {} : { 'content-length': String(body.length) }) },
        ...(options.ca === undefined ? {} : { ca: options.ca }),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
