import { z } from 'zod';
import { defineTool } from './tool-types.js';
import { findTable, runGuardedSql } from './warehouse-sql.js';

const SAMPLE_ROWS = 5;
const MAX_CATALOG_LINES = 30;

export const describeTableTool = defineTool({
  name: 'describe_table',
  title: 'Describe a table',
  description:
    'Describe one warehouse table: its columns with their types, what the semantic catalog says about it, and a ' +
    'few sample rows.',
  inputSchema: z.object({ table: z.string().min(1).max(100).describe('Table name, e.g. upc_output') }),
  async execute({ table }, context) {
    const found = findTable(context, table);
    if ('error' in found) return found.error;
    const { name } = found;
    const sample = await runGuardedSql(context, `SELECT * FROM ${name} LIMIT ${SAMPLE_ROWS}`, {
      rowLimit: SAMPLE_ROWS,
    });
    const catalogLines = context.warehouse
      .catalogMarkdown()
      .split('\n')
      .filter((line) => new RegExp(`\\b${name}\\b`).test(line))
      .slice(0, MAX_CATALOG_LINES);
    return {
      table: name,
      columns: sample.ok
        ? sample.result.columns.map((column) => ({ name: column.name, type: column.type }))
        : found.columns.map((column) => ({ name: column })),
      catalog: catalogLines.join('\n'),
      sample_rows: sample.ok ? sample.result.rows : [],
      ...(sample.ok ? {} : { sample_error: sample.error }),
    };
  },
});
