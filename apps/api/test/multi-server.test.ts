/**
 * Two servers behind a load balancer: two app instances, each listening on its own port with its own progress hub,
 * log ring and throttles, sharing one PostgreSQL database and one Redis (a unique key prefix per run). Whatever a
 * request or websocket lands on, progress, the live log, the sign-in throttle and chat history work.
 * Runs when TEST_DATABASE_URL is set; Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chatMessageResponseSchema, type LogEntry, queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';

function connect(url: string, token: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, ['bearer', token]);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('error', reject);
  });
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(inject('testDatabaseUrl'))('two servers sharing PostgreSQL and Redis', () => {
  let fixture: FixtureWarehouse;
  let a: TestApp;
  let b: TestApp;
  let wsA: string;
  let wsB: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    fixture = await createFixtureWarehouse();
    const env = {
      REDIS_URL,
      REDIS_KEY_PREFIX: `qa-test-${randomUUID()}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
    };
    const overrides = {
      loginThrottle: {
        perEmail: { limit: 3, windowMs: 60_000 },
        perAddress: { limit: 100, windowMs: 60_000 },
      },
      progressPingMs: 100,
    };
    a = await createTestApp({ name: 'postgres' }, { env, overrides, warehouse: async () => fixture });
    b = await createTestApp(
      { name: 'postgres' },
      {
        env: { ...env, DATABASE_URL: a.config.databaseUrl as string },
        overrides,
        warehouse: async () => fixture,
      },
    );
    wsA = (await a.listen()).replace('http', 'ws');
    wsB = (await b.listen()).replace('http', 'ws');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await b?.close();
    await a?.close();
    await fixture?.close();
  });

  it('streams the progress of a question asked on one server to a websocket on the other', async () => {
    const user = await a.createUser();
    const feed = await connect(`${wsB}/api/ws/progress?channel=tab-1`, user.token);
    sockets.push(feed.socket);
    await waitFor(() => feed.messages.find((m) => (m as { message: string }).message === 'ping'));
    const res = await a.request('POST', '/api/query', {
      token: user.token,
      body: { prompt: QUESTION, progress_channel: 'tab-1' },
    });
    expect(res.statusCode).toBe(200);
    const id = queryResultSchema.parse(res.json()).id;
    const stages = await waitFor(() => {
      const mine = feed.messages.filter((m) => (m as { query_id?: string }).query_id === id);
      return mine.length >= 2 ? mine : undefined;
    });
    expect(stages.length).toBeGreaterThanOrEqual(2);
  });

  it('shows lines logged by one server on the admin log stream of the other', async () => {
    const feed = await connect(`${wsA}/api/ws/logs`, b.admin.token);
    sockets.push(feed.socket);
    const marker = `hello from b ${randomUUID()}`;
    // Give the socket a moment to be subscribed, then log on the other server.
    await new Promise((resolve) => setTimeout(resolve, 200));
    b.app.log.info({ probe: true }, marker);
    const entry = (await waitFor(() =>
      feed.messages.find((m) => (m as LogEntry).msg === marker),
    )) as LogEntry;
    expect(entry.context).toMatchObject({ probe: true, process: expect.any(String) });
  });

  it('trips the sign-in throttle across both servers', async () => {
    const user = await a.createUser();
    const wrong = { email: user.email, password: 'Wrong-passw0rd' };
    expect((await a.request('POST', '/api/auth/login', { body: wrong })).statusCode).toBe(401);
    expect((await b.request('POST', '/api/auth/login', { body: wrong })).statusCode).toBe(401);
    expect((await a.request('POST', '/api/auth/login', { body: wrong })).statusCode).toBe(401);
    const throttled = await b.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('keeps the history of a chat continued on the other server', async () => {
    const user = await a.createUser();
    const session = `multi-${randomUUID()}`;
    const first = await a.request('POST', '/api/chat/message', {
      token: user.token,
      body: { message: 'Plot full fibre premises over time', session_id: session, model: 'builtin' },
    });
    expect(first.statusCode).toBe(200);
    chatMessageResponseSchema.parse(first.json());
    const second = await b.request('POST', '/api/chat/message', {
      token: user.token,
      body: { message: 'How many premises have gigabit coverage?', session_id: session, model: 'builtin' },
    });
    expect(second.statusCode).toBe(200);
    const history = (
      await b.request('GET', `/api/chat/history/${session}`, { token: user.token })
    ).json() as {
      messages: { type: string; content: string }[];
    };
    const userTurns = history.messages.filter((m) => m.type === 'user').map((m) => m.content);
    expect(userTurns).toEqual([
      'Plot full fibre premises over time',
      'How many premises have gigabit coverage?',
    ]);
  });
});
