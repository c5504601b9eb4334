/** Test helpers: a small warehouse built once per test file into a temp dir. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { TABLES } from '../src/catalog/catalog.js';
import { PostgresWarehouse } from '../src/engine/postgres-engine.js';
import { loadPostgresFromDuckDb } from '../src/engine/postgres-load.js';
import type { Warehouse } from '../src/engine/types.js';
import { type BuildSummary, buildWarehouse, warehousePath } from '../src/generator/build.js';

export const TEST_SCALE = 0.01;
export const TEST_SEED = 42;

export interface TestWarehouse {
  dataDir: string;
  build: BuildSummary;
  cleanup: () => void;
}

export async function buildTestWarehouse(
  options: { scale?: number; seed?: number; checksum?: boolean; prefix?: string } = {},
): Promise<TestWarehouse> {
  const dataDir = mkdtempSync(join(tmpdir(), options.prefix ?? 'qa-wh-test-'));
  const build = await buildWarehouse({
    dataDir,
    scale: options.scale ?? TEST_SCALE,
    seed: options.seed ?? TEST_SEED,
    checksum: options.checksum,
    onWarning: () => undefined,
  });
  return { dataDir, build, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Rows of a result as objects keyed by column name. */
export function objects(result: {
  columns: { name: string }[];
  rows: unknown[][];
}): Record<string, unknown>[] {
  return result.rows.map((r) => Object.fromEntries(result.columns.map((c, i) => [c.name, r[i]])));
}

/**
 * A scratch PostgreSQL database `<name>_<pid>_<time>` beside the admin URL's, loaded from a built DuckDB
 * warehouse and opened as a PostgreSQL engine; `drop` closes the engine and drops the database.
 */
export async function scratchPostgresWarehouse(
  adminUrl: string,
  dataDir: string,
  name: string,
): Promise<{ warehouse: Warehouse; drop: () => Promise<void> }> {
  const dbName = `${name}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  let warehouse: Warehouse | undefined;
  const drop = async () => {
    await warehouse?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  };
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    await loadPostgresFromDuckDb({ duckdbPath: warehousePath(dataDir), url: url.toString() });
    warehouse = await PostgresWarehouse.open({ url: url.toString() });
    return { warehouse, drop };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** Every contract table and view exists with the catalog's columns, in order, and the catalog's types. */
export async function expectCatalogTables(warehouse: Pick<Warehouse, 'query'>): Promise<void> {
  for (const t of TABLES) {
    const r = await warehouse.query(`SELECT * FROM ${t.name} LIMIT 0`);
    expect(
      r.columns.map((c) => c.name),
      t.name,
    ).toEqual(t.columns.map((c) => c.name));
    expect(
      r.columns.map((c) => c.type),
      t.name,
    ).toEqual(t.columns.map((c) => c.type));
  }
}
