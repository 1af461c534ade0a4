/**
 * The service's endpoints in one table: it drives `GET /tagger`, the OpenAPI document and the
 * 405 answers for paths that exist under another method.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** OpenAPI form, `{param}` for path parameters. */
  readonly path: string;
  readonly summary: string;
  readonly auth: boolean;
}

export const ENDPOINTS: readonly Endpoint[] = [
  { method: 'POST', path: '/tagger/annotation', summary: 'Annotate a text: every medical concept found in it.', auth: true },
  {
    method: 'POST',
    path: '/tagger/annotation/{category}',
    summary: 'Annotate a text, keeping only annotations of one coarse category (e.g. Finding).',
    auth: true,
  },
  { method: 'GET', path: '/tagger/ping', summary: 'Liveness check; the body is exactly "pong".', auth: false },
  { method: 'GET', path: '/tagger/config', summary: 'Version, text length limit, vendor key and dictionary of this service.', auth: false },
  { method: 'GET', path: '/tagger', summary: 'This list of endpoints.', auth: false },
  {
    method: 'POST',
    path: '/tagger/annotations',
    summary: 'Annotate up to 25 documents at once: each answered with its result or its error.',
    auth: true,
  },
  { method: 'GET', path: '/health', summary: 'Liveness: the process answers (never depends on load or draining).', auth: false },
  { method: 'GET', path: '/ready', summary: 'Readiness: 200 while serving, 503 while starting or draining.', auth: false },
  { method: 'GET', path: '/metrics', summary: 'Prometheus metrics (may be turned off or need a key).', auth: false },
  { method: 'GET', path: '/openapi.json', summary: 'OpenAPI 3.1 description of this service.', auth: false },
];

/** `/a/{b}` in Fastify's route syntax, `/a/:b`. */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The paths with the methods each one answers. */
export function methodsByPath(): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const e of ENDPOINTS) {
    const methods = map.get(e.path) ?? new Set<string>();
    methods.add(e.method);
    if (e.method === 'GET') methods.add('HEAD');
    map.set(e.path, methods);
  }
  return map;
}

/** The methods the endpoint table allows at a request path (`Allow` of a 405), or undefined. */
export function allowedMethods(url: string): string | undefined {
  const path = (url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
  for (const [pattern, methods] of methodsByPath()) {
    const regex = new RegExp(`^${pattern.replace(/\{\w+\}/g, '[^/]+')}$`);
    if (regex.test(path)) return [...methods].join(', ');
  }
  return undefined;
}
