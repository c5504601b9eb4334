/**
 * In-memory failure throttle with a sliding window: after `limit` failures for a key within `windowMs`, further
 * attempts are refused until the oldest failure leaves the window. The wait is therefore never longer than the
 * window (no long lockouts), and a success clears the key. One process only: fine for one server.
 */
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
