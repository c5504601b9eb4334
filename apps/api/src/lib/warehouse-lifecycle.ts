/**
 * The warehouse's life in the server process. On the first start the full-scale data is generated into DATA_DIR
 * (a few minutes); the server listens meanwhile, so people can sign in and the health endpoint reports progress.
 * Later starts find the build and are ready in seconds. With WAREHOUSE_URL the data lives in PostgreSQL and
 * nothing is built here.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureWarehouse, warehousePath } from '@qa/warehouse';
import { AppError } from './errors.js';
import type { Logger } from './logger.js';

/** What a build leaves while it runs: the file being built (and its WAL), and DuckDB's spill directory. */
const BUILD_LEFTOVER = /^(?:warehouse\.duckdb\.building-(\d+)-\d+(?:\.wal)?|tmp-(\d+))$/;

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what builds killed part-way (kill -9, a power cut) left in the warehouse directory: the half-built file
 * named after its process, its WAL and its spill directory, when that process is gone. A live build's files stay.
 * Returns the names removed.
 */
export function removeStaleBuilds(dataDir: string): string[] {
  const dir = path.dirname(warehousePath(dataDir));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = BUILD_LEFTOVER.exec(name);
    const pid = Number(match?.[1] ?? match?.[2]);
    if (!match || pid === process.pid || processIsAlive(pid)) continue;
    rmSync(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

export type WarehouseState =
  | { state: 'building'; step: string; done: number; total: number; elapsed_ms: number }
  | { state: 'ready'; built: boolean; elapsed_ms: number }
  | { state: 'error'; error: string };

export interface WarehouseLifecycle {
  status(): WarehouseState;
  /** Resolves when the warehouse can be opened; rejects when the build failed. */
  ready(): Promise<void>;
}

export function startWarehouseLifecycle(options: {
  dataDir: string;
  warehouseUrl: string | undefined;
  scale: number;
  logger: Logger;
}): WarehouseLifecycle {
  const started = Date.now();
  let current: WarehouseState = { state: 'building', step: 'checking', done: 0, total: 1, elapsed_ms: 0 };
  const { logger } = options;

  if (!options.warehouseUrl) {
    const removed = removeStaleBuilds(options.dataDir);
    if (removed.length > 0) logger.info({ removed }, 'Removed what an interrupted warehouse build left');
  }
  const readyPromise: Promise<void> = options.warehouseUrl
    ? Promise.resolve().then(() => {
        current = { state: 'ready', built: false, elapsed_ms: 0 };
      })
    : ensureWarehouse({
        dataDir: options.dataDir,
        scale: options.scale,
        onProgress: (progress) => {
          current = {
            state: 'building',
            step: progress.step,
            done: progress.done,
            total: progress.total,
            elapsed_ms: progress.elapsedMs,
          };
          logger.info(
            { step: progress.step, done: progress.done, total: progress.total },
            `Building the warehouse: ${progress.step} (${progress.done}/${progress.total})`,
          );
        },
        onWarning: (message) => logger.warn(message),
      }).then(
        (result) => {
          current = { state: 'ready', built: result.built, elapsed_ms: Date.now() - started };
          logger.info(
            { built: result.built, ms: Date.now() - started },
            result.built ? 'Warehouse built and ready' : 'Warehouse ready (existing build reused)',
          );
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          current = { state: 'error', error: message };
          logger.error({ err: error }, 'Warehouse build failed');
          throw error;
        },
      );
  // The failure is reported through status() and ready(); no unhandled rejection at start.
  readyPromise.catch(() => {});

  return {
    status: () => (current.state === 'building' ? { ...current, elapsed_ms: Date.now() - started } : current),
    ready: () => readyPromise,
  };
}

/** What a question gets while the first build runs: 503 with how far the build has got. */
export function warehouseStillBuilding(status: Extract<WarehouseState, { state: 'building' }>): AppError {
  const minutes = Math.max(1, Math.round(status.elapsed_ms / 60_000));
  return new AppError(
    'service_unavailable',
    `The broadband warehouse is still being built (step ${status.done + 1} of ${status.total}: ${status.step}; ${minutes} min so far). ` +
      'The first start builds it once; try again in a few minutes.',
    { 'Retry-After': '30' },
  );
}
