/**
 * Loads a DuckDB warehouse build into PostgreSQL: the same tables (copied with COPY ... FROM STDIN in CSV, which
 * round-trips doubles exactly) and the same views, in a staging schema that replaces the target schema in one
 * transaction. Skipped when the target already holds the same build (same wh_meta built_at).
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
  tables: { name: string; rows: number }[];
  elapsedMs: number;
}

function pgType(duckType: string): string {
  const t = duckType.toUpperCase();
  if (t === 'VARCHAR') return 'text';
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

/** Indexes that a PostgreSQL deployment of this schema would reasonably have. */
const INDEXES: Record<string, string[]> = {
  wh_postcodes: ['(postcode)', '(la_name)'],
  wh_operator_intervals: ['(postcode)', '(tech, valid_from, valid_to)', '(valid_to)'],
  wh_altnet_intervals: ['(postcode)', '(valid_to)'],
  wh_forecast_intervals: ['(postcode)', '(operator)'],
  postcode_attractiveness: ['(reported_at)', '(postcode)'],
  wh_take_up_lines: ['(postcode)', '(profile_id)'],
  wh_take_up_shares: ['(profile_id)'],
  operators: ['(operator)'],
  local_authorities: ['(la_code)'],
  take_up_quarterly: ['(quarter)'],
  // Speed series read a few snapshots over a speed threshold (written in snapshot order, so the index is compact).
  coverage_by_speed_time_series: ['(reported_at, fastest_down)'],
  // Joined to upc_output by postcode.
  postcode_service_latest: ['(postcode)'],
  network_postcode_latest: ['(operator_group)'],
};

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
          return { loaded: false, schema, tables: [], elapsedMs: Date.now() - started };
        }
      } catch {
        // no warehouse there yet
      }
    }
    const tables = await queryObjects<{ name: string }>(
      duck,
      "SELECT table_name AS name FROM duckdb_tables() WHERE schema_name = 'main' AND NOT internal ORDER BY table_name",
    );
    const views = new Set(
      (
        await queryObjects<{ name: string }>(
          duck,
          "SELECT view_name AS name FROM duckdb_views() WHERE schema_name = 'main' AND NOT internal",
        )
      ).map((v) => v.name),
    );
    await client.query(`DROP SCHEMA IF EXISTS ${staging} CASCADE`);
    await client.query(`CREATE SCHEMA ${staging}`);
    await client.query(`SET search_path = ${staging}`);
    const loaded: { name: string; rows: number }[] = [];
    for (const { name } of tables) {
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
      loaded.push({ name, rows: Number(count.rows[0].n) });
      log(
        `  ${name}: ${Number(count.rows[0].n).toLocaleString('en-GB')} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
      for (const cols of INDEXES[name] ?? []) await client.query(`CREATE INDEX ON ${name} ${cols}`);
    }
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
    await client.query('ANALYZE');
    await client.query('BEGIN');
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`ALTER SCHEMA ${staging} RENAME TO ${schema}`);
    await client.query('COMMIT');
    log(
      `Loaded ${loaded.length} tables and ${views.size} views into ${schema} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    return { loaded: true, schema, tables: loaded, elapsedMs: Date.now() - started };
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
