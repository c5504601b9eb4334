import { describe, expect, it } from 'vitest';
import { planFor, testLexicon, testTime } from '../reading/test-fixtures.js';
import { understand } from '../reading/understand.js';
import { interpret } from './interpret.js';
import { buildQuery } from './sql-builder.js';

function interpretation(question: string): string {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  return interpret(u.plan, testTime);
}

describe('the interpretation restates the plan in one sentence', () => {
  it('names the place, the negated condition and the snapshot', () => {
    expect(interpretation("how many premises in Cardiff still can't get gigabit?")).toBe(
      'Premises in Cardiff where no network offers gigabit-capable broadband, November 2026 snapshot',
    );
  });

  it('restates the last quarter a take-up series reads, not the latest one', () => {
    expect(interpretation('BT share of lines for each quarter from 2024 to 2025')).toContain('to 2025 Q4');
  });

  it('keeps "at least N" apart from "exactly N"', () => {
    expect(interpretation('How many premises have 3 or more full fibre networks?')).toBe(
      'Premises where at least 3 networks offer full fibre, November 2026 snapshot',
    );
    expect(interpretation('how many premises have only one gigabit network?')).toContain(
      'exactly one network offers gigabit-capable broadband',
    );
  });

  it('says both networks of an intersection', () => {
    expect(interpretation('How many premises can get both Openreach full fibre and Virgin Media?')).toBe(
      'Premises where both Openreach full fibre and Virgin Media are present, November 2026 snapshot',
    );
  });

  it('states a ranking with its size and direction', () => {
    expect(interpretation('Which 10 local authorities have the worst full fibre coverage?')).toBe(
      'The 10 local authorities with the lowest share of premises where full fibre is available, November 2026 snapshot',
    );
    expect(interpretation('Top 10 altnets by premises passed')).toBe(
      'The 10 altnets with the most premises, November 2026 snapshot',
    );
  });

  it('gives the window of a change and the grain of a series', () => {
    expect(
      interpretation('Which local authorities gained the most full fibre premises in the last 6 months?'),
    ).toBe(
      'The 10 local authorities with the most premises gained where full fibre is available, between the May 2026 and November 2026 snapshots',
    );
    expect(interpretation('how did UK full fibre coverage move month by month through 2025?')).toBe(
      'Share of premises where full fibre is available, monthly from January 2025 to December 2025',
    );
    expect(interpretation('gigabit coverage % across the UK as at each January, 2022 to 2026')).toBe(
      'Share of premises where gigabit-capable broadband is available, each January from 2022 to 2026',
    );
  });

  it('says when the figure is a forecast, and of what', () => {
    expect(interpretation('forecast full fibre coverage in Wales by the end of 2027?')).toBe(
      'Share of premises in Wales where full fibre is available, forecast for December 2027',
    );
  });

  it('restates take-up questions with their quarter', () => {
    expect(interpretation('how many FTTP lines in Manchester, latest qtr?')).toBe(
      'Broadband lines on full fibre in Manchester, 2026 Q3',
    );
  });

  it('names speed thresholds', () => {
    expect(
      interpretation('Number of postcodes where the best available download speed is under 30 Mbps'),
    ).toBe('Postcodes where the best download speed is below 30 Mbit/s, November 2026 snapshot');
  });
});

describe('places meeting a condition', () => {
  it('restates a count of places and a list of places with the test they pass', () => {
    const count = planFor('how many regions are still below 85% FTTP?');
    expect(interpret(count, testTime)).toBe(
      'Number of regions whose share of premises where full fibre is available is below 85%, November 2026 snapshot',
    );
    const built = buildQuery(count, testTime);
    expect(built.sql).toMatch(/SELECT COUNT\(\*\) AS regions\s+FROM \(/);
    expect(built.sql).toMatch(/WHERE g\.share_exact_pct < 85$/);
    const list = buildQuery(planFor('which LAs are still under 70% gigabit coverage?'), testTime);
    expect(list.sql).toMatch(/WHERE g\.share_exact_pct < 70\s+ORDER BY g\.coverage_pct ASC, g\.la_name$/);
  });
});
