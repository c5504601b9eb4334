import { describe, expect, it } from 'vitest';
import { testTime } from '../reading/test-fixtures.js';
import type { Plan } from '../semantic/plan.js';
import { interpret } from './interpret.js';
import { analyse } from './narrate.js';
import { buildQuery } from './sql-builder.js';

const worstPerRegion: Plan = {
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { tech: 'fttponly' },
  dimension: 'la_name',
  rankWithin: 'government_region',
  order: 'asc',
  limit: 1,
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
};

describe('group-wise answers: the first places within each group', () => {
  it('restates one winner per group', () => {
    expect(interpret(worstPerRegion, testTime)).toBe(
      'For each region, the local authority with the lowest share of premises where full fibre is available, November 2026 snapshot',
    );
    expect(interpret({ ...worstPerRegion, order: 'desc', limit: 3 }, testTime)).toMatch(
      /^For each region, the 3 local authorities with the highest share/,
    );
  });

  it('narrates a line per group, never one overall leader', () => {
    const built = buildQuery(worstPerRegion, testTime);
    const columns = ['government_region', 'la_name', 'premises_passed', 'total_premises', 'coverage_pct'];
    const text = analyse(
      worstPerRegion,
      built,
      {
        columns: [...columns, 'rank_in_government_region'].map((name) => ({ name, type: 'DOUBLE' })),
        rows: [
          ['London', 'Enfield', 585, 1000, 58.5, 1],
          ['Wales', 'Isle of Anglesey', 703, 1000, 70.36, 1],
        ],
        truncated: false,
      },
      testTime.latest,
    );
    expect(text).toContain('The lowest coverage of its premises in each of 2 regions');
    expect(text).toContain('- **London**: Enfield (58.5%)');
    expect(text).toContain('- **Wales**: Isle of Anglesey (70.36%)');
    expect(text).not.toMatch(/leads on|is lowest on/);
  });
});

describe("a named place's position among its peers", () => {
  const leeds: Plan = {
    dataset: 'upc',
    measure: 'coverage_pct',
    subject: { tech: 'fttponly' },
    dimension: 'la_name',
    geo: { column: 'government_region', values: ['Yorkshire and The Humber'] },
    rankOf: ['Leeds'],
    order: 'desc',
    time: {},
    notes: [],
    unknowns: [],
    assumptions: [],
  };

  it('restates the position asked and narrates it with the number of places ranked', () => {
    expect(interpret(leeds, testTime)).toBe(
      'Where Leeds ranks among local authorities in Yorkshire and The Humber by share of premises where full fibre is available, November 2026 snapshot',
    );
    const built = buildQuery(leeds, testTime);
    const names = ['la_name', 'premises_passed', 'total_premises', 'coverage_pct', 'rank', 'places_ranked'];
    const text = analyse(
      leeds,
      built,
      {
        columns: names.map((name) => ({ name, type: 'DOUBLE' })),
        rows: [['Leeds', 394905, 403331, 97.91, 2, 15]],
        truncated: false,
      },
      testTime.latest,
    );
    expect(text).toContain('Leeds ranks 2nd of 15 local authorities in Yorkshire and The Humber');
    expect(text).toContain('97.91%');
    expect(text).not.toMatch(/leads on/);
  });

  it('says when a place asked has none of the measure, so no rank', () => {
    const built = buildQuery(leeds, testTime);
    const text = analyse(
      leeds,
      built,
      { columns: [{ name: 'la_name', type: 'VARCHAR' }], rows: [], truncated: false },
      testTime.latest,
    );
    expect(text).toContain(
      'Leeds: not among the local authorities in Yorkshire and The Humber ranked (outside them, or with none of the figure).',
    );
  });
});
