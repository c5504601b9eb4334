import { z } from 'zod';
import { defineTool, toolError } from './tool-types.js';
import { runGuardedSql, SQL_ROW_LIMIT } from './warehouse-sql.js';

/** Rows handed back to the model: enough to read a ranking or a series, small enough for its context. */
export const MODEL_ROW_CAP = 100;

export const runSqlTool = defineTool({
  name: 'run_sql',
  title: 'Run SQL',
  description:
    'Run one read-only SQL query (SELECT or WITH) on the UK broadband warehouse and get the result. Use only the ' +
    'tables and columns of the semantic catalog. The SQL is checked by a guard (read-only, known names) and capped ' +
    `at ${SQL_ROW_LIMIT} rows; at most ${MODEL_ROW_CAP} rows are returned to you, with row_count and truncated ` +
    'telling you what was left out, so aggregate in SQL rather than fetching raw rows.',
  inputSchema: z.object({
    sql: z.string().min(1).max(20_000).describe('One SELECT or WITH query, portable SQL'),
    max_rows: z
      .number()
      .int()
      .min(1)
      .max(MODEL_ROW_CAP)
      .optional()
      .describe(`Rows to return to you (default and maximum ${MODEL_ROW_CAP})`),
  }),
  async execute({ sql, max_rows }, context) {
    const outcome = await runGuardedSql(context, sql);
    if (!outcome.ok) return toolError(outcome.error, { sql });
    const { result } = outcome;
    const shown = Math.min(max_rows ?? MODEL_ROW_CAP, MODEL_ROW_CAP);
    return {
      sql,
      columns: result.columns.map((column) => column.name),
      column_types: result.columns.map((column) => column.type),
      rows: result.rows.slice(0, shown),
      row_count: result.rowCount,
      returned_rows: Math.min(shown, result.rows.length),
      truncated: result.truncated || result.rows.length > shown,
      elapsed_ms: Math.round(result.elapsedMs),
    };
  },
});
