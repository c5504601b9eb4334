import { describe, expect, it } from 'vitest';
import { testLexicon, testTime } from '../reading/test-fixtures.js';
import { understand } from '../reading/understand.js';
import { columnMeta } from './column-meta.js';
import { analyse } from './narrate.js';
import { buildQuery } from './sql-builder.js';

/** The analysis of `question` over `rows` of the columns its SQL returns (named in order). */
function narrate(question: string, names: string[], rows: unknown[][]): string {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${u.reasoning}`);
  const built = buildQuery(u.plan, testTime);
  // The names given are the SQL's own: the test fails if the builder renames a column.
  for (const name of names) expect(built.sql).toContain(name);
  return analyse(
    u.plan,
    built,
    {
      columns: names.map((name, i) => ({
        name,
        type: typeof rows[0]?.[i] === 'number' ? 'DOUBLE' : 'VARCHAR',
      })),
      rows,
      truncated: false,
    },
    testTime.latest,
  );
}

describe('the analysis says what each number is, from the plan', () => {
  it('a network\'s share is of all premises in the place, not "of its premises"', () => {
    const text = narrate(
      'Premises passed by each network in Leeds',
      ['operator_group', 'premises', 'share_of_all_premises_pct'],
      [
        ['Openreach', 3000, 41.44],
        ['CityFibre', 2000, 27.62],
      ],
    );
    expect(text).toContain('**Openreach** leads on');
    expect(text).toContain('(41.44% of all premises in Leeds)');
    expect(text).not.toContain('of its premises');
  });

  it("a place's coverage is a share of its own premises", () => {
    const text = narrate(
      'Full fibre coverage by region',
      ['government_region', 'premises_passed', 'total_premises', 'coverage_pct'],
      [
        ['London', 90, 100, 90],
        ['Wales', 10, 100, 10],
      ],
    );
    expect(text).toContain('**London** leads on coverage: **90%** of its premises');
  });

  it('a share of lines is a share of lines, never of premises', () => {
    const text = narrate(
      'Market share of lines by operator',
      ['operator', 'lines', 'share_pct'],
      [
        ['BT', 7000, 35.5],
        ['Sky', 5000, 25.36],
      ],
    );
    expect(text).toContain('35.5% of all lines');
    expect(text).not.toMatch(/premises/i);
  });

  it('overlapping footprints are never added up', () => {
    const text = narrate(
      'Which networks pass the most premises?',
      ['operator_group', 'premises', 'share_of_all_premises_pct'],
      [
        ['Openreach', 3000, 60],
        ['Virgin Media', 2000, 40],
      ],
    );
    expect(text).not.toMatch(/shown total/);
    expect(text).toContain('not added up');
    // Places do partition the premises, so their total is a total.
    const places = narrate(
      'How many premises are there in each region?',
      ['government_region', 'postcodes', 'premises'],
      [
        ['London', 10, 900],
        ['Wales', 5, 100],
      ],
    );
    expect(places).toContain('The 2 regions shown total **1,000**');
  });

  it('a change in a share is in percentage points, never "%"', () => {
    const text = narrate(
      'Full fibre coverage over time in Leeds',
      ['reported_at', 'premises', 'coverage_pct'],
      [
        ['2026-01-01', 1000, 50],
        ['2026-06-01', 1500, 60.41],
      ],
    );
    expect(text).toContain('from **50%** to **60.41%** (+10.41 pp)');
    expect(text).not.toContain('+10.41%');
    const growth = narrate(
      'Which regions gained the most full fibre coverage in percentage points over the last year?',
      ['government_region', 'pp_change'],
      [
        ['London', 10.41],
        ['Wales', 2],
      ],
    );
    expect(growth).toContain('**+10.41 pp**');
    expect(growth).not.toMatch(/10\.41%/);
  });

  it('"cannot get 30 Mbit/s" is counted in columns named after it', () => {
    const columns = ['premises_below_30_mbps', 'total_premises', 'share_below_30_mbps_pct'];
    const text = narrate('How many premises in Cardiff cannot get 30 Mbit/s?', columns, [[150, 600, 25]]);
    const u = understand('How many premises in Cardiff cannot get 30 Mbit/s?', testLexicon, testTime);
    if (u.kind !== 'data') throw new Error('not data');
    const sql = buildQuery(u.plan, testTime).sql;
    expect(sql).not.toContain('premises_passed');
    expect(sql).not.toContain('coverage_pct');
    expect(text).toContain(
      '**150** premises in postcodes with a best download speed under 30 Mbit/s in Cardiff',
    );
    expect(text).toContain('**25%** of all 600 premises there');
  });

  it('describes each column kind from the plan', () => {
    const u = understand('Market share of lines by operator', testLexicon, testTime);
    if (u.kind !== 'data') throw new Error('not data');
    expect(columnMeta(u.plan, 'lines')).toEqual({ kind: 'count', unit: 'lines', additive: true });
    expect(columnMeta(u.plan, 'pp_change')).toEqual({ kind: 'points' });
  });
});

describe('a distribution by number of networks', () => {
  it('lists each count with its share of all premises (the rows partition them)', () => {
    const text = narrate(
      'Break down premises by how many full fibre networks they can get (0, 1, 2, ...)',
      ['networks', 'postcodes', 'premises'],
      [
        [0, 10, 250],
        [1, 20, 500],
        [2, 8, 250],
      ],
    );
    expect(text).toContain('All 1,000 premises, by how many networks offer it:');
    expect(text).toContain('- **1** network: 500 premises (50% of all)');
    expect(text).toContain('- **2** networks: 250 premises (25% of all)');
  });
});
