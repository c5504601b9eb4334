/**
 * Wordings analysts used on first contact that the reading had missed: a term's own definition said again, typing
 * slips, figures in millions, a network's whole footprint, an overlap set against a "vs", a share of "all fixed
 * broadband lines", a question about the tool's terms, and a plan that contradicts itself.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../compile/interpret.js';
import { buildQuery } from '../compile/sql-builder.js';
import type { Plan } from '../semantic/plan.js';
import { contradictions } from './confidence.js';
import { readData, testLexicon, testTime } from './test-fixtures.js';
import { understand } from './understand.js';

const read = readData;

describe("a term's own definition said again", () => {
  it('adds nothing, in brackets after "coverage" or in a "defined as" clause', () => {
    const inBrackets = read(
      'What is the superfast broadband coverage (a best available download speed of at least 30 Mbit/s) in each nation?',
    );
    expect(inBrackets.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { minDown: 30 },
      dimension: 'country',
    });
    expect(inBrackets.confidence).toBeGreaterThanOrEqual(0.8);
    const clause = read(
      'What share of UK premises have an ultrafast service, defined as a best available download speed of 300 Mbit/s or more?',
    );
    expect(clause.plan).toMatchObject({ measure: 'coverage_pct', subject: { minDown: 300 } });
    expect(clause.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps a definition with another threshold as a condition', () => {
    const u = read('share of premises with ultrafast, defined as 500 Mbps or more');
    expect(u.plan.subject.minDown).not.toBe(300);
  });
});

describe('typing slips', () => {
  it('reads two letters swapped in a place name as that place', () => {
    expect(read('ff % in leeds and mancehster').plan.geo?.values).toEqual(['Leeds', 'Manchester']);
  });

  it('reads "mnths" as months', () => {
    expect(read('top 3 altnets for premises added over the last 6 mnths').plan).toMatchObject({
      limit: 3,
      time: { from: '2026-05-01', to: '2026-11-01' },
    });
  });
});

describe('figures and footprints', () => {
  it('reads "1m premises" as a million, and networks passing it as a test on each network, not a top million', () => {
    const u = read('which networks are forecast to pass over 1m premises by the end of 2030');
    expect(u.plan).toMatchObject({
      dimension: 'operator_group',
      groupFilter: { op: 'gt', value: 1_000_000 },
    });
    expect(u.plan.limit).toBeUndefined();
  });

  it('lists every place a network is present in, not a top 10 (unless a superlative asks for the top)', () => {
    const whole = read(
      'In which local authorities is Community Fibre present, and how many premises does it pass in each? Largest first.',
    );
    expect(whole.plan).toMatchObject({ dimension: 'la_name' });
    expect(whole.plan.limit).toBeUndefined();
    expect(read('which councils have the most Community Fibre premises').plan.limit).toBe(10);
  });

  it('reads an overlap set against a "vs" as one figure, not a row per network', () => {
    const u = read(
      'VM vs OR head-to-head: premises where both Virgin Media and Openreach FTTP are available now',
    );
    expect(u.plan.subject.allGroups).toEqual(['Virgin Media', 'Openreach']);
    expect(u.plan.dimension).toBeUndefined();
  });

  it('reads a share of "all fixed broadband lines" changing between two quarters as the share in points', () => {
    const u = read(
      "By how many percentage points did BT's share of all fixed broadband lines change between 2025Q4 and 2026Q4?",
    );
    expect(u.plan).toMatchObject({ measure: 'line_share_pct', takeUp: { shareOf: 'BT', change: 'yoy' } });
  });
});

describe('questions about the tool and plans that contradict themselves', () => {
  it('answers "whats the diff between ff and gig, do u count vm cable as gig" about the data', () => {
    expect(
      understand('whats the diff between "ff" and "gig"? do u count vm cable as gig?', testLexicon, testTime)
        .kind,
    ).toBe('system_info');
    // Two places or figures compared are a data question.
    expect(
      understand("what's the difference between ff coverage in Leeds and Manchester", testLexicon, testTime)
        .kind,
    ).toBe('data');
  });

  it('finds a plan that requires and excludes the same thing', () => {
    const forecastWithout: Plan = {
      dataset: 'upc_forecast',
      measure: 'change_premises',
      subject: { exclude: { tech: 'fttponly' } },
      time: { from: '2026-11-01', to: '2028-06-01' },
      notes: [],
      unknowns: [],
      assumptions: [],
    };
    expect(contradictions(forecastWithout)).toHaveLength(1);
    expect(contradictions({ ...forecastWithout, dataset: 'upc' })).toHaveLength(0);
  });

  it('reads "had no full fibre at the latest snapshot and are forecast to have it" as those forecast to gain it', () => {
    const u = read(
      'How many premises that had no full fibre at the 1 November 2026 availability snapshot are forecast to have full fibre by June 2028?',
    );
    expect(u.plan.subject.exclude).toBeUndefined();
    expect(u.plan).toMatchObject({ dataset: 'upc_forecast', time: { from: '2026-11-01', to: '2028-06-01' } });
  });
});

describe('questions written close to the data contract', () => {
  it('reads conditions written as SQL as the places, networks and technologies they name', () => {
    expect(
      read("postcode_area = 'LS': full fibre coverage % at reported_at 2025-11-01 and 2026-11-01").plan,
    ).toMatchObject({
      geo: { column: 'postcode_area', values: ['LS'] },
      measure: 'change_pp',
    });
    expect(
      read("premises where count(distinct operator_group) with tech='fttponly' >= 2 at the latest snapshot")
        .plan.subject,
    ).toMatchObject({ minNetworks: 2, tech: 'fttponly' });
    expect(
      read('fttponly premises passed per reported_at, January snapshots only (2021-01-01 through 2026-01-01)')
        .plan,
    ).toMatchObject({
      dimension: 'year',
      time: { seriesMonth: 1, seriesFrom: '2021-01-01' },
    });
  });

  it('reads "by how many full fibre networks are available to them" and "bucket premises by" as the distribution', () => {
    expect(
      read("break down Leeds's premises by how many full fibre networks are available to them").plan
        .dimension,
    ).toBe('networks');
    expect(
      read('bucket premises by number of distinct fttponly operator_groups, including a 0 bucket').plan
        .dimension,
    ).toBe('networks');
  });

  it('reads a name written with an accent as the name without it', () => {
    expect(read('superfast coverage in Cardiff and Glasgów').plan.geo?.values).toEqual([
      'Cardiff',
      'Glasgow City',
    ]);
  });
});

describe('levels and changes asked together', () => {
  it('ranks by the level named after "on" or "by", with the change in points beside it', () => {
    const u = read(
      'Bottom 10 councils on gigabit coverage today: % of premises, plus the YoY pp change for each',
    );
    expect(u.plan).toMatchObject({ measure: 'change_pp', rankByLevel: true, order: 'asc', limit: 10 });
    const { sql } = buildQuery(u.plan, testTime);
    expect(sql).toMatch(/ORDER BY coverage_2026_11_pct ASC/);
  });

  it('shows the premises growth % beside a change in points when asked', () => {
    const u = read('altnet reach in premises now vs Nov-25, YoY growth % and current share of UK premises');
    expect(u.plan).toMatchObject({ measure: 'change_pp', growthPct: true });
    expect(Object.keys(buildQuery(u.plan, testTime).columns)).toContain('premises_change_pct');
  });
});

describe("a brand's lines with both changes", () => {
  it('reads "plus QoQ and YoY net adds" as both changes side by side, each named by which', () => {
    const u = read('Sky broadband lines 2026Q4 plus QoQ and YoY net adds');
    expect(u.plan.takeUp?.change).toBeDefined();
    expect(u.plan.alongside?.[0]?.takeUp?.change).toBe(u.plan.takeUp?.change === 'qoq' ? 'yoy' : 'qoq');
    const columns = Object.keys(buildQuery(u.plan, testTime).columns);
    expect(columns).toEqual(expect.arrayContaining(['change_lines', 'qoq_change_pct', 'yoy_change_pct']));
  });
});

describe('a share of a footprint the plan does not take as its base', () => {
  it('is said, and the answer is not confident', () => {
    const u = read(
      'premises passed by 2+ different altnets right now, and that as a % of all altnet-passed premises',
    );
    expect(u.plan.unknowns.join(' ')).toMatch(/the base of the share/);
    expect(u.confidence).toBeLessThan(0.8);
    // A share of a place's premises, or of a footprint the plan takes as its base, is no such gap.
    expect(read("what % of Leeds's premises have FF").confidence).toBeGreaterThanOrEqual(0.8);
    expect(read("what share of CityFibre's footprint also has Openreach FF").plan.within).toBeDefined();
  });
});

describe('more of the contract in questions, and windows said in passing', () => {
  it('reads questions about snapshot ranges and thresholds as about the data', () => {
    for (const q of [
      'what range of reported_at snapshot dates does upc_output_time_series hold, and which one is treated as latest?',
      "how is tech = 'fttponly' different from 'fttc', and what threshold on fastest_down counts as gigabit here?",
    ])
      expect(understand(q, testLexicon, testTime).kind).toBe('system_info');
  });

  it('reads a table named alone as what it holds', () => {
    expect(
      read('take_up_quarterly 2026Q4: sum(lines) by operator and its share of all lines (%), top 5 by lines')
        .plan,
    ).toMatchObject({ dataset: 'take_up', dimension: 'operator', limit: 5 });
  });

  it('reads "vs the one 3 months earlier, both levels and QoQ pp move" as one change, not a series', () => {
    const u = read(
      'Gigabit-capable coverage (cable incl.), latest snapshot vs the one 3 months earlier, both levels and QoQ pp move',
    );
    expect(u.plan).toMatchObject({ measure: 'change_pp', time: { from: '2026-08-01', to: '2026-11-01' } });
    expect(u.plan.dimension).toBeUndefined();
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('reads "the 2-yr pp change" as the change between the dates given', () => {
    const u = read('Rural ultrafast coverage, Nov-26 vs Nov-24, and the 2-yr pp change');
    expect(u.plan).toMatchObject({ measure: 'change_pp', time: { from: '2024-11-01', to: '2026-11-01' } });
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('places and rankings said loosely', () => {
  it('reads places "taken together" as one figure', () => {
    const u = read('Leeds and Manchester taken together: full fibre premises gained in the last 6 months');
    expect(u.plan.dimension).toBeUndefined();
    expect(u.plan.geo?.values).toEqual(['Leeds', 'Manchester']);
  });

  it('reads "who is the biggest ..., and who is second?" as the top two', () => {
    expect(
      read("In Cornwall, who's the biggest full fibre network by premises passed, and who's second?").plan,
    ).toMatchObject({
      limit: 2,
      order: 'desc',
    });
  });

  it('reads "how much of the country" as the UK, not a row per nation', () => {
    expect(
      read('How much of the country is overbuilt today? Premises with 2+ full fibre networks').plan.dimension,
    ).toBeUndefined();
  });

  it('reads "passed 1 million premises or more" as a test on each altnet', () => {
    expect(read('List the alt-nets that have passed 1 million premises or more').plan).toMatchObject({
      dimension: 'operator',
      groupFilter: { op: 'gte', value: 1_000_000, on: 'count' },
    });
  });

  it('answers "when this tool says", "which snapshots do you hold" and "real ... or modelled" about the data', () => {
    for (const q of [
      "When this tool says a home is 'below the USO', what exactly is it counting?",
      'Which availability snapshots do you hold - first and latest month?',
      'Are the operator footprints in here real build data from Openreach and the altnets, or are they modelled?',
    ])
      expect(understand(q, testLexicon, testTime).kind).toBe('system_info');
  });
});

describe('"so far" and a flow said again', () => {
  it('reads "monthly net adds for every 2026 snapshot so far (each month vs the month before)" as 2026 month by month', () => {
    const u = read(
      'Openreach full fibre monthly net adds in premises for every 2026 snapshot so far (each month vs the month before)',
    );
    expect(u.plan).toMatchObject({ dimension: 'month', flow: true, time: { seriesFrom: '2026-01-01' } });
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
    // "So far this year" keeps its year.
    expect(read('net new full fibre premises each month so far this year').plan.time.seriesFrom).toBe(
      '2026-01-01',
    );
  });
});

describe("a junior analyst's wordings", () => {
  it('reads "got their first ever full fibre in each month" as what each month added', () => {
    expect(
      read('how many premises got their first ever full fibre in each month so far in 2026?').plan,
    ).toMatchObject({
      dimension: 'month',
      flow: true,
    });
  });

  it('reads "each type of tech right now? fttp, fttc, adsl, cable, fwa" as a row per technology', () => {
    expect(
      read('how many premises can get each type of tech right now? fttp, fttc, adsl, cable, fwa').plan
        .dimension,
    ).toBe('tech');
  });

  it('reads "Openreach full fibre but no full fibre from any other network" as Openreach the only one', () => {
    expect(
      read('In Leeds, how many premises have Openreach full fibre but no full fibre from any other network?')
        .plan.subject,
    ).toMatchObject({ soleGroup: 'Openreach' });
  });

  it('reads "only get gigabit because of cable" as cable-only gigabit', () => {
    const u = read(
      "how many premises only get gigabit because of cable, like there's no full fibre there at all?",
    );
    expect(u.plan.subject).toMatchObject({ gigabit: true, exclude: { tech: 'fttponly' } });
  });
});

describe('counts of networks asked of places and premises', () => {
  it('reads "which councils have 4 or more altnets present, and how many in each" as those councils and their count', () => {
    const u = read(
      'Altnet hotspots: which local authorities currently have 4 or more different altnets present, and how many in each?',
    );
    expect(u.plan).toMatchObject({
      measure: 'operator_count',
      groupFilter: { op: 'gte', value: 4, on: 'count' },
    });
  });

  it('reads "for premises that have FTTP, by how many networks (1, 2, 3 and so on)" as bands from one', () => {
    expect(
      read(
        'For premises that have FTTP today, break them down by how many full fibre networks are there (1, 2, 3 and so on)',
      ).plan,
    ).toMatchObject({ dimension: 'networks', bandsFromOne: true });
    expect(
      read('premises by number of full fibre networks, including none').plan.bandsFromOne,
    ).toBeUndefined();
  });
});

describe('technologies as the rows', () => {
  it('reads "can get each technology (FTTP, FTTC, ...)" as a row per technology with no default technology', () => {
    for (const question of [
      'What % of premises in Leeds can get each technology (FTTP, FTTC, ADSL, cable, fixed wireless)?',
      'homes able to get each one (full fibre, FTTC, ADSL, cable, fixed wireless) in Leeds',
    ]) {
      const u = read(question);
      expect(u.plan.dimension).toBe('tech');
      expect(u.plan.subject.tech).toBeUndefined();
      expect(u.confidence).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('reads "(every technology, FWA included)" after lines as no technology condition on the base', () => {
    const u = read('what share of all lines (every technology, FWA included) are on FTTP');
    expect(u.plan.dataset).toBe('take_up');
    expect(u.plan.dimension).toBeUndefined();
  });
});

describe('three networks all present', () => {
  it('reads "X, Y AND Z all live" and "all three of X, Y and Z" as all of them present', () => {
    for (const question of [
      'Leeds: postcodes with Community Fibre, Hyperoptic AND G.Network all live',
      'postcodes in Leeds where all three of Community Fibre, Hyperoptic and G.Network are present',
    ]) {
      const u = read(question);
      expect(u.plan.subject.allGroups).toEqual(['Community Fibre', 'Hyperoptic', 'G.Network']);
      expect(u.plan.unknowns).toEqual([]);
      expect(interpret(u.plan, testTime)).toMatch(/\ball of Community Fibre, Hyperoptic and G\.Network\b/);
    }
  });
});

describe('counted groups and condition areas', () => {
  it('reads "in each of the nine English regions" as each region, not a top nine', () => {
    const u = read('biggest altnet in each of the nine English regions');
    expect(u.plan.leaderPerDimension).toBe(true);
    expect(u.plan.limit).toBeUndefined();
  });

  it('reads "premises in overbuilt areas" as overbuilt premises, not postcode areas', () => {
    const u = read('what proportion of UK premises sit in overbuilt areas');
    expect(u.plan).toMatchObject({ measure: 'coverage_pct', subject: { minNetworks: 2 } });
    expect(u.plan.dimension).toBeUndefined();
  });
});

describe('tiers, ranks and bands as analysts write them', () => {
  it('reads "sub-superfast" and "below the superfast threshold" as premises without superfast', () => {
    for (const question of [
      'Sub-superfast (best download under 30 Meg) premises by nation',
      'share of premises below the superfast threshold in Wales',
    ])
      expect(read(question).plan.subject).toMatchObject({ bestDownBelow: 30 });
  });

  it('reads "biggest five full fibre networks" as the five biggest, not five networks at a postcode', () => {
    const u = read('Biggest five full fibre networks in Leeds, by homes passed');
    expect(u.plan).toMatchObject({ dimension: 'operator_group', limit: 5 });
    expect(u.plan.subject.exactNetworks).toBeUndefined();
  });

  it('reads "no full fibre network, exactly one, exactly two, and three or more" as bands of the network count', () => {
    const u = read(
      'Across England, what % of homes have no full fibre network, exactly one, exactly two, and three or more?',
    );
    expect(u.plan).toMatchObject({ measure: 'coverage_pct', dimension: 'networks', topBand: 3 });
  });

  it('reads town homes vs countryside homes as urban and rural', () => {
    expect(
      read('South West: what share of town homes vs countryside homes can get an altnet?').plan.dimension,
    ).toBe('urban_rural');
  });

  it('reads "full fibre from Openreach and from no other network" as Openreach the only one', () => {
    expect(
      read('How many Leeds homes have full fibre from Openreach and from no other network?').plan.subject,
    ).toMatchObject({
      soleGroup: 'Openreach',
    });
  });

  it('answers "are the figures real measured numbers or estimates" about the data', () => {
    expect(
      understand(
        'Before I quote these in a story - are the figures for individual companies real measured numbers or estimates?',
        testLexicon,
        testTime,
      ).kind,
    ).toBe('system_info');
  });

  it('reads listed dates "and at the latest snapshot" as the series with the latest after it', () => {
    const u = read(
      'CityFibre premises in Scotland at 1 Jan 2023, 1 Jan 2024, 1 Jan 2025, 1 Jan 2026 and at the latest snapshot',
    );
    expect(u.plan.time.withLatest).toBe(true);
    expect(u.plan.unknowns).toEqual([]);
  });

  it('reads "Nov 2023 to the current one" as a series to the latest snapshot', () => {
    const u = read('gigabit-capable % of UK premises on each November snapshot, Nov 2023 to the current one');
    expect(u.plan.time).toMatchObject({ seriesFrom: '2023-11-01' });
  });

  it('keeps the base of a share for a second "what % also has"', () => {
    const u = read(
      "Of CityFibre's current footprint, what % also has Openreach FTTP and what % also has Virgin Media (cable or RFOG)?",
    );
    expect(u.plan.within).toMatchObject({ operatorGroups: ['CityFibre'] });
    expect(u.plan.alongside?.[0]?.within).toMatchObject({ operatorGroups: ['CityFibre'] });
    expect(u.plan.alongside?.[0]?.subject).toEqual({ operatorGroups: ['Virgin Media'] });
  });
});

describe('counts of places and technologies set against each other', () => {
  it('says a count of places ("in how many councils") that a list does not answer', () => {
    const u = read(
      'In how many English councils is CityFibre the number one full fibre network by homes covered?',
    );
    expect(u.plan.unknowns.join(' ')).toMatch(/count of places/);
    expect(u.confidence).toBeLessThan(0.5);
  });

  it('reads "lines on FTTP rather than cable" as the FTTP share, one row', () => {
    const u = read("What proportion of Virgin Media's Q3 2026 lines were on FTTP rather than cable?");
    expect(u.plan.dimension).toBeUndefined();
  });
});

describe('networks "all three" present, and a measure said in passing', () => {
  it('reads "X, Y and Z full fibre all three overlap" as all present, with no count within each network', () => {
    const u = read('Leeds: premises where CityFibre, Hyperoptic and Openreach full fibre all three overlap');
    expect(u.plan.subject.allGroups).toEqual(['CityFibre', 'Hyperoptic', 'Openreach']);
    expect(u.plan.subject.minNetworks).toBeUndefined();
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).not.toMatch(/HAVING COUNT\(DISTINCT o\.operator_group\) >= 3/);
  });

  it('reads "footprint, measured in premises passed, lies in rural postcodes" as one share, not a list', () => {
    const u = read(
      "What proportion of Gigaclear's current footprint, measured in premises passed, lies in rural postcodes?",
    );
    expect(u.plan.alongside).toBeUndefined();
  });
});
