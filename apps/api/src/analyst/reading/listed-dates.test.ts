/**
 * Dates as analysts list and abbreviate them: three or more points are a series of exactly those points, two-digit
 * years after a quarter, half, month or year end are this century's, and one figure asked at two dates is its change
 * with both levels shown. The latest snapshot is November 2026 (test-fixtures.ts).
 */
import { describe, expect, it } from 'vitest';
import { buildQuery } from '../compile/sql-builder.js';
import { readData, testTime } from './test-fixtures.js';
import { parseTime } from './time-phrases.js';

const read = readData;

describe('dates listed one by one', () => {
  it('reads evenly spaced points as a series of that grain over their span', () => {
    expect(
      parseTime(' gigabit % at nov 2024, nov 2025 and nov 2026 - the 3-point trend ', testTime),
    ).toMatchObject({
      series: 'year',
      time: { seriesMonth: 11, seriesFrom: '2024-11-01', seriesTo: '2026-11-01' },
    });
    expect(parseTime(' premises at end h1 2027, h2 2027, h1 2028 and h2 2028 ', testTime)).toMatchObject({
      series: 'half_year',
      time: { seriesFrom: '2027-06-01', seriesTo: '2028-12-01' },
    });
    // A month named without its year takes the year written once for the list.
    expect(parseTime(' coverage at jan, apr, jul and oct 2025 ', testTime)).toMatchObject({
      series: 'quarter',
      time: { seriesFrom: '2025-01-01', seriesTo: '2025-10-01' },
    });
  });

  it('keeps only the points listed when they are not evenly spaced', () => {
    const { time, series } = parseTime(' ff coverage at jan 2021, jun 2023 and nov 2026 ', testTime);
    expect(series).toBe('month');
    expect(time.points).toEqual(['2021-01-01', '2023-06-01', '2026-11-01']);
    const u = read('CityFibre forecast footprint in Leeds at the end of 2026, 2028 and 2030');
    expect(u.plan.time.points).toEqual(['2026-12-01', '2028-12-01', '2030-12-01']);
    const { sql } = buildQuery(u.plan, testTime);
    expect(sql).toContain("IN (DATE '2026-12-01', DATE '2028-12-01', DATE '2030-12-01')");
  });

  it('reads a word beside the list as no grain of its own ("the 3-point trend" is not monthly)', () => {
    const u = read('Gigabit coverage % at the Nov-24, Nov-25 and Nov-26 snapshots - want the 3-point trend');
    expect(u.plan).toMatchObject({ dimension: 'year', time: { seriesMonth: 11, seriesFrom: '2024-11-01' } });
  });
});

describe('two-digit years', () => {
  it('reads "Q4 26", "end H1 28", "nov 24" and "end 26" as dates of this century', () => {
    expect(read('which 5 providers added the most lines in Q4 26').plan.time.quarter).toBe('2026Q4');
    expect(read('CityFibre forecast footprint at end H1 28').plan.time.at).toBe('2028-06-01');
    expect(read('cityfibre ff premises nov 24').plan.time.at).toBe('2024-11-01');
    expect(read('CityFibre forecast premises at end 27').plan.time.at).toBe('2027-12-01');
  });

  it('never reads a figure with its unit as a year', () => {
    expect(read('premises with under 30 mbps in Leeds').plan.time.at).toBeUndefined();
  });
});

describe('one figure at two dates', () => {
  it('is its change, which shows the level at both dates', () => {
    const u = read(
      'What percentage of premises had superfast at the 1 January 2021 snapshot, and what percentage at the 1 November 2026 snapshot?',
    );
    expect(u.plan).toMatchObject({ measure: 'change_pp', time: { from: '2021-01-01', to: '2026-11-01' } });
    expect(Object.keys(buildQuery(u.plan, testTime).columns)).toEqual(
      expect.arrayContaining(['coverage_2021_01_pct', 'coverage_2026_11_pct']),
    );
  });
});

describe('a change asked beside each point', () => {
  it('reads "w/ YoY growth %" as the levels with what each point added and its % growth', () => {
    const u = read('CityFibre premises passed Nov-24, Nov-25, Nov-26 w/ YoY growth %');
    expect(u.plan).toMatchObject({ dimension: 'year', flow: true, growthPct: true });
    const built = buildQuery(u.plan, testTime);
    expect(Object.keys(built.columns)).toEqual(
      expect.arrayContaining(['premises', 'new_premises', 'growth_pct']),
    );
  });

  it('reads "at the start of each quarter in 2026 and now, with net adds between each" with the latest point', () => {
    const u = read(
      'Openreach FTTP homes passed at the start of each quarter in 2026 and now, with net adds between each',
    );
    expect(u.plan).toMatchObject({ dimension: 'quarter', flow: true, time: { withLatest: true } });
    expect(buildQuery(u.plan, testTime).sql).toContain("DATE '2026-11-01'");
  });

  it('reads "annual net adds, Dec-on-Dec, for 2022 to 2025" as what each December added', () => {
    const u = read('Leeds - annual net adds of gigabit premises, Dec-on-Dec, for 2022 to 2025');
    expect(u.plan).toMatchObject({
      dimension: 'year',
      flow: true,
      time: { seriesMonth: 12, seriesFrom: '2022-01-01', seriesTo: '2025-12-01' },
    });
  });
});
