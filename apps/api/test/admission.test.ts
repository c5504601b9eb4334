/**
 * Admission control under overload: with one warehouse slot and a queue of two, a burst of questions from several
 * users gets answers for the ones admitted and a clear 503 with Retry-After for the rest; every answered question is
 * saved once, under its asker, and nothing admitted is lost.
 */
import { queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentWarehouse } from '../src/analyst/agent/agent-warehouse.js';
import { currentAsker } from '../src/lib/asker-context.js';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

const QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';

let fixture: FixtureWarehouse;
let slow: AgentWarehouse;
beforeAll(async () => {
  fixture = await createFixtureWarehouse();
  // Each warehouse query takes a while, so a burst really queues.
  slow = {
    ...fixture,
    query: async (sql, options) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return fixture.query(sql, options);
    },
  };
});
afterAll(() => fixture.close());

describe.each(testBackends())('warehouse admission under overload on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      warehouse: async () => slow,
      env: { WAREHOUSE_MAX_CONCURRENT: '1', WAREHOUSE_QUEUE_MAX: '2', RATE_LIMIT_PER_MINUTE: '0' },
    });
  });
  afterAll(() => t.close());

  it('refuses the overflow with 503 and Retry-After, answers the rest once and saves every answer', async () => {
    const users = await Promise.all([t.createUser(), t.createUser(), t.createUser()]);
    // Open the warehouse first so the burst measures admission, not the first open.
    expect(
      (await t.request('POST', '/api/query', { token: users[0]?.token, body: { prompt: QUESTION } }))
        .statusCode,
    ).toBe(200);

    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const user = users[i % users.length];
        return t
          .request('POST', '/api/query', { token: user?.token, body: { prompt: QUESTION } })
          .then((res) => ({ user, res }));
      }),
    );
    const ok = burst.filter(({ res }) => res.statusCode === 200);
    const refused = burst.filter(({ res }) => res.statusCode === 503);
    expect(ok.length + refused.length).toBe(burst.length);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const { res } of refused) {
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(res.json()).toEqual({ detail: expect.stringMatching(/busy.*try again/i) });
    }

    // Every answered question is saved exactly once, under its asker; no refused one is saved.
    const ids = ok.map(({ res }) => queryResultSchema.parse(res.json()).id as string);
    expect(new Set(ids).size).toBe(ids.length);
    const saved = await t.db
      .selectFrom('queries')
      .select(['id', 'user_id'])
      .where(
        'user_id',
        'in',
        users.map((u) => u?.id as string),
      )
      .execute();
    expect(saved).toHaveLength(ids.length + 1);
    for (const { user, res } of ok) {
      const id = queryResultSchema.parse(res.json()).id;
      expect(saved.find((row) => row.id === id)?.user_id).toBe(user?.id);
    }

    // Once the burst has drained, questions are admitted again.
    const after = await t.request('POST', '/api/query', {
      token: users[1]?.token,
      body: { prompt: QUESTION },
    });
    expect(after.statusCode).toBe(200);
  });

  it('reports event-loop delay and the gate on the admin-only metrics endpoint', async () => {
    const user = await t.createUser();
    expect((await t.request('GET', '/api/metrics', { token: user.token })).statusCode).toBe(403);
    const res = await t.request('GET', '/api/metrics', { token: t.admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      event_loop_delay: { p99_ms: expect.any(Number) },
      warehouse_gate: { maxActive: 1, maxQueued: 2, active: 0, queued: 0, questions: 0 },
    });
  });
});

describe('per-user rate limit on questions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { name: 'pglite' },
      {
        warehouse: async () => fixture,
        env: { RATE_LIMIT_PER_MINUTE: '2' },
      },
    );
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After and a readable detail past the limit, per user', async () => {
    const [a, b] = await Promise.all([t.createUser(), t.createUser()]);
    for (let i = 0; i < 2; i++) {
      expect(
        (await t.request('POST', '/api/query', { token: a?.token, body: { prompt: QUESTION } })).statusCode,
      ).toBe(200);
    }
    const limited = await t.request('POST', '/api/query/v2', { token: a?.token, body: { prompt: QUESTION } });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited.json()).toEqual({
      detail: expect.stringMatching(/Too many questions: the limit is 2 a minute/),
    });
    expect(
      (await t.request('POST', '/api/query', { token: b?.token, body: { prompt: QUESTION } })).statusCode,
    ).toBe(200);
    // Cheap calls are not limited.
    expect((await t.request('GET', '/api/auth/me', { token: a?.token })).statusCode).toBe(200);
  });
});

describe('whom a chat turn’s warehouse queries queue as', () => {
  let t: TestApp;
  const askers: (string | undefined)[] = [];
  beforeAll(async () => {
    const recording: AgentWarehouse = {
      ...fixture,
      query: (sql, options) => {
        askers.push(currentAsker()?.userId);
        return fixture.query(sql, options);
      },
    };
    t = await createTestApp({ name: 'pglite' }, { warehouse: async () => recording });
  });
  afterAll(() => t.close());

  it('queues the tools’ queries as the asking user, not as one shared user', async () => {
    const turn = async (session: string) => {
      const user = await t.createUser();
      askers.length = 0;
      const res = await t.request('POST', '/api/chat/message', {
        token: user.token,
        body: { message: 'How many premises have gigabit coverage?', session_id: session, model: 'builtin' },
      });
      expect(res.statusCode).toBe(200);
      return user.id;
    };
    // The first turn also opens the agent (a few reference lookups made once per process, as the system).
    await turn('fair-1');
    const second = await turn('fair-2');
    expect(askers.length).toBeGreaterThan(0);
    expect(new Set(askers)).toEqual(new Set([second]));
  });
});
