import { describe, expect, it } from 'vitest';
import { memoryThrottle, SlidingWindowThrottle } from './throttle.js';

describe('SlidingWindowThrottle', () => {
  it('refuses after the limit and lets the key go when the oldest attempt leaves the window', () => {
    let now = 0;
    const throttle = new SlidingWindowThrottle({ limit: 3, windowMs: 60_000 }, () => now);
    for (const at of [0, 10_000, 20_000]) {
      now = at;
      expect(throttle.take('k').allowed).toBe(true);
    }
    now = 30_000;
    expect(throttle.take('k')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now = 60_001;
    expect(throttle.take('k').allowed).toBe(true);
  });

  it('does not count refused attempts, so the wait is never longer than the window', () => {
    let now = 0;
    const throttle = new SlidingWindowThrottle({ limit: 2, windowMs: 1000 }, () => now);
    for (let i = 0; i < 100; i++) throttle.take('k');
    now = 999;
    expect(throttle.take('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1001;
    expect(throttle.take('k').allowed).toBe(true);
  });

  it('keeps keys apart, gives back one attempt, and forgets a key on clear', () => {
    const throttle = new SlidingWindowThrottle({ limit: 1, windowMs: 1000 });
    const taken = throttle.take('a');
    expect(throttle.take('a').allowed).toBe(false);
    expect(throttle.take('b').allowed).toBe(true);
    if (taken.allowed) throttle.giveBack('a', taken.at);
    expect(throttle.take('a').allowed).toBe(true);
    throttle.clear('a');
    expect(throttle.take('a').allowed).toBe(true);
  });
});

describe('memoryThrottle', () => {
  it('lets exactly the limit through when attempts arrive together', async () => {
    const throttle = memoryThrottle({ limit: 5, windowMs: 60_000 }, 'test');
    const attempts = await Promise.all(Array.from({ length: 100 }, () => throttle.attempt('k')));
    expect(attempts.filter((a) => a.allowed)).toHaveLength(5);
  });
});
