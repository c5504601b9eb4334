/**
 * Two real server processes behind a load balancer: `node --import tsx apps/api/src/server.ts` started twice,
 * each on its own port with its own DATA_DIR (both holding the same small warehouse), one fresh PostgreSQL
 * database made for this file, one Redis with a unique key prefix, one JWT secret. Over real HTTP and websockets:
 * progress, the live log, the sign-in throttle, chat history and chart links work whichever process a request or
 * websocket lands on.
 * Runs when TEST_DATABASE_URL is set; Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chatMessageResponseSchema, type LogEntry, queryResultSchema } from '@qa/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type WebSocket from 'ws';
import { connectSocket, waitFor } from './helpers/websocket.js';
import { SMALL_SCALE, smallWarehouseDir } from './support/small-warehouse.js';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';
const SERIES_QUESTION = 'Gigabit coverage trend by quarter since the start of 2024';
const ADMIN = { email: 'admin@multi.example', password: 'Admin-Passw0rd-multi' };
const PASSWORD = 'User-Passw0rd-multi';
/** The default sign-in throttle: five failures per e-mail in 15 minutes. */
const PER_EMAIL_FAILURES = 5;

interface Server {
  name: string;
  url: string;
  ws: string;
  child: ChildProcess;
  output: string[];
  dataDir: string;
}

/** Starts one server process; resolves with its URL once it logs that it listens (PORT=0: the OS picks a port). */
function startServer(name: string, env: Record<string, string>, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start in time:\n${output.join('').slice(-4000)}`));
    }, 120_000);
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      buffered += chunk.toString();
      const match = /Query Agent listening on (http:\/\/[\d.]+:\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        const url = match[1]!;
        resolve({ name, url, ws: url.replace('http', 'ws'), child, output, dataDir });
        buffered = '';
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output.join('').slice(-4000)}`));
    });
  });
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function call(
  server: Server,
  method: string,
  url: string,
  { token, body }: { token?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; json: () => unknown; text: string }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: () => JSON.parse(text), text };
}

const connect = (url: string, token: string) => connectSocket(url, (m) => m, ['bearer', token]);
/** Messages cross from one server process to the other through Redis, so waits are longer here. */
const CROSS_PROCESS_WAIT_MS = 10_000;

describe.runIf(inject('testDatabaseUrl'))('two server processes sharing PostgreSQL and Redis', () => {
  const dbName = `qa_multi_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let admin: pg.Client;
  let a: Server;
  let b: Server;
  let adminToken: string;
  const sockets: WebSocket[] = [];
  const scratch: string[] = [];

  async function login(server: Server, email: string, password: string): Promise<string> {
    const res = await call(server, 'POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login on ${server.name}: ${res.status} ${res.text}`);
    return (res.json() as { access_token: string }).access_token;
  }

  /** A new user made by the admin on server A; signs in on the given server. */
  async function newUser(on: Server): Promise<{ email: string; token: string }> {
    const email = `user-${randomBytes(4).toString('hex')}@multi.example`;
    const made = await call(a, 'POST', '/api/users', {
      token: adminToken,
      body: { email, password: PASSWORD, role: 'user' },
    });
    expect(made.status).toBe(201);
    return { email, token: await login(on, email, PASSWORD) };
  }

  beforeAll(async () => {
    const serverUrl = inject('testDatabaseUrl');
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${dbName}`;
    const warehouse = path.join(await smallWarehouseDir(), 'warehouse');
    const dataDir = async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'qa-multi-server-'));
      scratch.push(dir);
      await symlink(warehouse, path.join(dir, 'warehouse'));
      return dir;
    };
    const env = {
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      REDIS_KEY_PREFIX: `qa-test-${randomUUID()}:`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      QUERY_PLANNER: 'builtin',
      WAREHOUSE_SCALE: String(SMALL_SCALE),
      WAREHOUSE_URL: '',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
    };
    // One after the other: the first migrates the shared database and creates the admin.
    a = await startServer('A', env, await dataDir());
    b = await startServer('B', env, await dataDir());
    adminToken = await login(a, ADMIN.email, ADMIN.password);
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all([stopServer(a), stopServer(b)]);
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
    await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin?.end();
  }, 60_000);

  it('runs as two processes', () => {
    expect(a.child.pid).toBeGreaterThan(0);
    expect(b.child.pid).toBeGreaterThan(0);
    expect(a.child.pid).not.toBe(b.child.pid);
    expect(a.url).not.toBe(b.url);
  });

  it('streams the progress of a question asked on A to a websocket on B', async () => {
    const user = await newUser(a);
    const channel = `tab-${randomUUID()}`;
    const feed = await connect(`${b.ws}/api/ws/progress?channel=${channel}`, user.token);
    sockets.push(feed.socket);
    // The subscription to the shared channel completes just after the socket opens.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const res = await call(a, 'POST', '/api/query', {
      token: user.token,
      body: { prompt: QUESTION, progress_channel: channel },
    });
    expect(res.status).toBe(200);
    const id = queryResultSchema.parse(res.json()).id;
    const stages = await waitFor(() => {
      const mine = feed.messages.filter((m) => (m as { query_id?: string }).query_id === id);
      return mine.length >= 2 ? mine : undefined;
    }, CROSS_PROCESS_WAIT_MS);
    expect(stages.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('shows lines logged by B on the admin log stream of A', async () => {
    const feed = await connect(`${a.ws}/api/ws/logs`, adminToken);
    sockets.push(feed.socket);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const email = `nobody-${randomUUID()}@multi.example`;
    // A failed sign-in on B is logged by B ("Sign-in failed" with the address tried).
    const res = await call(b, 'POST', '/api/auth/login', { body: { email, password: 'Wrong-passw0rd' } });
    expect(res.status).toBe(401);
    const entry = (await waitFor(
      () => feed.messages.find((m) => (m as LogEntry).context?.email === email),
      CROSS_PROCESS_WAIT_MS,
    )) as LogEntry;
    expect(entry.msg).toBe('Sign-in failed');
  }, 30_000);

  it("closes on B a deleted admin's log socket, before the next line, when A deletes the admin", async () => {
    const email = `ex-admin-${randomBytes(4).toString('hex')}@multi.example`;
    const made = await call(a, 'POST', '/api/users', {
      token: adminToken,
      body: { email, password: PASSWORD, role: 'admin' },
    });
    expect(made.status).toBe(201);
    const exAdmin = made.json() as { id: string };
    const feed = await connect(`${b.ws}/api/ws/logs`, await login(b, email, PASSWORD));
    sockets.push(feed.socket);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const removed = await call(a, 'DELETE', `/api/users/${exAdmin.id}`, { token: adminToken });
    expect(removed.status).toBe(200);
    const deletedAt = Date.now();
    const probe = `after-delete-${randomUUID()}`;
    // Logged by B right after the deletion on A: the ex-admin's socket on B must not carry it.
    await call(b, 'POST', '/api/auth/login', {
      body: { email: `${probe}@multi.example`, password: 'Wrong-passw0rd' },
    });
    const { code } = await feed.closed;
    expect(Date.now() - deletedAt).toBeLessThan(5000);
    expect(code).toBe(4401);
    expect(feed.messages.some((m) => JSON.stringify(m).includes(probe))).toBe(false);
  }, 30_000);

  it('trips the sign-in throttle across both processes', async () => {
    const user = await newUser(a);
    const wrong = { email: user.email, password: 'Wrong-passw0rd' };
    for (let i = 0; i < PER_EMAIL_FAILURES; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await call(server, 'POST', '/api/auth/login', { body: wrong })).status).toBe(401);
    }
    // Even the right password is refused now, on the process that saw only some of the failures.
    const throttled = await call(b, 'POST', '/api/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((throttled.json() as { detail: string }).detail).toBeTruthy();
  }, 30_000);

  it('keeps the history of a chat continued on B', async () => {
    const user = await newUser(a);
    const session = `multi-${randomUUID()}`;
    const first = await call(a, 'POST', '/api/chat/message', {
      token: user.token,
      body: { message: 'Plot full fibre premises over time', session_id: session, model: 'builtin' },
    });
    expect(first.status).toBe(200);
    chatMessageResponseSchema.parse(first.json());
    const second = await call(b, 'POST', '/api/chat/message', {
      token: user.token,
      body: { message: 'How many premises have gigabit coverage?', session_id: session, model: 'builtin' },
    });
    expect(second.status).toBe(200);
    const history = (await call(b, 'GET', `/api/chat/history/${session}`, { token: user.token })).json() as {
      messages: { type: string; content: string }[];
    };
    const userTurns = history.messages.filter((m) => m.type === 'user').map((m) => m.content);
    expect(userTurns).toEqual([
      'Plot full fibre premises over time',
      'How many premises have gigabit coverage?',
    ]);
  }, 60_000);

  it('opens on B a chart link signed on A', async () => {
    const user = await newUser(a);
    const asked = await call(a, 'POST', '/api/query', {
      token: user.token,
      body: { prompt: SERIES_QUESTION },
    });
    expect(asked.status).toBe(200);
    const id = queryResultSchema.parse(asked.json()).id;
    const made = await call(a, 'POST', `/api/charts/for-query/${id}`, { token: user.token });
    expect(made.status).toBe(200);
    const chart = (made.json() as { chart: { url: string; title: string } | null }).chart;
    expect(chart).not.toBeNull();
    const link = new URL(chart!.url, a.url);
    expect(link.searchParams.get('token')).toBeTruthy();
    // The signed link alone, no Bearer header, on the other process.
    const page = await call(b, 'GET', `${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(chart!.title);
    // A link whose signature was not made with the shared secret opens nothing.
    const forged = await call(b, 'GET', `${link.pathname}?token=${randomBytes(16).toString('hex')}`);
    expect(forged.status).toBe(404);
  }, 60_000);
});
