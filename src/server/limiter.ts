/**
 * The two request limits, both counted by @fastify/rate-limit in the configured store:
 * - per API key: `rateLimit.max` documents per window (a batch counts each of its documents);
 * - per client address: `failedAuthLimit.max` requests without a valid key per window. Once an
 *   address has used them up, every keyed request from it gets 429 until the window ends, valid
 *   key or not: a guesser learns nothing from the answer.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from './config.ts';
import { ServiceError } from './errors.ts';
import type { CounterStore } from './rate-store.ts';

export interface Limiter {
  /** Refuses (429) an address that has used up its failed attempts; reads, does not count. */
  checkAddress(request: FastifyRequest): Promise<void>;
  /** Counts a failed attempt of this address; 429 instead of `error` once over the limit. */
  failed(request: FastifyRequest, error: ServiceError): Promise<ServiceError>;
  /**
   * Counts `documents` for the request's key; 429 when that takes it over the limit. Several
   * documents that do not all fit in what is left are refused without counting any.
   */
  countKey(request: FastifyRequest, reply: FastifyReply, documents: number): Promise<void>;
  /** Refuses (429) a key with nothing left; reads, does not count (a batch counts once read). */
  checkKey(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export interface LimiterOptions {
  readonly store: CounterStore;
  readonly perKey: RateLimit | false;
  readonly failedAuth: RateLimit | false;
  /**
   * How long the 429 of an address over its failed-key limit is held back: a client hammering
   * without a key then sends one request per connection per delay instead of as many as the
   * service can refuse (its body is not read meanwhile). 0 answers at once.
   */
  readonly blockedDelayMs: number;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RateLimitFn = ReturnType<FastifyInstance['createRateLimit']>;
interface CountState {
  readonly max: number;
  readonly remaining: number;
  readonly ttl: number;
  readonly isExceeded: boolean;
}

/** One count (or read) of a limit; no allow list is configured, so every request counts. */
async function count(limit: RateLimitFn, request: FastifyRequest, increment = true): Promise<CountState> {
  const state = await limit(request, { increment });
  if (state.isAllowed) return { max: Number.POSITIVE_INFINITY, remaining: Number.POSITIVE_INFINITY, ttl: 0, isExceeded: false };
  return state;
}

function retryAfter(ttlMs: number): string {
  return String(Math.max(1, Math.ceil(ttlMs / 1000)));
}

function windowMs(limit: RateLimit | false): number {
  return limit === false ? 0 : limit.windowMs;
}

function rateHeaders(reply: FastifyReply, state: CountState): void {
  reply.header('x-ratelimit-limit', String(state.max));
  reply.header('x-ratelimit-remaining', String(state.remaining));
  reply.header('x-ratelimit-reset', retryAfter(state.ttl));
}

/** The 429 of a key over its limit, with the rate headers. */
function keyOverLimit(reply: FastifyReply, state: CountState): ServiceError {
  rateHeaders(reply, state);
  return new ServiceError('rate_limited', `Too many requests for this API key; retry in ${retryAfter(state.ttl)} s.`, {
    'retry-after': retryAfter(state.ttl),
  });
}

export async function installLimiter(app: FastifyInstance, options: LimiterOptions): Promise<Limiter> {
  // `new Store()` on a function that returns an object yields that object.
  const Store = function SharedStore() {
    return options.store;
  } as unknown as FastifyRateLimitStoreCtor;
  await app.register(rateLimit, { global: false, store: Store });

  const byKey =
    options.perKey === false
      ? undefined
      : app.createRateLimit({
          max: options.perKey.max,
          timeWindow: options.perKey.windowMs,
          keyGenerator: (request) => `key:${request.apiKeyCounter}`,
        });
  const byAddress =
    options.failedAuth === false
      ? undefined
      : app.createRateLimit({
          max: options.failedAuth.max,
          timeWindow: options.failedAuth.windowMs,
          keyGenerator: (request) => `addr:${request.ip}`,
        });

  const tooManyFailures = (ttl: number) =>
    new ServiceError('rate_limited', `Too many requests without a valid API key from this address; retry in ${retryAfter(ttl)} s.`, {
      'retry-after': retryAfter(ttl),
    });

  return {
    async checkAddress(request) {
      if (byAddress === undefined) return;
      const state = await count(byAddress, request, false);
      if (state.remaining === 0) {
        await delay(options.blockedDelayMs);
        throw tooManyFailures(state.ttl);
      }
    },
    async failed(request, error) {
      if (byAddress === undefined) return error;
      const state = await count(byAddress, request);
      if (!state.isExceeded) return error;
      await delay(options.blockedDelayMs);
      return tooManyFailures(state.ttl);
    },
    async countKey(request, reply, documents) {
      if (byKey === undefined || documents <= 0) return;
      // Several documents at once: refused whole, spending nothing, when they do not all fit.
      if (documents > 1) {
        const before = await count(byKey, request, false);
        if (before.remaining < documents) throw keyOverLimit(reply, { ...before, ttl: before.ttl || windowMs(options.perKey) });
      }
      const states = await Promise.all(Array.from({ length: documents }, () => count(byKey, request)));
      const last = states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
      rateHeaders(reply, last);
      if (last.isExceeded) throw keyOverLimit(reply, last);
    },
    async checkKey(request, reply) {
      if (byKey === undefined) return;
      const state = await count(byKey, request, false);
      if (state.remaining === 0) throw keyOverLimit(reply, state);
    },
  };
}
