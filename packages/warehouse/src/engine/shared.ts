/** Engine-neutral pieces shared by the DuckDB and PostgreSQL engines (portable SQL only). */
import { type Catalog, catalog, catalogTable, DATASET_TABLES } from '../catalog/catalog.js';
import { guardSql } from '../guard/guard.js';
import type {
  DistinctValuesOptions,
  QueryOptions,
  QueryResultSet,
  ResultColumn,
  Warehouse,
  WarehouseCalendar,
  WarehouseDescription,
} from './types.js';
import { DEFAULT_ROW_LIMIT, WarehouseError } from './types.js';

export async function runWithRowCap(
  rowLimit: number,
  started: number,
  fetch: (limit: number) => Promise<{ columns: ResultColumn[]; rows: unknown[][] }>,
): Promise<QueryResultSet> {
  const cap = Math.max(0, Math.floor(rowLimit));
  const { columns, rows } = await fetch(cap + 1);
  const truncated = rows.length > cap;
  const kept = truncated ? rows.slice(0, cap) : rows;
  return { columns, rows: kept, rowCount: kept.length, truncated, elapsedMs: Date.now() - started };
}

/** Row counts of every contract table and view, stored in wh_meta when the warehouse is built or imported. */
export const ROW_COUNT_KEYS = [
  ...DATASET_TABLES.upc,
  ...DATASET_TABLES.upc_forecast,
  ...DATASET_TABLES.take_up,
] as const;

export function datasetStatusSql(): string {
  const counts = ROW_COUNT_KEYS.map(
    (k) => `(SELECT value FROM wh_meta WHERE key = 'rows.${k}') AS ${k}`,
  ).join(',\n  ');
  return `SELECT
  (SELECT MIN(reported_at) FROM wh_months) AS upc_earliest,
  (SELECT MAX(reported_at) FROM wh_months) AS upc_latest,
  (SELECT MIN(reported_at) FROM wh_forecast_dates) AS forecast_earliest,
  (SELECT MAX(reported_at) FROM wh_forecast_dates) AS forecast_latest,
  (SELECT MIN(quarter) FROM take_up_quarterly) AS take_up_earliest,
  (SELECT MAX(quarter) FROM take_up_quarterly) AS take_up_latest,
  ${counts}`;
}

/** One row per date of the calendar: which list it belongs to, and the date or quarter as text. */
export const CALENDAR_SQL = `SELECT 'month' AS kind, CAST(reported_at AS VARCHAR) AS value FROM wh_months
UNION ALL SELECT 'forecast', CAST(reported_at AS VARCHAR) FROM wh_forecast_dates
UNION ALL SELECT DISTINCT 'quarter', quarter FROM take_up_quarterly`;

export function calendarFromRows(rows: { kind: string; value: string }[]): WarehouseCalendar {
  const of = (kind: string) =>
    rows
      .filter((r) => r.kind === kind && r.value !== null)
      .map((r) => String(r.value))
      .sort();
  return { months: of('month'), forecastDates: of('forecast'), quarters: of('quarter') };
}

/** Where distinct values of a view's column can be read cheaply (the view's underlying table). */
const VIEW_SOURCES: Record<string, { time: string; rest: string }> = {
  upc_output_time_series: { time: 'wh_months', rest: 'wh_postcodes' },
  fact_operator_time_series: { time: 'wh_months', rest: 'wh_operator_intervals' },
  fact_altnet_time_series: { time: 'wh_months', rest: 'wh_altnet_intervals' },
  forecast_footprint: { time: 'wh_forecast_dates', rest: 'wh_forecast_intervals' },
  postcode_attractiveness: { time: 'wh_attractiveness_dates', rest: 'postcode_attractiveness' },
};

/** take_up_postcode is a view over compact tables in generated builds (a plain table after an import). */
const TAKE_UP_POSTCODE_SOURCES: Record<string, string> = {
  postcode: 'wh_take_up_lines',
  quarter: 'wh_take_up_lines',
  operator: 'wh_take_up_shares',
  tech: 'wh_take_up_shares',
  segment: 'take_up_quarterly',
};

export const MAX_DISTINCT_VALUES = 10_000;

export function distinctSource(
  table: string,
  column: string,
  options: DistinctValuesOptions,
  placeholder: (index: number) => string,
): { sql: string; params: string[]; fallbackSql?: string } {
  const t = catalogTable(table);
  if (!t) throw new WarehouseError('not_found', `Unknown table "${table}".`);
  const col = t.columns.find((c) => c.name === column.toLowerCase());
  if (!col) {
    throw new WarehouseError(
      'not_found',
      `Unknown column "${column}" in ${t.name}. Valid columns: ${t.columns.map((c) => c.name).join(', ')}.`,
    );
  }
  const view = VIEW_SOURCES[t.name];
  const source = view
    ? col.name === 'reported_at'
      ? view.time
      : view.rest
    : t.name === 'take_up_postcode'
      ? (TAKE_UP_POSTCODE_SOURCES[col.name] ?? t.name)
      : t.name;
  const limit = Math.min(MAX_DISTINCT_VALUES, Math.max(1, Math.floor(options.limit ?? 200)));
  const params: string[] = [];
  let where = `${col.name} IS NOT NULL`;
  if (options.search) {
    params.push(`%${options.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where += ` AND LOWER(CAST(${col.name} AS VARCHAR)) LIKE ${placeholder(1)} ESCAPE '\\'`;
  }
  const sql = (from: string) =>
    `SELECT DISTINCT ${col.name} FROM ${from} WHERE ${where} ORDER BY ${col.name} LIMIT ${limit}`;
  return { sql: sql(source), params, ...(source !== t.name ? { fallbackSql: sql(t.name) } : {}) };
}

/**
 * What either engine says about itself: how the warehouse was made (its wh_meta), the catalog and each
 * dataset's span.
 */
export async function describeWarehouse(
  warehouse: Pick<Warehouse, 'kind' | 'datasetStatus'> & { meta(): Promise<Record<string, string>> },
): Promise<WarehouseDescription> {
  const meta = await warehouse.meta();
  return {
    engine: warehouse.kind,
    source: meta.source ?? 'unknown',
    seed: meta.seed !== undefined ? Number(meta.seed) : undefined,
    scale: meta.scale !== undefined ? Number(meta.scale) : undefined,
    builtAt: meta.built_at,
    catalog: catalog as Catalog,
    status: await warehouse.datasetStatus(),
  };
}

/**
 * Either engine's runGuarded: the SQL the guard returns runs with the caller's options (the default row cap
 * when none is given); a rejection throws the guard's reason.
 */
export async function runGuardedOn(
  warehouse: Pick<Warehouse, 'query'>,
  sql: string,
  options: QueryOptions = {},
): Promise<QueryResultSet> {
  const rowLimit = options.rowLimit ?? DEFAULT_ROW_LIMIT;
  const guarded = await guardSql(sql);
  if (!guarded.ok) throw new WarehouseError('guard_rejected', guarded.reason);
  return warehouse.query(guarded.sql, { ...options, rowLimit });
}
