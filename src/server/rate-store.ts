/**
 * Where rate-limit counters live. Every store speaks @fastify/rate-limit's store interface, so
 * the plugin counts the same way whatever the backend:
 * - local: this process's memory (the plugin's LocalStore);
 * - cluster: the counters of the `--processes` supervisor, asked over the cluster IPC channel, so
 *   all processes of one service count one key once, exactly;
 * - redis: the plugin's RedisStore (one atomic Lua script per count), shared by every process and
 *   instance using the same Redis. While Redis cannot answer, each process counts alone in its
 *   memory (limits then hold per process) and the outage is reported, not passed on to clients.
 */
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import { createBreaker, DEFAULT_BREAKER, type BreakerTuning } from './redis-breaker.ts';

export interface Count {
  readonly current: number;
  readonly ttl: number;
}
type Callback = (error: Error | null, result: Count | null) => void;

/** @fastify/rate-limit's store interface. */
export interface CounterStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): CounterStore;
}

/** Counters kept by one process; enough for the keys and addresses of a busy service. */
export const LOCAL_CACHE_SIZE = 100_000;

export function localStore(): CounterStore {
  return new LocalStore(false, false, LOCAL_CACHE_SIZE);
}

// --- cluster: workers ask the supervisor ---

interface CountOp {
  readonly id: number;
  readonly op: 'incr' | 'read';
  readonly key: string;
  readonly timeWindow: number;
  readonly max: number;
}
/** The counts a worker asked for in one turn of its event loop, sent as one message. */
interface CountRequest {
  readonly glosaCount: readonly CountOp[];
}
interface CountReply {
  readonly glosaCountReply: readonly { id: number; result: Count }[];
}

function isCountRequest(message: unknown): message is CountRequest {
  return typeof message === 'object' && message !== null && 'glosaCount' in message;
}
function isCountReply(message: unknown): message is CountReply {
  return typeof message === 'object' && message !== null && 'glosaCountReply' in message;
}

/** In the supervisor: answers the workers' count requests from one shared LocalStore. */
export function answerCountRequests(message: unknown, reply: (answer: CountReply) => void, store: CounterStore): void {
  if (!isCountRequest(message)) return;
  const answers = message.glosaCount.map(({ id, op, key, timeWindow, max }) => {
    let answer: Count = { current: 0, ttl: 0 };
    // LocalStore answers synchronously; copied, as it hands out its live counter object.
    store[op](key, (_error, result) => (answer = { current: result?.current ?? 0, ttl: result?.ttl ?? 0 }), timeWindow, max);
    return { id, result: answer };
  });
  reply({ glosaCountReply: answers });
}

/**
 * In a cluster worker: a store whose counters are the supervisor's. The counts asked for in one
 * turn of the event loop (a request's address check and key count, other requests' alike) go as
 * one message: fewer round trips between processes.
 */
export function clusterStore(): CounterStore {
  const pending = new Map<number, Callback>();
  let queued: CountOp[] = [];
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isCountReply(message)) return;
    for (const { id, result } of message.glosaCountReply) {
      pending.get(id)?.(null, result);
      pending.delete(id);
    }
  });
  const flush = () => {
    const batch = queued;
    queued = [];
    process.send?.({ glosaCount: batch } satisfies CountRequest);
  };
  const ask = (op: 'incr' | 'read') => (key: string, callback: Callback, timeWindow: number, max: number) => {
    const id = nextId++;
    pending.set(id, callback);
    if (queued.length === 0) setImmediate(flush);
    queued.push({ id, op, key, timeWindow, max });
  };
  const store: CounterStore = { incr: ask('incr'), read: ask('read'), child: () => store };
  return store;
}

// --- redis ---

export interface RedisStatus {
  /** Calls answered from local memory because Redis failed. */
  fallbacks: number;
  readonly client: Redis;
}

/** Longest wait for Redis before a count falls back to this process's memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis client that fails fast: no offline queue (a command while disconnected fails at once)
 * and a short command timeout (a hung Redis does not hold requests up).
 */
export function connectRedis(url: string, onError: (error: Error) => void): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    lazyConnect: false,
    // The address check and the key's count of one request leave in one write.
    enableAutoPipelining: true,
  });
  client.on('error', onError);
  return client;
}

/**
 * The plugin's RedisStore, with this process's memory as the fallback while Redis fails or is slow
 * (a circuit breaker, see redis-breaker.ts). `onFallback` hears of every count Redis did not
 * answer (in time), `onRecovered` of the first it answers again.
 */
export function redisStore(
  client: Redis,
  onFallback: (error: Error) => void,
  onRecovered: () => void = () => {},
  tuning: Partial<BreakerTuning> = {},
): CounterStore {
  const { failuresToOpen, openMs, slowMs } = { ...DEFAULT_BREAKER, ...tuning };
  const shared = new RedisStore(false, false, client, 'glosa-rl:');
  const fallback = localStore();
  let failing = false;
  const failed = (error: Error) => {
    failing = true;
    onFallback(error);
  };
  const recovered = () => {
    if (!failing) return;
    failing = false;
    onRecovered();
  };
  const breaker = createBreaker({
    failuresToOpen,
    openMs,
    probe: async () => client.status === 'ready' && (await withDeadline(client.ping(), slowMs)) === 'PONG',
    onClose: recovered,
  });
  const withFallback =
    (op: 'incr' | 'read') =>
    (key: string, callback: Callback, timeWindow: number, max: number): void => {
      const local = (error: Error) => {
        failed(error);
        fallback[op](key, callback, timeWindow, max);
      };
      if (client.status !== 'ready') return local(new Error(`redis ${client.status}`));
      if (!breaker.allows()) return local(new Error('redis circuit open'));
      let answered = false;
      // Not answered in time: count here now; a late answer from Redis is then ignored.
      const slow = setTimeout(() => {
        answered = true;
        breaker.failed();
        local(new Error('redis slow'));
      }, slowMs);
      shared[op](
        key,
        (error, result) => {
          clearTimeout(slow);
          if (answered) return;
          answered = true;
          if (error !== null) {
            breaker.failed();
            return local(error);
          }
          breaker.succeeded();
          recovered();
          callback(null, result);
        },
        timeWindow,
        max,
      );
    };
  const store: CounterStore = { incr: withFallback('incr'), read: withFallback('read'), child: () => store };
  return store;
}

/** The promise's value, or undefined when it takes longer than `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
