/**
 * Attempt throttles with a sliding window: at most `limit` attempts for a key within `windowMs`; beyond it an
 * attempt is refused until the oldest one leaves the window, so the wait is never longer than the window (no long
 * lockouts) and refused attempts are not counted.
 *
 * An attempt is counted *before* the work it guards (a password check), in one atomic step with the decision:
 * checking first and counting after the work let 100 parallel sign-ins all be checked. A guarded action that
 * turns out not to be a failure gives its attempt back (`release`), e.g. a sign-in with the right password.
 *
 * memoryThrottle keeps the windows in this process (JavaScript runs one step at a time, so check-and-count is
 * atomic); redisThrottleFactory keeps them in Redis for several server processes (one Lua script per attempt),
 * and falls back to this process's memory while Redis does not answer.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisHealth } from './shared-bus.js';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export type Attempt =
  | {
      allowed: true;
      /** Takes this attempt back out of the window (the guarded action was not a failure). */
      release(): Promise<void>;
    }
  | {
      allowed: false;
      /** Seconds until one more attempt is allowed. */
      retryAfterSeconds: number;
    };

/** A throttle as the services use it; async so it can live in Redis when several processes share it. */
export interface Throttle {
  /** Counts an attempt for the key and says whether it may go ahead, in one atomic step. */
  attempt(key: string): Promise<Attempt>;
  /** Forgets every attempt for the key. */
  clear(key: string): Promise<void>;
}

export type ThrottleFactory = (rule: ThrottleRule, name: string, now?: () => number) => Throttle;

const MAX_KEYS = 50_000;

const retryAfter = (oldest: number, rule: ThrottleRule, at: number) =>
  Math.max(1, Math.ceil((oldest + rule.windowMs - at) / 1000));

/** One process's sliding windows, synchronous. */
export class SlidingWindowThrottle {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** The attempt's time when it is allowed (and now counted), or the seconds to wait. */
  take(key: string): { allowed: true; at: number } | { allowed: false; retryAfterSeconds: number } {
    const at = this.now();
    const recent = this.recent(key, at);
    if (recent.length >= this.rule.limit) {
      const oldest = recent[recent.length - this.rule.limit] as number;
      return { allowed: false, retryAfterSeconds: retryAfter(oldest, this.rule, at) };
    }
    recent.push(at);
    this.attempts.set(key, recent);
    if (this.attempts.size > MAX_KEYS) this.prune(at);
    return { allowed: true, at };
  }

  /** Takes back one attempt made at `at`. */
  giveBack(key: string, at: number): void {
    const recent = this.attempts.get(key);
    const index = recent?.indexOf(at) ?? -1;
    if (!recent || index < 0) return;
    recent.splice(index, 1);
    if (recent.length === 0) this.attempts.delete(key);
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, at: number): number[] {
    const cutoff = at - this.rule.windowMs;
    const times = (this.attempts.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.attempts.delete(key);
    return times;
  }

  private prune(at: number): void {
    const cutoff = at - this.rule.windowMs;
    for (const [key, times] of this.attempts) {
      if ((times.at(-1) ?? 0) <= cutoff) this.attempts.delete(key);
    }
  }
}

/** The one-process throttle behind the async interface. */
export const memoryThrottle: ThrottleFactory = (rule, _name, now) => {
  const inner = new SlidingWindowThrottle(rule, now);
  return {
    async attempt(key) {
      const taken = inner.take(key);
      if (!taken.allowed) return taken;
      return { allowed: true, release: async () => inner.giveBack(key, taken.at) };
    },
    clear: async (key) => inner.clear(key),
  };
};

/**
 * KEYS[1] the window (a sorted set of attempt ids scored by time); ARGV now, window ms, limit, this attempt's id.
 * Returns {1} when the attempt is allowed and counted, {0, oldest} when it is refused.
 */
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return {0, oldest[2]}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1}
`;

export interface RedisThrottleOptions {
  /** Whether to try Redis; told when it did not answer (and this process's memory was used) and when it did. */
  health?: RedisHealth;
}

/**
 * The same sliding windows kept in Redis, so a sign-in throttle trips whichever server process the attempts land
 * on. While Redis does not answer (the client fails fast: see shared-bus.ts) each process counts in its own memory
 * instead: the limit then holds per process rather than not at all.
 */
export function redisThrottleFactory(
  redis: Redis,
  prefix: string,
  options: RedisThrottleOptions = {},
): ThrottleFactory {
  return (rule, name, now = Date.now) => {
    const redisKey = (key: string) => `${prefix}throttle:${name}:${key}`;
    const fallback = memoryThrottle(rule, name, now);
    const { health } = options;
    const fellBack = (error: unknown) => health?.failed(error as Error);
    return {
      async attempt(key) {
        if (health && !health.usable()) return fallback.attempt(key);
        const id = randomUUID();
        const k = redisKey(key);
        let reply: unknown;
        try {
          reply = await redis.eval(
            ATTEMPT_SCRIPT,
            1,
            k,
            String(now()),
            String(rule.windowMs),
            rule.limit,
            id,
          );
          health?.answered();
        } catch (error) {
          fellBack(error);
          return fallback.attempt(key);
        }
        const [allowed, oldest] = reply as [number, string | undefined];
        if (allowed !== 1)
          return { allowed: false, retryAfterSeconds: retryAfter(Number(oldest), rule, now()) };
        return {
          allowed: true,
          release: async () => {
            await redis.zrem(k, id).catch(fellBack);
          },
        };
      },
      async clear(key) {
        await fallback.clear(key);
        if (health && !health.usable()) return;
        await redis.del(redisKey(key)).catch(fellBack);
      },
    };
  };
}
