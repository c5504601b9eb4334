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

/** Parses CSV written by toCsv (or any RFC 4180 CSV) back into rows of strings; for tests and the eval. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
