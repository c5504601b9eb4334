/**
 * Rows for the drawing tools, from a guarded SQL query or from rows the model passed, in one shape: column names
 * and rows of values. Also the column guessing the drawing tools share (which column is the category, which are
 * the measures).
 */
import { z } from 'zod';
import type { ToolContext } from './tool-types.js';
import { runGuardedSql, toNumber } from './warehouse-sql.js';

/** Rows a chart or map may be drawn from. */
export const DRAW_ROW_LIMIT = 5_000;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const inlineRowsSchema = z
  .array(z.record(z.string(), cell))
  .min(1)
  .max(DRAW_ROW_LIMIT)
  .describe('Rows as objects (column name -> value), when not drawing from SQL');

export interface Table {
  columns: string[];
  rows: unknown[][];
  truncated: boolean;
  sql?: string;
}

export async function loadTable(
  context: ToolContext,
  { sql, data }: { sql?: string | undefined; data?: Record<string, unknown>[] | undefined },
): Promise<{ ok: true; table: Table } | { ok: false; error: string }> {
  if (sql && data) return { ok: false, error: 'Give either sql or data, not both.' };
  if (sql) {
    const outcome = await runGuardedSql(context, sql, { rowLimit: DRAW_ROW_LIMIT });
    if (!outcome.ok) return { ok: false, error: outcome.error };
    if (outcome.result.rows.length === 0) return { ok: false, error: 'The query returned no rows to draw.' };
    return {
      ok: true,
      table: {
        columns: outcome.result.columns.map((c) => c.name),
        rows: outcome.result.rows,
        truncated: outcome.result.truncated,
        sql,
      },
    };
  }
  if (data?.length) {
    const columns = [...new Set(data.flatMap((row) => Object.keys(row)))];
    return {
      ok: true,
      table: { columns, rows: data.map((row) => columns.map((c) => row[c] ?? null)), truncated: false },
    };
  }
  return { ok: false, error: 'Give the sql to draw from, or the data rows.' };
}

export function findColumn(table: Table, name: string | undefined): number {
  if (name === undefined) return -1;
  return table.columns.findIndex((c) => c.toLowerCase() === name.trim().toLowerCase());
}

export function isNumericColumn(table: Table, index: number): boolean {
  let seen = 0;
  for (const row of table.rows) {
    const value = row[index];
    if (value === null || value === undefined) continue;
    if (typeof value === 'boolean' || toNumber(value) === null) return false;
    // Dates and codes written as text are not measures even when they look numeric.
    if (typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value.trim())) return false;
    seen += 1;
  }
  return seen > 0;
}

/** Column names that are better as categories than as measures, even when numeric (years, codes). */
const CATEGORY_NAME =
  /(^|_)(year|month|quarter|date|reported_at|code|id|name|region|operator|tech|area|district)$/i;

export function guessCategoryColumn(table: Table): number {
  const text = table.columns.findIndex((_, i) => !isNumericColumn(table, i));
  if (text >= 0) return text;
  const named = table.columns.findIndex((c) => CATEGORY_NAME.test(c));
  return Math.max(named, 0);
}

export function label(column: string): string {
  const words = column
    .replace(/_/g, ' ')
    .replace(/\bpct\b/i, '%')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function categoryText(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  return String(value);
}
