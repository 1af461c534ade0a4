/**
 * The settings of `glosa serve`, from command-line flags first, then `GLOSA_*` environment
 * variables, then defaults. Pure apart from reading the files the settings name.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { DEFAULT_VENDOR_KEY } from '../core/index.ts';
import { generateApiKey, parseKeyList, parseKeysFile } from './auth.ts';
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
  readonly options: Omit<Partial<ServerOptions>, 'dictionaryBytes' | 'logger'> & { apiKeys: readonly string[] };
}

export class SettingsError extends Error {}

type Env = Readonly<Record<string, string | undefined>>;

function integer(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new SettingsError(`${name} must be an integer of at least ${min}, got "${value}"`);
  return n;
}

function readKeys(flags: ServeFlags, env: Env): string[] {
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

export function resolveServeSettings(flags: ServeFlags, env: Env): ServeSettings {
  const host = flags.host ?? env.GLOSA_HOST ?? DEFAULT_HOST;
  const port = integer('--port', flags.port ?? env.GLOSA_PORT, 0) ?? DEFAULT_PORT;
  if (port > 65535) throw new SettingsError(`--port must be at most 65535, got ${port}`);
  const tls = readTls(flags, env);
  const problem = insecureListenProblem(host, tls !== undefined, flags['allow-insecure-http'] === true);
  if (problem !== undefined) throw new SettingsError(problem);

  const configured = readKeys(flags, env);
  const generatedKey = configured.length === 0 ? generateApiKey() : undefined;
  const maxChars = integer('--max-chars', flags['max-chars'] ?? env.GLOSA_MAX_CHARS, 1);
  const rate = integer('--rate-limit', flags['rate-limit'] ?? env.GLOSA_RATE_LIMIT, 0);
  const processes = integer('--processes', flags.processes ?? env.GLOSA_PROCESSES, 0) ?? 1;
  const processCount = processes === 0 ? availableParallelism() : processes;
  // Each process counts its own requests, and connections are shared out evenly among them.
  const ratePerProcess = rate === undefined || rate === 0 ? rate : Math.ceil(rate / processCount);
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
    ...(dictPath === undefined ? {} : { dictPath }),
    ...(generatedKey === undefined ? {} : { generatedKey }),
    options: {
      apiKeys: generatedKey === undefined ? configured : [generatedKey],
      vendorKey: flags['vendor-key'] ?? env.GLOSA_VENDOR_KEY ?? DEFAULT_VENDOR_KEY,
      corsOrigins: flags['cors-origin'] ?? corsFromEnv ?? DEFAULT_CORS_ORIGINS,
      workerThreads: workers,
      ...(threshold === undefined ? {} : { workerThresholdCodePoints: threshold }),
      ...(maxChars === undefined ? {} : { maxTextCodePoints: maxChars }),
      ...(ratePerProcess === undefined ? {} : { rateLimit: ratePerProcess === 0 ? false : { max: ratePerProcess, windowMs: 60_000 } }),
      ...(tls === undefined ? {} : { tls }),
    },
  };
}
