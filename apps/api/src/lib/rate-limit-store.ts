/**
 * The rate limits' store (@fastify/rate-limit's `store` option): a fixed window per key, counted in Redis when
 * several server processes share one, and in this process's memory while Redis does not answer (or when there is
 * no Redis). With the plugin's own Redis store a Redis outage made every limited request wait for the client's
 * retries and then fail with 500; here a failed or timed-out command (the client fails fast: shared-bus.ts) is
 * counted in memory instead, so the limit holds per process until Redis is back.
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisHealth } from './shared-bus.js';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

const INCREMENT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

const MAX_MEMORY_KEYS = 50_000;

/** Fixed windows in this process's memory. */
export class MemoryWindows {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  increment(key: string, windowMs: number): Counted {
    const at = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > MAX_MEMORY_KEYS) this.prune(at);
    }
    window.count += 1;
    return { current: window.count, ttl: window.resetAt - at };
  }

  private prune(at: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= at) this.windows.delete(key);
  }
}

export interface RateLimitStoreOptions {
  redis?: Redis | undefined;
  /** Prefix of the Redis keys. */
  prefix: string;
  /** Whether to try Redis; told when it did not answer (and memory was used) and when it did. */
  health?: RedisHealth | undefined;
}

class FallbackRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly prefix: string,
    private readonly options: RateLimitStoreOptions,
    private readonly memory: MemoryWindows,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    const fullKey = `${this.prefix}${key}`;
    const { redis, health } = this.options;
    if (!redis || (health && !health.usable())) {
      callback(null, this.memory.increment(fullKey, timeWindow));
      return;
    }
    redis
      .eval(INCREMENT_SCRIPT, 1, fullKey, String(timeWindow))
      .then((reply) => {
        health?.answered();
        const [current, ttl] = reply as [number, number];
        callback(null, { current: Number(current), ttl: Number(ttl) });
      })
      .catch((error: Error) => {
        health?.failed(error);
        callback(null, this.memory.increment(fullKey, timeWindow));
      });
  }

  child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
    return new FallbackRateLimitStore(
      `${this.prefix}${String(routeOptions.method)}${routeOptions.url}-`,
      this.options,
      this.memory,
    );
  }
}

/** The store class for @fastify/rate-limit's `store` option (the plugin constructs it). */
export function rateLimitStore(options: RateLimitStoreOptions): FastifyRateLimitStoreCtor {
  const memory = new MemoryWindows();
  return class extends FallbackRateLimitStore {
    constructor(_settings: FastifyRateLimitOptions) {
      super(options.prefix, options, memory);
    }
  };
}
