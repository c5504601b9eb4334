/**
 * Builds the warehouse: a single DuckDB file at `${dataDir}/warehouse/warehouse.duckdb`, written under a temporary
 * name and renamed into place when complete, so readers never see a half-built file and a failed build leaves the
 * previous one untouched. All heavy lifting is set-based SQL inside DuckDB; randomness is `hash(seed, stream, key)`,
 * so the same seed and scale give the same data.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { queryObjects } from '../engine/duckdb-values.js';
import { GENERATOR_VERSION, WAREHOUSE_FORMAT_VERSION } from '../schema/storage.js';
import { FULL_SCALE_PREMISES, planAllocation } from './allocation.js';
import { LATEST_SNAPSHOT } from './calendar.js';
import { type GeographyInput, loadProjectGeography, normaliseLaName } from './geography-input.js';
import {
  createAttractiveness,
  createCalendarTables,
  createForecast,
  createLatestAndViews,
  createReferenceTables,
  rowCounts,
  writeMeta,
} from './steps/finish.js';
import { createIntervals } from './steps/intervals.js';
import { placeNetworks } from './steps/placement.js';
import { createGeographyTables, createPostcodes } from './steps/postcodes.js';
import { createTakeUp } from './steps/take-up.js';

export const DEFAULT_SEED = 42;
export const DEFAULT_SCALE = 1;
export const WAREHOUSE_FILE = 'warehouse.duckdb';

export interface BuildProgress {
  step: string;
  /** Steps finished so far and in total. */
  done: number;
  total: number;
  elapsedMs: number;
}

export interface BuildOptions {
  dataDir: string;
  scale?: number;
  seed?: number;
  /** Defaults to the project's real geography (src/geography). */
  geography?: GeographyInput;
  onProgress?: (progress: BuildProgress) => void;
  onWarning?: (message: string) => void;
  /** Also fingerprint the content into wh_meta (costs a full scan; tests use it to check determinism). */
  checksum?: boolean;
}

export interface BuildSummary {
  path: string;
  seed: number;
  scale: number;
  postcodes: number;
  elapsedMs: number;
  /** Content fingerprint when requested (BuildOptions.checksum), else ''. */
  checksum: string;
}

export function warehouseDir(dataDir: string): string {
  return join(dataDir, 'warehouse');
}

export function warehousePath(dataDir: string): string {
  return join(warehouseDir(dataDir), WAREHOUSE_FILE);
}

/** Order-independent fingerprint of every table and view's content (used for determinism checks). */
export async function warehouseChecksum(conn: DuckDBConnection): Promise<string> {
  const tables = await queryObjects<{ name: string }>(
    conn,
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'main' AND table_type = 'BASE TABLE' AND table_name <> 'wh_meta' ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const [row] = await queryObjects<{ n: number; h: string }>(
      conn,
      `SELECT count(*) AS n, coalesce(sum(hash(t) % 1000000007), 0)::VARCHAR AS h FROM "${name}" t`,
    );
    parts.push(`${name}:${row?.n}:${row?.h}`);
  }
  const { createHash } = await import('node:crypto');
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

/** Logs every statement's duration (WAREHOUSE_BUILD_TRACE=1), to see where build time goes. */
function traceStatements(conn: DuckDBConnection): void {
  const run = conn.run.bind(conn);
  conn.run = (async (sql: string, ...rest: unknown[]) => {
    const t = Date.now();
    const cpu = process.cpuUsage();
    // biome-ignore lint/suspicious/noExplicitAny: pass-through of the original arguments
    const result = await (run as any)(sql, ...rest);
    const used = process.cpuUsage(cpu);
    const first = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    console.log(
      `[trace] ${String(Date.now() - t).padStart(6)} ms wall ${String(Math.round((used.user + used.system) / 1000)).padStart(6)} ms cpu  ${first}`,
    );
    return result;
  }) as typeof conn.run;
}

/** The names of the build's steps, in order, as reported to onProgress. */
const BUILD_STEPS = [
  'geography',
  'postcodes',
  'networks',
  'change log',
  'forecast',
  'take-up',
  'attractiveness',
  'latest snapshot and views',
  'checksum',
];

/** Generates every table and view of the warehouse, step by step; returns the postcode and take-up row counts. */
async function generateTables(
  conn: DuckDBConnection,
  geography: GeographyInput,
  plan: ReturnType<typeof planAllocation>,
  seed: number,
  warn: (message: string) => void,
  steps: { progress: (step: string) => void; stepDone: () => void },
): Promise<{ postcodes: number; takeUpPostcodeRows: number }> {
  const { progress, stepDone } = steps;
  const fullScaleHouseholds = geography.localAuthorities.reduce((a, la) => a + la.households, 0);
  progress('geography');
  await createGeographyTables(conn, plan, geography.postcodeAreas);
  stepDone();

  progress('postcodes');
  await createPostcodes(conn, { seed, plan, fullScaleHouseholds });
  const [totals] = await queryObjects<{ n: number; premises: number }>(
    conn,
    'SELECT count(*) AS n, sum(premises) AS premises FROM gen_pc',
  );
  stepDone();

  progress('networks');
  const knownLaKeys = new Set(geography.localAuthorities.map((la) => normaliseLaName(la.la_name)));
  await placeNetworks(conn, {
    seed,
    premisesRatio: (totals?.premises ?? 0) / FULL_SCALE_PREMISES,
    knownLaKeys,
    warn,
  });
  stepDone();

  progress('change log');
  await createCalendarTables(conn);
  await createIntervals(conn, seed);
  stepDone();

  progress('forecast');
  await createForecast(conn);
  stepDone();

  progress('take-up');
  const takeUpPostcodeRows = await createTakeUp(conn, seed);
  stepDone();

  progress('attractiveness');
  await createAttractiveness(conn, seed);
  await createReferenceTables(conn);
  stepDone();

  progress('latest snapshot and views');
  await createLatestAndViews(conn, LATEST_SNAPSHOT);
  stepDone();
  return { postcodes: totals?.n ?? 0, takeUpPostcodeRows };
}

export async function buildWarehouse(opts: BuildOptions): Promise<BuildSummary> {
  const started = Date.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const scale = opts.scale ?? DEFAULT_SCALE;
  if (!Number.isInteger(seed) || seed < 0)
    throw new Error(`seed must be a non-negative integer, got ${seed}`);
  const warn = opts.onWarning ?? ((m: string) => console.warn(`[warehouse] ${m}`));
  const dir = warehouseDir(opts.dataDir);
  mkdirSync(dir, { recursive: true });
  const finalPath = warehousePath(opts.dataDir);
  const tmpPath = join(dir, `${WAREHOUSE_FILE}.building-${process.pid}-${Date.now()}`);
  const tempDir = join(dir, `tmp-${process.pid}`);

  let done = 0;
  const progress = (step: string) => {
    opts.onProgress?.({ step, done, total: BUILD_STEPS.length, elapsedMs: Date.now() - started });
  };
  const stepDone = () => {
    done++;
  };

  const geography = opts.geography ?? loadProjectGeography();
  const plan = planAllocation(geography, scale);

  const instance = await DuckDBInstance.create(tmpPath, {
    threads: String(Math.max(1, Math.min(4, (await import('node:os')).availableParallelism()))),
    memory_limit: '6GB',
    preserve_insertion_order: 'false',
    temp_directory: tempDir,
  });
  const conn = await instance.connect();
  if (process.env.WAREHOUSE_BUILD_TRACE) traceStatements(conn);
  try {
    const steps = { progress, stepDone };
    const { postcodes, takeUpPostcodeRows } = await generateTables(conn, geography, plan, seed, warn, steps);

    progress('checksum');
    const checksum = opts.checksum ? await warehouseChecksum(conn) : '';
    await writeMeta(conn, {
      ...(await rowCounts(conn, { take_up_postcode: takeUpPostcodeRows })),
      format_version: WAREHOUSE_FORMAT_VERSION,
      generator_version: GENERATOR_VERSION,
      source: 'generated',
      seed,
      scale,
      latest_snapshot: LATEST_SNAPSHOT,
      built_at: new Date().toISOString(),
      build_ms: Date.now() - started,
      checksum,
    });
    await conn.run('CHECKPOINT');
    stepDone();
    conn.closeSync();
    instance.closeSync();
    renameSync(tmpPath, finalPath);
    rmSync(`${finalPath}.wal`, { force: true });
    opts.onProgress?.({ step: 'done', done, total: BUILD_STEPS.length, elapsedMs: Date.now() - started });
    return {
      path: finalPath,
      seed,
      scale,
      postcodes,
      elapsedMs: Date.now() - started,
      checksum,
    };
  } catch (err) {
    try {
      conn.closeSync();
      instance.closeSync();
    } catch {
      // already closed
    }
    throw err;
  } finally {
    for (const p of [tmpPath, `${tmpPath}.wal`]) if (existsSync(p)) rmSync(p, { force: true });
    rmSync(tempDir, { recursive: true, force: true });
  }
}
