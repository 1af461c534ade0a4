/**
 * The settings of `glosa serve`, from command-line flags first, then `GLOSA_*` environment
 * variables, then defaults. Pure apart from reading the files the settings name.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { DEFAULT_VENDOR_KEY } from '../core/index.ts';
import { checkedKeys, generateApiKey, parseKeyList, parseKeysFile } from './auth.ts';
import { DEFAULT_CORS_ORIGINS, DEFAULT_HOST, DEFAULT_PORT, insecureListenProblem, type ServerOptions, type TlsFiles } from './config.ts';

export interface ServeFlags {
  port?: string;
  host?: string;
  'keys-file'?: string;
  dict?: string;
  'with-app'?: boolean;
  'tls-cert'?: string;
  'tls-key'?: string;
  'allow-insecure-http'?: boolean;
  'vendor-key'?: string;
  'max-chars'?: string;
  'rate-limit'?: string;
  'cors-origin'?: string[];
  workers?: string;
  'worker-threshold'?: string;
  processes?: string;
  'log-level'?: string;
  'allow-short-keys'?: boolean;
  redis?: string;
  'failed-auth-limit'?: string;
  metrics?: string;
  'trust-proxy'?: string;
  'max-connections'?: string;
  'max-connections-per-address'?: string;
  'max-event-loop-delay'?: string;
  'drain-seconds'?: string;
}

export interface ServeSettings {
  readonly host: string;
  readonly port: number;
  readonly dictPath?: string;
  readonly withApp: boolean;
  readonly logLevel: string;
  /** Server processes sharing the port (Node cluster); 1 serves from this process alone. */
  readonly processes: number;
  /** Set when no key was configured and one was made for this run. */
  readonly generatedKey?: string;
  /** The keys file, re-read on SIGHUP. */
  readonly keysFile?: string;
  /** Redis for rate-limit counters shared by every process and instance. */
  readonly redisUrl?: string;
  /** After SIGTERM: seconds answering (with `Connection: close`, `/ready` 503) before closing. */
  readonly drainSeconds: number;
  readonly options: Omit<Partial<ServerOptions>, 'dictionaryBytes' | 'logger' | 'rateStore'> & { apiKeys: readonly string[] };
}

export class SettingsError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new SettingsError(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

/** The configured keys: the keys file's, then GLOSA_API_KEYS. */
export function readKeys(flags: Pick<ServeFlags, 'keys-file'>, env: Env): string[] {
  const file = flags['keys-file'] ?? env.GLOSA_KEYS_FILE;
  const fromFile = file === undefined ? [] : parseKeysFile(readFileSync(file, 'utf8'));
  if (file !== undefined && fromFile.length === 0) throw new SettingsError(`the keys file ${file} holds no key`);
  return [...fromFile, ...parseKeyList(env.GLOSA_API_KEYS)];
}

function readTls(flags: ServeFlags, env: Env): TlsFiles | undefined {
  const cert = flags['tls-cert'] ?? env.GLOSA_TLS_CERT;
  const key = flags['tls-key'] ?? env.GLOSA_TLS_KEY;
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) throw new SettingsError('give both --tls-cert and --tls-key');
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

/** `--trust-proxy`: true/false, a hop count, or comma-separated proxy addresses/CIDRs. */
function parseTrustProxy(value: string): boolean | string | number {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

function shortKeysProblem(keys: readonly string[]): string | undefined {
  try {
    checkedKeys(keys);
    return undefined;
  } catch (error) {
    return `${(error as Error).message}, or --allow-short-keys for local tests`;
  }
}

export function resolveServeSettings(flags: ServeFlags, env: Env): ServeSettings {
  const host = flags.host ?? env.GLOSA_HOST ?? DEFAULT_HOST;
  const port = integer('--port', flags.port ?? env.GLOSA_PORT, 0) ?? DEFAULT_PORT;
  if (port > 65535) throw new SettingsError(`--port must be at most 65535, got ${port}`);
  const tls = readTls(flags, env);
  const problem = insecureListenProblem(host, tls !== undefined, flags['allow-insecure-http'] === true);
  if (problem !== undefined) throw new SettingsError(problem);

  const keysFile = flags['keys-file'] ?? env.GLOSA_KEYS_FILE;
  const configured = readKeys(flags, env);
  const generatedKey = configured.length === 0 ? generateApiKey() : undefined;
  const maxChars = integer('--max-chars', flags['max-chars'] ?? env.GLOSA_MAX_CHARS, 1);
  const rate = integer('--rate-limit', flags['rate-limit'] ?? env.GLOSA_RATE_LIMIT, 0);
  const processes = integer('--processes', flags.processes ?? env.GLOSA_PROCESSES, 0) ?? 1;
  const processCount = processes === 0 ? availableParallelism() : processes;
  const failedAuth = integer('--failed-auth-limit', flags['failed-auth-limit'] ?? env.GLOSA_FAILED_AUTH_LIMIT, 0);
  const metrics = flags.metrics ?? env.GLOSA_METRICS ?? 'on';
  if (metrics !== 'on' && metrics !== 'key' && metrics !== 'off')
    throw new SettingsError(`--metrics must be on, key or off, got "${metrics}"`);
  const trustProxy = flags['trust-proxy'] ?? env.GLOSA_TRUST_PROXY;
  const maxConnections = integer('--max-connections', flags['max-connections'] ?? env.GLOSA_MAX_CONNECTIONS, 0);
  const maxConnectionsPerAddress = integer(
    '--max-connections-per-address',
    flags['max-connections-per-address'] ?? env.GLOSA_MAX_CONNECTIONS_PER_ADDRESS,
    0,
  );
  const maxDelay = integer('--max-event-loop-delay', flags['max-event-loop-delay'] ?? env.GLOSA_MAX_EVENT_LOOP_DELAY, 0);
  const drainSeconds = integer('--drain-seconds', flags['drain-seconds'] ?? env.GLOSA_DRAIN_SECONDS, 0) ?? 0;
  const redisUrl = flags.redis ?? env.GLOSA_REDIS_URL;
  const allowShortKeys = flags['allow-short-keys'] === true;
  const shortKeyProblem = configured.length > 0 && !allowShortKeys ? shortKeysProblem(configured) : undefined;
  if (shortKeyProblem !== undefined) throw new SettingsError(shortKeyProblem);
  const workers = integer('--workers', flags.workers ?? env.GLOSA_WORKERS, 0) ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const threshold = integer('--worker-threshold', flags['worker-threshold'] ?? env.GLOSA_WORKER_THRESHOLD, 0);
  const corsFromEnv = env.GLOSA_CORS_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
  const dictPath = flags.dict ?? env.GLOSA_DICT;

  return {
    host,
    port,
    withApp: flags['with-app'] === true,
    logLevel: flags['log-level'] ?? env.GLOSA_LOG_LEVEL ?? 'info',
    processes: processCount,
    drainSeconds,
    ...(dictPath === undefined ? {} : { dictPath }),
    ...(generatedKey === undefined ? {} : { generatedKey }),
    ...(keysFile === undefined ? {} : { keysFile }),
    ...(redisUrl === undefined ? {} : { redisUrl }),
    options: {
      apiKeys: generatedKey === undefined ? configured : [generatedKey],
      vendorKey: flags['vendor-key'] ?? env.GLOSA_VENDOR_KEY ?? DEFAULT_VENDOR_KEY,
      corsOrigins: flags['cors-origin'] ?? corsFromEnv ?? DEFAULT_CORS_ORIGINS,
      workerThreads: workers,
      ...(threshold === undefined ? {} : { workerThresholdCodePoints: threshold }),
      ...(maxChars === undefined ? {} : { maxTextCodePoints: maxChars }),
      ...(rate === undefined ? {} : { rateLimit: rate === 0 ? false : { max: rate, windowMs: 60_000 } }),
      ...(failedAuth === undefined ? {} : { failedAuthLimit: failedAuth === 0 ? false : { max: failedAuth, windowMs: 60_000 } }),
      metrics,
      allowShortKeys,
      ...(trustProxy === undefined ? {} : { trustProxy: parseTrustProxy(trustProxy) }),
      ...(maxConnections === undefined ? {} : { maxConnections }),
      ...(maxConnectionsPerAddress === undefined ? {} : { maxConnectionsPerAddress }),
      ...(maxDelay === undefined ? {} : { maxEventLoopDelayMs: maxDelay }),
      ...(env.GLOSA_KEY_LOG_SECRET === undefined ? {} : { keyLogSecret: env.GLOSA_KEY_LOG_SECRET }),
      ...(tls === undefined ? {} : { tls }),
    },
  };
}
