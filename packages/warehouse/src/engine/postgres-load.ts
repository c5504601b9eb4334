/**
 * Loads a DuckDB warehouse build into PostgreSQL: the same tables (copied with COPY ... FROM STDIN in CSV, which
 * round-trips doubles exactly, in the build's row order, which the BRIN indexes rely on), the indexes of the
 * physical design below, fresh statistics and the same views, in a staging schema that replaces the target
 * schema in one transaction. Skipped when the target already holds the same build (same wh_meta built_at), so
 * running it twice is harmless; a load interrupted half way leaves the previous warehouse in place.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { TAKE_UP_POSTCODE_VIEW_DDL } from '../generator/steps/take-up.js';
import { contractViewDdl, latestViewDdl } from '../schema/storage.js';
import { queryObjects, snapshotDates } from './duckdb-values.js';
import { DEFAULT_PG_SCHEMA } from './postgres-engine.js';

export interface LoadPostgresOptions {
  /** The DuckDB warehouse file (warehousePath(dataDir)). */
  duckdbPath: string;
  url: string;
  schema?: string;
  /** Reload even when PostgreSQL already holds this build. */
  force?: boolean;
  onProgress?: (message: string) => void;
}

export interface LoadPostgresResult {
  loaded: boolean;
  schema: string;
  /** Every table copied, with its rows and the seconds its copy and indexes took. */
  tables: { name: string; rows: number; seconds: number }[];
  /** The indexes built, as `table USING method (columns)`. */
  indexes: string[];
  views: string[];
  elapsedMs: number;
}

function pgType(duckType: string): string {
  const t = duckType.toUpperCase();
  // Byte-order collation, as DuckDB compares text: ORDER BY and ties break the same way on both engines whatever
  // the database's default collation, and sorting and hashing postcodes is cheaper than under a locale.
  if (t === 'VARCHAR') return 'text COLLATE "C"';
  if (t === 'INTEGER') return 'integer';
  if (t === 'BIGINT') return 'bigint';
  if (t === 'SMALLINT' || t === 'TINYINT') return 'smallint';
  if (t === 'DOUBLE') return 'double precision';
  if (t === 'FLOAT') return 'real';
  if (t === 'DATE') return 'date';
  if (t === 'BOOLEAN') return 'boolean';
  if (t === 'HUGEINT' || t === 'UBIGINT') return 'numeric';
  if (t.startsWith('DECIMAL')) return t.replace('DECIMAL', 'numeric');
  if (t === 'TIMESTAMP') return 'timestamp';
  throw new Error(`no PostgreSQL type for DuckDB type ${duckType}`);
}

/**
 * The physical design on PostgreSQL, decided with EXPLAIN ANALYZE of the golden questions' SQL at full scale.
 * Most questions read the place summaries (schema/area-summary.ts), a few thousand to a few hundred thousand rows
 * each; the rest read the postcode summaries joined to upc_output, so what they need is:
 * - btree on postcode wherever a question about one place joins its few thousand postcodes by nested loop
 *   (upc_output's la_name index finds them), and on the change log for EXISTS probes ("full fibre in Leeds");
 * - BRIN where rows are stored in date order, which costs a few pages instead of a btree's hundreds of MB and
 *   lets a date filter skip the rest: the change log is written with intervals still open at the latest
 *   snapshot first (the latest-snapshot views filter on valid_to), attractiveness quarter by quarter, the speed
 *   and forecast-area summaries snapshot by snapshot;
 * - nothing on columns no question filters on: every btree on the 24-million-row change log costs ~30 s of the
 *   load.
 */
const INDEXES: Record<string, string[]> = {
  wh_postcodes: ['(postcode)', '(la_name)'],
  wh_operator_intervals: ['(postcode)', 'USING brin (valid_to)', 'USING brin (valid_from)'],
  wh_altnet_intervals: ['(postcode)', 'USING brin (valid_to)'],
  wh_forecast_intervals: ['(operator)'],
  postcode_attractiveness: ['USING brin (reported_at)'],
  wh_take_up_lines: ['(postcode)', '(profile_id)'],
  wh_take_up_shares: ['(profile_id)'],
  operators: ['(operator)'],
  local_authorities: ['(la_code)'],
  take_up_quarterly: ['(quarter)'],
  coverage_by_speed_time_series: ['USING brin (reported_at)', '(fastest_down)'],
  postcode_service_latest: ['(postcode)'],
  network_postcode_latest: ['(postcode)', '(operator_group)'],
  forecast_network_entry: ['(postcode)', '(operator)'],
  forecast_postcode_entry: ['(postcode)'],
  forecast_coverage_by_area: ['(operator, reported_at)'],
  // The place summaries are small (at most a few hundred thousand rows): an index on what picks one place or one
  // network keeps those questions to a few pages; whole-UK questions scan them.
  service_by_area: ['(la_name)'],
  network_by_area: ['(operator_group)', '(la_name)'],
  network_first_full_fibre_by_area: ['(operator_group)'],
  network_pair_by_area: ['(operator_group, other_group)'],
  forecast_pair_by_area: ['(operator, other_operator)'],
  forecast_entry_by_area: ['(la_name)'],
  altnet_by_area_time_series: ['(reported_at)'],
  take_up_by_area: ['(quarter, tech)'],
};

/** Settings of the loading session only: building indexes with more memory and both cores. */
const LOAD_SETTINGS = [
  "SET maintenance_work_mem = '512MB'",
  'SET max_parallel_maintenance_workers = 2',
  'SET synchronous_commit = off',
];

/** One table: its columns from DuckDB, its rows through a CSV file and COPY, its indexes and its statistics. */
async function loadTable(
  name: string,
  client: pg.Client,
  duck: Awaited<ReturnType<DuckDBInstance['connect']>>,
  tmp: string,
): Promise<{ table: LoadPostgresResult['tables'][number]; indexes: string[] }> {
  const tableStarted = Date.now();
  const cols = await queryObjects<{ column_name: string; data_type: string }>(
    duck,
    `SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = '${name}' AND schema_name = 'main' ORDER BY column_index`,
  );
  await client.query(
    `CREATE TABLE ${name} (${cols.map((c) => `"${c.column_name}" ${pgType(c.data_type)}`).join(', ')})`,
  );
  const file = join(tmp, `${name}.csv`);
  await duck.run(`COPY (SELECT * FROM "${name}") TO '${file}' (HEADER false)`);
  const stream = client.query(copyFrom(`COPY ${name} FROM STDIN WITH (FORMAT csv)`));
  await pipeline(createReadStream(file), stream);
  rmSync(file, { force: true });
  const count = await client.query(`SELECT count(*)::bigint AS n FROM ${name}`);
  const made: string[] = [];
  for (const index of INDEXES[name] ?? []) {
    await client.query(`CREATE INDEX ON ${name} ${index}`);
    made.push(`${name} ${index.startsWith('USING') ? index : `USING btree ${index}`}`);
  }
  // Statistics now, while the table is warm: the planner needs them for every join order.
  await client.query(`ANALYZE ${name}`);
  return {
    table: { name, rows: Number(count.rows[0].n), seconds: (Date.now() - tableStarted) / 1000 },
    indexes: made,
  };
}

export async function loadPostgresFromDuckDb(options: LoadPostgresOptions): Promise<LoadPostgresResult> {
  const started = Date.now();
  const schema = options.schema ?? DEFAULT_PG_SCHEMA;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const log = options.onProgress ?? (() => undefined);
  const instance = await DuckDBInstance.create(options.duckdbPath, { access_mode: 'READ_ONLY' });
  const duck = await instance.connect();
  const client = new pg.Client({
    connectionString: options.url,
    application_name: 'query-agent-warehouse-load',
  });
  await client.connect();
  const tmp = mkdtempSync(join(tmpdir(), 'wh-pg-load-'));
  const staging = `${schema}_load_${process.pid}`;
  try {
    const meta = Object.fromEntries(
      (await queryObjects<{ key: string; value: string }>(duck, 'SELECT key, value FROM wh_meta')).map(
        (r) => [r.key, r.value],
      ),
    );
    if (!options.force) {
      try {
        const res = await client.query(`SELECT value FROM ${schema}.wh_meta WHERE key = 'built_at'`);
        if (res.rows[0]?.value === meta.built_at) {
          log(`PostgreSQL schema ${schema} already holds this build (${meta.built_at}); skipping the load.`);
          return {
            loaded: false,
            schema,
            tables: [],
            indexes: [],
            views: [],
            elapsedMs: Date.now() - started,
          };
        }
      } catch {
        // no warehouse there yet
      }
    }
    const tables = await queryObjects<{ name: string; size: number | bigint }>(
      duck,
      "SELECT table_name AS name, estimated_size AS size FROM duckdb_tables() WHERE schema_name = 'main' AND NOT internal ORDER BY table_name",
    );
    const views = new Set(
      (
        await queryObjects<{ name: string }>(
          duck,
          "SELECT view_name AS name FROM duckdb_views() WHERE schema_name = 'main' AND NOT internal",
        )
      ).map((v) => v.name),
    );
    // One load at a time per schema; a load that died left its staging schema behind, which the next one drops.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`query-agent-warehouse-load:${schema}`]);
    const leftovers = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname LIKE $1 ESCAPE '!'",
      [`${schema.replace(/_/g, '!_')}!_load!_%`],
    );
    for (const { nspname } of leftovers.rows) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
    for (const setting of LOAD_SETTINGS) await client.query(setting);
    await client.query(`CREATE SCHEMA ${staging}`);
    await client.query(`SET search_path = ${staging}`);
    const loaded: LoadPostgresResult['tables'] = [];
    const indexes: string[] = [];
    // Two loaders, each with its own DuckDB and PostgreSQL connection, take the tables biggest first: while one
    // exports a table from DuckDB the other's COPY runs in PostgreSQL, so both cores work (the copy was one
    // table at a time before, 184 s at full scale).
    const queue = [...tables].sort((a, b) => Number(b.size) - Number(a.size) || a.name.localeCompare(b.name));
    const extra = new pg.Client({
      connectionString: options.url,
      application_name: 'query-agent-warehouse-load',
    });
    await extra.connect();
    const extraDuck = await instance.connect();
    try {
      for (const setting of LOAD_SETTINGS) await extra.query(setting);
      await extra.query(`SET search_path = ${staging}`);
      const loader = async (conn: typeof client, source: typeof duck) => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const result = await loadTable(next.name, conn, source, tmp);
          loaded.push(result.table);
          indexes.push(...result.indexes);
          log(
            `  ${next.name}: ${result.table.rows.toLocaleString('en-GB')} rows, ${result.indexes.length} index${result.indexes.length === 1 ? '' : 'es'} (${result.table.seconds.toFixed(1)} s)`,
          );
        }
      };
      await Promise.all([loader(client, duck), loader(extra, extraDuck)]);
    } finally {
      await extra.end().catch(() => undefined);
      extraDuck.closeSync();
    }
    loaded.sort((a, b) => a.name.localeCompare(b.name));
    indexes.sort();
    const latest = meta.latest_snapshot ?? '';
    const known: Record<string, string> = {
      ...contractViewDdl(await snapshotDates(duck)),
      ...latestViewDdl(latest),
      take_up_postcode: TAKE_UP_POSTCODE_VIEW_DDL,
    };
    for (const v of views) {
      const ddl = known[v];
      if (!ddl) throw new Error(`no portable definition for view ${v}`);
      await client.query(ddl);
    }
    await client.query('BEGIN');
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`ALTER SCHEMA ${staging} RENAME TO ${schema}`);
    await client.query('COMMIT');
    log(
      `Loaded ${loaded.length} tables, ${indexes.length} indexes and ${views.size} views into ${schema} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return {
      loaded: true,
      schema,
      tables: loaded,
      indexes,
      views: [...views].sort(),
      elapsedMs: Date.now() - started,
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    await client.query(`DROP SCHEMA IF EXISTS ${staging} CASCADE`).catch(() => undefined);
    throw err;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    await client.end();
    duck.closeSync();
    instance.closeSync();
  }
}
