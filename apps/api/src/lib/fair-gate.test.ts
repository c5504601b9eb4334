import { describe, expect, it } from 'vitest';
import { FairGate, OverloadedError } from './fair-gate.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairGate', () => {
  it('runs at most maxActive at once and serves users round-robin, telling waiters how many are ahead', async () => {
    const gate = new FairGate({ maxActive: 1, maxQueued: 10 });
    const order: string[] = [];
    const ahead: Record<string, number[]> = { a1: [], a2: [], a3: [], b1: [], c1: [] };
    const first = await gate.acquire('a');
    const waits = ['a1', 'a2', 'a3', 'b1', 'c1'].map((name) =>
      gate.acquire(name[0] as string, { onWait: (n) => ahead[name]?.push(n) }).then((release) => {
        order.push(name);
        release();
      }),
    );
    expect(gate.stats()).toMatchObject({ active: 1, queued: 5 });
    // Round robin: a1, b1, c1, a2, a3 — so b1 has one ahead (a1), not three.
    expect(ahead.b1?.at(-1)).toBe(1);
    expect(ahead.a3?.at(-1)).toBe(4);
    first();
    await Promise.all(waits);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it('refuses new waiters when the queue is full, and frees a place when a waiter aborts', async () => {
    const gate = new FairGate({ maxActive: 1, maxQueued: 1 });
    const release = await gate.acquire('a');
    const controller = new AbortController();
    const waiting = gate.acquire('b', { signal: controller.signal });
    const refused = await gate.acquire('c').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OverloadedError);
    expect((refused as OverloadedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    const next = gate.acquire('c');
    release();
    (await next)();
    await tick();
    expect(gate.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it('admits at most maxActive + maxQueued questions at once', () => {
    const gate = new FairGate({ maxActive: 2, maxQueued: 1 });
    const leaves = [gate.admitQuestion(), gate.admitQuestion(), gate.admitQuestion()];
    expect(() => gate.admitQuestion()).toThrow(OverloadedError);
    leaves[0]?.();
    leaves[0]?.(); // a second call is harmless
    const again = gate.admitQuestion();
    expect(() => gate.admitQuestion()).toThrow(OverloadedError);
    for (const leave of [...leaves, again]) leave();
    expect(gate.stats().questions).toBe(0);
  });
});
