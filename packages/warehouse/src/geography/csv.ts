/** Geography CSV files as records keyed by their expected header (the parser itself is shared). */
import { parseCsv } from '@qa/contracts';

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
