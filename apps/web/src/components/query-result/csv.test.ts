import { describe, expect, it } from 'vitest';
import {
  formatNumericCell,
  formatTable,
  parseCsv,
  parseCsvRecords,
  toCsv,
  toJson,
  toMarkdown,
  toTsv,
} from './csv';

describe('parseCsvRecords', () => {
  it('splits plain fields and lines', () => {
    expect(parseCsvRecords('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quoted fields', () => {
    expect(parseCsvRecords('name,note\r\n"Bristol, City of","said ""hi""\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Bristol, City of', 'said "hi"\nthen left'],
    ]);
  });

  it('reads empty fields, a missing final line break and a byte order mark', () => {
    expect(parseCsvRecords('\uFEFFa,b,c\n,,\n"",x,')).toEqual([
      ['a', 'b', 'c'],
      ['', '', ''],
      ['', 'x', ''],
    ]);
  });

  it('parses a large result quickly', () => {
    const lines = ['local_authority,premises'];
    for (let i = 0; i < 50_000; i++) lines.push(`"Authority ${i}, North",${i * 3}`);
    const started = performance.now();
    const table = parseCsv(lines.join('\n'));
    expect(table.rows).toHaveLength(50_000);
    expect(table.rows[49_999]).toEqual(['Authority 49999, North', '149997']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('parseCsv', () => {
  it('returns the header, padded rows and which columns are numeric', () => {
    const table = parseCsv('la,premises,share\nLeeds,1200,45.5\nYork,,\nHull,7');
    expect(table.columns).toEqual(['la', 'premises', 'share']);
    expect(table.rows[2]).toEqual(['Hull', '7', '']);
    expect(table.numeric).toEqual([false, true, true]);
  });

  it('gives an empty table for nothing, and no rows for a header alone', () => {
    expect(parseCsv(null)).toEqual({ columns: [], rows: [], numeric: [] });
    expect(parseCsv('a,b\n')).toEqual({ columns: ['a', 'b'], rows: [], numeric: [false, false] });
  });
});

describe('formatNumericCell', () => {
  it('groups thousands and keeps at most two decimals', () => {
    expect(formatNumericCell('1234567', 'premises')).toBe('1,234,567');
    expect(formatNumericCell('45.678', 'coverage_pct')).toBe('45.68');
    expect(formatNumericCell('-3', 'change')).toBe('-3');
  });

  it('leaves years, codes and text alone', () => {
    expect(formatNumericCell('2024', 'year')).toBe('2024');
    expect(formatNumericCell('E08000035', 'lad_code')).toBe('E08000035');
    expect(formatNumericCell('Leeds', 'premises')).toBe('Leeds');
  });
});

describe('copy formats', () => {
  const table = parseCsv('name,premises\n"Bristol, City of",1200\n"Say ""hi""",7\n"Pipe | here",\n');

  it('CSV is Excel compatible: quoted where needed, CRLF line ends', () => {
    expect(toCsv(table)).toBe('name,premises\r\n"Bristol, City of",1200\r\n"Say ""hi""",7\r\nPipe | here,');
    expect(formatTable(table, 'csv')).toBe(toCsv(table));
  });

  it('CSV round-trips through the parser', () => {
    expect(parseCsv(toCsv(table))).toEqual(table);
  });

  it('TSV separates with tabs and keeps every row on one line', () => {
    const withBreak = parseCsv('a,b\n"x\ny",\tz\n');
    expect(toTsv(table).split('\n')[1]).toBe('Bristol, City of\t1200');
    expect(toTsv(withBreak)).toBe('a\tb\nx y\t z');
  });

  it('Markdown is a table with escaped pipes and right-aligned numbers', () => {
    expect(toMarkdown(table)).toBe(
      [
        '| name | premises |',
        '| --- | ---: |',
        '| Bristol, City of | 1200 |',
        '| Say "hi" | 7 |',
        '| Pipe \\| here |  |',
      ].join('\n'),
    );
  });

  it('JSON is an array of objects with numbers as numbers and empty cells as null', () => {
    expect(JSON.parse(toJson(table))).toEqual([
      { name: 'Bristol, City of', premises: 1200 },
      { name: 'Say "hi"', premises: 7 },
      { name: 'Pipe | here', premises: null },
    ]);
  });
});
