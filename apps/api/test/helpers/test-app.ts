/**
 * Builds the real app in-process against a fresh database: a copy of the migrated PGlite template in a temp
 * DATA_DIR, or (backend 'postgres', when TEST_DATABASE_URL is set) a uniquely named PostgreSQL database created
 * for this app and dropped on close. Suites run on every backend with describe.each(testBackends()).
 *
 *   describe.each(testBackends())('users on $name', (backend) => {
 *     let t: TestApp;
 *     beforeAll(async () => { t = await createTestApp(backend); });
 *     afterAll(() => t.close());
 *     it('lists users', async () => {
 *       const res = await t.request('GET', '/api/users', { token: t.admin.token });
 *       expect(res.statusCode).toBe(200);
 *     });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@qa/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppDeps } from '../../src/app.js';
import { type Config, loadConfig } from '../../src/config/env.js';
import { type AppDb, pgliteDirectory } from '../../src/db/database.js';
import type { LogRing } from '../../src/lib/log-ring.js';
import { type Mailer, OUTBOX_DIR } from '../../src/lib/mailer.js';
import { hashPassword } from '../../src/lib/passwords.js';
import { openApp } from '../../src/open-app.js';
import { type OutboxMessage, readOutbox } from './eml.js';

export type BackendName = 'pglite' | 'postgres';
export interface TestBackend {
  name: BackendName;
}

/** pglite always; postgres too when TEST_DATABASE_URL is set. */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite' }];
  if (inject('testDatabaseUrl')) backends.push({ name: 'postgres' });
  return backends;
}

export const ADMIN_EMAIL = 'admin@test.example';
export const ADMIN_PASSWORD = 'Admin-Passw0rd';
export const USER_PASSWORD = 'User-Passw0rd';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
  token: string;
}

export interface TestAppOptions {
  /** Extra environment variables for loadConfig (e.g. SMTP_URL, WEB_DIST_DIR). */
  env?: Record<string, string>;
  overrides?: AppDeps['overrides'];
  /** The query agent's warehouse (e.g. test/support/fixture-warehouse.ts). */
  warehouse?: AppDeps['warehouse'];
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApp {
  backend: BackendName;
  app: FastifyInstance;
  db: AppDb;
  config: Config;
  dataDir: string;
  logRing: LogRing;
  mailer: Mailer;
  /** The app's signing secret, to forge expired tokens in tests. */
  jwtSecret: string;
  admin: TestUser;
  request(method: string, url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<string>;
  /** Inserts a user straight into the database and signs them in. */
  createUser(options?: { role?: Role; email?: string; password?: string }): Promise<TestUser>;
  /** A signed-in user whose token has then been revoked by logout. */
  revokedToken(role?: Role): Promise<string>;
  /** Waits for queued e-mails, then reads DATA_DIR/outbox. */
  outbox(): Promise<OutboxMessage[]>;
  /** The token of the newest outbox message to this address. */
  latestTokenFor(email: string): Promise<string>;
  /** Starts listening on a free loopback port; returns http://127.0.0.1:<port>. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(3).toString('hex')}@test.example`;
}

async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = inject('testDatabaseUrl');
  const name = `qa_api_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export async function createTestApp(backend: TestBackend, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-api-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (backend.name === 'postgres') {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else {
    await cp(inject('pgliteTemplateDir'), pgliteDirectory(dataDir), { recursive: true });
  }

  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-dist'),
    PUBLIC_URL: 'http://app.test',
    LOG_LEVEL: 'debug',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  // JWT_SECRET in env lets several apps (e.g. two "servers" sharing one database) accept each other's tokens.
  const jwtSecret = config.jwtSecret ?? randomBytes(32).toString('hex');
  const { warehouse } = options;
  const opened = await openApp({
    config,
    jwtSecret,
    admin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    maxConnections: 4,
    ...(warehouse ? { warehouse: () => ({ warehouse }) } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  const { app, database, logRing, mailer } = opened;
  await app.ready();

  const request: TestApp['request'] = (method, url, { token, body, headers = {} } = {}) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body }
          : { payload: body as object }),
    });

  const login = async (email: string, password: string) => {
    const response = await request('POST', '/api/auth/login', { body: { email, password } });
    if (response.statusCode !== 200)
      throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { access_token: string }).access_token;
  };

  const adminRow = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();

  const t: TestApp = {
    backend: backend.name,
    app,
    db: database.db,
    config,
    dataDir,
    logRing,
    mailer,
    jwtSecret,
    admin: {
      id: adminRow.id,
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      role: 'admin',
      token: await login(ADMIN_EMAIL, ADMIN_PASSWORD),
    },
    request,
    login,
    async createUser({ role = 'user', email = uniqueEmail(role), password = USER_PASSWORD } = {}) {
      const row = await database.db
        .insertInto('users')
        .values({ email, role, password_hash: await hashPassword(password) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, email, password, role, token: await login(email, password) };
    },
    async revokedToken(role = 'admin') {
      const user = await t.createUser({ role });
      const response = await request('POST', '/api/auth/logout', { token: user.token });
      if (response.statusCode !== 200) throw new Error(`logout failed: ${response.statusCode}`);
      return user.token;
    },
    async outbox() {
      await mailer.flush();
      return readOutbox(path.join(dataDir, OUTBOX_DIR));
    },
    async latestTokenFor(email) {
      const messages = (await t.outbox()).filter((message) => message.to.includes(email));
      const token = messages.at(-1)?.token;
      if (!token) throw new Error(`no outbox message with a link for ${email}`);
      return token;
    },
    listen: () => opened.listenOnLoopback(),
    async close() {
      await opened.close();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
