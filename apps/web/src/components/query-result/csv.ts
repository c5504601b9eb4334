/**
 * The query result's `csv_results` (a header line, then rows; quoted values, comma separated) as a table typed by
 * its `result_columns`, and the table back out in the four copy formats: CSV (Excel compatible), TSV, Markdown
 * and JSON.
 */
import { parseCsv, type ResultColumn, type ResultColumnType } from '@qa/contracts';

export type CsvTable = {
  columns: string[];
  rows: string[][];
  /** Per column: what it holds; number columns are right-aligned, formatted and JSON numbers. */
  types: ResultColumnType[];
};

export const isNumberType = (type: ResultColumnType | undefined) => type === 'integer' || type === 'number';

const NUMBER_PATTERN = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

export function isNumericText(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}

/**
 * Column types for a saved query recorded before types were: a column is a number column when every non-empty
 * value reads as a number (and there is one), text otherwise.
 */
export function inferColumnTypes(rows: string[][], width: number): ResultColumnType[] {
  return Array.from({ length: width }, (_, c) => {
    let seen = false;
    for (const row of rows) {
      const value = row[c] ?? '';
      if (value === '') continue;
      if (!isNumericText(value)) return 'text';
      seen = true;
    }
    return seen ? 'number' : 'text';
  });
}

/**
 * The header and rows of `csv_results` (rows padded or cut to the header's width), typed by `result_columns`
 * when they match the header, inferred otherwise.
 */
export function resultTable(csv: string | null | undefined, columns?: ResultColumn[] | null): CsvTable {
  const records = csv ? parseCsv(csv).filter((r) => !(r.length === 1 && r[0] === '')) : [];
  const [header, ...body] = records;
  if (!header) return { columns: [], rows: [], types: [] };
  const width = header.length;
  const rows = body.map((r) => {
    if (r.length === width) return r;
    if (r.length > width) return r.slice(0, width);
    return [...r, ...Array<string>(width - r.length).fill('')];
  });
  const matches = columns?.length === width && columns.every((column, c) => column.name === header[c]);
  const typed = matches ? columns.map((column) => column.type) : undefined;
  return { columns: header, rows, types: typed ?? inferColumnTypes(rows, width) };
}

// Identifiers that happen to be numbers read wrongly with thousands separators ("2,024").
const UNGROUPED_COLUMN = /(^|_)(year|yr|id|code|postcode|month|quarter|lad\d*cd)$/i;
const integerFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** How a numeric cell reads in the table: en-GB grouping, at most 2 decimals; the copy formats keep the raw text. */
export function formatNumericCell(value: string, column: string): string {
  if (value === '' || !isNumericText(value)) return value;
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  if (UNGROUPED_COLUMN.test(column)) return value;
  return Number.isInteger(number) ? integerFormat.format(number) : decimalFormat.format(number);
}

export type CopyFormat = 'csv' | 'tsv' | 'markdown' | 'json';

export const COPY_FORMATS: Array<{ format: CopyFormat; label: string; description: string }> = [
  { format: 'csv', label: 'CSV', description: 'Excel compatible' },
  { format: 'tsv', label: 'TSV', description: 'tab separated' },
  { format: 'markdown', label: 'Markdown', description: 'table format' },
  { format: 'json', label: 'JSON', description: 'structured data' },
];

/** RFC 4180 with CRLF line ends, which is what Excel expects when pasting or opening CSV. */
export function toCsv({ columns, rows }: Pick<CsvTable, 'columns' | 'rows'>): string {
  const quote = (value: string) =>
    /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return [columns, ...rows].map((r) => r.map(quote).join(',')).join('\r\n');
}

/** Tab separated; tabs and line breaks inside values become spaces so every row stays one line. */
export function toTsv({ columns, rows }: Pick<CsvTable, 'columns' | 'rows'>): string {
  const clean = (value: string) => value.replace(/[\t\r\n]+/g, ' ');
  return [columns, ...rows].map((r) => r.map(clean).join('\t')).join('\n');
}

/** A GitHub-flavoured markdown table; number columns are right-aligned. */
export function toMarkdown({ columns, rows, types }: CsvTable): string {
  if (columns.length === 0) return '';
  const clean = (value: string) => value.replace(/\|/g, '\\|').replace(/\r?\n|\r/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(clean).join(' | ')} |`;
  const divider = `| ${columns.map((_, c) => (isNumberType(types[c]) ? '---:' : '---')).join(' | ')} |`;
  return [line(columns), divider, ...rows.map(line)].join('\n');
}

function jsonValue(value: string, type: ResultColumnType | undefined): string | number | boolean | null {
  if (value === '') return null;
  if (isNumberType(type)) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** An array of objects keyed by column; number and boolean columns become JSON numbers and booleans, empty cells null. */
export function toJson({ columns, rows, types }: CsvTable): string {
  const objects = rows.map((row) => {
    const object: Record<string, string | number | boolean | null> = {};
    columns.forEach((column, c) => {
      object[column] = jsonValue(row[c] ?? '', types[c]);
    });
    return object;
  });
  return JSON.stringify(objects, null, 2);
}

export function formatTable(table: CsvTable, format: CopyFormat): string {
  switch (format) {
    case 'csv':
      return toCsv(table);
    case 'tsv':
      return toTsv(table);
    case 'markdown':
      return toMarkdown(table);
    case 'json':
      return toJson(table);
  }
}

const DEFAULT_DOWNLOAD_NAME = 'query-results';
const MAX_NAME_CHARS = 60;

/**
 * A download's file name from the question it answers ("Full fibre coverage by region?" ->
 * "full-fibre-coverage-by-region.csv"), cut at a word; 'query-results.csv' when there is no question.
 */
export function downloadFileName(question: string | null | undefined, extension = 'csv'): string {
  const words = (question ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let name = words;
  if (name.length > MAX_NAME_CHARS) {
    name = name.slice(0, MAX_NAME_CHARS);
    const cut = name.lastIndexOf('-');
    if (cut > 20) name = name.slice(0, cut);
  }
  return `${name || DEFAULT_DOWNLOAD_NAME}.${extension}`;
}
