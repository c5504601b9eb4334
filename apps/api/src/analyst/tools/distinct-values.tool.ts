import { sqlString } from '@qa/warehouse';
import { z } from 'zod';
import { defineTool, toolError } from './tool-types.js';
import { findTable, runGuardedSql } from './warehouse-sql.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

export const distinctValuesTool = defineTool({
  name: 'distinct_values',
  title: 'Distinct values',
  description:
    'List the distinct values of one column with how many rows have each, most common first, optionally ' +
    'filtered by a case-insensitive substring. Use it to find the exact spelling of an operator, a local ' +
    "authority or a technology before filtering on it (e.g. table 'operators', column 'operator', search 'city').",
  inputSchema: z.object({
    table: z.string().min(1).max(100),
    column: z.string().min(1).max(100),
    search: z.string().max(100).optional().describe('Case-insensitive substring to filter the values by'),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  }),
  async execute({ table, column, search, limit }, context) {
    const found = findTable(context, table);
    if ('error' in found) return found.error;
    const { name: tableName, columns } = found;
    const columnName = columns.find((c) => c.toLowerCase() === column.trim().toLowerCase());
    if (!columnName) {
      return toolError(`Unknown column '${column}' in ${tableName}.`, { valid_columns: columns });
    }
    // Names come from the warehouse's own list, so they are safe to put in the SQL; the search is a literal.
    const where = search?.trim()
      ? `WHERE LOWER(CAST(${columnName} AS VARCHAR)) LIKE ${sqlString(`%${search.trim().toLowerCase()}%`)}`
      : '';
    const max = limit ?? DEFAULT_LIMIT;
    const outcome = await runGuardedSql(
      context,
      `SELECT ${columnName} AS value, COUNT(*) AS row_count FROM ${tableName} ${where} GROUP BY ${columnName} ORDER BY row_count DESC, value LIMIT ${max + 1}`,
      { rowLimit: max + 1 },
    );
    if (!outcome.ok) return toolError(outcome.error);
    const rows = outcome.result.rows;
    return {
      table: tableName,
      column: columnName,
      values: rows.slice(0, max).map((row) => ({ value: row[0], rows: Number(row[1]) })),
      truncated: rows.length > max,
    };
  },
});
