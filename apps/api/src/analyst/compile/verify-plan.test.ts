import { describe, expect, it } from 'vitest';
import { testTime } from '../reading/test-fixtures.js';
import type { Plan } from '../semantic/plan.js';
import { buildQuery } from './sql-builder.js';
import { readSqlFacts } from './sql-facts.js';
import { describePlanCheck, verifyPlan } from './verify-plan.js';

const plan = (fields: Partial<Plan>): Plan => ({
  dataset: 'upc',
  measure: 'premises',
  subject: {},
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
  ...fields,
});

/** The plan's compiled SQL with one piece of its text replaced: a compiler that forgot that piece. */
async function missingAfter(p: Plan, from: string | RegExp, to: string): Promise<string[]> {
  const { sql } = buildQuery(p, testTime);
  const broken = sql.replace(from, to);
  expect(broken, 'the replacement applies').not.toBe(sql);
  const check = await verifyPlan(p, { sql: broken }, testTime);
  expect(check.refused).toBeUndefined();
  return check.missing;
}

const gigabitByLa = plan({
  measure: 'coverage_pct',
  subject: { gigabit: true },
  dimension: 'la_name',
  geo: { column: 'government_region', values: ['London', 'North West'] },
  order: 'asc',
  limit: 5,
});
const overlap = plan({
  subject: { allGroups: ['Openreach', 'Virgin Media', 'CityFibre'], tech: 'fttponly' },
});

describe('the facts of a SQL statement, read with the guard’s parser', () => {
  it('reads comparisons, dates, groupings, orderings, limits and set operations from the syntax tree', async () => {
    const read = await readSqlFacts(
      `WITH passed AS (
         SELECT f.postcode FROM fact_operator f WHERE f.tech = 'fttponly' AND f.reported_at = DATE '2025-01-01'
         INTERSECT SELECT f.postcode FROM fact_operator f WHERE f.fastest_down >= 1000
       )
       SELECT u.la_name, ROUND(100.0 * SUM(u.premises) / NULLIF(SUM(u.premises), 0)) AS coverage_pct
       FROM upc_output u LEFT JOIN passed p ON p.postcode = u.postcode
       WHERE u.la_name IN ('Leeds', 'Hull') AND p.postcode IS NULL
       GROUP BY u.la_name ORDER BY coverage_pct ASC, u.la_name LIMIT 3`,
    );
    if (!read.ok) throw new Error(read.reason);
    const { facts } = read;
    expect(facts.comparisons).toContainEqual({ target: 'tech', op: '=', values: ['fttponly'] });
    expect(facts.comparisons).toContainEqual({ target: 'la_name', op: 'in', values: ['Leeds', 'Hull'] });
    expect(facts.comparisons).toContainEqual({ target: 'fastest_down', op: '>=', values: [1000] });
    expect(facts.comparisons).toContainEqual({ target: 'postcode', op: 'is null', values: [] });
    expect([...facts.dates]).toEqual(['2025-01-01']);
    expect(facts.setOperations).toEqual([{ kind: 'INTERSECT', inputs: 2 }]);
    expect(facts.groupBy).toEqual(new Set(['la_name']));
    expect(facts.orderings[0]).toEqual([
      { target: 'coverage_pct', descending: false },
      { target: 'la_name', descending: false },
    ]);
    expect(facts.limits).toEqual([3]);
    expect(facts.arithmetic.has('/')).toBe(true);
    expect(facts.outputs).toEqual(['la_name', 'coverage_pct']);
  });

  it('says why SQL cannot be parsed', async () => {
    const read = await readSqlFacts('SELECT f.operator FROM fact_operator f GROUP BY f.operator AS operator');
    expect(read).toEqual({ ok: false, reason: expect.stringContaining('syntax error at or near "AS"') });
  });
});

describe('checking compiled SQL against its plan', () => {
  it('finds every element of a compiled plan in its SQL', async () => {
    const plans = [
      gigabitByLa,
      overlap,
      plan({ measure: 'coverage_pct', subject: { tech: 'fttponly', absent: true }, urbanRural: 'rural' }),
      plan({
        measure: 'change_pp',
        subject: { tech: 'fttponly' },
        dimension: 'la_name',
        time: { from: '2025-11-01', to: '2026-11-01' },
      }),
      plan({
        subject: { gigabit: true, soleGroup: 'Virgin Media' },
        geo: { column: 'la_name', values: ['Leeds'] },
      }),
      plan({ subject: { tech: 'fttponly', minNetworks: 3 }, dimension: 'country' }),
      plan({ subject: { tech: 'fwa', exclude: { tech: 'fttponly' } } }),
      plan({
        dataset: 'upc_forecast',
        subject: { operatorGroups: ['Openreach'] },
        time: { at: '2028-12-01' },
      }),
      plan({
        subject: { tech: 'fttponly' },
        dimension: 'year',
        time: { seriesMonth: 3, seriesFrom: '2022-01-01' },
      }),
      plan({
        measure: 'coverage_pct',
        subject: { gigabit: true },
        dimension: 'la_name',
        groupFilter: { op: 'lt', value: 70 },
        countGroups: true,
      }),
      plan({ subject: { tech: 'fttponly' }, dimension: 'government_region', leaderPerDimension: true }),
      plan({
        measure: 'coverage_pct',
        subject: { tech: 'fttponly' },
        dimension: 'la_name',
        rankWithin: 'government_region',
        order: 'asc',
        limit: 1,
      }),
      plan({
        measure: 'change_pp',
        subject: { gigabit: true },
        dimension: 'post_sector',
        rankWithin: 'postcode_area',
        geo: { column: 'postcode_area', values: ['LS', 'M'] },
        time: { from: '2025-11-01', to: '2026-11-01' },
        order: 'desc',
        limit: 2,
      }),
      plan({
        dataset: 'take_up',
        measure: 'line_share_pct',
        takeUp: { shareOf: 'Sky', segment: 'residential' },
        time: { quarter: '2026Q2' },
      }),
      // A first date: over every snapshot or forecast point, with no date of its own.
      plan({
        measure: 'first_date',
        subject: { tech: 'fttponly' },
        geo: { column: 'la_name', values: ['Leeds'] },
      }),
      plan({
        dataset: 'upc_forecast',
        measure: 'first_date',
        subject: { operatorGroups: ['Openreach'] },
        geo: { column: 'la_name', values: ['Leeds'] },
      }),
      plan({ measure: 'first_date', subject: { altnet: true }, dimension: 'operator', order: 'desc' }),
    ];
    for (const p of plans) {
      const check = await verifyPlan(p, buildQuery(p, testTime), testTime);
      expect(check, JSON.stringify(p)).toEqual({ ok: true, missing: [] });
    }
  });

  it('lists a ranking of places by their size that the SQL ranks by the measure instead', async () => {
    const largest = plan({
      measure: 'coverage_pct',
      subject: { operatorGroups: ['Virgin Media'] },
      dimension: 'la_name',
      rankBySize: true,
      order: 'desc',
      limit: 10,
    });
    expect((await verifyPlan(largest, buildQuery(largest, testTime), testTime)).ok).toBe(true);
    expect(await missingAfter(largest, 'ORDER BY total_premises', 'ORDER BY coverage_pct')).toEqual([
      "the ranking by the places' size (ranked by coverage_pct)",
    ]);
  });

  it('lists a ranking within each group that the SQL leaves out', async () => {
    const worstPerRegion = plan({
      measure: 'coverage_pct',
      subject: { tech: 'fttponly' },
      dimension: 'la_name',
      rankWithin: 'government_region',
      order: 'asc',
      limit: 1,
    });
    expect(
      await missingAfter(
        worstPerRegion,
        /ROW_NUMBER\(\) OVER \(PARTITION BY pl.government_region /,
        'SUM(1) OVER (',
      ),
    ).toEqual(['the ranking within each government_region ("by region")']);
    expect(await missingAfter(worstPerRegion, '<= 1', '<= 3')).toEqual([
      'the number of results in each government_region ("1")',
    ]);
    // Areas are not made of whole local authorities: a local authority cannot be ranked within one.
    expect(() => buildQuery({ ...worstPerRegion, rankWithin: 'postcode_area' }, testTime)).toThrow();
  });

  it('lists a place, a network, a speed, a negation and an exclusion the SQL leaves out', async () => {
    expect(
      await missingAfter(gigabitByLa, "f.government_region IN ('London', 'North West')", 'TRUE'),
    ).toEqual(['the place ("London, North West")']);
    expect(await missingAfter(gigabitByLa, ", 'North West'", '')).toEqual([
      'part of the place ("North West")',
    ]);
    expect(await missingAfter(gigabitByLa, /f\.fastest_down >= 1000/g, 'f.fastest_down >= 300')).toEqual([
      'the speed ("gigabit")',
    ]);
    const without = plan({ measure: 'coverage_pct', subject: { tech: 'fttponly', absent: true } });
    expect(await missingAfter(without, /NOT COALESCE/g, 'COALESCE')).toEqual(['the negation ("without")']);
    const fwa = plan({ subject: { tech: 'fwa', exclude: { tech: 'fttponly' } } });
    expect(await missingAfter(fwa, / AND f\.postcode NOT IN \(.*\)/, '')).toEqual([
      'the exclusion ("no full fibre")',
    ]);
  });

  it('forecasts a reported operator as the network it belongs to, on both sides of a change to a forecast', async () => {
    const bt = plan({
      dataset: 'upc_forecast',
      measure: 'change_premises',
      subject: { operators: ['BT'] },
      time: { from: testTime.latest, to: '2027-12-01' },
    });
    const { sql } = buildQuery(bt, testTime);
    expect(sql).toMatch(
      /FROM forecast_footprint f\s+WHERE f\.operator IN \(SELECT operator_group FROM operators WHERE operator IN \('BT'\)\)/,
    );
    expect(sql).toMatch(/fact_operator_time_series f\n.*f\.operator IN \('BT'\)/);
  });

  it('requires an overlap of networks to intersect every one of them', async () => {
    expect(await missingAfter(overlap, /INTERSECT/g, 'UNION')).toEqual([
      'the overlap ("Openreach, Virgin Media and CityFibre all present")',
    ]);
    expect(await missingAfter(overlap, "'CityFibre'", "'Hyperoptic'")).toEqual(['the network ("CityFibre")']);
  });

  it('requires the measure, the grouping and the ranking the plan asks for', async () => {
    expect(await missingAfter(gigabitByLa, /\/ NULLIF\(SUM\(f\.premises\), 0\)/, '')).toEqual([
      'the measure ("a share: nothing is divided")',
    ]);
    expect(await missingAfter(gigabitByLa, 'LIMIT 5', 'LIMIT 50')).toEqual(['the number of results ("5")']);
    expect(await missingAfter(gigabitByLa, 'coverage_pct ASC', 'coverage_pct DESC')).toEqual([
      'the ranking ("lowest first")',
    ]);
    expect(
      await missingAfter(gigabitByLa, 'ORDER BY coverage_pct ASC', 'ORDER BY premises_passed ASC'),
    ).toEqual(['the ranking by the share (ranked by premises_passed)']);
    expect(await missingAfter(gigabitByLa, /f\.la_name/g, 'f.country')).toEqual([
      'the grouping ("by local authority")',
    ]);
  });

  it('requires a change to compare its two dates, and a snapshot to read its date', async () => {
    const change = plan({
      measure: 'change_premises',
      subject: { tech: 'fttponly' },
      time: { from: '2024-11-01', to: '2026-11-01' },
    });
    expect(await missingAfter(change, /DATE '2024-11-01'/g, "DATE '2025-11-01'")).toEqual([
      'the date ("2024-11-01")',
    ]);
    const past = plan({ subject: { operatorGroups: ['CityFibre'] }, time: { at: '2024-06-01' } });
    expect(await missingAfter(past, "f.reported_at = DATE '2024-06-01'", 'TRUE')).toEqual([
      'the date ("2024-06-01")',
    ]);
  });

  it('requires take-up filters: the share of one operator’s lines divides by all lines', async () => {
    const sky = plan({
      dataset: 'take_up',
      measure: 'line_share_pct',
      takeUp: { shareOf: 'Sky' },
      time: { quarter: '2026Q2' },
    });
    expect(await missingAfter(sky, /operator = 'Sky'/g, "operator = 'BT'")).toEqual([
      'the share of lines ("Sky")',
    ]);
    expect(await missingAfter(sky, "quarter = '2026Q2'", "quarter = '2026Q3'")).toEqual([
      'the quarter ("2026Q2")',
    ]);
  });

  it('reports what the compiler itself cannot apply', async () => {
    // Scores of the postcodes without the subject (at the last forecast point) are the plan: nothing missing.
    const scores = plan({
      dataset: 'upc_forecast',
      measure: 'avg_attractiveness',
      subject: { tech: 'fttponly', absent: true },
    });
    expect((await verifyPlan(scores, buildQuery(scores, testTime), testTime)).missing).toEqual([]);
    // A score kept over every postcode, where the plan asks for those without the subject, drops the negation.
    const withSubject = buildQuery(scores, testTime).sql.replace(
      / AND a\.postcode NOT IN \(SELECT postcode FROM passed\)/,
      '',
    );
    expect((await verifyPlan(scores, { sql: withSubject }, testTime)).missing).toEqual([
      'the negation ("without")',
    ]);
    // Quarterly lines have no places.
    const quarterly = plan({
      dataset: 'take_up',
      measure: 'lines',
      dimension: 'quarter',
      geo: { column: 'la_name', values: ['Leeds'] },
    });
    expect((await verifyPlan(quarterly, buildQuery(quarterly, testTime), testTime)).missing).toEqual([
      'the place ("Leeds")',
    ]);
    // A number of results with nothing to rank.
    const top = plan({ subject: { tech: 'fttponly' }, limit: 10 });
    expect((await verifyPlan(top, buildQuery(top, testTime), testTime)).missing).toEqual([
      'the number of results ("10")',
    ]);
    // A count of networks taken within one network is always 1.
    const perNetwork = plan({
      measure: 'postcodes',
      subject: { altnet: true, exactNetworks: 5 },
      dimension: 'operator',
    });
    expect((await verifyPlan(perNetwork, buildQuery(perNetwork, testTime), testTime)).missing).toEqual([
      'the number of networks ("exactly 5")',
    ]);
  });

  it('reports SQL the guard refuses, and says what was left out in one sentence', async () => {
    const check = await verifyPlan(
      overlap,
      { sql: 'SELECT premises FROM upc_output u GROUP BY u.x AS y' },
      testTime,
    );
    expect(check.ok).toBe(false);
    expect(describePlanCheck(check)).toMatch(
      /^The SQL written for this reading was refused by the safety check: /,
    );
    expect(
      describePlanCheck({
        ok: false,
        missing: ['the place ("Leeds")', 'the network ("CityFibre")', 'the date ("2024-06-01")'],
      }),
    ).toBe(
      'The SQL written for this reading leaves out the place ("Leeds"), the network ("CityFibre") and the date ("June 2024").',
    );
  });
});

describe('session 17 shapes are checked against their plans', () => {
  const usoSeries = plan({
    subject: { belowUso: true },
    dimension: 'month',
    geo: { column: 'country', values: ['Wales'] },
    time: { seriesFrom: '2026-01-01', seriesTo: '2026-11-01' },
  });
  const shareEachQuarter = plan({
    measure: 'coverage_pct',
    subject: { tech: 'fttponly' },
    dimension: 'quarter',
    flow: true,
    geo: { column: 'government_region', values: ['Scotland'] },
    time: { seriesFrom: '2025-12-01', seriesTo: '2026-11-01' },
  });
  const cardiff = plan({
    measure: 'coverage_pct',
    subject: { tech: 'fttponly' },
    dimension: 'la_name',
    geo: { column: 'country', values: ['Wales'] },
    rankOf: ['Cardiff'],
    order: 'desc',
  });

  const medianLa = plan({
    measure: 'coverage_pct',
    subject: { tech: 'fttponly' },
    dimension: 'la_name',
    placeStats: ['median', 'mean'],
  });
  const bands = plan({
    measure: 'coverage_pct',
    subject: { gigabit: true },
    dimension: 'la_name',
    placeBands: 10,
  });

  it('checks the second grouping of lines', async () => {
    const pairs = plan({
      dataset: 'take_up',
      measure: 'lines',
      dimension: 'operator',
      thenBy: 'segment',
      time: { quarter: '2026Q4' },
    });
    expect((await verifyPlan(pairs, buildQuery(pairs, testTime), testTime)).missing).toEqual([]);
    expect(await missingAfter(pairs, /GROUP BY operator, segment/, 'GROUP BY operator')).toContain(
      'the second grouping ("by segment")',
    );
  });

  it('checks that an urban-rural gap takes both settings', async () => {
    const gap = plan({
      measure: 'coverage_pct',
      subject: { tech: 'fttponly' },
      dimension: 'country',
      urbanRuralGap: true,
      order: 'desc',
    });
    expect((await verifyPlan(gap, buildQuery(gap, testTime), testTime)).missing).toEqual([]);
    expect(await missingAfter(gap, /= 'rural'/g, "= 'urban'")).toContain(
      'the urban and the rural share ("urban-rural gap")',
    );
  });

  it('checks statistics and bands of places', async () => {
    expect(await missingAfter(medianLa, /AVG\(f\.coverage_pct\)/, 'MAX(f.coverage_pct)')).toContain(
      'the statistics of the places ("mean")',
    );
    expect(await missingAfter(bands, /GROUP BY band_from/, 'GROUP BY places')).toContain(
      'the bands of 10 ("band_from")',
    );
  });

  it('finds every element in the compiled SQL', async () => {
    for (const p of [usoSeries, shareEachQuarter, cardiff, medianLa, bands])
      expect((await verifyPlan(p, buildQuery(p, testTime), testTime)).missing).toEqual([]);
  });

  it('says what a compiler that forgot a piece left out', async () => {
    expect(await missingAfter(usoSeries, /f\.fastest_up >= 1/, 'f.fastest_up >= 0')).toContain(
      'the speed ("below the USO")',
    );
    expect(await missingAfter(shareEachQuarter, / AS pp_change/, ' AS pp')).toContain(
      'the change in the share from each point to the next (points)',
    );
    expect(
      await missingAfter(cardiff, /WHERE la_name IN \('Cardiff'\)/, 'WHERE la_name IS NOT NULL'),
    ).toContain('the places whose rank is asked ("Cardiff")');
  });
});

describe('outputs through a CTE read whole ("yearly.*")', () => {
  it("names the CTE's own columns, so a yearly flow keeps its new_ column", async () => {
    const read = await readSqlFacts(
      'WITH yearly AS (WITH a AS (SELECT 1 AS x) SELECT x AS reported_at, 2 AS new_premises FROM a) SELECT 3 AS year, yearly.* FROM yearly',
    );
    expect(read.ok && read.facts.outputs).toEqual(['year', 'reported_at', 'new_premises']);
  });

  it('passes the check of a yearly series of first activations in rural areas', async () => {
    const plan: Plan = {
      dataset: 'upc',
      measure: 'premises',
      subject: { tech: 'fttponly' },
      urbanRural: 'rural',
      dimension: 'year',
      flow: true,
      time: { seriesFrom: '2022-01-01', seriesTo: '2026-11-01' },
      notes: [],
      unknowns: [],
      assumptions: [],
    };
    const check = await verifyPlan(plan, buildQuery(plan, testTime), testTime);
    expect(check.missing).toEqual([]);
  });
});
