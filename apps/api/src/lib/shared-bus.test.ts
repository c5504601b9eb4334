import { describe, expect, it } from 'vitest';
import type { Logger } from './logger.js';
import { isRedisUnavailable, REDIS_RETRY_AFTER_MS, redisHealth } from './shared-bus.js';

describe('redisHealth', () => {
  it('leaves Redis alone for a while after a failure, and logs once per outage', () => {
    let now = 0;
    const lines: string[] = [];
    const logger = {
      warn: (_: unknown, message: string) => lines.push(`warn ${message}`),
      info: (_: unknown, message: string) => lines.push(`info ${message}`),
    } as unknown as Logger;
    const health = redisHealth(logger, () => now);
    expect(health.usable()).toBe(true);
    health.failed(new Error('Command timed out'));
    health.failed(new Error('Command timed out'));
    expect(health.usable()).toBe(false);
    now += REDIS_RETRY_AFTER_MS;
    expect(health.usable()).toBe(true);
    health.answered();
    health.answered();
    expect(lines).toEqual([
      'warn Redis is not answering: throttles and rate limits count in this process until it is back',
      'info Redis is answering again',
    ]);
  });

  it("tells the Redis client's fail-fast errors from others", () => {
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
    expect(
      isRedisUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false")),
    ).toBe(true);
    expect(isRedisUnavailable(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(false);
  });
});
