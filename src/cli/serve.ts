/**
 * `glosa serve`: the annotation service on a port. Other tools start it this way and wait for the
 * first stdout line, "glosa service listening on http://HOST:PORT": keep that line stable.
 */
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { defaultDictionaryBytes } from '../lexicon/load.ts';
import { repoPath } from '../repo-paths.ts';
import { buildServer } from '../server/app.ts';
import { defaultServerOptions } from '../server/config.ts';
import type { ContextRule } from '../core/index.ts';
import { contextRulesOption } from './context-rules.ts';
import { startDraining } from '../server/lifecycle.ts';
import { clusterStore, connectRedis, localStore, redisStore, type CounterStore } from '../server/rate-store.ts';
import { readKeys, resolveServeSettings, SettingsError, type ServeSettings } from '../server/settings.ts';
import { runClusterPrimary } from './serve-cluster.ts';

const HELP = `usage: glosa serve [--port N] [--host H] [--keys-file FILE] [--dict FILE] [--with-app] [options]

Starts the annotation service (POST /tagger/annotation with an "apikey" header).
  --port N               port (default 8080, 0 = any free port; env GLOSA_PORT)
  --host H               host (default 127.0.0.1; env GLOSA_HOST)
  --keys-file FILE       API keys, one a line (env GLOSA_KEYS_FILE; or GLOSA_API_KEYS=KEY1,KEY2);
                         at least 16 characters each, reloaded on SIGHUP.
                         With no key configured, one is generated and printed.
  --dict FILE            a compiled dictionary (.glsd) instead of the default lexicon
  --context-rules FILE   a user rule pack that adds, overrides or disables context rules
                         (see glosa rules export); a bad pack stops the service from starting
  --nested-sites         emit the site inside a concept ("cáncer de esófago") unless a request's
                         config.nested_sites says false (spans may then overlap)
  --with-app             also serve the built web app (dist/, see npm run build) at /
  --tls-cert FILE --tls-key FILE   serve HTTPS (env GLOSA_TLS_CERT, GLOSA_TLS_KEY)
  --allow-insecure-http  allow plain HTTP on a non-loopback host
  --vendor-key NAME      name of the category key inside "type" (default vendor)
  --max-chars N          longest text in characters (default 100000)
  --rate-limit N         requests per minute per key (default 600, 0 = none)
  --cors-origin ORIGIN   allowed browser origin, repeatable (default the Vite dev server)
  --workers N            worker threads for long texts (0 = none)
  --worker-threshold N   texts of at least N characters go to a worker (default 20000; 0 = all)
  --processes N          server processes sharing the port, each with its own event loop
                         (default 1; 0 = one per core; env GLOSA_PROCESSES). They count rate
                         limits together (in the supervising process, or in Redis).
  --log-level LEVEL      pino level for the logs on stderr (default info)
  --redis URL            keep rate-limit counters in Redis, shared by every process and
                         instance (env GLOSA_REDIS_URL), e.g. redis://127.0.0.1:6379
  --failed-auth-limit N  requests without a valid key per minute per address (default 60, 0 = none)
  --allow-short-keys     accept keys shorter than 16 characters (local tests only)
  --metrics MODE         /metrics: on (default), key (needs an API key) or off
  --trust-proxy VALUE    proxies whose X-Forwarded-For names the client: true, a hop count, or
                         addresses/CIDRs, comma-separated (env GLOSA_TRUST_PROXY)
  --max-connections N    open connections at most (default 1024, 0 = no cap)
  --max-connections-per-address N
                         open connections from one address at most (default 64, 0 = no cap;
                         not applied with --trust-proxy)
  --max-event-loop-delay MS  shed requests with 503 beyond this delay (default 1000, 0 = never)
  --drain-seconds N      after SIGTERM, keep answering N s with Connection: close while /ready
                         says 503, then finish in-flight requests and exit (default 0)
`;

const APP_DIR = repoPath('dist');
const SHUTDOWN_GRACE_MS = 10_000;

function formatUrl(scheme: string, host: string, port: number): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function printBanner(url: string, settings: ServeSettings): void {
  const lines = [`glosa service listening on ${url}`];
  if (settings.withApp) lines.push(`web app: ${url}/`);
  if (settings.generatedKey !== undefined) {
    lines.push(
      `API key (generated for this run; set GLOSA_API_KEYS or --keys-file to choose keys): ${settings.generatedKey}`,
      `try: curl -X POST ${url}/tagger/annotation -H 'apikey: ${settings.generatedKey}' -d '{"text": "no refiere dolor"}'`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

export async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'keys-file': { type: 'string' },
      dict: { type: 'string' },
      'context-rules': { type: 'string' },
      'nested-sites': { type: 'boolean' },
      'with-app': { type: 'boolean' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      'allow-insecure-http': { type: 'boolean' },
      'vendor-key': { type: 'string' },
      'max-chars': { type: 'string' },
      'rate-limit': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      workers: { type: 'string' },
      'worker-threshold': { type: 'string' },
      processes: { type: 'string' },
      'log-level': { type: 'string' },
      redis: { type: 'string' },
      'failed-auth-limit': { type: 'string' },
      'allow-short-keys': { type: 'boolean' },
      metrics: { type: 'string' },
      'trust-proxy': { type: 'string' },
      'max-connections': { type: 'string' },
      'max-connections-per-address': { type: 'string' },
      'max-event-loop-delay': { type: 'string' },
      'drain-seconds': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  let settings: ServeSettings;
  try {
    settings = resolveServeSettings(values, process.env);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    process.stderr.write(`glosa serve: ${error.message}\n`);
    return 2;
  }
  const contextRules = contextRulesOption('serve', values['context-rules']);
  if (typeof contextRules === 'number') return contextRules;
  if (settings.withApp && !existsSync(join(APP_DIR, 'index.html'))) {
    process.stderr.write('glosa serve: --with-app needs the built app in dist/; run "npm run build" first\n');
    return 2;
  }

  const scheme = settings.options.tls === undefined ? 'http' : 'https';
  if (settings.processes > 1 && cluster.isPrimary) {
    return runClusterPrimary({
      processes: settings.processes,
      env: {
        ...(settings.generatedKey === undefined ? {} : { GLOSA_API_KEYS: settings.generatedKey }),
        // One log secret for all processes, so one key has one log id.
        GLOSA_KEY_LOG_SECRET: process.env.GLOSA_KEY_LOG_SECRET ?? randomBytes(32).toString('hex'),
      },
      countLimits: settings.redisUrl === undefined,
      graceMs: SHUTDOWN_GRACE_MS + settings.drainSeconds * 1000,
      onListening: (port) => printBanner(formatUrl(scheme, settings.host, port), settings),
    });
  }

  if (!cluster.isWorker) return serveInThisProcess(settings, scheme, contextRules.rules, values['nested-sites'] === true);
  try {
    return await serveInThisProcess(settings, scheme, contextRules.rules, values['nested-sites'] === true);
  } finally {
    // A cluster worker's channel to the primary would keep it alive once it is done. (Closing
    // the channel through `cluster.worker` keeps the exit code; a bare disconnect exits with 0.)
    cluster.worker?.disconnect();
  }
}

/** Where rate limits are counted: Redis, the cluster supervisor, or this process. */
function chooseRateStore(settings: ServeSettings, logger: Logger): { store: CounterStore; close(): Promise<void> } {
  if (settings.redisUrl !== undefined) {
    // One warning per outage, one line when Redis answers again.
    let reported = false;
    const fellBack = (error: Error) => {
      if (!reported) logger.warn({ error: error.message }, 'redis unavailable; counting rate limits in this process until it answers');
      reported = true;
    };
    const client = connectRedis(settings.redisUrl, fellBack);
    const store = redisStore(client, fellBack, () => {
      reported = false;
      logger.info('redis answers again; rate limits shared again');
    });
    return { store, close: async () => void client.disconnect() };
  }
  return { store: cluster.isWorker ? clusterStore() : localStore(), close: async () => {} };
}

/** SIGHUP: the keys file again; a file that cannot be read or holds bad keys keeps the old keys. */
function reloadKeysOnHangup(app: FastifyInstance, settings: ServeSettings, logger: Logger): void {
  const keysFile = settings.keysFile;
  process.on('SIGHUP', () => {
    // Handled even without a keys file: SIGHUP's default would end the process.
    if (keysFile === undefined) {
      logger.info('SIGHUP: no keys file to reload (keys come from GLOSA_API_KEYS or were generated)');
      return;
    }
    try {
      const keys = readKeys({ 'keys-file': keysFile }, process.env);
      app.glosaKeys.replace(keys);
      logger.info({ keys: app.glosaKeys.size }, 'keys file reloaded');
    } catch (error) {
      logger.error({ error: (error as Error).message }, 'keys file not reloaded; the previous keys stay');
    }
  });
}

async function serveInThisProcess(
  settings: ServeSettings,
  scheme: string,
  contextRules: readonly ContextRule[] | undefined,
  nestedSites: boolean,
): Promise<number> {
  const dictionaryBytes = settings.dictPath === undefined ? defaultDictionaryBytes() : new Uint8Array(readFileSync(settings.dictPath));
  const logger = pino({ level: settings.logLevel }, pino.destination(2));
  const rateStore = chooseRateStore(settings, logger);
  const app = await buildServer(
    defaultServerOptions(
      { apiKeys: settings.options.apiKeys, dictionaryBytes },
      {
        ...settings.options,
        ...(contextRules === undefined ? {} : { contextRules }),
        nestedSites,
        logger,
        rateStore: rateStore.store,
        ...(settings.withApp ? { appDir: APP_DIR } : {}),
      },
    ),
  );
  app.addHook('onClose', () => rateStore.close());
  reloadKeysOnHangup(app, settings, logger);
  try {
    await app.listen({ host: settings.host, port: settings.port });
  } catch (error) {
    await app.close();
    process.stderr.write(`glosa serve: cannot listen on ${settings.host}:${settings.port}: ${(error as Error).message}\n`);
    return 1;
  }
  // In a cluster the primary prints the banner.
  const { port } = app.server.address() as AddressInfo;
  if (cluster.isPrimary) printBanner(formatUrl(scheme, settings.host, port), settings);

  // On SIGINT/SIGTERM: drain (not ready, Connection: close) for the drain time, then stop
  // accepting connections and finish in-flight requests; give up after a grace period.
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      process.stderr.write(`glosa serve: ${signal}, draining for ${settings.drainSeconds} s, then finishing in-flight requests\n`);
      startDraining(app);
      setTimeout(() => {
        setTimeout(() => {
          process.stderr.write('glosa serve: shutdown grace period over, exiting\n');
          process.exit(1);
        }, SHUTDOWN_GRACE_MS).unref();
        app.close().then(
          () => resolve(0),
          () => resolve(1),
        );
      }, settings.drainSeconds * 1000);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
