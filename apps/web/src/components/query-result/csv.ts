/**
 * The query result's `csv_results` (a header line, then rows; quoted values, comma separated) as a
 * table, and the table back out in the four copy formats: CSV (Excel compatible), TSV, Markdown
 * and JSON. Parsing is a single pass over the characters (RFC 4180: doubled quotes, separators and line
 * breaks inside quotes, CRLF or LF), so a result of tens of thousands of rows parses in milliseconds.
 */

export type CsvTable = {
  columns: string[];
  rows: string[][];
  /** Per column: every non-empty value is a number, so it is right-aligned, formatted and a JSON number. */
  numeric: boolean[];
};

const NUMBER_PATTERN = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

export function isNumericText(value: string): boolean {
  return NUMBER_PATTERN.test(value.trim());
}

const PLAIN_RUN = /[^,\r\n"]*/y;

/** Splits CSV text into records of fields. A trailing line break does not make an empty last record. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false;
  const length = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  while (i < length) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      // Copy a run of ordinary characters at once: far fewer string concatenations on long values.
      const next = text.indexOf('"', i);
      const end = next === -1 ? length : next;
      field += text.slice(i, end);
      i = end;
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
      i += 1;
      continue;
    }
    if (ch === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
      i += 1;
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    // An ordinary run up to the next separator, quote or line break, copied in one slice.
    PLAIN_RUN.lastIndex = i + 1;
    PLAIN_RUN.test(text);
    field += text.slice(i, PLAIN_RUN.lastIndex);
    fieldStarted = true;
    i = PLAIN_RUN.lastIndex;
  }
  if (fieldStarted || field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The header and rows of `csv_results`; rows are padded or cut to the header's width. */
export function parseCsv(text: string | null | undefined): CsvTable {
  const records = text ? parseCsvRecords(text).filter((r) => !(r.length === 1 && r[0] === '')) : [];
  const [header, ...body] = records;
  if (!header) return { columns: [], rows: [], numeric: [] };
  const width = header.length;
  const rows = body.map((r) => {
    if (r.length === width) return r;
    if (r.length > width) return r.slice(0, width);
    return [...r, ...Array<string>(width - r.length).fill('')];
  });
  const numeric = header.map((_, c) => {
    let seen = false;
    for (const row of rows) {
      const value = row[c] ?? '';
      if (value === '') continue;
      if (!isNumericText(value)) return false;
      seen = true;
    }
    return seen;
  });
  return { columns: header, rows, numeric };
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

/** A GitHub-flavoured markdown table; numeric columns are right-aligned. */
export function toMarkdown({ columns, rows, numeric }: CsvTable): string {
  if (columns.length === 0) return '';
  const clean = (value: string) => value.replace(/\|/g, '\\|').replace(/\r?\n|\r/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(clean).join(' | ')} |`;
  const divider = `| ${columns.map((_, c) => (numeric[c] ? '---:' : '---')).join(' | ')} |`;
  return [line(columns), divider, ...rows.map(line)].join('\n');
}

/** An array of objects keyed by column; numeric columns become JSON numbers and empty cells null. */
export function toJson({ columns, rows, numeric }: CsvTable): string {
  const objects = rows.map((row) => {
    const object: Record<string, string | number | null> = {};
    columns.forEach((column, c) => {
      const value = row[c] ?? '';
      object[column] = value === '' ? null : numeric[c] ? Number(value) : value;
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
