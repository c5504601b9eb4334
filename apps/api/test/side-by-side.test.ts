/**
 * Subjects side by side, end to end: a question that lists technologies or sets networks against each other is
 * answered with a column set per subject, and each subject's figures are exactly what the question about that
 * subject alone answers (the same SQL per subject, joined on the place).
 */
import { describe, expect, it } from 'vitest';
import { useBuiltinQuestions } from './helpers/builtin-questions.js';

const ask = useBuiltinQuestions();

/** The rows of a table keyed by a column. */
const byKey = (table: Record<string, string | undefined>[], key: string) =>
  new Map(table.map((row) => [row[key], row]));

describe('subjects side by side', () => {
  it('answers "FF and gigabit coverage by region" with both figures for every region, each as asked alone', async () => {
    const both = await ask('full fibre and gigabit coverage by region');
    expect(both.result.interpretation).toMatch(/full fibre .*side by side with .*gigabit/);
    expect(both.header).toEqual(
      expect.arrayContaining(['government_region', 'full_fibre_coverage_pct', 'gigabit_coverage_pct']),
    );
    expect(both.result.classification?.confidence).toBeGreaterThanOrEqual(0.85);
    const ff = byKey((await ask('full fibre coverage by region')).table, 'government_region');
    const gb = byKey((await ask('gigabit coverage by region')).table, 'government_region');
    expect(both.table.length).toBe(ff.size);
    for (const row of both.table) {
      const region = row.government_region;
      expect(Number(row.full_fibre_coverage_pct)).toBe(Number(ff.get(region)?.coverage_pct));
      expect(Number(row.gigabit_coverage_pct)).toBe(Number(gb.get(region)?.coverage_pct));
      // Both figures are shares of the same premises: the total is shown once.
      expect(row.total_premises).toBe(ff.get(region)?.total_premises);
    }
    // The analysis says what the columns are (shares of each region's premises), not a sum of them.
    // The analysis names each subject's figures and compares them region by region; shares are never added up.
    expect(both.result.csv_analysis).toMatch(/\*\*Full fibre\*\*: highest in/);
    expect(both.result.csv_analysis).toMatch(/Gigabit-capable is above full fibre in \d+ of the \d+ regions/);
    expect(both.result.csv_analysis).not.toMatch(/total/i);
  });

  it('sets networks against each other: "CityFibre vs Openreach FTTP premises by region"', async () => {
    const vs = await ask('CityFibre vs Openreach FTTP premises by region');
    expect(vs.header).toEqual(
      expect.arrayContaining([
        'government_region',
        'cityfibre_full_fibre_premises_passed',
        'openreach_full_fibre_premises_passed',
      ]),
    );
    const alone = byKey((await ask('Openreach FTTP premises by region')).table, 'government_region');
    for (const row of vs.table) {
      // A region CityFibre does not reach still shows Openreach's figure, and CityFibre's is 0.
      expect(Number(row.openreach_full_fibre_premises_passed)).toBe(
        Number(alone.get(row.government_region)?.premises_passed ?? 0),
      );
    }
    const cityfibre = vs.table.map((row) => Number(row.cityfibre_full_fibre_premises_passed));
    expect(cityfibre.every((n) => n >= 0)).toBe(true);
  });

  it('lists three speeds with no grouping as one row: "superfast, ultrafast and gigabit coverage in Wales"', async () => {
    const speeds = await ask('compare superfast, ultrafast and gigabit coverage in Wales');
    expect(speeds.result.csv_analysis).toMatch(
      /^Superfast \*\*[\d.]+% of all premises in Wales\*\*; ultrafast/,
    );
    expect(speeds.table).toHaveLength(1);
    const [row] = speeds.table;
    const superfast = Number(row?.superfast_coverage_pct);
    const ultrafast = Number(row?.ultrafast_coverage_pct);
    const gigabit = Number(row?.gigabit_coverage_pct);
    // Each threshold is a subset of the one below it.
    expect(superfast).toBeGreaterThanOrEqual(ultrafast);
    expect(ultrafast).toBeGreaterThanOrEqual(gigabit);
    expect(gigabit).toBeGreaterThan(0);
  });
});
