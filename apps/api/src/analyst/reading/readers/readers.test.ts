/**
 * Each reader of the question, by the sentences it reads: what one part of the question becomes in the plan.
 * Dates are the test vocabulary's: the latest snapshot is November 2026, the last forecast December 2030.
 */
import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../compile/sql-builder.js';
import { planFor, testTime } from '../test-fixtures.js';

describe('dataset', () => {
  it("reads 'Lines by operator' as take-up", () => {
    expect(planFor('Lines by operator').dataset).toBe('take_up');
  });

  it("reads 'How many premises will CityFibre pass by 2035?' as the forecast", () => {
    expect(planFor('How many premises will CityFibre pass by 2035?').dataset).toBe('upc_forecast');
  });

  it("reads 'How many premises were passed by full fibre in January 2023?' as availability", () => {
    expect(planFor('How many premises were passed by full fibre in January 2023?')).toMatchObject({
      dataset: 'upc',
      time: { at: '2023-01-01' },
    });
  });
});

describe('places', () => {
  it("reads 'How many premises in Leeds can get full fibre?' as a filter on Leeds", () => {
    expect(planFor('How many premises in Leeds can get full fibre?').geo).toEqual({
      column: 'la_name',
      values: ['Leeds'],
    });
  });

  it("reads 'Premises in Cornwall and Leeds' as the two compared side by side", () => {
    expect(planFor('Premises in Cornwall and Leeds')).toMatchObject({
      dimension: 'la_name',
      geo: { column: 'la_name', values: ['Cornwall', 'Leeds'] },
    });
  });

  it("reads 'Full fibre coverage in each nation (England/Wales/Scotland/Northern Ireland)' with no filter", () => {
    const plan = planFor('Full fibre coverage in each nation (England/Wales/Scotland/Northern Ireland)');
    expect(plan.dimension).toBe('country');
    expect(plan.geo).toBeUndefined();
  });

  it("reads 'rural full fibre premises' as rural postcodes only", () => {
    expect(planFor('rural full fibre premises').urbanRural).toBe('rural');
  });
});

describe('technology', () => {
  it("reads 'FWA premises that have no full fibre option' as FWA without full fibre", () => {
    expect(planFor('FWA premises that have no full fibre option').subject).toEqual({
      tech: 'fwa',
      exclude: { tech: 'fttponly' },
    });
  });

  it("reads 'symmetric gigabit premises' as gigabit both ways", () => {
    expect(planFor('symmetric gigabit premises').subject).toEqual({ gigabit: true, symmetric: true });
  });

  it("reads 'Full fibre coverage in the last 6 months' with full fibre named", () => {
    expect(planFor('Full fibre coverage in the last 6 months').subject.tech).toBe('fttponly');
  });

  it("reads 'Coverage change in Leeds in the last 6 months' as full fibre, said as an assumption", () => {
    const plan = planFor('Coverage change in Leeds in the last 6 months');
    expect(plan.subject.tech).toBe('fttponly');
    expect(plan.assumptions).toContain('no technology named: full fibre (FTTP)');
  });
});

describe('networks', () => {
  it("reads 'at least three full fibre networks' as minNetworks 3", () => {
    expect(planFor('Premises in Cornwall with at least three full fibre networks').subject).toEqual({
      tech: 'fttponly',
      minNetworks: 3,
    });
  });

  it("reads 'Postcodes with more than two networks' as minNetworks 3, never exactly two", () => {
    expect(planFor('Postcodes with more than two networks').subject).toEqual({
      minNetworks: 3,
      tech: 'fttponly',
    });
  });

  it("reads 'postcodes where 2 altnets compete' as exactly two altnets", () => {
    expect(planFor('postcodes where 2 altnets compete').subject).toMatchObject({
      exactNetworks: 2,
      networksAreAltnets: true,
      altnet: true,
    });
  });

  it("reads 'How many postcodes are overbuilt?' as two or more full-fibre networks", () => {
    const plan = planFor('How many postcodes are overbuilt?');
    expect(plan.subject).toEqual({ minNetworks: 2, tech: 'fttponly' });
    expect(plan.notes).toContain('overbuild means two or more full-fibre networks in the same postcode');
  });

  it("reads 'top 10 networks by premises' as a ranking of networks, not a count per postcode", () => {
    const plan = planFor('top 10 networks by premises');
    expect(plan.subject.exactNetworks).toBeUndefined();
    expect(plan).toMatchObject({ dimension: 'operator_group', order: 'desc', limit: 10 });
  });

  it("reads 'premises with at least one altnet' as presence of an altnet", () => {
    expect(planFor('premises with at least one altnet').subject).toEqual({ altnet: true });
  });

  it("reads 'Where do Openreach and CityFibre overlap?' as both present with full fibre", () => {
    const plan = planFor('Where do Openreach and CityFibre overlap?');
    expect(plan.subject).toEqual({ allGroups: ['Openreach', 'CityFibre'], tech: 'fttponly' });
    expect(plan.assumptions).toContain('overlap means both networks offer full fibre in the same postcode');
  });

  it("reads 'Openreach full fibre and Virgin Media overlap' with full fibre bound to Openreach only", () => {
    expect(planFor('Openreach full fibre and Virgin Media overlap').subject).toEqual({
      allGroups: ['Openreach', 'Virgin Media'],
      groupTech: { Openreach: 'fttponly' },
    });
  });

  it("reads 'Compare Openreach and CityFibre premises' as the two networks side by side", () => {
    expect(planFor('Compare Openreach and CityFibre premises')).toMatchObject({
      subject: { operatorGroups: ['Openreach', 'CityFibre'] },
      dimension: 'operator_group',
    });
  });

  it("reads 'Where is Hyperoptic the only gigabit option?' as Hyperoptic the sole gigabit network", () => {
    expect(planFor('Where is Hyperoptic the only gigabit option?').subject).toEqual({
      gigabit: true,
      soleGroup: 'Hyperoptic',
    });
  });

  it("reads 'Which BT premises in Leeds' as the operator BT, not the Openreach network", () => {
    expect(planFor('Which BT premises in Leeds').subject).toEqual({ operators: ['BT'] });
  });
});

describe('conditions', () => {
  it("reads 'Premises without gigabit in Wales' as gigabit absent", () => {
    expect(planFor('Premises without gigabit in Wales').subject).toEqual({ gigabit: true, absent: true });
  });

  it("reads 'How many postcodes are ADSL only?' as ADSL the only technology", () => {
    expect(planFor('How many postcodes are ADSL only?')).toMatchObject({
      measure: 'postcodes',
      subject: { onlyTech: 'adsl' },
    });
  });

  it("reads 'Premises where the best speed is under 30 Mbps' as best download below 30", () => {
    expect(planFor('Premises where the best speed is under 30 Mbps')).toMatchObject({
      measure: 'premises',
      subject: { bestDownBelow: 30 },
    });
  });

  it("reads 'postcodes that can't get 10 Mbps' as best download below 10", () => {
    expect(planFor("postcodes that can't get 10 Mbps").subject).toEqual({ bestDownBelow: 10 });
  });

  it("reads 'premises with 2Gbps+ downloads' as a download of at least 2000 Mbit/s", () => {
    expect(planFor('premises with 2Gbps+ downloads').subject).toEqual({ minDown: 2000 });
    // A speed "down" on offer is at least that speed.
    expect(planFor('how many premises have 3 gig down on offer now').subject).toEqual({ minDown: 3000 });
  });
});

describe('dimension', () => {
  it("reads 'full fibre premises by local authority' as one row per local authority", () => {
    expect(planFor('full fibre premises by local authority').dimension).toBe('la_name');
  });

  it("reads 'gigabit coverage urban vs rural' as urban against rural", () => {
    expect(planFor('gigabit coverage urban vs rural').dimension).toBe('urban_rural');
  });

  it("reads 'Who has the biggest network in each region?' as the leading network per region", () => {
    expect(planFor('Who has the biggest network in each region?')).toMatchObject({
      dimension: 'government_region',
      leaderPerDimension: true,
    });
  });

  it("reads 'Premises by operator' as networks, saying that retailers share Openreach", () => {
    const plan = planFor('Premises by operator');
    expect(plan.dimension).toBe('operator_group');
    expect(plan.assumptions[0]).toMatch(/^operators are counted as networks/);
  });

  it("reads 'Distribution of premises by number of full fibre networks' as a row per number", () => {
    expect(planFor('Distribution of premises by number of full fibre networks')).toMatchObject({
      dimension: 'networks',
      subject: { tech: 'fttponly' },
    });
  });
});

describe('measure', () => {
  it("reads 'What is the attractiveness score by region?' as the average score", () => {
    expect(planFor('What is the attractiveness score by region?').measure).toBe('avg_attractiveness');
  });

  it("reads 'Which operators does Openreach carry?' as the list of its operators", () => {
    expect(planFor('Which operators does Openreach carry?').measure).toBe('operator_list');
  });

  it("reads 'Fastest upload speed in Leeds' and 'average download speed by region' as speeds", () => {
    expect(planFor('Fastest upload speed in Leeds').measure).toBe('max_up');
    expect(planFor('average download speed by region').measure).toBe('avg_down');
  });

  it("reads 'How many premises got full fibre for the first time?' over the last 12 months", () => {
    expect(planFor('How many premises got full fibre for the first time?')).toMatchObject({
      measure: 'first_premises',
      time: { from: '2025-11-01', to: '2026-11-01' },
      assumptions: ['no period given: the last 12 months'],
    });
  });

  it("reads 'How many altnets are there?' as a count of altnets", () => {
    expect(planFor('How many altnets are there?')).toMatchObject({
      measure: 'operator_count',
      subject: { altnet: true },
    });
  });

  it("reads 'coverage change in percentage points in the last 6 months' as a change in points", () => {
    expect(planFor('Full fibre coverage change in percentage points in the last 6 months').measure).toBe(
      'change_pp',
    );
  });

  it("reads 'Which region had the fastest full fibre growth?' as premises gained in 12 months", () => {
    expect(planFor('Which region had the fastest full fibre growth?')).toMatchObject({
      measure: 'change_premises',
      time: { from: '2025-11-01', to: '2026-11-01' },
      limit: 1,
    });
  });

  it("reads 'What share of the UK's full fibre premises does CityFibre have?' as a share of the footprint", () => {
    expect(planFor("What share of the UK's full fibre premises does CityFibre have?").measure).toBe(
      'share_of_subject_pct',
    );
  });

  it("reads 'How many households have gigabit?' as households", () => {
    expect(planFor('How many households have gigabit?').measure).toBe('households');
  });
});

describe('shape', () => {
  it("reads 'New full fibre premises month by month in 2025' as what each month added", () => {
    expect(planFor('New full fibre premises month by month in 2025')).toMatchObject({
      dimension: 'month',
      flow: true,
      time: { seriesFrom: '2025-01-01', seriesTo: '2025-12-01' },
    });
  });

  it("reads 'Full fibre coverage growth month by month in 2025' as a series of levels", () => {
    expect(planFor('Full fibre coverage growth month by month in 2025')).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'month',
    });
  });

  it("reads 'Full fibre forecast by month' half-yearly, and 'Lines month by month' quarterly", () => {
    expect(planFor('Full fibre forecast by month').dimension).toBe('half_year');
    expect(planFor('Lines month by month in 2025').dimension).toBe('quarter');
  });
});

describe('ranking', () => {
  it("reads 'Top 5 local authorities by full fibre coverage' as the five highest", () => {
    expect(planFor('Top 5 local authorities by full fibre coverage')).toMatchObject({
      order: 'desc',
      limit: 5,
    });
  });

  it("reads 'Bottom 3 regions' and '5 lowest local authorities' as the lowest first", () => {
    expect(planFor('Bottom 3 regions by gigabit coverage')).toMatchObject({ order: 'asc', limit: 3 });
    expect(planFor('5 lowest local authorities for full fibre coverage')).toMatchObject({
      order: 'asc',
      limit: 5,
    });
  });

  it("reads 'Which 5 altnets have the most premises?' as five altnets, most first", () => {
    expect(planFor('Which 5 altnets have the most premises?')).toMatchObject({
      dimension: 'operator',
      order: 'desc',
      limit: 5,
    });
  });

  it("reads 'Which local authorities lag behind on full fibre?' as the ten lowest, said as an assumption", () => {
    expect(planFor('Which local authorities lag behind on full fibre?')).toMatchObject({
      order: 'asc',
      limit: 10,
      assumptions: ['showing the top 10'],
    });
  });

  it("reads 'Which council has the most full fibre premises?' as one council", () => {
    expect(planFor('Which council has the most full fibre premises?')).toMatchObject({
      order: 'desc',
      limit: 1,
    });
  });

  it("reads 'Who's the biggest full fibre network in Scotland?' as one network", () => {
    expect(planFor("Who's the biggest full fibre network in Scotland?")).toMatchObject({
      dimension: 'operator_group',
      order: 'desc',
      limit: 1,
    });
  });

  it("reads 'Full fibre premises in the last 6 months' as a window, not a top 6", () => {
    const plan = planFor('Full fibre premises in the last 6 months');
    expect(plan.limit).toBeUndefined();
    expect(plan.time).toMatchObject({ from: '2026-05-01', to: '2026-11-01' });
  });
});

describe('take-up', () => {
  it("reads 'Virgin Media's share of lines' as the brand's share of all lines, latest quarter", () => {
    expect(planFor("Virgin Media's share of lines")).toMatchObject({
      measure: 'line_share_pct',
      takeUp: { shareOf: 'Virgin Media' },
      time: { quarter: '2026Q3' },
    });
  });

  it("reads 'BT business lines in 2025Q3' as BT's business lines that quarter", () => {
    expect(planFor('BT business lines in 2025Q3')).toMatchObject({
      measure: 'lines',
      takeUp: { operators: ['BT'], segment: 'business' },
      time: { quarter: '2025Q3' },
    });
  });

  it("reads 'Virgin Media lines on fibre vs cable' as split by technology", () => {
    expect(planFor('Virgin Media lines on fibre vs cable')).toMatchObject({
      dimension: 'tech',
      takeUp: { techs: ['fttp', 'cable'] },
    });
  });

  it("reads 'FTTP share of lines' as full fibre's share of all lines", () => {
    expect(planFor('FTTP share of lines').takeUp).toEqual({ shareOf: 'tech:fttp' });
  });

  it("reads 'How much did lines grow quarter on quarter?' as the change on the previous quarter", () => {
    expect(planFor('How much did lines grow quarter on quarter?')).toMatchObject({
      measure: 'lines_change_pct',
      takeUp: { change: 'qoq', rankByChange: false },
    });
  });

  it("reads 'Take-up rate of full fibre in Leeds' as lines as a share of premises", () => {
    expect(planFor('Take-up rate of full fibre in Leeds')).toMatchObject({
      measure: 'share_of_subject_pct',
      takeUp: { tech: 'fttp' },
    });
  });
});

describe('forecast point', () => {
  it("reads 'Forecast full fibre premises in Leeds' at the last forecast, said as an assumption", () => {
    expect(planFor('Forecast full fibre premises in Leeds')).toMatchObject({
      subject: {},
      time: { at: '2030-12-01' },
      assumptions: ['no forecast date given: the last forecast point (2030-12)'],
    });
  });

  it("reads 'by 2035' as the last forecast point", () => {
    expect(planFor('How many premises will CityFibre pass by 2035?').time.at).toBe('2030-12-01');
  });

  it("reads 'Openreach forecast premises in June 2027' at June 2027", () => {
    expect(planFor('Openreach forecast premises in June 2027').time.at).toBe('2027-06-01');
  });
});

describe('named speeds', () => {
  it("reads 'superfast coverage in Wales' as a download of 30 Mbit/s or more, not FTTC", () => {
    expect(planFor('superfast coverage in Wales').subject).toEqual({ minDown: 30 });
  });

  it("reads 'premises that can't get superfast' as a best speed below 30 Mbit/s", () => {
    expect(planFor("how many premises in Cornwall can't get superfast?").subject).toEqual({
      bestDownBelow: 30,
    });
  });

  it("reads 'below the USO' as the model's segment: no service with 10 Mbit/s down and 1 up", () => {
    expect(planFor('postcodes in the North East below the USO').subject).toEqual({ belowUso: true });
  });

  it("reads 'ultrafast' as a best download of 300 Mbit/s or more (Ofcom's definition)", () => {
    expect(planFor('ultrafast coverage in Leeds').subject).toMatchObject({ minDown: 300 });
  });

  it("reads 'at least three full fibre networks' as a quantifier, not a ranking of the least three", () => {
    const plan = planFor('how many premises have at least 3 full fibre networks');
    expect(plan.subject.minNetworks).toBe(3);
    expect(plan.order).toBeUndefined();
    expect(plan.limit).toBeUndefined();
  });
});

describe('places meeting a condition', () => {
  it("reads 'how many local authorities have full fibre above 90%' as a count of places passing a test", () => {
    const plan = planFor('how many local authorities have full fibre above 90%?');
    expect(plan).toMatchObject({
      dimension: 'la_name',
      measure: 'coverage_pct',
      groupFilter: { op: 'gt', value: 90 },
      countGroups: true,
    });
    expect(plan.limit).toBeUndefined();
  });

  it("reads 'which LAs are still under 70% gigabit coverage' as every place below 70%, lowest first", () => {
    const plan = planFor('which LAs are still under 70% gigabit coverage?');
    expect(plan).toMatchObject({ dimension: 'la_name', groupFilter: { op: 'lt', value: 70 }, order: 'asc' });
    expect(plan.countGroups).toBeUndefined();
    expect(plan.limit).toBeUndefined();
  });

  it("reads 'more than half of premises' as a share above 50%", () => {
    expect(
      planFor('in how many regions are more than half of premises overbuilt (2+ FTTP networks)?').groupFilter,
    ).toEqual({ op: 'gt', value: 50 });
  });
});

describe('rankings of what is lacking', () => {
  it("reads 'worst 5 councils for % of premises under the USO' as the highest shares below the USO", () => {
    expect(planFor('worst 5 councils for % of premises under the USO')).toMatchObject({
      measure: 'coverage_pct',
      subject: { belowUso: true },
      dimension: 'la_name',
      order: 'desc',
      limit: 5,
    });
  });

  it("reads 'the most premises without full fibre' with full fibre as what is lacking", () => {
    expect(planFor('which 10 local authorities have the most premises without full fibre').subject).toEqual({
      tech: 'fttponly',
      absent: true,
    });
  });
});

describe('take-up in a place', () => {
  it("compiles 'who has the most lines in Hull' over postcode take-up in that place, by operator", () => {
    const plan = planFor('who has the most lines in hull? latest q, top 5');
    expect(plan).toMatchObject({ dataset: 'take_up', dimension: 'operator', limit: 5 });
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/FROM take_up_postcode t\s+JOIN upc_output u ON u\.postcode = t\.postcode/);
    expect(sql).toMatch(/u\.la_name IN \('Kingston upon Hull, City of'\)/);
    expect(sql).toMatch(/GROUP BY t\.operator/);
  });
});
