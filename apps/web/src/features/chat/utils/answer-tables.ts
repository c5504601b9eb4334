/**
 * Which tool results the answer's own text already shows as a markdown table, so the chat shows each result
 * table once: the answer's table stays in view and the tool card's copy is folded away behind a button.
 * A tool result counts as shown when a markdown table in the text has the same column names (ignoring case,
 * underscores and spacing), or the same number of columns and the same first row (a model may rename the
 * headings but keeps the values).
 */
import type { TabularResult } from './tool-parts';

export type AnswerTable = { headers: string[]; firstRow: string[] };

const DELIMITER_CELL = /^:?-+:?$/;

function splitRow(line: string): string[] | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|')) return null;
  const inner = trimmed.replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The GitHub-flavoured markdown tables in a text: a heading row, a delimiter row, then body rows. */
export function markdownTables(text: string): AnswerTable[] {
  const lines = text.split(/\r?\n/);
  const tables: AnswerTable[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const headers = splitRow(lines[i] ?? '');
    const delimiter = splitRow(lines[i + 1] ?? '');
    if (!headers || !delimiter || delimiter.length !== headers.length) continue;
    if (!delimiter.every((cell) => DELIMITER_CELL.test(cell))) continue;
    const firstRow = splitRow(lines[i + 2] ?? '') ?? [];
    tables.push({ headers, firstRow });
    i += 1;
  }
  return tables;
}

function normaliseName(name: string): string {
  return name
    .replace(/[*_`]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('en-GB');
}

/** A cell as text with formatting taken out, so 12,345 and **12345** compare equal to 12345. */
function normaliseCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text
    .replace(/[*_`]/g, '')
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .trim()
    .toLocaleLowerCase('en-GB');
}

/** Whether the answer text shows this tool result as one of its tables. */
export function shownInAnswer(result: TabularResult, tables: AnswerTable[]): boolean {
  if (result.columns.length === 0) return false;
  const names = result.columns.map(normaliseName).join('\u0000');
  const first = result.rows[0] ?? [];
  return tables.some((table) => {
    if (table.headers.map(normaliseName).join('\u0000') === names) return true;
    if (table.headers.length !== result.columns.length || table.firstRow.length !== first.length)
      return false;
    return (
      first.length > 0 && first.every((value, c) => normaliseCell(value) === normaliseCell(table.firstRow[c]))
    );
  });
}
