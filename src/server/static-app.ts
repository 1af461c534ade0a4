/**
 * `--with-app`: the built web app at `/`, with index.html for any other non-API GET (SPA routes).
 * Vite's content-hashed files (`assets/name-HASH.js`) never change under their name: cached for a
 * year; anything else (index.html, the dictionary) is revalidated on every use.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const API_PREFIXES = ['/tagger', '/health', '/ready', '/metrics', '/openapi.json'];

const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

export async function registerStaticApp(app: FastifyInstance, appDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: appDir,
    wildcard: true,
    cacheControl: false,
    setHeaders: (response, path) => {
      // @fastify/static passes the reply here, though its types say a raw response.
      (response as unknown as FastifyReply).header(
        'cache-control',
        HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/** A path the app's client-side router may own: not the API, and not a file name (no extension). */
function isAppRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !isApiPath(path) && !/\.[^/]*$/.test(path);
}

/** Answers an unmatched request with the app's index.html when it is a page navigation. */
export function sendAppFallback(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || !isAppRoute(request.url)) return undefined;
  return reply.type('text/html; charset=utf-8').sendFile('index.html');
}
