/**
 * The PostgreSQL engine (WAREHOUSE_URL). The same tables and views live in one schema (default `warehouse`,
 * loaded from a DuckDB build by loadPostgresFromDuckDb). Every question runs in a READ ONLY transaction with a
 * statement_timeout, through the extended query protocol (which refuses multiple statements); a cancelled
 * query is stopped with pg_cancel_backend.
 */
import pg from 'pg';
import { statusFromRow } from './duckdb-engine.js';
import {
  CALENDAR_SQL,
  calendarFromRows,
  datasetStatusSql,
  describeWarehouse,
  distinctSource,
  runGuardedOn,
  runWithRowCap,
} from './shared.js';
import {
  type DatasetStatus,
  DEFAULT_ROW_LIMIT,
  DEFAULT_TIMEOUT_MS,
  type DistinctValuesOptions,
  type QueryOptions,
  type QueryResultSet,
  type ResultColumn,
  type Warehouse,
  type WarehouseCalendar,
  type WarehouseDescription,
  WarehouseError,
} from './types.js';

export const DEFAULT_PG_SCHEMA = 'warehouse';

/**
 * Session settings for warehouse questions (each is a user-settable GUC, so no server change is needed), measured
 * with EXPLAIN ANALYZE of the golden questions at full scale:
 * - jit off: the time-series views are one UNION ALL branch per snapshot, and compiling a plan that size to
 *   machine code took longer than running it; the questions are short aggregates, not long scans;
 * - work_mem 64MB: hashing the ~1.7 million postcodes of a join or a DISTINCT fits in memory instead of spilling
 *   to 32 batches on disk (per hash node; a question has a few);
 * - random_page_cost 1.1: the warehouse is read-only and lives in the page cache, so an index probe is nearly as
 *   cheap as a sequential read, and a question about one place uses the place's index;
 * - max_parallel_workers_per_gather 2: the big scans and hash joins are split over two workers (as many as the
 *   server's max_worker_processes allows).
 * Deployments can change them per role or database (ALTER ROLE ... SET); these are set per connection.
 */
export const PG_SESSION_SETTINGS: Record<string, string> = {
  jit: 'off',
  work_mem: '64MB',
  random_page_cost: '1.1',
  max_parallel_workers_per_gather: '2',
};

const sessionOptions = (schema: string) =>
  [`-c search_path=${schema}`, ...Object.entries(PG_SESSION_SETTINGS).map(([k, v]) => `-c ${k}=${v}`)].join(
    ' ',
  );

const OID = {
  BOOL: 16,
  INT8: 20,
  INT2: 21,
  INT4: 23,
  TEXT: 25,
  FLOAT4: 700,
  FLOAT8: 701,
  BPCHAR: 1042,
  VARCHAR: 1043,
  DATE: 1082,
  TIMESTAMP: 1114,
  TIMESTAMPTZ: 1184,
  NUMERIC: 1700,
} as const;

const toNumber = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
};

/** Values come back JSON-friendly: int8/numeric as numbers, dates and timestamps as strings. */
export const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === OID.INT8 || oid === OID.NUMERIC) return toNumber;
    if (oid === OID.DATE) return (v: string) => v;
    if (oid === OID.TIMESTAMP) return (v: string) => v.replace(/\.\d+$/, '');
    if (oid === OID.TIMESTAMPTZ) return (v: string) => v;
    // biome-ignore lint/suspicious/noExplicitAny: pg's own parser table is untyped
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

function neutralType(oid: number): string {
  switch (oid) {
    case OID.TEXT:
    case OID.VARCHAR:
    case OID.BPCHAR:
      return 'text';
    case OID.INT2:
    case OID.INT4:
      return 'integer';
    case OID.INT8:
      return 'bigint';
    case OID.FLOAT4:
    case OID.FLOAT8:
      return 'double';
    case OID.NUMERIC:
      return 'numeric';
    case OID.DATE:
      return 'date';
    case OID.BOOL:
      return 'boolean';
    case OID.TIMESTAMP:
    case OID.TIMESTAMPTZ:
      return 'timestamp';
    default:
      return `oid:${oid}`;
  }
}

export interface PostgresEngineOptions {
  url: string;
  schema?: string;
  maxConnections?: number;
}

export class PostgresWarehouse implements Warehouse {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  readonly schema: string;

  constructor(options: PostgresEngineOptions) {
    this.schema = options.schema ?? DEFAULT_PG_SCHEMA;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.schema)) throw new Error(`invalid schema name ${this.schema}`);
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 4,
      options: sessionOptions(this.schema),
      types: pgTypes,
      application_name: 'query-agent-warehouse',
    });
    this.pool.on('error', () => {
      // An idle client died (server restart); the pool replaces it on the next query.
    });
  }

  static async open(options: PostgresEngineOptions): Promise<PostgresWarehouse> {
    const w = new PostgresWarehouse(options);
    try {
      await w.pool.query('SELECT 1 FROM wh_meta LIMIT 1');
    } catch (err) {
      await w.pool.end();
      throw new WarehouseError(
        'unavailable',
        `The PostgreSQL warehouse (schema ${w.schema}) is not loaded: ${(err as Error).message}. Load it with loadPostgresFromDuckDb (bench:warehouse --pg does this).`,
        { cause: err },
      );
    }
    return w;
  }

  async query(sql: string, options: QueryOptions = {}): Promise<QueryResultSet> {
    const rowLimit = options.rowLimit ?? DEFAULT_ROW_LIMIT;
    const timeoutMs = Math.max(1, Math.floor(options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
    if (options.signal?.aborted) throw new WarehouseError('cancelled', 'The query was cancelled.');
    const started = Date.now();
    const client = await this.pool.connect();
    let cancelled = false;
    const onAbort = () => {
      cancelled = true;
      const pid = (client as unknown as { processID: number }).processID;
      this.pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let broken = false;
    try {
      await client.query('BEGIN TRANSACTION READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${timeoutMs}`);
      const result = await runWithRowCap(rowLimit, started, async (limit) => {
        const res = await client.query({
          text: `SELECT * FROM (\n${sql.replace(/[\s;]+$/u, '')}\n) AS capped_query LIMIT ${limit}`,
          rowMode: 'array',
          queryMode: 'extended',
        } as pg.QueryConfig);
        const columns: ResultColumn[] = res.fields.map((f) => ({
          name: f.name,
          type: neutralType(f.dataTypeID),
        }));
        return { columns, rows: res.rows as unknown[][] };
      });
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      const e = err as Error & { code?: string };
      if (e.code === '57014') {
        if (cancelled) throw new WarehouseError('cancelled', 'The query was cancelled.', { cause: err });
        throw new WarehouseError('timeout', `The query ran longer than ${timeoutMs} ms and was stopped.`, {
          cause: err,
        });
      }
      throw new WarehouseError('query_failed', e.message, { cause: err });
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      client.release(broken);
    }
  }

  async runGuarded(sql: string, options: QueryOptions = {}): Promise<QueryResultSet> {
    return runGuardedOn(this, sql, options);
  }

  async datasetStatus(): Promise<DatasetStatus[]> {
    const res = await this.pool.query(datasetStatusSql());
    return statusFromRow(res.rows[0] ?? {});
  }

  async calendar(): Promise<WarehouseCalendar> {
    return calendarFromRows((await this.pool.query<{ kind: string; value: string }>(CALENDAR_SQL)).rows);
  }

  async distinctValues(
    table: string,
    column: string,
    options: DistinctValuesOptions = {},
  ): Promise<unknown[]> {
    const { sql, params, fallbackSql } = distinctSource(table, column, options, (i) => `$${i}`);
    const run = (text: string) => this.pool.query({ text, values: params, rowMode: 'array' });
    // The internal source is missing in imported warehouses: read the contract table then.
    const res = await run(sql).catch((err) => {
      if (!fallbackSql) throw err;
      return run(fallbackSql);
    });
    return res.rows.map((r: unknown[]) => r[0]);
  }

  async meta(): Promise<Record<string, string>> {
    const res = await this.pool.query<{ key: string; value: string }>('SELECT key, value FROM wh_meta');
    return Object.fromEntries(res.rows.map((r) => [r.key, r.value]));
  }

  async describe(): Promise<WarehouseDescription> {
    return describeWarehouse(this);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
