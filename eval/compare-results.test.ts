import { describe, expect, it } from 'vitest';
import { cellsMatch, compareResults } from './compare-results.js';

describe('compareResults', () => {
  it('accepts the same rows in another order with renamed and reordered columns', () => {
    const gold = {
      columns: ['la_name', 'gain'],
      rows: [
        ['Leeds', 100],
        ['York', 50],
      ],
    };
    const predicted = {
      columns: ['premises_added', 'local_authority'],
      rows: [
        [50, 'York'],
        [100, 'Leeds'],
      ],
    };
    expect(compareResults(predicted, gold).match).toBe(true);
  });

  it('accepts extra context columns but not missing ones', () => {
    const gold = { columns: ['region', 'pct'], rows: [['London', 91.234]] };
    const withExtra = { columns: ['region', 'premises', 'pct'], rows: [['London', 5000, 91.23]] };
    expect(compareResults(withExtra, gold).match).toBe(true);
    const missing = { columns: ['region'], rows: [['London']] };
    expect(compareResults(missing, gold).match).toBe(false);
  });

  it('lines up values rounded across a two-decimal boundary (0.29504 -> 0.295)', () => {
    // Regional averages from a real question: the gold is unrounded, the answer rounded to 4 decimals.
    const gold = [
      0.3451916, 0.3435438, 0.3215751, 0.3199293, 0.3059621, 0.301789, 0.2950406, 0.2926649, 0.2900702,
      0.2764443, 0.2707793, 0.2124817,
    ];
    const rounded = gold.map((v) => Math.round(v * 10000) / 10000);
    const column = (values: number[]) => ({ columns: ['avg'], rows: values.map((v) => [v]) });
    expect(compareResults(column(rounded), column(gold)).match).toBe(true);
  });

  it('rejects a different row count and values that pair up wrongly', () => {
    const gold = {
      columns: ['a', 'b'],
      rows: [
        ['x', 1],
        ['y', 2],
      ],
    };
    expect(compareResults({ columns: ['a', 'b'], rows: [['x', 1]] }, gold).match).toBe(false);
    expect(
      compareResults(
        {
          columns: ['a', 'b'],
          rows: [
            ['x', 2],
            ['y', 1],
          ],
        },
        gold,
      ).match,
    ).toBe(false);
  });

  it('compares numbers within rounding tolerance and text case-insensitively', () => {
    expect(cellsMatch(85.27, 85.2716)).toBe(true);
    expect(cellsMatch(85.2, 85.2716)).toBe(false);
    expect(cellsMatch('1200', 1200)).toBe(true);
    expect(cellsMatch('LONDON', 'London')).toBe(true);
    expect(cellsMatch(null, 0)).toBe(false);
  });

  it('matches a gold share written to one decimal with the prediction it rounds from, and no other', () => {
    expect(cellsMatch(87.63, 87.6)).toBe(true);
    // 79.15 (rounded to two decimals) may be 79.1512, which rounds to 79.2.
    expect(cellsMatch(79.15, 79.2)).toBe(true);
    expect(cellsMatch(87.66, 87.6)).toBe(false);
    // A column to one decimal rounds its whole numbers too (91.0 prints as 91).
    expect(
      compareResults(
        {
          columns: ['region', 'pct'],
          rows: [
            ['A', 90.98],
            ['B', 87.21],
          ],
        },
        {
          columns: ['region', 'pct'],
          rows: [
            ['A', 91],
            ['B', 87.2],
          ],
        },
      ).match,
    ).toBe(true);
    // A gold whose SQL rounds to one decimal: its 44 (44.0) is the prediction's 44.02.
    expect(
      compareResults(
        { columns: ['pct'], rows: [[44.02]] },
        { columns: ['pct'], rows: [[44]], roundedToOneDecimal: true },
      ).match,
    ).toBe(true);
    expect(
      compareResults({ columns: ['pct'], rows: [[44.02]] }, { columns: ['pct'], rows: [[44]] }).match,
    ).toBe(false);
    // Whole numbers alone are not taken as rounded: a count of 3 is not 3.4.
    expect(cellsMatch(3.4, 3)).toBe(false);
  });
  it('does not require a code column that only identifies the rows of a name column', () => {
    const gold = {
      columns: ['la_code', 'la_name', 'pp_gain'],
      rows: [
        ['E06000052', 'Cornwall', 4.5],
        ['E08000025', 'Birmingham', 3.1],
      ],
    };
    const byName = {
      columns: ['la_name', 'change_pp'],
      rows: [
        ['Birmingham', 3.1],
        ['Cornwall', 4.5],
      ],
    };
    expect(compareResults(byName, gold).match).toBe(true);
    // A code that is not one to one with any other column is an answer in itself.
    const codesOnly = {
      columns: ['la_code', 'n'],
      rows: [
        ['E06000052', 1],
        ['E08000025', 1],
      ],
    };
    expect(compareResults({ columns: ['n'], rows: [[1], [1]] }, codesOnly).match).toBe(false);
    // The name is still required.
    expect(compareResults({ columns: ['x'], rows: [[3.1], [4.5]] }, gold).match).toBe(false);
  });

  it('accepts a comparison of dates answered as one row with a column per date, and only with the right dates', () => {
    const gold = {
      columns: ['reported_at', 'coverage_pct'],
      rows: [
        ['2024-01-01', 41.25],
        ['2026-11-01', 70.5],
      ],
    };
    const wide = {
      columns: ['coverage_2024_01_pct', 'coverage_2026_11_pct', 'pp_change'],
      rows: [[41.25, 70.5, 29.25]],
    };
    expect(compareResults(wide, gold).match).toBe(true);
    // The figures under the other date's name are not the answer.
    const swapped = { columns: ['coverage_2024_01_pct', 'coverage_2026_11_pct'], rows: [[70.5, 41.25]] };
    expect(compareResults(swapped, gold).match).toBe(false);
    // Nor is one of the two figures alone.
    expect(compareResults({ columns: ['coverage_2026_11_pct'], rows: [[70.5]] }, gold).match).toBe(false);
    // Years and quarters are dates too.
    const quarters = {
      columns: ['quarter', 'lines'],
      rows: [
        ['2026Q2', 10],
        ['2026Q3', 12],
      ],
    };
    expect(
      compareResults({ columns: ['lines_2026q2', 'lines_2026q3'], rows: [[10, 12]] }, quarters).match,
    ).toBe(true);
  });

  it('reads a place listed at 0 and a place left out as the same answer, and nothing else', () => {
    const gold = {
      columns: ['country', 'premises'],
      rows: [
        ['England', 120],
        ['Northern Ireland', 0],
        ['Scotland', 30],
      ],
    };
    const leftOut = {
      columns: ['country', 'premises'],
      rows: [
        ['England', 120],
        ['Scotland', 30],
      ],
    };
    expect(compareResults(leftOut, gold).match).toBe(true);
    expect(compareResults(gold, leftOut).match).toBe(true);
    // With context beside the 0 (the place's own premises), it is still a place with none.
    const withTotals = {
      columns: ['country', 'premises', 'total_premises'],
      rows: [
        ['England', 120, 900],
        ['Northern Ireland', 0, 80],
        ['Scotland', 30, 300],
      ],
    };
    expect(compareResults(withTotals, { columns: leftOut.columns, rows: leftOut.rows }).match).toBe(true);
    // A row with a figure other than 0 left out is a different answer.
    const short = {
      columns: ['country', 'premises'],
      rows: [
        ['England', 120],
        ['Northern Ireland', 0],
      ],
    };
    expect(compareResults(short, gold).match).toBe(false);
  });
});

describe('the whole-UK row', () => {
  it('is the same row whether it is labelled "United Kingdom", "UK" or "UK total"', () => {
    const gold = {
      columns: ['area', 'pct'],
      rows: [
        ['England', 84.76],
        ['UK', 84.64],
      ],
    };
    const predicted = {
      columns: ['country', 'coverage_pct'],
      rows: [
        ['England', 84.76],
        ['United Kingdom', 84.64],
      ],
    };
    expect(compareResults(predicted, gold).match).toBe(true);
    const wrong = {
      columns: ['country', 'coverage_pct'],
      rows: [
        ['England', 84.76],
        ['Wales', 84.64],
      ],
    };
    expect(compareResults(wrong, gold).match).toBe(false);
  });
});

describe('places side by side', () => {
  it('accepts a row per place for a gold of one row with a column per place, and only with the same figures', () => {
    const gold = { columns: ['ne_pct', 'uk_pct'], rows: [[92.3, 84.64]] };
    const rows = {
      columns: ['government_region', 'coverage_pct'],
      rows: [
        ['North East', 92.3],
        ['United Kingdom', 84.64],
      ],
    };
    expect(compareResults(rows, gold).match).toBe(true);
    const other = {
      columns: ['government_region', 'coverage_pct'],
      rows: [
        ['North East', 92.3],
        ['United Kingdom', 80.1],
      ],
    };
    expect(compareResults(other, gold).match).toBe(false);
  });
});
