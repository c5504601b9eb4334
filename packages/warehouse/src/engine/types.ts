/**
 * The one interface the agent, the chat tools and the benchmarks use to reach the warehouse,
 * whichever engine holds the data (embedded DuckDB by default, PostgreSQL when WAREHOUSE_URL is set).
 * `runGuarded` checks SQL with the SQL guard before running it; `query` trusts its caller (internal SQL only).
 */
import type { Catalog } from '../catalog/catalog.js';

export type EngineKind = 'duckdb' | 'postgres';

export interface QueryOptions {
  /** Rows returned at most; the guard also applies it as a LIMIT. */
  rowLimit?: number;
  /** The query is interrupted after this many milliseconds. */
  timeoutMs?: number;
  /** Lets a caller (e.g. a chat Stop button) cancel a running query. */
  signal?: AbortSignal;
}

export interface ResultColumn {
  name: string;
  /** Engine-neutral type: 'text' | 'integer' | 'bigint' | 'double' | 'numeric' | 'date' | 'boolean' | 'timestamp' | other engine type name. */
  type: string;
}

export interface QueryResultSet {
  columns: ResultColumn[];
  /** Values are JSON-friendly: numbers (bigint narrowed), strings, booleans, null; dates as 'YYYY-MM-DD'. */
  rows: unknown[][];
  rowCount: number;
  /** True when the row cap cut the result. */
  truncated: boolean;
  elapsedMs: number;
}

export type DatasetId = 'upc' | 'upc_forecast' | 'take_up';

export interface DatasetStatus {
  dataset: DatasetId;
  /** Latest snapshot date ('YYYY-MM-DD'), or quarter for take_up ('2026Q3'). */
  latest: string;
  earliest: string;
  tables: { name: string; rows: number }[];
}

export interface DistinctValuesOptions {
  limit?: number;
  /** Case-insensitive substring filter. */
  search?: string;
}

export interface WarehouseDescription {
  engine: EngineKind;
  /** Where the data came from: 'generated' (seeded synthetic build) or 'imported' (data:import). */
  source: string;
  seed?: number;
  scale?: number;
  builtAt?: string;
  catalog: Catalog;
  status: DatasetStatus[];
}

/**
 * The dates the data holds, read from the small date tables (wh_months, wh_forecast_dates) and take_up_quarterly,
 * never by scanning the time-series views (which expand every snapshot: ~30 s on PostgreSQL at full scale).
 */
export interface WarehouseCalendar {
  /** Monthly availability snapshots, ascending ('YYYY-MM-DD'). */
  months: string[];
  /** Forecast points, ascending ('YYYY-MM-DD'). */
  forecastDates: string[];
  /** Take-up quarters, ascending ('2026Q3'). */
  quarters: string[];
}

export interface Warehouse {
  readonly kind: EngineKind;
  /** Runs trusted SQL (already guarded, or internal) with a row cap and a timeout. */
  query(sql: string, options?: QueryOptions): Promise<QueryResultSet>;
  /** Guards SQL (one read-only SELECT over catalog tables and known columns), applies the row cap, runs it. */
  runGuarded(sql: string, options?: QueryOptions): Promise<QueryResultSet>;
  datasetStatus(): Promise<DatasetStatus[]>;
  calendar(): Promise<WarehouseCalendar>;
  /** Distinct non-null values of a catalog column, sorted; strings, numbers or 'YYYY-MM-DD' dates. */
  distinctValues(table: string, column: string, options?: DistinctValuesOptions): Promise<unknown[]>;
  describe(): Promise<WarehouseDescription>;
  close(): Promise<void>;
}

export type WarehouseErrorCode =
  | 'guard_rejected'
  | 'timeout'
  | 'cancelled'
  | 'query_failed'
  | 'not_found'
  | 'unavailable';

/** Every failure the warehouse reports: `message` is safe to show a user or send back to a model. */
export class WarehouseError extends Error {
  readonly code: WarehouseErrorCode;
  constructor(code: WarehouseErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WarehouseError';
    this.code = code;
  }
}

export const DEFAULT_ROW_LIMIT = 10_000;
export const DEFAULT_TIMEOUT_MS = 30_000;
