import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DatabaseInUseError, type OpenedDatabase, openPglite } from './database.js';

describe('the PGlite dialect', () => {
  let dir: string;
  let database: OpenedDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'qa-pglite-'));
    await cp(inject('pgliteTemplateDir'), path.join(dir, 'appdb'), { recursive: true });
    database = await openPglite(path.join(dir, 'appdb'));
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('returns numeric and bigint as numbers, timestamptz as Date and date as text', async () => {
    const { rows } = await sql<{ n: unknown; b: unknown; t: unknown; d: unknown }>`
      select 1.25::numeric as n, 9007199254740991::bigint as b, now() as t, '2025-01-31'::date as d
    `.execute(database.db);
    expect(rows[0]).toMatchObject({ n: 1.25, b: 9007199254740991, d: '2025-01-31' });
    expect(rows[0]?.t).toBeInstanceOf(Date);
  });

  it('reports affected rows for inserts, updates and deletes', async () => {
    const db = database.db;
    const inserted = await db
      .insertInto('revoked_tokens')
      .values([
        { jti: 'a', expires_at: new Date() },
        { jti: 'b', expires_at: new Date() },
      ])
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(2n);
    const updated = await db.updateTable('revoked_tokens').set({ expires_at: new Date() }).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const deleted = await db.deleteFrom('revoked_tokens').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(2n);
  });

  it('keeps concurrent queries out of an open transaction', async () => {
    const db = database.db;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('revoked_tokens').values({ jti: 'in-tx', expires_at: new Date() }).execute();
        await gate;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    // Queued behind the transaction: must not see (or join) its uncommitted row.
    const outside = db.selectFrom('revoked_tokens').select('jti').execute();
    release();
    expect(await transaction).toBe('rolled back');
    expect(await outside).toEqual([]);
  });

  it('commits transactions and supports savepoints', async () => {
    const db = database.db;
    const trx = await db.startTransaction().execute();
    await trx.insertInto('revoked_tokens').values({ jti: 'kept', expires_at: new Date() }).execute();
    const savepoint = await trx.savepoint('sp').execute();
    await savepoint.insertInto('revoked_tokens').values({ jti: 'undone', expires_at: new Date() }).execute();
    await savepoint.rollbackToSavepoint('sp').execute();
    await trx.commit().execute();
    const rows = await db.selectFrom('revoked_tokens').select('jti').execute();
    expect(rows.map((row) => row.jti)).toEqual(['kept']);
  });

  it('runs queries off the main thread: timers keep firing during a heavy query, errors keep their SQLSTATE', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await sql`select count(*) from generate_series(1, 3000000) as g(n) where n % 7 = 0`.execute(database.db);
    const elapsed = Date.now() - started;
    clearInterval(timer);
    // On the main thread the WASM query would run to completion with no tick at all.
    if (elapsed > 100) expect(ticks).toBeGreaterThan(2);
    await database.db.insertInto('revoked_tokens').values({ jti: 'dup', expires_at: new Date() }).execute();
    await expect(
      database.db.insertInto('revoked_tokens').values({ jti: 'dup', expires_at: new Date() }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('the embedded database lock', () => {
  it('refuses a second opening of the same directory while the first is open, and frees it on close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'qa-pglite-lock-'));
    const appdb = path.join(dir, 'appdb');
    await cp(inject('pgliteTemplateDir'), appdb, { recursive: true });
    const first = await openPglite(appdb);
    try {
      // Pretend another live process (our parent) holds it.
      await writeFile(`${appdb}.lock`, String(process.ppid));
      await expect(openPglite(appdb)).rejects.toBeInstanceOf(DatabaseInUseError);
      await writeFile(`${appdb}.lock`, String(process.pid));
    } finally {
      await first.close();
    }
    expect(existsSync(`${appdb}.lock`)).toBe(false);
    // A lock left by a dead process is taken over.
    await writeFile(`${appdb}.lock`, '999999999');
    const again = await openPglite(appdb);
    await again.close();
    await rm(dir, { recursive: true, force: true });
  });
});
