/**
 * Entry points the API server uses: `ensureWarehouse` at start (build the DuckDB file once, reuse it afterwards)
 * and `openWarehouse` for questions (DuckDB file under DATA_DIR, or PostgreSQL when a URL is given).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import {
  type BuildProgress,
  type BuildSummary,
  buildWarehouse,
  DEFAULT_SCALE,
  DEFAULT_SEED,
  warehouseDir,
  warehousePath,
} from '../generator/build.js';
import type { GeographyInput } from '../generator/geography-input.js';
import { GENERATOR_VERSION, WAREHOUSE_FORMAT_VERSION } from '../schema/storage.js';
import { DuckDbWarehouse } from './duckdb-engine.js';
import { queryObjects } from './duckdb-values.js';
import { PostgresWarehouse } from './postgres-engine.js';
import type { Warehouse } from './types.js';

export interface OpenWarehouseOptions {
  /** DATA_DIR; the DuckDB file is `${dataDir}/warehouse/warehouse.duckdb`. Default ./data. */
  dataDir?: string;
  /** PostgreSQL URL (WAREHOUSE_URL): use the PostgreSQL engine instead of DuckDB. */
  warehouseUrl?: string;
  /** PostgreSQL schema holding the warehouse (default 'warehouse'). */
  schema?: string;
  /** DuckDB worker threads and memory limit for questions. */
  threads?: number;
  memoryLimit?: string;
  maxConcurrent?: number;
}

export async function openWarehouse(options: OpenWarehouseOptions = {}): Promise<Warehouse> {
  if (options.warehouseUrl) {
    return PostgresWarehouse.open({
      url: options.warehouseUrl,
      schema: options.schema,
      maxConnections: options.maxConcurrent,
    });
  }
  return DuckDbWarehouse.open({
    path: warehousePath(options.dataDir ?? './data'),
    threads: options.threads,
    memoryLimit: options.memoryLimit,
    maxConcurrent: options.maxConcurrent,
  });
}

export interface EnsureWarehouseOptions {
  dataDir?: string;
  /** Only used when a build is needed; also forces a rebuild when an existing generated build differs. */
  scale?: number;
  seed?: number;
  force?: boolean;
  geography?: GeographyInput;
  onProgress?: (progress: BuildProgress) => void;
  onWarning?: (message: string) => void;
}

export interface EnsureWarehouseResult {
  path: string;
  /** True when this call built the warehouse; false when an existing one was reused. */
  built: boolean;
  build?: BuildSummary;
  meta: Record<string, string>;
}

/** Reads wh_meta of a warehouse file, or undefined when it is missing or unreadable. */
export async function readWarehouseMeta(path: string): Promise<Record<string, string> | undefined> {
  if (!existsSync(path)) return undefined;
  try {
    const instance = await DuckDBInstance.create(path, { access_mode: 'READ_ONLY', threads: '1' });
    try {
      const conn = await instance.connect();
      const rows = await queryObjects<{ key: string; value: string }>(conn, 'SELECT key, value FROM wh_meta');
      conn.closeSync();
      return Object.fromEntries(rows.map((r) => [r.key, r.value]));
    } finally {
      instance.closeSync();
    }
  } catch {
    return undefined;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A build lock so two processes starting together do not both build. */
async function withBuildLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'build.lock');
  for (;;) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(lockPath, 'utf8').trim());
      if (!Number.isInteger(holder) || holder <= 0 || !pidAlive(holder)) {
        rmSync(lockPath, { force: true });
        continue;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

function needsBuild(meta: Record<string, string> | undefined, options: EnsureWarehouseOptions): boolean {
  if (options.force || !meta) return true;
  if (meta.format_version !== WAREHOUSE_FORMAT_VERSION) return true;
  if (meta.source !== 'generated') return false; // never overwrite imported data implicitly
  if (meta.generator_version !== GENERATOR_VERSION) return true;
  if (options.scale !== undefined && Number(meta.scale) !== options.scale) return true;
  if (options.seed !== undefined && Number(meta.seed) !== options.seed) return true;
  return false;
}

export async function ensureWarehouse(options: EnsureWarehouseOptions = {}): Promise<EnsureWarehouseResult> {
  const dataDir = options.dataDir ?? './data';
  const path = warehousePath(dataDir);
  const existing = await readWarehouseMeta(path);
  if (!needsBuild(existing, options)) return { path, built: false, meta: existing! };
  return withBuildLock(warehouseDir(dataDir), async () => {
    // Another process may have finished the build while we waited for the lock.
    const again = await readWarehouseMeta(path);
    if (!needsBuild(again, options) && again) return { path, built: false, meta: again };
    const build = await buildWarehouse({
      dataDir,
      scale: options.scale ?? DEFAULT_SCALE,
      seed: options.seed ?? DEFAULT_SEED,
      geography: options.geography,
      onProgress: options.onProgress,
      onWarning: options.onWarning,
    });
    return { path, built: true, build, meta: (await readWarehouseMeta(path)) ?? {} };
  });
}
