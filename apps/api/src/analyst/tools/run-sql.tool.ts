import { z } from 'zod';
import { defineTool, toolError } from './tool-types.js';
import { CELL_CHAR_LIMIT, runGuardedSql, SQL_ROW_LIMIT } from './warehouse-sql.js';

/** Rows handed back to the model: enough to read a ranking or a series, small enough for its context. */
export const MODEL_ROW_CAP = 100;
/** Characters of rows handed back to the model (as JSON); rows beyond it are left out like rows beyond the cap. */
export const MODEL_RESULT_CHAR_LIMIT = 100_000;

/** The first rows, at most `max`, whose JSON fits in MODEL_RESULT_CHAR_LIMIT characters. */
function rowsForModel(rows: unknown[][], max: number): unknown[][] {
  let used = 0;
  let count = 0;
  for (const row of rows.slice(0, max)) {
    used += JSON.stringify(row).length + 1;
    if (used > MODEL_RESULT_CHAR_LIMIT) break;
    count += 1;
  }
  return rows.slice(0, count);
}

export const runSqlTool = defineTool({
  name: 'run_sql',
  title: 'Run SQL',
  description:
    'Run one read-only SQL query (SELECT or WITH) on the UK broadband warehouse and get the result. Use only the ' +
    'tables and columns of the semantic catalog. The SQL is checked by a guard (read-only, known names) and capped ' +
    `at ${SQL_ROW_LIMIT} rows; at most ${MODEL_ROW_CAP} rows (and ${MODEL_RESULT_CHAR_LIMIT / 1000}k characters) ` +
    'are returned to you, with row_count and truncated telling you what was left out, so aggregate in SQL rather ' +
    `than fetching raw rows. A value longer than ${CELL_CHAR_LIMIT / 1000}k characters makes the result too large.`,
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
    const rows = rowsForModel(result.rows, Math.min(max_rows ?? MODEL_ROW_CAP, MODEL_ROW_CAP));
    return {
      sql,
      columns: result.columns.map((column) => column.name),
      column_types: result.columns.map((column) => column.type),
      rows,
      row_count: result.rowCount,
      returned_rows: rows.length,
      truncated: result.truncated || result.rows.length > rows.length,
      elapsed_ms: Math.round(result.elapsedMs),
    };
  },
});
