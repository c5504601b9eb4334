import { z } from 'zod';
import { defineTool, toolError } from './tool-types.js';
import { runGuardedSql } from './warehouse-sql.js';

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
    const tables = context.warehouse.tableColumns();
    const name = Object.keys(tables).find((t) => t.toLowerCase() === table.trim().toLowerCase());
    if (!name) {
      return toolError(`Unknown table '${table}'.`, { valid_tables: Object.keys(tables) });
    }
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
        : (tables[name] ?? []).map((column) => ({ name: column })),
      catalog: catalogLines.join('\n'),
      sample_rows: sample.ok ? sample.result.rows : [],
      ...(sample.ok ? {} : { sample_error: sample.error }),
    };
  },
});
