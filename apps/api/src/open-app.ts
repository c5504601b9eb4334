/**
 * Opens everything the app runs on and builds it: the log ring and logger, the app database (migrated, with the
 * first admin), the mailer and, when asked, the broadband warehouse; then buildApp. The server, the API tests'
 * helper and the benchmarks all start the app this way, so they run the same set-up.
 */
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AgentWarehouse } from './analyst/agent/agent-warehouse.js';
import { type AppDeps, buildApp } from './app.js';
import type { Config } from './config/env.js';
import { type OpenedDatabase, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { type BootstrapResult, ensureFirstAdmin } from './features/users/bootstrap-admin.js';
import { LogRing } from './lib/log-ring.js';
import { createLogger, type Logger } from './lib/logger.js';
import { createMailer, type Mailer } from './lib/mailer.js';

/** A warehouse the app owns: closed when the app closes. */
export type OwnedWarehouse = AgentWarehouse & { close(): void | Promise<void> };

export interface OpenAppOptions {
  config: Config;
  jwtSecret: string;
  /** The first admin, created when the database has no user yet; by default ADMIN_EMAIL and ADMIN_PASSWORD. */
  admin?: { email: string; password: string };
  /** Whether log lines also go to stdout (the server) or only to the ring (tests, benchmarks). */
  logToStdout?: boolean;
  /** The PostgreSQL pool size when DATABASE_URL is set. */
  maxConnections?: number;
  /**
   * The query agent's warehouse: an opened one (closed with the app), or an opener called on the first question
   * (the caller closes what it opens). Called with the logger, after the app database is ready.
   */
  warehouse?: OwnedWarehouse | ((logger: Logger) => Pick<AppDeps, 'warehouse' | 'warehouseStatus'>);
  overrides?: AppDeps['overrides'];
}

export interface OpenedApp {
  app: FastifyInstance;
  database: OpenedDatabase;
  logger: Logger;
  logRing: LogRing;
  mailer: Mailer;
  /** Whether the first admin was created now, and the password generated for them if none was configured. */
  bootstrap: BootstrapResult;
  /** Listens on a free loopback port (or the given one) and returns http://127.0.0.1:<port>. */
  listenOnLoopback(port?: number): Promise<string>;
  /** Closes the app (in-flight requests finish), the warehouse it was given, queued e-mails and the database. */
  close(): Promise<void>;
}

export async function openApp(options: OpenAppOptions): Promise<OpenedApp> {
  const { config } = options;
  const logRing = new LogRing();
  const logger = createLogger({
    level: config.logLevel,
    ring: logRing,
    stdout: options.logToStdout ?? false,
  });

  await mkdir(config.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    onConnectionError: (error) =>
      logger.warn({ err: error.message }, 'App database connection lost; the pool will open a new one'),
  });
  logger.info({ kind: database.kind, location: database.location }, 'App database opened');
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'Database migrations applied');
  const bootstrap = await ensureFirstAdmin({
    db: database.db,
    logger,
    adminEmail: options.admin?.email ?? config.adminEmail,
    adminPassword: options.admin?.password ?? config.adminPassword,
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    logger,
  });

  const given = options.warehouse;
  const opened = given && typeof given !== 'function' ? given : undefined;
  const warehouseDeps = typeof given === 'function' ? given(logger) : {};
  const app = await buildApp({
    config,
    db: database.db,
    logger,
    logRing,
    mailer,
    jwtSecret: options.jwtSecret,
    ...warehouseDeps,
    ...(opened ? { warehouse: async () => opened } : {}),
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });

  return {
    app,
    database,
    logger,
    logRing,
    mailer,
    bootstrap,
    async listenOnLoopback(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('The app is not listening on a port');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await app.close();
      await opened?.close();
      await mailer.close();
      await database.close();
    },
  };
}
