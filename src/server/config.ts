/** The service's options, their defaults, and the check that refuses unsafe combinations. */
import type { Logger } from 'pino';
import { DEFAULT_VENDOR_KEY, type ContextRule } from '../core/index.ts';
import { DEFAULT_MAX_JSON_DEPTH } from './json-body.ts';
import { defaultBodyLimitBytes } from './limits.ts';
import type { MetricsMode } from './metrics.ts';
import type { CounterStore } from './rate-store.ts';

export interface TlsFiles {
  readonly cert: string | Buffer;
  readonly key: string | Buffer;
}

export interface RateLimit {
  /** Requests per key per window. */
  readonly max: number;
  readonly windowMs: number;
}

export interface ServerOptions {
  /** Plain API keys; only their digests are kept. At least one is required. */
  readonly apiKeys: readonly string[];
  /** The compiled dictionary (the `.glsd` format). */
  readonly dictionaryBytes: Uint8Array;
  readonly vendorKey: string;
  /** Context rules with a user pack applied (`--context-rules`); the default pack otherwise. */
  readonly contextRules?: readonly ContextRule[];
  /** Sites inside concepts by default (`--nested-sites`); a request's `config.nested_sites` overrides it. */
  readonly nestedSites?: boolean;
  readonly maxTextCodePoints: number;
  readonly bodyLimitBytes: number;
  /** Per API key, counting documents; false disables it. */
  readonly rateLimit: RateLimit | false;
  /** Per client address: requests without a valid key; beyond it 429. False disables it. */
  readonly failedAuthLimit: RateLimit | false;
  /** How long the 429 of an address over `failedAuthLimit` is held back (a tarpit). */
  readonly blockedDelayMs: number;
  /** Where rate-limit counters live; this process's memory when not given. */
  readonly rateStore?: CounterStore;
  /** Admit keys shorter than 16 characters (local tests only). */
  readonly allowShortKeys: boolean;
  /** Secret of the keyed HMAC that names a key in logs; random per process when not given. */
  readonly keyLogSecret?: string;
  /** Deepest nesting of objects/arrays in a request body. */
  readonly maxJsonDepth: number;
  /** Most open connections; more are closed at once. 0 = no cap. */
  readonly maxConnections: number;
  /** Most open connections from one client address (not applied behind a trusted proxy). 0 = no cap. */
  readonly maxConnectionsPerAddress: number;
  /** Event-loop delay beyond which requests are shed with 503 and Retry-After; 0 = never. */
  readonly maxEventLoopDelayMs: number;
  readonly metrics: MetricsMode;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For names the client (false = none). */
  readonly trustProxy: boolean | string | number;
  /** Origins allowed by CORS; "*" allows any. Same-origin use needs no entry. */
  readonly corsOrigins: readonly string[];
  /** Longest time an annotation in a worker thread may take (503 `annotation_timeout` beyond). */
  readonly handlerTimeoutMs: number;
  /** Longest time for a client to send a whole request (408 `request_timeout` beyond). */
  readonly requestTimeoutMs: number;
  readonly workerThreads: number;
  readonly workerThresholdCodePoints: number;
  readonly workerMaxQueue: number;
  /** Longest wait of a long text for a worker (503 `server_busy` with Retry-After beyond). */
  readonly workerMaxQueueWaitMs: number;
  readonly tls?: TlsFiles;
  /** A built web app (`dist/`) to serve at `/`, with fallback to its index.html. */
  readonly appDir?: string;
  /** A pino logger; none logs nothing. */
  readonly logger?: Logger;
}

export const DEFAULT_MAX_TEXT_CODE_POINTS = 100_000;
export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
/** The Vite dev server; the built app is served same-origin and needs no entry. */
export const DEFAULT_CORS_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

export function defaultServerOptions(
  required: Pick<ServerOptions, 'apiKeys' | 'dictionaryBytes'>,
  overrides: Partial<ServerOptions> = {},
): ServerOptions {
  const maxTextCodePoints = overrides.maxTextCodePoints ?? DEFAULT_MAX_TEXT_CODE_POINTS;
  return {
    vendorKey: DEFAULT_VENDOR_KEY,
    maxTextCodePoints,
    bodyLimitBytes: defaultBodyLimitBytes(maxTextCodePoints),
    rateLimit: { max: 600, windowMs: 60_000 },
    failedAuthLimit: { max: 60, windowMs: 60_000 },
    blockedDelayMs: 1_000,
    allowShortKeys: false,
    maxJsonDepth: DEFAULT_MAX_JSON_DEPTH,
    maxConnections: 1024,
    maxConnectionsPerAddress: 64,
    maxEventLoopDelayMs: 1_000,
    metrics: 'on',
    trustProxy: false,
    corsOrigins: DEFAULT_CORS_ORIGINS,
    handlerTimeoutMs: 30_000,
    requestTimeoutMs: 30_000,
    workerThreads: 1,
    workerThresholdCodePoints: 20_000,
    workerMaxQueue: 32,
    workerMaxQueueWaitMs: 10_000,
    ...required,
    ...overrides,
  };
}

/** Loopback hosts, where plain HTTP never leaves the machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h);
}

/** Why the service must not start with these settings, or undefined when it may. */
export function insecureListenProblem(host: string, tls: boolean, allowInsecureHttp: boolean): string | undefined {
  if (tls || allowInsecureHttp || isLoopbackHost(host)) return undefined;
  return `refusing plain HTTP on non-loopback host ${host}: give --tls-cert and --tls-key, or --allow-insecure-http`;
}
