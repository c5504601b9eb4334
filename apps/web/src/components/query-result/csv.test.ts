import { describe, expect, it } from 'vitest';
import {
  downloadFileName,
  formatNumericCell,
  formatTable,
  resultTable,
  toCsv,
  toJson,
  toMarkdown,
  toTsv,
} from './csv';

describe('resultTable', () => {
  it('returns the header, padded rows and, without column types, infers the number columns', () => {
    const table = resultTable('la,premises,share\nLeeds,1200,45.5\nYork,,\nHull,7');
    expect(table.columns).toEqual(['la', 'premises', 'share']);
    expect(table.rows[2]).toEqual(['Hull', '7', '']);
    expect(table.types).toEqual(['text', 'number', 'number']);
  });

  it('takes the result’s column types when they match the header', () => {
    const csv = 'code,premises,full\n"007",5,true\n';
    const typed = resultTable(csv, [
      { name: 'code', type: 'text' },
      { name: 'premises', type: 'integer' },
      { name: 'full', type: 'boolean' },
    ]);
    expect(typed.types).toEqual(['text', 'integer', 'boolean']);
    expect(JSON.parse(toJson(typed))).toEqual([{ code: '007', premises: 5, full: true }]);
    // Types for another header are ignored rather than misapplied.
    expect(resultTable(csv, [{ name: 'code', type: 'integer' }]).types).toEqual(['number', 'number', 'text']);
  });

  it('gives an empty table for nothing, and no rows for a header alone', () => {
    expect(resultTable(null)).toEqual({ columns: [], rows: [], types: [] });
    expect(resultTable('a,b\n')).toEqual({ columns: ['a', 'b'], rows: [], types: ['text', 'text'] });
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
  const table = resultTable('name,premises\n"Bristol, City of",1200\n"Say ""hi""",7\n"Pipe | here",\n');

  it('CSV is Excel compatible: quoted where needed, CRLF line ends', () => {
    expect(toCsv(table)).toBe('name,premises\r\n"Bristol, City of",1200\r\n"Say ""hi""",7\r\nPipe | here,');
    expect(formatTable(table, 'csv')).toBe(toCsv(table));
  });

  it('CSV round-trips through the parser', () => {
    expect(resultTable(toCsv(table))).toEqual(table);
  });

  it('TSV separates with tabs and keeps every row on one line', () => {
    const withBreak = resultTable('a,b\n"x\ny",\tz\n');
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

describe('downloadFileName', () => {
  it('names a download after the question it answers', () => {
    expect(downloadFileName('Full fibre coverage by region?')).toBe('full-fibre-coverage-by-region.csv');
    expect(downloadFileName('Café coverage in Ynys Môn')).toBe('cafe-coverage-in-ynys-mon.csv');
  });
  it('cuts a long question at a word and falls back without one', () => {
    const name = downloadFileName(
      'Which alternative networks reach the most premises in Yorkshire and The Humber over the last year?',
    );
    expect(name).toBe('which-alternative-networks-reach-the-most-premises-in.csv');
    expect(downloadFileName('')).toBe('query-results.csv');
    expect(downloadFileName(null)).toBe('query-results.csv');
  });
});
