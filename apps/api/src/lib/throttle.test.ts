import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.js';

describe('FailureThrottle', () => {
  it('blocks after the limit and lets the key go when the oldest failure leaves the window', () => {
    let now = 0;
    const throttle = new FailureThrottle({ limit: 3, windowMs: 60_000 }, () => now);
    for (const at of [0, 10_000, 20_000]) {
      now = at;
      expect(throttle.check('k').blocked).toBe(false);
      throttle.record('k');
    }
    now = 30_000;
    expect(throttle.check('k')).toEqual({ blocked: true, retryAfterSeconds: 30 });
    now = 60_001;
    expect(throttle.check('k').blocked).toBe(false);
  });

  it('never blocks for longer than the window, however many failures came before', () => {
    let now = 0;
    const throttle = new FailureThrottle({ limit: 2, windowMs: 1000 }, () => now);
    for (let i = 0; i < 100; i++) throttle.record('k');
    expect(throttle.check('k').retryAfterSeconds).toBeLessThanOrEqual(1);
    now = 1001;
    expect(throttle.check('k').blocked).toBe(false);
  });

  it('keeps keys apart and forgets a key on clear', () => {
    const throttle = new FailureThrottle({ limit: 1, windowMs: 1000 });
    throttle.record('a');
    expect(throttle.check('a').blocked).toBe(true);
    expect(throttle.check('b').blocked).toBe(false);
    throttle.clear('a');
    expect(throttle.check('a').blocked).toBe(false);
  });
});
