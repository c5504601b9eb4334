/**
 * Turns DuckDB results into the engine-neutral, JSON-friendly shape of QueryResultSet: bigints and decimals
 * become numbers, dates 'YYYY-MM-DD', timestamps 'YYYY-MM-DD HH:MM:SS'.
 */
import { type DuckDBConnection, type DuckDBResultReader, DuckDBTypeId } from '@duckdb/node-api';
import { sqlString } from '../sql/quote.js';
import type { ResultColumn } from './types.js';

const NUMERIC_STRING_TYPES = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.DECIMAL,
  DuckDBTypeId.BIGNUM,
]);

export function neutralTypeName(typeId: DuckDBTypeId, fallback: string): string {
  switch (typeId) {
    case DuckDBTypeId.VARCHAR:
    case DuckDBTypeId.ENUM:
      return 'text';
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
      return 'integer';
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
      return 'bigint';
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return 'double';
    case DuckDBTypeId.DECIMAL:
      return 'numeric';
    case DuckDBTypeId.DATE:
      return 'date';
    case DuckDBTypeId.BOOLEAN:
      return 'boolean';
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return 'timestamp';
    default:
      return fallback.toLowerCase();
  }
}

function convertValue(typeId: DuckDBTypeId, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (NUMERIC_STRING_TYPES.has(typeId) && typeof value === 'string') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (typeId === DuckDBTypeId.TIMESTAMP_TZ && typeof value === 'string') return value;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}

export interface ReadResult {
  columns: ResultColumn[];
  rows: unknown[][];
}

export function readerToResult(reader: DuckDBResultReader): ReadResult {
  const names = reader.deduplicatedColumnNames();
  const typeIds = names.map((_, i) => reader.columnTypeId(i));
  const columns = names.map((name, i) => ({
    name,
    type: neutralTypeName(typeIds[i]!, reader.columnType(i).toString()),
  }));
  const raw = reader.getRowsJson() as unknown[][];
  const rows = raw.map((r) => r.map((v, i) => convertValue(typeIds[i]!, v)));
  return { columns, rows };
}

/** Runs SQL and returns rows as objects (used by the generator, report and tests, never for user SQL). */
export async function queryObjects<T = Record<string, unknown>>(
  conn: DuckDBConnection,
  sql: string,
): Promise<T[]> {
  const reader = await conn.runAndReadAll(sql);
  const { columns, rows } = readerToResult(reader);
  return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c.name, r[i]])) as T);
}

export function sqlValue(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'NULL';
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return sqlString(String(value));
}

/** The monthly snapshots and forecast points of a DuckDB warehouse (wh_months, wh_forecast_dates), ISO dates. */
export async function snapshotDates(
  conn: DuckDBConnection,
): Promise<{ months: string[]; forecastDates: string[] }> {
  const dates = async (table: string) =>
    (
      await queryObjects<{ d: string }>(
        conn,
        `SELECT CAST(reported_at AS VARCHAR) AS d FROM ${table} WHERE reported_at IS NOT NULL ORDER BY 1`,
      )
    ).map((r) => String(r.d));
  return { months: await dates('wh_months'), forecastDates: await dates('wh_forecast_dates') };
}
