/**
 * In-memory failure throttle with a sliding window: after `limit` failures for a key within `windowMs`, further
 * attempts are refused until the oldest failure leaves the window. The wait is therefore never longer than the
 * window (no long lockouts), and a success clears the key. FailureThrottle is one process's memory;
 * redisThrottleFactory keeps the same window in Redis for several server processes.
 */
import type { Redis } from 'ioredis';

export interface ThrottleRule {
  limit: number;
  windowMs: number;
}

export interface ThrottleStatus {
  blocked: boolean;
  /** Seconds until one more attempt is allowed (0 when not blocked). */
  retryAfterSeconds: number;
}

const MAX_KEYS = 50_000;

export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly rule: ThrottleRule,
    private readonly now: () => number = Date.now,
  ) {}

  check(key: string): ThrottleStatus {
    const recent = this.recent(key);
    if (recent.length < this.rule.limit) return { blocked: false, retryAfterSeconds: 0 };
    const oldest = recent[recent.length - this.rule.limit]!;
    const waitMs = oldest + this.rule.windowMs - this.now();
    return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    // Keep only what the rule can ever look at.
    if (recent.length > this.rule.limit) recent.splice(0, recent.length - this.rule.limit);
    this.failures.set(key, recent);
    if (this.failures.size > MAX_KEYS) this.prune();
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.rule.windowMs;
    const times = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }

  private prune(): void {
    const cutoff = this.now() - this.rule.windowMs;
    for (const [key, times] of this.failures) {
      if ((times.at(-1) ?? 0) <= cutoff) this.failures.delete(key);
    }
  }
}

/** A failure throttle as the services use it; async so it can live in Redis when several processes share it. */
export interface Throttle {
  check(key: string): Promise<ThrottleStatus>;
  record(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export type ThrottleFactory = (rule: ThrottleRule, name: string, now?: () => number) => Throttle;

/** The one-process throttle behind the async interface. */
export const memoryThrottle: ThrottleFactory = (rule, _name, now) => {
  const inner = new FailureThrottle(rule, now);
  return {
    check: async (key) => inner.check(key),
    record: async (key) => inner.record(key),
    clear: async (key) => inner.clear(key),
  };
};

/**
 * The same sliding window kept in Redis (one sorted set of failure times per key, expiring with the window), so a
 * sign-in throttle trips whichever server process the attempts land on.
 */
export function redisThrottleFactory(redis: Redis, prefix: string): ThrottleFactory {
  return (rule, name, now = Date.now) => {
    const redisKey = (key: string) => `${prefix}throttle:${name}:${key}`;
    return {
      async check(key) {
        const at = now();
        const k = redisKey(key);
        const replies = await redis
          .multi()
          .zremrangebyscore(k, '-inf', String(at - rule.windowMs))
          .zrange(k, '0', '-1', 'WITHSCORES')
          .exec();
        const flat = (replies?.[1]?.[1] ?? []) as string[];
        const recent: number[] = [];
        for (let i = 1; i < flat.length; i += 2) recent.push(Number(flat[i]));
        if (recent.length < rule.limit) return { blocked: false, retryAfterSeconds: 0 };
        const oldest = recent[recent.length - rule.limit] as number;
        const waitMs = oldest + rule.windowMs - at;
        return { blocked: true, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      },
      async record(key) {
        const at = now();
        const k = redisKey(key);
        await redis
          .multi()
          .zadd(k, String(at), `${at}:${Math.random().toString(36).slice(2)}`)
          .zremrangebyscore(k, '-inf', String(at - rule.windowMs))
          .pexpire(k, rule.windowMs)
          .exec();
      },
      async clear(key) {
        await redis.del(redisKey(key));
      },
    };
  };
}
