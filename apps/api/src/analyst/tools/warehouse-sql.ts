/**
 * Running SQL for the tools: every text goes through the warehouse's SQL guard (read-only, one statement, known
 * names, row cap) before it runs, including the SQL the tools write themselves, with a timeout and the chat's
 * abort signal. Helpers for literals and dates keep the tools' own SQL portable between DuckDB and PostgreSQL.
 */
import type { AgentResultSet } from '../agent/agent-warehouse.js';
import { type ToolContext, type ToolOutput, toolError } from './tool-types.js';

export const SQL_TIMEOUT_MS = 30_000;
/** Rows a query may return to a tool (the model sees fewer: see run_sql). */
export const SQL_ROW_LIMIT = 5_000;

export type SqlOutcome = { ok: true; result: AgentResultSet; sql: string } | { ok: false; error: string };

export async function runGuardedSql(
  context: ToolContext,
  sql: string,
  { rowLimit = SQL_ROW_LIMIT, timeoutMs = SQL_TIMEOUT_MS }: { rowLimit?: number; timeoutMs?: number } = {},
): Promise<SqlOutcome> {
  // The guard may be synchronous or asynchronous depending on the warehouse seam version.
  const guarded = await context.warehouse.guard(sql, { rowLimit });
  if (!guarded.ok) return { ok: false, error: `The SQL was refused: ${guarded.reason}` };
  try {
    const result = await context.warehouse.query(guarded.sql, {
      rowLimit,
      timeoutMs,
      ...(context.signal ? { signal: context.signal } : {}),
    });
    return { ok: true, result, sql: guarded.sql };
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
    cached = Promise.all([
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
