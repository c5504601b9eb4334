/**
 * Result sets as the query result's csv_results (a header line, then rows; values quoted, comma separated). Every
 * value is quoted (RFC 4180: embedded quotes doubled), null is an empty field, lines end with \n (which the web's
 * parser and spreadsheets accept), and numbers keep full precision.
 */
import type { AgentColumn } from './agent-warehouse.js';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  const text =
    typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(columns: AgentColumn[], rows: unknown[][]): string {
  const lines = [columns.map((column) => cell(column.name)).join(',')];
  for (const row of rows) lines.push(columns.map((_, i) => cell(row[i])).join(','));
  return lines.join('\n');
}
