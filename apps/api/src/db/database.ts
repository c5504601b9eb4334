/**
 * Opens the app database: PostgreSQL through a pg Pool when DATABASE_URL is set, otherwise embedded PGlite
 * (file-backed in DATA_DIR/appdb). Both return numeric/bigint as numbers, timestamptz as Date and date as a
 * 'YYYY-MM-DD' string, so query code is the same for both.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { PGliteWorkerClient } from './pglite-worker-client.js';
import type { Database } from './schema.js';

export type AppDb = Kysely<Database>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: AppDb;
  kind: DatabaseKind;
  /** Where the data lives, for logs: a directory for PGlite, the URL without credentials for PostgreSQL. */
  location: string;
  close(): Promise<void>;
}

const OID = { int8: 20, numeric: 1700, date: 1082 } as const;

const toNumber = (value: string) => Number(value);
const keepText = (value: string) => value;

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** DATA_DIR; the embedded database lives in `${dataDir}/appdb`. */
  dataDir: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Told when the pool loses an idle connection (a restart, a failover, a proxy's idle timeout). */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    return openPostgres(options.databaseUrl, options.maxConnections ?? 10, options.onConnectionError);
  }
  return openPglite(path.join(options.dataDir, 'appdb'));
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'appdb');
}

export class DatabaseInUseError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The embedded database ${directory} is in use by process ${pid}. Stop that server first, or give this one ` +
        'another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DatabaseInUseError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two servers on one directory would corrupt it. A lock file beside the
 * directory holds the owner's pid; a lock left by a dead process is taken over.
 */
async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  const lockFile = `${directory}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, String(process.pid), { flag: 'wx' });
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new DatabaseInUseError(directory, owner);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${directory}`);
}

export async function openPglite(directory: string): Promise<OpenedDatabase> {
  // PGlite does not create missing parent directories.
  await mkdir(path.dirname(directory), { recursive: true });
  const unlock = await lockDirectory(directory);
  try {
    // PGlite runs in a worker thread: as WASM it would otherwise block the event loop for every query.
    const pglite = await PGliteWorkerClient.create(directory);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const close = async () => {
      try {
        await db.destroy();
      } finally {
        await unlock();
      }
    };
    return { db, kind: 'pglite', location: directory, close };
  } catch (error) {
    await unlock();
    throw error;
  }
}

async function openPostgres(
  databaseUrl: string,
  max: number,
  onConnectionError: (error: Error) => void = () => undefined,
): Promise<OpenedDatabase> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID.int8 || oid === OID.numeric) return toNumber;
        if (oid === OID.date) return keepText;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // Without a listener, an idle client's 'error' (pg_terminate_backend, a PostgreSQL restart) is an unhandled
  // 'error' event that ends the process. The pool has already dropped that client; the next query opens a new one.
  pool.on('error', onConnectionError);
  // A client checked out of the pool has no pool listener: a cut between its queries (Kysely holds a client for a
  // transaction) would be unhandled too. The query in flight fails with the error; the pool drops the dead client.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const url = new URL(databaseUrl);
  url.password = '';
  return { db, kind: 'postgres', location: url.toString(), close: () => db.destroy() };
}
