/**
 * A series ranked by its figure, end to end: "which month had the biggest net adds" is the month whose addition
 * tops the monthly series over the same window, and "biggest first" lists the same points in that order.
 */
import { describe, expect, it } from 'vitest';
import { useBuiltinQuestions } from './helpers/builtin-questions.js';

const ask = useBuiltinQuestions();

describe('a series ranked by its figure', () => {
  it('answers "which month" with the month that tops the series, and "biggest first" with the series reordered', async () => {
    const series = await ask('monthly FF net adds over the past year');
    const added = series.header.findIndex((h) => h.startsWith('new_'));
    expect(added).toBeGreaterThan(0);
    const points = series.rows.map((row) => ({ at: row[0], added: Number(row[added]) }));
    expect(points).toHaveLength(12);
    const ranked = [...points].sort((a, b) => b.added - a.added || String(a.at).localeCompare(String(b.at)));

    const which = await ask('which month in the past year had the biggest FF net adds?');
    expect(which.result.interpretation).toMatch(/^The month with the most new premises added/);
    expect(which.rows).toHaveLength(1);
    expect(which.rows[0]?.[0]).toBe(ranked[0]?.at);
    expect(which.result.classification?.confidence).toBeGreaterThanOrEqual(0.85);

    const biggestFirst = await ask('monthly FF net adds over the past year, biggest first');
    expect(biggestFirst.result.interpretation).toMatch(/highest first$/);
    expect(biggestFirst.rows.map((row) => row[0])).toEqual(ranked.map((p) => p.at));
  });
});
