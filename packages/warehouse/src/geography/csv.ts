/**
 * A small RFC 4180 CSV reader, for the geography files and the API's csv_results: comma separated, fields
 * optionally in double quotes, `""` inside quotes for a literal quote, quoted fields may hold commas and line
 * breaks, LF or CRLF line ends. Malformed text (a stray or unterminated quote) throws rather than guessing.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false;
  let i = 0;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

  const endField = () => {
    row.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  while (i < source.length) {
    const ch = source[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (fieldStarted)
        throw new Error(`CSV: unexpected quote inside an unquoted field on row ${rows.length + 1}`);
      inQuotes = true;
      fieldStarted = true;
      i += 1;
    } else if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\r' && source[i + 1] === '\n') {
      endRow();
      i += 2;
    } else if (ch === '\n') {
      endRow();
      i += 1;
    } else {
      field += ch;
      fieldStarted = true;
      i += 1;
    }
  }
  if (inQuotes) throw new Error('CSV: unterminated quoted field');
  // A final line without a trailing newline still counts; a trailing newline does not add an empty row.
  if (fieldStarted || row.length > 0) endRow();
  return rows;
}

/** Parses CSV text with a header row into records keyed by column name, checking the header is as expected. */
export function parseCsvRecords<K extends string>(
  text: string,
  expectedColumns: readonly K[],
  source = 'CSV',
): Record<K, string>[] {
  const [header, ...body] = parseCsv(text);
  if (!header || header.join(',') !== expectedColumns.join(',')) {
    throw new Error(
      `${source}: expected header ${expectedColumns.join(',')}, got ${header?.join(',') ?? '(empty)'}`,
    );
  }
  return body.map((cells, index) => {
    if (cells.length !== expectedColumns.length) {
      throw new Error(
        `${source}: line ${index + 2} has ${cells.length} fields, expected ${expectedColumns.length}`,
      );
    }
    const record = {} as Record<K, string>;
    expectedColumns.forEach((column, c) => {
      record[column] = cells[c]!;
    });
    return record;
  });
}
