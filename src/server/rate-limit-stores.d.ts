/** The stores inside @fastify/rate-limit, which ships no types for them. */
declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: unknown): Store;
  }
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;
  export default LocalStore;
}

declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  type Callback = (error: Error | null, result: { current: number; ttl: number } | null) => void;
  interface Store {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: unknown): Store;
  }
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
  export default RedisStore;
}
