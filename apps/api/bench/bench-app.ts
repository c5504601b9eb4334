/**
 * The real app for a benchmark: in-process on a loopback port, with a throwaway app database in a scratch
 * DATA_DIR (embedded, or the given PostgreSQL database), the given warehouse, and a signed-in admin.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/env.js';
import type { AppDb } from '../src/db/database.js';
import { type OwnedWarehouse, openApp } from '../src/open-app.js';

const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench-Passw0rd';

export interface BenchApp {
  /** http://127.0.0.1:<port> */
  url: string;
  /** The admin's access token. */
  token: string;
  db: AppDb;
  /** Closes the app, the warehouse and the database, and removes the scratch directory. */
  close(): Promise<void>;
}

export async function startBenchApp(options: {
  /** Names the scratch directory (qa-bench-<name>-...). */
  name: string;
  /** The environment the configuration is read from; DATA_DIR and WEB_DIST_DIR point into the scratch directory. */
  env: Record<string, string | undefined>;
  /** A throwaway PostgreSQL database for the app (default: embedded in the scratch directory). */
  databaseUrl?: string;
  warehouse: OwnedWarehouse;
  /** The port to listen on (default a free one). */
  port?: number;
  maxConnections?: number;
}): Promise<BenchApp> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), `qa-bench-${options.name}-`));
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    ...options.env,
    DATABASE_URL: options.databaseUrl ?? '',
    DATA_DIR: scratch,
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
  });
  const opened = await openApp({
    config,
    jwtSecret: randomBytes(32).toString('hex'),
    admin: { email: EMAIL, password: PASSWORD },
    warehouse: options.warehouse,
    ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
  });
  const close = async () => {
    await opened.close();
    await rm(scratch, { recursive: true, force: true });
  };
  try {
    const url = await opened.listenOnLoopback(options.port);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
    const { access_token: token } = (await login.json()) as { access_token: string };
    return { url, token, db: opened.database.db, close };
  } catch (error) {
    await close();
    throw error;
  }
}
