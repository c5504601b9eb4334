import { describe, expect, it } from 'vitest';
import { markdownTables, shownInAnswer } from './answer-tables';

const ANSWER = [
  '**Answered as:** premises by region',
  '',
  'South East has the most premises.',
  '',
  '| government_region | premises |',
  '| --- | ---: |',
  '| South East | 45,813 |',
  '| London | 41,861 |',
  '',
  '_First 2 of 12 rows._',
].join('\n');

describe('markdownTables', () => {
  it('finds a table by its heading and delimiter rows, with its first body row', () => {
    expect(markdownTables(ANSWER)).toEqual([
      { headers: ['government_region', 'premises'], firstRow: ['South East', '45,813'] },
    ]);
  });
  it('ignores pipes that are not a table and keeps escaped pipes inside cells', () => {
    expect(markdownTables('a | b\nno delimiter here')).toEqual([]);
    expect(markdownTables('| a | b |\n|:--|--:|\n| x \\| y | 1 |')).toEqual([
      { headers: ['a', 'b'], firstRow: ['x | y', '1'] },
    ]);
  });
});

describe('shownInAnswer', () => {
  const tables = markdownTables(ANSWER);
  const result = (columns: string[], rows: unknown[][]) => ({
    columns,
    rows,
    rowCount: rows.length,
    truncated: false,
  });

  it('matches a tool result with the same column names', () => {
    expect(shownInAnswer(result(['government_region', 'premises'], [['South East', 45813]]), tables)).toBe(
      true,
    );
    expect(shownInAnswer(result(['Government Region', 'Premises'], [['x', 1]]), tables)).toBe(true);
  });
  it('matches renamed headings when the first row is the same values', () => {
    expect(shownInAnswer(result(['region', 'count'], [['South East', 45813]]), tables)).toBe(true);
  });
  it('does not match a different table', () => {
    expect(shownInAnswer(result(['region', 'count'], [['Wales', 900]]), tables)).toBe(false);
    expect(shownInAnswer(result(['a', 'b', 'c'], [['South East', 45813, 1]]), tables)).toBe(false);
    expect(shownInAnswer(result(['government_region', 'premises'], []), [])).toBe(false);
  });
});
