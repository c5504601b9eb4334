/**
 * Running SQL for the tools: every text goes through the warehouse's SQL guard (read-only, one statement, known
 * names, row cap) before it runs, including the SQL the tools write themselves, with a timeout and the chat's
 * abort signal. Helpers for literals and dates keep the tools' own SQL portable between DuckDB and PostgreSQL.
 *
 * Results are bounded in size as well as in rows. SQL such as `SELECT repeat('x', 300000000)` is one row, and read
 * whole it took the server from 1.2 to 5.4 GB. So the guarded query runs wrapped in a projection (portable SQL)
 * that measures every value as text in the database and hands over NULL instead of any value longer than
 * CELL_CHAR_LIMIT and of every value of a row longer than ROW_CHAR_LIMIT: at most rowLimit x ROW_CHAR_LIMIT
 * characters ever reach this process. The measures come back too, and a result with a value or row over its limit,
 * or longer than RESULT_CHAR_LIMIT in all, is refused as too large, saying what was too large and how to ask for
 * less. The wrapper needs the result's column names: a `LIMIT 0` run of the same query gives them (planned, not
 * computed).
 */
import type { AgentResultSet } from '../agent/agent-warehouse.js';
import { type ToolContext, type ToolOutput, toolError } from './tool-types.js';

export const SQL_TIMEOUT_MS = 30_000;
/** Rows a query may return to a tool (the model sees fewer: see run_sql). */
export const SQL_ROW_LIMIT = 5_000;
/** Characters one value of a result may hold, as text. */
export const CELL_CHAR_LIMIT = 10_000;
/** Characters one row of a result may hold, all its values as text. */
export const ROW_CHAR_LIMIT = 20_000;
/** Characters a whole result may hold, all its values as text. */
export const RESULT_CHAR_LIMIT = 2_000_000;

export type SqlOutcome = { ok: true; result: AgentResultSet; sql: string } | { ok: false; error: string };

const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;
const LENGTH_PREFIX = 'qa_len_';
const ROW_LENGTH = 'qa_row_len';
const formatCount = (n: number) => n.toLocaleString('en-GB');

/**
 * The guarded query with every value measured, and withheld (NULL) when its value or row is over the limits.
 * Columns are renamed by position (q(c0, c1, ...)) so duplicate or odd names cannot collide.
 */
export function sizeCappedSql(guardedSql: string, names: string[]): string {
  const inner = names.map((_, i) => `c${i}`);
  const lengths = inner.map((c, i) => `LENGTH(CAST(q.${c} AS VARCHAR)) AS ${LENGTH_PREFIX}${i}`);
  const rowLength = inner.map((_, i) => `COALESCE(l.${LENGTH_PREFIX}${i}, 0)`).join(' + ');
  const values = names.map(
    (name, i) =>
      `CASE WHEN m.${LENGTH_PREFIX}${i} > ${CELL_CHAR_LIMIT} OR m.${ROW_LENGTH} > ${ROW_CHAR_LIMIT} ` +
      `THEN NULL ELSE m.c${i} END AS ${quoteName(name)}`,
  );
  const measures = inner.map((_, i) => `m.${LENGTH_PREFIX}${i}`);
  return [
    `SELECT ${[...values, ...measures, `m.${ROW_LENGTH}`].join(', ')}`,
    `FROM (SELECT l.*, ${rowLength} AS ${ROW_LENGTH}`,
    `  FROM (SELECT q.*, ${lengths.join(', ')}`,
    `    FROM (\n${guardedSql}\n) AS q(${inner.join(', ')})) AS l) AS m`,
  ].join('\n');
}

/**
 * The result of sizeCappedSql without its measures, or why it is too large. (The result may be shared by the
 * warehouse's result cache: it is read, never changed.)
 */
export function checkResultSize(
  measured: AgentResultSet,
  names: string[],
): { ok: true; result: AgentResultSet } | { ok: false; problem: string } {
  const width = names.length;
  let total = 0;
  for (const row of measured.rows) {
    for (let i = 0; i < width; i++) {
      const length = toNumber(row[width + i]) ?? 0;
      if (length > CELL_CHAR_LIMIT) {
        return {
          ok: false,
          problem:
            `a value of column "${names[i]}" is ${formatCount(length)} characters long; ` +
            `the limit is ${formatCount(CELL_CHAR_LIMIT)} per value`,
        };
      }
    }
    const rowLength = toNumber(row[2 * width]) ?? 0;
    total += rowLength;
    if (rowLength > ROW_CHAR_LIMIT) {
      return {
        ok: false,
        problem: `a row is ${formatCount(rowLength)} characters long; the limit is ${formatCount(ROW_CHAR_LIMIT)} per row`,
      };
    }
    if (total > RESULT_CHAR_LIMIT) {
      return {
        ok: false,
        problem: `the rows are more than ${formatCount(RESULT_CHAR_LIMIT)} characters long in all, the limit per result`,
      };
    }
  }
  return {
    ok: true,
    result: {
      ...measured,
      columns: measured.columns.slice(0, width),
      rows: measured.rows.map((row) => row.slice(0, width)),
    },
  };
}

export const RESULT_TOO_LARGE = 'The result is too large';

export async function runGuardedSql(
  context: ToolContext,
  sql: string,
  { rowLimit = SQL_ROW_LIMIT, timeoutMs = SQL_TIMEOUT_MS }: { rowLimit?: number; timeoutMs?: number } = {},
): Promise<SqlOutcome> {
  // The guard may be synchronous or asynchronous depending on the warehouse seam version.
  const guarded = await context.warehouse.guard(sql, { rowLimit });
  if (!guarded.ok) return { ok: false, error: `The SQL was refused: ${guarded.reason}` };
  const options = { timeoutMs, ...(context.signal ? { signal: context.signal } : {}) };
  try {
    const shape = await context.warehouse.query(`SELECT * FROM (\n${guarded.sql}\n) AS shape LIMIT 0`, {
      ...options,
      rowLimit: 0,
    });
    const names = shape.columns.map((column) => column.name);
    const measured = await context.warehouse.query(sizeCappedSql(guarded.sql, names), {
      ...options,
      rowLimit,
    });
    const checked = checkResultSize(measured, names);
    if (!checked.ok) {
      return {
        ok: false,
        error:
          `${RESULT_TOO_LARGE}: ${checked.problem}. Ask for less: aggregate in SQL, select fewer columns or rows, ` +
          'or take part of a long text (e.g. LEFT(text, 200)).',
      };
    }
    return { ok: true, result: checked.result, sql: guarded.sql };
  } catch (error) {
    return {
      ok: false,
      error: `The query failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Runs SQL the tools wrote themselves; a failure is a bug in the tool or a missing table, so it throws. */
export async function queryRows(context: ToolContext, sql: string, rowLimit = SQL_ROW_LIMIT) {
  const outcome = await runGuardedSql(context, sql, { rowLimit });
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.result;
}

/** A JSON-friendly number, or null (engines may return decimals as strings). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

export interface SnapshotRange {
  earliest: string;
  latest: string;
}

/** The first and latest monthly snapshots ('YYYY-MM-DD'), read once per warehouse. */
const rangeCache = new WeakMap<object, Promise<SnapshotRange>>();
export function snapshotRange(context: ToolContext): Promise<SnapshotRange> {
  let cached = rangeCache.get(context.warehouse);
  if (!cached) {
    const calendar = context.warehouse.calendar;
    cached = calendar
      ? // The small date table, not a scan of the time-series view (seconds on PostgreSQL at full scale).
        calendar.call(context.warehouse).then(({ months }) => ({
          earliest: months[0] ?? '',
          latest: months[months.length - 1] ?? '',
        }))
      : Promise.all([
          queryRows(context, 'SELECT MIN(reported_at) FROM upc_output_time_series', 1),
          queryRows(context, 'SELECT MAX(reported_at) FROM upc_output', 1),
        ]).then(([first, last]) => ({
          earliest: String(first.rows[0]?.[0] ?? ''),
          latest: String(last.rows[0]?.[0] ?? ''),
        }));
    cached.catch(() => rangeCache.delete(context.warehouse));
    rangeCache.set(context.warehouse, cached);
  }
  return cached;
}

export async function latestSnapshot(context: ToolContext): Promise<string> {
  return (await snapshotRange(context)).latest;
}

/** The warehouse table named (in any case) with its columns, or the tool error that lists the valid tables. */
export function findTable(
  context: ToolContext,
  table: string,
): { name: string; columns: string[] } | { error: ToolOutput } {
  const tables = context.warehouse.tableColumns();
  const name = Object.keys(tables).find((t) => t.toLowerCase() === table.trim().toLowerCase());
  if (!name) return { error: toolError(`Unknown table '${table}'.`, { valid_tables: Object.keys(tables) }) };
  return { name, columns: tables[name] ?? [] };
}
