/**
 * The one interface the agent, the chat tools and the benchmarks use to reach the warehouse,
 * whichever engine holds the data (embedded DuckDB by default, PostgreSQL when WAREHOUSE_URL is set).
 * Every SQL text that reaches `query` has already been accepted by the SQL guard.
 */
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
  /** Engine-neutral type: 'text' | 'integer' | 'double' | 'date' | 'boolean' | 'timestamp' | other engine type name. */
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

export interface DatasetStatus {
  dataset: 'upc' | 'upc_forecast' | 'take_up';
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
