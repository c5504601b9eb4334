import { describe, expect, it } from 'vitest';
import { buildQuery } from '../compile/sql-builder.js';
import { testLexicon, testTime } from './test-fixtures.js';
import { understand } from './understand.js';

const read = (question: string) => {
  const u = understand(question, testLexicon, testTime);
  if (u.kind !== 'data') throw new Error(`not a data question: ${question}`);
  return u;
};

describe('readings ranked over the plans the tags allow', () => {
  it('answers a list of named places with one row for each of them', () => {
    const { plan } = read('gigabit coverage in Leeds, Manchester and Birmingham');
    expect(plan.geo).toMatchObject({ column: 'la_name' });
    expect(new Set(plan.geo?.values)).toEqual(new Set(['Leeds', 'Manchester', 'Birmingham']));
    expect(plan.dimension).toBe('la_name');
  });

  it('reads "who has more, X or Y ... the number for both" as each network, not where both are present', () => {
    const { plan } = read(
      "Virgin or Openreach - who's got more gigabit premises? give me the number for both",
    );
    expect(plan.subject.allGroups).toBeUndefined();
    expect(new Set(plan.subject.operatorGroups)).toEqual(new Set(['Virgin Media', 'Openreach']));
    expect(
      read('premises with gigabit from both Virgin Media and Openreach').plan.subject.allGroups,
    ).toHaveLength(2);
  });

  it('answers "when did X first get Y" with the first date, and a level crossed with the first snapshot past it', () => {
    const first = read('when did Leeds first get full fibre').plan;
    expect(first).toMatchObject({ measure: 'first_date', subject: { tech: 'fttponly' } });
    expect(first.unknowns).toEqual([]);
    const forecast = read('when is Openreach forecast to arrive in Leeds').plan;
    expect(forecast).toMatchObject({ measure: 'first_date', dataset: 'upc_forecast' });
    expect(forecast.time.at).toBeUndefined();
    expect(buildQuery(forecast, testTime).sql).toContain('MIN(f.reported_at)');
    expect(read('when did Leeds pass 50% full fibre').plan.measure).not.toBe('first_date');
    expect(read('When did Leeds first get past 50% full fibre coverage?').plan).toMatchObject({
      dimension: 'month',
      limit: 1,
      groupFilter: { value: 50 },
    });
    // A date asked for and not given is not a confident answer.
    const u = understand('when did Leeds get more FTTP than Bradford', testLexicon, testTime);
    if (u.kind === 'data' && u.plan.measure !== 'first_date') expect(u.confidence).toBeLessThan(0.8);
  });

  it('ranks places "for" a subject by their share, lists "is there an altnet" and "rank them" in full', () => {
    expect(read('bottom 5 Leeds postcode districts for gigabit').plan).toMatchObject({
      measure: 'coverage_pct',
      order: 'asc',
      limit: 5,
    });
    const which = read('is there an altnet in Leeds').plan;
    expect(which.dimension).toBe('operator');
    expect(which.subject.altnet).toBe(true);
    const all = read('which network added the most full fibre premises in the last 6 months? rank them').plan;
    expect(all.limit).toBeUndefined();
    expect(all.order).toBe('desc');
    const every = read('who is the biggest full fibre network? rank every network').plan;
    expect(every.limit).toBeUndefined();
  });

  it('counts "how many of Wales\'s 22 councils ..." and drops what a grouping includes said in passing', () => {
    const count = read("How many of Wales's 22 local authorities have full fibre coverage above 90%").plan;
    expect(count).toMatchObject({
      countGroups: true,
      dimension: 'la_name',
      groupFilter: { op: 'gt', value: 90 },
    });
    expect(count.geo?.values).toEqual(['Wales']);
    const leaders = read(
      'For each region (and Scotland, Wales and NI), which altnet has the biggest footprint',
    ).plan;
    expect(leaders.geo).toBeUndefined();
    expect(leaders.leaderPerDimension).toBeTruthy();
    const gain = read(
      "how many premises don't have full fibre today but are forecast to get it by 2027",
    ).plan;
    expect(gain).toMatchObject({ measure: 'change_premises', dataset: 'upc_forecast' });
    expect(gain.subject.absent).toBeUndefined();
    const still = read(
      "How many premises in Leeds have no full fibre today and aren't forecast to get it by 2028 either?",
    ).plan;
    expect(still).toMatchObject({ dataset: 'upc_forecast', subject: { absent: true }, measure: 'premises' });
  });

  it('lists the postcodes asked for, sets networks against each other, and reads short dates', () => {
    const listed = read('which postcodes in Leeds have 3 or more full fibre networks').plan;
    expect(listed).toMatchObject({ dimension: 'postcode', measure: 'premises', subject: { minNetworks: 3 } });
    const against = read('Openreach vs CityFibre vs Virgin Media gigabit premises').plan;
    expect(against.dimension).toBe('operator_group');
    const adds = read('FF net adds Dec-24 to Dec-25').plan;
    expect(adds.time).toMatchObject({ from: '2024-12-01', to: '2025-12-01' });
    const yearEnds = read('Openreach FTTP forecast premises at YE26, YE27 and YE28').plan;
    expect(yearEnds.unknowns).toEqual([]);
    // A word with a digit the reading cannot place is said, not silently dropped.
    const u = understand('full fibre premises in Leeds at FY31', testLexicon, testTime);
    expect(u.kind === 'data' && u.confidence).toBeLessThan(0.8);
  });

  it('reads a number said first as the rows asked, and SQL-style counts as counts', () => {
    expect(read('5 LAs with the lowest full fibre coverage').plan).toMatchObject({ limit: 5, order: 'asc' });
    const altnets = read('3 altnets with the biggest footprint in Wales').plan;
    expect(altnets).toMatchObject({ limit: 3, dimension: 'operator' });
    expect(altnets.subject.exactNetworks).toBeUndefined();
    expect(read('premises with 3 altnets').plan.subject.exactNetworks).toBe(3);
    expect(read('count(distinct altnet) in Leeds').plan.measure).toBe('operator_count');
  });

  it("reads a caseworker's plain words: who from, which company, which part of the UK, constituencies", () => {
    const expected = read(
      "a constituent in Leeds wants to know when they'll get full fibre - when is it expected and who from?",
    ).plan;
    expect(expected).toMatchObject({
      measure: 'first_date',
      dataset: 'upc_forecast',
      dimension: 'operator_group',
    });
    expect(expected.order).toBeUndefined();
    expect(read('Which part of the UK has the worst gigabit coverage?').plan).toMatchObject({
      dimension: 'government_region',
      order: 'asc',
      limit: 1,
    });
    expect(read('Which company provides gigabit to the most homes in Leeds?').plan.dimension).toBe(
      'operator_group',
    );
    expect(understand('Which parliamentary constituency is Leeds in?', testLexicon, testTime).kind).toBe(
      'unsupported',
    );
    expect(
      understand(
        'Where does this broadband info come from - is it the official Ofcom figures?',
        testLexicon,
        testTime,
      ).kind,
    ).toBe('system_info');
  });

  it('reads people signed up as lines, and "of premises with FTTP, what share" as a share within them', () => {
    const signed = read('how many people have signed up to full fibre in Leeds?');
    expect(signed.plan).toMatchObject({ dataset: 'take_up', measure: 'lines' });
    expect(signed.confidence).toBeGreaterThanOrEqual(0.8);
    const within = read(
      'By region: of premises with FTTP, what share have Openreach as the only full fibre network?',
    ).plan;
    expect(within.within).toBeDefined();
    expect(within.subject.soleGroup).toBe('Openreach');
  });

  it('reads a series across two years from the first to the last, and restates the quarters the SQL reads', () => {
    const across = read('BT share of lines for each quarter across 2025 and 2026').plan;
    expect(across.time).toMatchObject({ seriesFrom: '2025-01-01' });
    expect(buildQuery(across, testTime).sql).toContain("quarter_start <= DATE '2026-11-01'");
    const one = read('BT share of lines for each quarter from 2024 to 2025');
    expect(one.plan.time.seriesTo).toBe('2025-12-01');
  });

  it("drops a term's own definition in brackets, keeps a condition in brackets, and reads 'a single network'", () => {
    const uso = read(
      'share of premises unable to access decent broadband (10 Mbit/s down, 1 up) in Leeds',
    ).plan;
    expect(uso.subject.belowUso).toBe(true);
    expect(uso.subject.minDown).toBeUndefined();
    const defined = read('gigabit-capable coverage (as defined by Ofcom, i.e. 1 Gbit/s download) in Leeds');
    expect(defined.plan.subject.gigabit).toBe(true);
    expect(defined.plan.unknowns).toEqual([]);
    expect(read('superfast coverage (excluding FWA) in Leeds').confidence).toBeLessThan(0.8);
    expect(read('premises in Leeds served by a single full fibre network').plan.subject.exactNetworks).toBe(
      1,
    );
  });

  it('reads "the district" after a district named as that place, not a grouping', () => {
    const { plan } = read('LS6 overbuild? premises with 2+ full fibre networks and % of the district');
    expect(plan.geo).toMatchObject({ column: 'postcode_district', values: ['LS6'] });
    expect(plan.dimension).toBeUndefined();
  });

  it('reads "of the premises X passes" as within X, and a count of places as ranking nothing', () => {
    const within = read('Of the premises CityFibre passes in Leeds, what % also have Openreach FTTP?').plan;
    expect(within.within?.operatorGroups).toEqual(['CityFibre']);
    const ranked = read(
      'Altnets ranked by premises passed, with the number of LAs in which each has any footprint',
    );
    expect(ranked.confidence).toBeLessThan(0.8);
    // Thousands written with a k are a number the plan must carry.
    expect(
      read('Of the English councils with 20k+ rural premises, which 10 have the worst FF coverage?')
        .confidence,
    ).toBeLessThan(0.8);
  });

  it('reads the north, nations named in brackets, all techs, a tech mix and "FTTP vs FTTC etc"', () => {
    const north = read('bottom 10 LAs in the north (NE, NW, Yorkshire) for gigabit coverage').plan;
    expect(new Set(north.geo?.values)).toEqual(
      new Set(['North East', 'North West', 'Yorkshire and The Humber']),
    );
    expect(read('full fibre coverage for each home nation (E/S/W/NI)').plan.geo).toBeUndefined();
    expect(read('Virgin Media vs Openreach total footprint (all techs)').plan.dimension).not.toBe('tech');
    expect(read('FTTP mix of total lines at every Q4 since 2021').plan.measure).toBe('line_share_pct');
    const techs = read(
      'what share of broadband lines are FTTP vs FTTC vs ADSL etc in the latest quarter?',
    ).plan;
    expect(techs.dimension).toBe('tech');
    expect(techs.takeUp?.techs).toBeUndefined();
  });

  it('reads "during calendar year 2025" as its months, and "how does that compare with Nov 2024" as then vs now', () => {
    expect(
      read('gigabit coverage at each monthly snapshot during calendar year 2025').plan.time,
    ).toMatchObject({
      seriesFrom: '2025-01-01',
      seriesTo: '2025-12-01',
    });
    const then = read(
      'How many premises in Leeds still have no full fibre, and how does that compare with Nov 2024?',
    ).plan;
    expect(then.time).toMatchObject({ from: '2024-11-01', to: '2026-11-01' });
  });

  it('reads formal wordings: months to the latest reporting date, day-first dates, boroughs incl., counts like years', () => {
    const net = read(
      'net increase in premises passed by full fibre over the twelve months to the latest reporting date? A single figure will suffice.',
    );
    expect(net.plan).toMatchObject({
      measure: 'change_premises',
      time: { from: '2025-11-01', to: '2026-11-01' },
    });
    expect(net.confidence).toBeGreaterThanOrEqual(0.8);
    const rise = read(
      'which Scottish LA had the biggest pp rise in full fibre over calendar 2025, i.e. 1 Jan 2025 snapshot to 1 Jan 2026?',
    );
    expect(rise.plan.time).toMatchObject({ from: '2025-01-01', to: '2026-01-01' });
    expect(read('FTTP coverage for each London borough (incl. City of London)').plan.geo?.values).toEqual([
      'London',
    ]);
    expect(read('LAs with over 2000 premises below the USO').plan.groupFilter).toMatchObject({ value: 2000 });
    expect(read('the 5 biggest councils by premises').plan.limit).toBe(5);
    expect(read('the 5 scottish councils with the lowest gigabit coverage').plan.limit).toBe(5);
  });

  it('reads compass shorthand after "the" as a region', () => {
    const { plan } = read('which 5 LAs in the NW have the lowest FTTP coverage');
    expect(plan.geo).toMatchObject({ column: 'government_region', values: ['North West'] });
    expect(read('FTTP coverage in the east mids').plan.geo?.values).toEqual(['East Midlands']);
  });

  it('reads a list of nations as nations, even where the warehouse also names them as regions', () => {
    const { plan } = read('gigabit coverage in Wales, Scotland and England');
    expect(plan.geo?.column).toBe('country');
    expect(new Set(plan.geo?.values)).toEqual(new Set(['Wales', 'Scotland', 'England']));
  });

  it('ranks places within each group named for "each" of it: one winner per group', () => {
    const { plan } = read('For every region, which LA has the worst gigabit coverage?');
    expect(plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'la_name',
      rankWithin: 'government_region',
      order: 'asc',
      limit: 1,
    });
    expect(plan.unknowns).toEqual([]);
    const top = read('top 3 councils per region by full fibre coverage').plan;
    expect(top).toMatchObject({
      dimension: 'la_name',
      rankWithin: 'government_region',
      order: 'desc',
      limit: 3,
    });
    // Postcode districts cross local authority boundaries: no ranking within them.
    expect(
      read('which LA has the lowest full fibre coverage in each postcode district').plan.rankWithin,
    ).toBeUndefined();
  });

  it('judges places on a subject by their coverage when no measure is named ("the best region for full fibre")', () => {
    expect(read('which region is best for full fibre').plan.measure).toBe('coverage_pct');
    expect(read('the 5 worst councils for FTTP').plan).toMatchObject({
      measure: 'coverage_pct',
      order: 'asc',
    });
    expect(read('which region has the most full fibre premises').plan.measure).toBe('premises');
  });

  it('says a tag no reading can use, and is not confident', () => {
    const u = read('For every operator, which LA has the worst gigabit coverage?');
    expect(u.confidence).toBeLessThan(0.8);
  });

  it('offers the other meaning of an ambiguous name as a candidate', () => {
    const u = read('full fibre coverage in CF');
    const readings = u.candidates?.map((c) => c.interpretation) ?? [];
    expect(readings.some((r) => /CityFibre/.test(r))).toBe(true);
    expect(readings.some((r) => /CF postcode area/.test(r))).toBe(true);
  });

  it("keeps the readers' plan when every tag is used (it wins ties)", () => {
    const u = read('How many premises in Leeds have full fibre?');
    expect(u.candidates?.[0]?.unused).toEqual([]);
    expect(u.plan.geo?.values).toEqual(['Leeds']);
    expect(u.confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('never ranks a plan that does not compile', () => {
    const u = read('full fibre premises in LS1 4AP');
    for (const candidate of u.candidates ?? []) expect(candidate.interpretation).toBeTruthy();
  });

  it("asks back, naming the words, when no reading uses two or more of the question's main words", () => {
    const u = read('Hyperoptic upload speeds forecast in Leeds');
    expect(u.askBack).toEqual(['upload', 'speeds']);
    expect(read('How many premises in Leeds have full fibre?').askBack).toBeUndefined();
  });
});

describe('output shapes and terms read from new wordings', () => {
  it('reads a level over a window as its change, and "each of the last N months" as a series', () => {
    expect(read('Leeds gigabit coverage now vs 2 yrs ago').plan.measure).toBe('change_pp');
    expect(
      read('By how many pp did gigabit coverage in Leeds move between Jan 2024 and Jan 2026?').plan.measure,
    ).toBe('change_pp');
    const series = read('FTTP premises for each of the last 6 months').plan;
    expect(series).toMatchObject({ measure: 'premises', dimension: 'month' });
    expect(series.time.seriesFrom).toBeDefined();
    expect(read('gigabit premises added in each of the last 3 months').plan).toMatchObject({
      dimension: 'month',
      flow: true,
    });
  });

  it('counts places passing a test written after the number, in the forecast too ("99%+")', () => {
    expect(
      read('How many LAs are forecast to reach 99%+ full fibre coverage by the end of 2030?').plan,
    ).toMatchObject({
      dataset: 'upc_forecast',
      dimension: 'la_name',
      groupFilter: { op: 'gte', value: 99 },
      countGroups: true,
    });
  });

  it('reads the model’s terms and groupings beside the subject', () => {
    expect(read('cable-only gigabit premises in Leeds').plan.subject).toEqual({
      gigabit: true,
      exclude: { tech: 'fttponly' },
    });
    expect(read('altnets in Leeds + premises passed by each').plan.dimension).toBe('operator');
    expect(read('Which FF network is biggest in Leeds?').plan).toMatchObject({
      dimension: 'operator_group',
      limit: 1,
    });
    expect(
      read('How many premises have Openreach FTTP and are also on the Virgin Media network?').plan.subject
        .allGroups,
    ).toEqual(['Openreach', 'Virgin Media']);
  });

  it("reads one brand's market share as its share, not a ranking of every operator", () => {
    const { plan } = read("Sky's residential market share, latest quarter");
    expect(plan.takeUp).toMatchObject({ shareOf: 'Sky', segment: 'residential' });
    expect(plan.dimension).toBeUndefined();
  });

  it('does not read a word of the grammar as a misspelt name ("leading" is not Reading)', () => {
    const { plan } = read('leading altnet in the North East?');
    expect(plan.geo?.values).toEqual(['North East']);
  });

  it('answers a question about what a dataset holds as a question about the data', () => {
    for (const q of [
      'what does the take-up data contain and how is it broken down?',
      'Can you explain what the forecast dataset includes and how far out it goes?',
    ])
      expect(understand(q, testLexicon, testTime).kind).toBe('system_info');
  });

  it('reads two moments named as the level at both and the change between them', () => {
    expect(read('Leeds full fibre coverage Nov 2023 vs today').plan).toMatchObject({
      measure: 'change_pp',
      time: { from: '2023-11-01', to: '2026-11-01' },
    });
    expect(read('superfast coverage in Wales, Jan 2021 compared with the latest snapshot').plan.time).toEqual(
      {
        from: '2021-01-01',
        to: '2026-11-01',
      },
    );
  });

  it('does not claim a list of dates it answers at one of them', () => {
    const u = read('gigabit coverage % in Jan 2023, Jan 2025 and today');
    expect(u.plan.unknowns.join(' ')).toContain('jan 2025');
    expect(u.confidence).toBeLessThan(0.8);
  });

  it('reads "sole" as the only network there, and "combined" as one figure for all those named', () => {
    expect(
      read('number of postcodes where Openreach is the sole full fibre network').plan.subject,
    ).toMatchObject({
      soleGroup: 'Openreach',
    });
    const combined = read('combined market share of BT and Sky this quarter');
    expect(combined.plan.dimension).toBeUndefined();
  });

  it('does not read two technologies listed as one footprint with both', () => {
    // Side by side, in the five largest places by their own premises.
    const u = read('the 5 biggest local authorities by premises - FF and gigabit coverage for each');
    expect(u.plan).toMatchObject({ rankBySize: true, limit: 5, subject: { tech: 'fttponly' } });
    expect(u.plan.compare).toEqual([{ gigabit: true }]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/ORDER BY total_premises DESC, la_name\nLIMIT 5$/);
  });

  it('reads plural finer places after a place as its rows ("Scottish postcode areas")', () => {
    expect(read('Scottish postcode areas ranked by % of premises below the USO').plan).toMatchObject({
      dimension: 'postcode_area',
      geo: { column: 'country', values: ['Scotland'] },
    });
  });

  it('reads a measure negated ("postcodes (not premises)") as the other measure, with nothing left unsaid', () => {
    const u = read('number of postcodes (not premises) with exactly one FF network, by nation');
    expect(u.plan.measure).toBe('postcodes');
    expect(u.plan.unknowns).toEqual([]);
  });

  it('answers "which month" with the months of the window ranked by what each added, the first one kept', () => {
    const { plan } = read('which month in the past year had the biggest FF net adds?');
    expect(plan).toMatchObject({
      dimension: 'month',
      flow: true,
      order: 'desc',
      limit: 1,
      time: { seriesFrom: '2025-12-01', seriesTo: '2026-11-01' },
    });
    expect(plan.unknowns).toEqual([]);
    const quarters = read('which 3 quarters since 2023 saw the most gigabit premises added').plan;
    expect(quarters).toMatchObject({ dimension: 'quarter', flow: true, order: 'desc', limit: 3 });
  });

  it('reads the model\'s abbreviations of a speed tier in place of the default technology ("SFBB", "UFBB")', () => {
    const sf = read('SFBB coverage in Cornwall?');
    expect(sf.plan.subject).toEqual({ minDown: 30 });
    expect(sf.plan.assumptions).toEqual([]);
    expect(sf.plan.unknowns).toEqual([]);
    expect(read('UFBB coverage by region').plan.subject).toEqual({ minDown: 300 });
  });

  it('reads "three" as a count where it counts, and as the network where it names', () => {
    const counted = read('Top 5 local authorities by share of premises with three or more FF networks').plan;
    expect(counted.subject).toEqual({ tech: 'fttponly', minNetworks: 3 });
    expect(counted.unknowns).toEqual([]);
    expect(read('top three altnets in Leeds').plan).toMatchObject({ dimension: 'operator', limit: 3 });
    expect(read("Three's FWA footprint - premises covered").plan.subject.operatorGroups).toEqual([
      'Three FWA',
    ]);
  });

  it('reads an upload threshold as a threshold on the upload ("at least 100Mbps upload"), not the download', () => {
    const u = read('number of premises that can get at least 100Mbps upload today');
    expect(u.plan.subject).toEqual({ minUp: 100 });
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/fastest_up >= 100\b/);
    const share = read('share of premises with upload speeds over 50 Mbps in Wales').plan;
    expect(share).toMatchObject({ measure: 'coverage_pct', subject: { minUp: 50 } });
    // The USO's "1 up" belongs to the USO.
    expect(read('premises below the USO (10 down, 1 up)').plan.subject.minUp).toBeUndefined();
  });

  it('counts the networks forecast at the point asked, not over every half-year', () => {
    const u = read('how many different FF networks are forecast to be in Leeds by end of 2030?');
    expect(u.plan).toMatchObject({
      dataset: 'upc_forecast',
      measure: 'operator_count',
      time: { at: '2030-12-01' },
    });
    expect(buildQuery(u.plan, testTime).sql).toMatch(/f\.reported_at = DATE '2030-12-01'/);
  });

  it('reads a change from now to a forecast point: the latest snapshot at one end, the forecast at the other', () => {
    for (const question of [
      'By how many points will full fibre coverage rise between now and the end of 2030?',
      'How much will full fibre coverage grow by 2030?',
    ]) {
      const u = read(question);
      expect(u.plan).toMatchObject({
        dataset: 'upc_forecast',
        measure: 'change_pp',
        time: { from: testTime.latest, to: '2030-12-01' },
      });
      expect(u.plan.unknowns).toEqual([]);
      expect(u.candidates?.[0]?.interpretation).toContain('snapshot and the December 2030 forecast point');
      const { sql } = buildQuery(u.plan, testTime);
      expect(sql).toMatch(
        /FROM fact_operator_time_series f\s+WHERE f\.tech = 'fttponly' AND f\.reported_at = DATE/,
      );
      expect(sql).toMatch(/FROM forecast_footprint f\s+WHERE f\.reported_at = DATE '2030-12-01'/);
    }
    const cityFibre = read('How many extra premises will CityFibre pass between today and Dec 2030?').plan;
    expect(cityFibre).toMatchObject({
      measure: 'change_premises',
      subject: { operatorGroups: ['CityFibre'] },
    });
    expect(cityFibre.unknowns).toEqual([]);
  });

  it('answers the fastest download and upload together, as two figures', () => {
    for (const question of [
      'What are the fastest download and upload speeds available at LS1 4AP?',
      'max upload speed and max download speed in Leeds',
    ]) {
      const u = read(question);
      expect(u.plan.measure).toBe('max_speeds');
      expect(u.plan.unknowns).toEqual([]);
      const { sql } = buildQuery(u.plan, testTime);
      expect(sql).toContain('MAX(f.fastest_down) AS max_fastest_down_mbps');
      expect(sql).toContain('MAX(f.fastest_up) AS max_fastest_up_mbps');
    }
    // One direction asked is one figure.
    expect(read('fastest upload speeds by network in Leeds').plan.measure).toBe('max_up');
  });

  it('answers "what can I get at <postcode>" with the networks there and their speeds', () => {
    const u = read('what can I get at LS1 4AP');
    expect(u.plan).toMatchObject({
      measure: 'max_speeds',
      dimension: 'operator_group',
      geo: { column: 'postcode', values: ['LS1 4AP'] },
    });
    // A measure named is the measure asked.
    expect(read('how many premises at LS1 4AP').plan.measure).toBe('premises');
  });

  it('binds a technology written after the first of two networks set against each other to that network', () => {
    const u = read('Openreach full fibre vs Virgin Media premises by region');
    expect(u.plan.subject).toMatchObject({ operatorGroups: ['Openreach'], tech: 'fttponly' });
    expect(u.plan.compare).toEqual([{ operatorGroups: ['Virgin Media'] }]);
    // Written after both, it is each network's.
    const both = read('Openreach vs Virgin Media full fibre premises by region').plan;
    expect(both.compare?.[0]?.tech ?? both.subject.tech).toBe('fttponly');
  });

  it('reads a list of evenly spaced dates as a series of that grain', () => {
    const u = read('openreach forecast ff premises at end of 2026, end of 2027 and end of 2028');
    expect(u.plan).toMatchObject({
      dataset: 'upc_forecast',
      dimension: 'year',
      time: { seriesFrom: '2026-12-01', seriesTo: '2028-12-01', seriesMonth: 12 },
    });
    expect(u.plan.unknowns).toEqual([]);
    expect(
      read('FF coverage in Leeds at the 1 June snapshot of each year from 2023 to 2026').plan.time,
    ).toMatchObject({
      seriesMonth: 6,
    });
  });

  it('does not read a day of the month, or "between the two", as a number', () => {
    const u = read(
      'FF coverage at the 1 January 2023 snapshot and at the 1 January 2025 snapshot, and the pp change between the two',
    );
    expect(u.plan).toMatchObject({ measure: 'change_pp', time: { from: '2023-01-01', to: '2025-01-01' } });
    expect(u.plan.limit).toBeUndefined();
    expect(u.plan.unknowns).toEqual([]);
  });

  it("reads a brand's share of lines between two quarters as the change in points", () => {
    const u = read('sky share of lines 2025Q4 vs 2026Q4, pp change');
    expect(u.plan).toMatchObject({
      dataset: 'take_up',
      measure: 'line_share_pct',
      takeUp: { shareOf: 'Sky', change: 'yoy' },
      time: { quarter: '2026Q4' },
    });
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/AS pp_change/);
    // A technology's share of all lines, in the fourth quarter of each year.
    const fttp = read(
      'What share of all broadband lines were full fibre in the fourth quarter of each year?',
    );
    expect(fttp.plan).toMatchObject({
      measure: 'line_share_pct',
      dimension: 'quarter',
      time: { quarterNumber: 4 },
    });
    expect(buildQuery(fttp.plan, testTime).sql).toMatch(/CASE WHEN tech = 'fttp'/);
  });

  it('reads a share within a base named first', () => {
    const vm = read(
      "Where Virgin Media's cable network is available, what share of premises also have Openreach full fibre?",
    );
    expect(vm.plan).toMatchObject({
      measure: 'coverage_pct',
      within: { operatorGroups: ['Virgin Media'], tech: 'cable' },
      subject: { operatorGroups: ['Openreach'], tech: 'fttponly' },
    });
    expect(vm.plan.unknowns).toEqual([]);
    expect(vm.reasoning).toMatch(/among premises with: cable, networks Virgin Media/);
    const altnets = read(
      'Of the premises passed by at least one altnet, what percentage do not yet have Openreach full fibre?',
    );
    expect(altnets.plan).toMatchObject({
      within: { altnet: true },
      subject: { operatorGroups: ['Openreach'], tech: 'fttponly', absent: true },
    });
    expect(altnets.plan.unknowns).toEqual([]);
    const { sql } = buildQuery(altnets.plan, testTime);
    expect(sql).toMatch(/JOIN base b ON b\.postcode = u\.postcode/);
    expect(sql).toMatch(/p\.postcode IS NULL THEN u\.premises/);
  });

  it('reads "any tech" as no technology, and "at the postcode" as no grouping', () => {
    const any = read('top 5 networks by % of uk premises covered, any tech').plan;
    expect(any.subject.tech).toBeUndefined();
    expect(any.unknowns).toEqual([]);
    const cable = read(
      'How many premises are gigabit-capable only through cable, i.e. gigabit-capable but with no full fibre at the postcode?',
    ).plan;
    expect(cable.subject).toEqual({ gigabit: true, exclude: { tech: 'fttponly' } });
    expect(cable.dimension).toBeUndefined();
  });

  it('reads an unused negation before the subject as its absence, and "two or more altnets" as a count', () => {
    const none = read('rural premises still forecast to have no ff at all by h2 2030').plan;
    expect(none).toMatchObject({ dataset: 'upc_forecast', urbanRural: 'rural', subject: { absent: true } });
    expect(none.unknowns).toEqual([]);
    const two = read(
      'How many premises are passed by two or more independent (altnet) full-fibre networks?',
    ).plan;
    expect(two.subject).toMatchObject({ minNetworks: 2, networksAreAltnets: true, altnet: true });
    expect(two.unknowns).toEqual([]);
    // The USO is a lack already: "lack decent broadband (below the USO)" is below the USO, not its absence.
    const uso = read('For each nation, how many premises lack decent broadband (below the USO)?').plan;
    expect(uso.subject).toEqual({ belowUso: true });
    expect(understand('cityfibre capex per premises passed by year', testLexicon, testTime).kind).toBe(
      'unsupported',
    );
  });

  it('reads first activations in each point of a series as what each point added', () => {
    const u = read('premises getting ff for the first time in each quarter of 2025');
    expect(u.plan).toMatchObject({
      measure: 'premises',
      flow: true,
      dimension: 'quarter',
      time: { seriesFrom: '2025-01-01', seriesTo: '2025-12-01' },
    });
    expect(u.plan.unknowns).toEqual([]);
    // Half-years of availability are the June and December snapshots.
    const halves = read('new full fibre premises added each half-year from 2023 to 2026').plan;
    expect(buildQuery(halves, testTime).sql).toMatch(/DATE '2023-06-01'.*DATE '2023-12-01'/s);
    expect(buildQuery(halves, testTime).sql).not.toMatch(/DATE '2023-07-01'/);
  });

  it('answers "who has the biggest ..." with the first network only', () => {
    const { plan } = read('who has the biggest network footprint in Hull');
    expect(plan).toMatchObject({ dimension: 'operator_group', order: 'desc', limit: 1 });
    expect(read('Who has the biggest full fibre network in each region?').plan.leaderPerDimension).toBe(true);
  });

  it('reads "without cable-only gigabit" as the absence of the whole named filter', () => {
    const u = read('How many premises are without cable-only gigabit in Leeds?');
    expect(u.plan.subject).toEqual({ gigabit: true, exclude: { tech: 'fttponly' }, absent: true });
    expect(u.candidates?.[0]?.interpretation).toContain('cable-only gigabit is not available');
    expect(buildQuery(u.plan, testTime).sql).toMatch(/IS NULL THEN u\.premises/);
  });

  it('reads "gig capable but no FTTP" as cable-only gigabit, the "no" bound to full fibre', () => {
    const { plan } = read('cable-only gigabit premises - gig capable but no FTTP');
    expect(plan.subject).toEqual({ gigabit: true, exclude: { tech: 'fttponly' } });
  });

  it('ranks a series by its figure when asked ("biggest first"), keeping every point', () => {
    const { plan } = read('monthly FF net adds over the past year, biggest first');
    expect(plan).toMatchObject({ dimension: 'month', flow: true, order: 'desc' });
    expect(plan.limit).toBeUndefined();
    expect(plan.time).toMatchObject({ seriesFrom: '2025-12-01', seriesTo: '2026-11-01' });
  });

  it('does not call a growth in points over a window an answer to "which quarter"', () => {
    const u = read('which quarter had the lowest FF coverage growth since 2024');
    expect(u.confidence).toBeLessThan(0.8);
  });

  it('reads "which altnet is biggest" in each place as the leading network of each, and "how many networks" as a count of networks', () => {
    expect(read('in each nation, which altnet is biggest?').plan).toMatchObject({
      dimension: 'country',
      leaderPerDimension: true,
      subject: { altnet: true },
    });
    expect(read('how many different full fibre networks operate in each region?').plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'government_region',
    });
    // A number of networks per postcode ("2+ FF networks") is not the networks a ranking ranks.
    expect(
      read('overbuild by region: share of premises with 2+ FF networks, highest first').plan
        .leaderPerDimension,
    ).toBeUndefined();
  });

  it('keeps to the places where a network is, ranks the way the direction word says, and reads the level the question names', () => {
    expect(
      read('List every LA where CityFibre is live with the % of the LA it covers').plan.groupFilter,
    ).toEqual({
      op: 'gt',
      value: 0,
    });
    const districts = read(
      'which 5 districts in the LS postcode area have the most premises still without full fibre?',
    );
    expect(districts.plan).toMatchObject({ dimension: 'postcode_district', order: 'desc', limit: 5 });
  });

  it('reads "X is the only technology" as the only technology, and a series between two moments as its span', () => {
    expect(read('Premises where ADSL is the only technology available').plan.subject).toEqual({
      onlyTech: 'adsl',
    });
    expect(
      read('Wales: forecast full fibre % for each half-year from H1 2027 to H2 2030').plan.time,
    ).toMatchObject({
      seriesFrom: '2027-06-01',
      seriesTo: '2030-12-01',
    });
  });

  it('does not claim a share within a subject named first, or "both" said as one more figure of a list', () => {
    // Said with "passed by", the subject after it is measured within the one named first.
    expect(
      read('Of all premises that can get FTTP, what % are passed by at least one altnet?').plan,
    ).toMatchObject({
      within: { tech: 'fttponly' },
      subject: { altnet: true },
    });
    expect(
      read('Leeds: premises passed by Virgin Media, by Openreach FTTP, and by both').confidence,
    ).toBeLessThan(0.8);
    expect(read('premises where both Virgin Media and Openreach are present').confidence).toBeGreaterThan(
      0.8,
    );
  });

  it('keeps the first N networks of each place ("the top 3 networks ... in each region")', () => {
    const u = read('top 3 networks by full fibre premises in each region');
    expect(u.plan).toMatchObject({ leaderPerDimension: true, dimension: 'government_region', limit: 3 });
    const built = buildQuery(u.plan, testTime);
    expect(built.sql).toMatch(/position <= 3/);
    expect(u.candidates?.[0]?.interpretation).toMatch(/^The top 3 networks in each region/);
  });

  it('lists every place asked for "each" of, not a top 10', () => {
    const { plan } = read('FF coverage for each LA in the North East, best first');
    expect(plan).toMatchObject({ dimension: 'la_name', order: 'desc' });
    expect(plan.limit).toBeUndefined();
    expect(plan.assumptions).not.toContain('showing the top 10');
  });

  it('reads a tier the premises lack as an exclusion, and keeps the technology before it', () => {
    const band = read('premises with superfast but not ultrafast in Wales').plan.subject;
    expect(band).toMatchObject({ minDown: 30, exclude: { minDown: 300 } });
    expect(band.absent).toBeUndefined();
    const fttc = read('premises with FTTC but no gigabit in Wales').plan.subject;
    expect(fttc).toMatchObject({ tech: 'fttc', exclude: { gigabit: true } });
    expect(buildQuery(read('premises with superfast but not ultrafast in Wales').plan, testTime).sql).toMatch(
      /NOT IN \(SELECT .*fastest_down >= 300/,
    );
  });

  it('gives a date written without its year the year of the date it is listed with ("Q2 vs Q3 2026")', () => {
    const { plan } = read('Sky total lines Q2 vs Q3 2026');
    expect(plan.takeUp?.change).toBe('qoq');
    const months = read('full fibre premises in Wales between March and June 2025').plan.time;
    expect(months).toMatchObject({ from: '2025-03-01', to: '2025-06-01' });
  });

  it('leaves out the networks named after "other than" / "excluding", and counts every other one', () => {
    const leaders = read('which network other than Openreach has the most FTTP premises in each region');
    expect(leaders.plan.subject).toMatchObject({ tech: 'fttponly', notGroups: ['Openreach'] });
    expect(leaders.plan.subject.operatorGroups).toBeUndefined();
    expect(leaders.plan.leaderPerDimension).toBe(true);
    expect(leaders.plan.unknowns).toEqual([]);
    const two = read('rank networks by gigabit premises excluding Openreach and Virgin Media').plan;
    expect(two.subject.notGroups).toEqual(['Openreach', 'Virgin Media']);
    expect(buildQuery(two, testTime).sql).toMatch(/operator_group NOT IN \('Openreach', 'Virgin Media'\)/);
  });

  it("reads a place after a footprint and a verb of being as the share of that footprint ('... is rural')", () => {
    const rural = read("what share of CityFibre's footprint is rural").plan;
    expect(rural).toMatchObject({ measure: 'coverage_pct', urbanRural: 'rural', footprintShare: true });
    const sql = buildQuery(rural, testTime).sql;
    expect(sql).toMatch(/share_of_footprint_pct/);
    expect(sql).not.toMatch(/WHERE u\.urban_rural/);
    // A place's own premises covered stays coverage.
    expect(read('what share of premises in Scotland have FTTP').plan.footprintShare).toBeUndefined();
    expect(read('what % of Openreach FTTP premises are in Scotland').plan.footprintShare).toBe(true);
  });

  it('reads a calendar year: growth in it from the end of the year before, a level at its end', () => {
    expect(read('how many FF premises did CityFibre add in 2025').plan).toMatchObject({
      measure: 'change_premises',
      time: { from: '2024-12-01', to: '2025-12-01' },
    });
    // The current year runs to the latest snapshot.
    expect(read('FF premises added in 2026').plan.time).toMatchObject({
      from: '2025-12-01',
      to: '2026-11-01',
    });
    expect(read('FF coverage in 2025').plan.time.at).toBe('2025-12-01');
    expect(read('Sky lines in 2025').plan.time.quarter).toBe('2025Q4');
    expect(read('full fibre coverage in Wales in 2023 vs now').plan).toMatchObject({
      measure: 'change_pp',
      time: { from: '2023-12-01', to: '2026-11-01' },
    });
  });

  it('reads a list of codes before "postcode areas" as areas, "CF" included', () => {
    const { plan } = read('Show full fibre coverage for the LS, CF and G postcode areas');
    expect(plan.geo?.column).toBe('postcode_area');
    expect(new Set(plan.geo?.values)).toEqual(new Set(['LS', 'CF', 'G']));
    expect(plan.subject.operatorGroups).toBeUndefined();
  });

  it('puts "FF coverage and gigabit coverage" side by side, the measure word between them', () => {
    const { plan } = read('List every region with its FF coverage and gigabit coverage');
    expect(plan.subject).toEqual({ tech: 'fttponly' });
    expect(plan.compare).toEqual([{ gigabit: true }]);
  });

  it('reads growth "in the last quarter" as the last three months, and take-up growth then as quarter on quarter', () => {
    expect(read('FF premises added in the last quarter').plan.time).toMatchObject({
      from: '2026-08-01',
      to: '2026-11-01',
    });
    expect(read('which retailer gained the most FTTP lines last quarter').plan).toMatchObject({
      takeUp: { change: 'qoq' },
      limit: 1,
    });
    expect(
      read("BT's total lines, YoY % change for the latest quarter vs the same quarter last year").plan.takeUp
        ?.change,
    ).toBe('yoy');
  });

  it('reads "no broadband at all" as the absence of every network', () => {
    const { plan } = read('how many postcodes in the M postcode area have no broadband at all');
    expect(plan.subject).toEqual({ absent: true });
    expect(buildQuery(plan, testTime).sql).toMatch(/IS NULL/);
  });

  it('ranks the networks of the kind a ranking word stands beside ("the altnet with the largest footprint")', () => {
    expect(read('the altnet with the largest footprint in Scotland').plan).toMatchObject({
      dimension: 'operator',
      subject: { altnet: true },
      order: 'desc',
      limit: 1,
    });
    // An order with nothing to order holds no ranking word.
    expect(read('the network with the most gigabit premises in Wales').plan).toMatchObject({
      dimension: 'operator_group',
      limit: 1,
    });
  });

  it('counts the places asked for ("how many LAs have ...", "number of regions where ...")', () => {
    expect(read('number of regions where CityFibre is present').plan).toMatchObject({
      dimension: 'government_region',
      countGroups: true,
      groupFilter: { op: 'gt', value: 0 },
    });
    const none = read('how many LAs have no altnet at all').plan;
    expect(none).toMatchObject({ countGroups: true, groupFilter: { op: 'lte', value: 0 } });
    expect(none.subject.absent).toBeUndefined();
    expect(read('how many premises in Leeds have FTTP').plan.countGroups).toBeUndefined();
  });

  it('reads "what % of gigabit premises are served by Virgin Media" as a share within the first subject', () => {
    const { plan } = read('what % of gigabit premises are served by Virgin Media');
    expect(plan).toMatchObject({
      measure: 'coverage_pct',
      within: { gigabit: true },
      subject: { operatorGroups: ['Virgin Media'], gigabit: true },
    });
    const altnets = read('share of FTTP premises covered by altnets in Scotland').plan;
    expect(altnets).toMatchObject({
      within: { tech: 'fttponly' },
      subject: { altnet: true, tech: 'fttponly' },
    });
    expect(altnets.dimension).toBeUndefined();
  });

  it('reads "which altnet has the largest footprint in each region" as the leading network of that kind in each', () => {
    const { plan } = read('Which altnet has the largest footprint in each region?');
    expect(plan).toMatchObject({ leaderPerDimension: true, dimension: 'government_region', order: 'desc' });
    expect(plan.subject.altnet).toBe(true);
    // Ranking the places by a network kind's premises stays a ranking of places.
    expect(read('which regions have the most altnet premises').plan.leaderPerDimension).toBeUndefined();
  });

  it('reads "what % of CityFibre\'s footprint also has Openreach FTTP" as a share within the first network', () => {
    expect(read("what share of CityFibre's footprint also has Openreach FTTP").plan).toMatchObject({
      measure: 'coverage_pct',
      within: { operatorGroups: ['CityFibre'] },
      subject: { operatorGroups: ['Openreach'], tech: 'fttponly' },
    });
    // A share that refers back to what was counted before it.
    const back = read(
      "how many premises in Leeds have both CityFibre and Openreach full fibre, and what % of CityFibre's footprint is that?",
    ).plan;
    expect(back).toMatchObject({
      measure: 'coverage_pct',
      within: { operatorGroups: ['CityFibre'] },
      subject: { operatorGroups: ['Openreach'], tech: 'fttponly' },
    });
  });

  it('reads "both X and Y" as every network present, and a network\'s either technology as its whole footprint', () => {
    const both = read('how many premises have both CityFibre and Openreach full fibre in each region').plan;
    expect(both.subject.allGroups).toEqual(['CityFibre', 'Openreach']);
    expect(both.subject.operatorGroups).toBeUndefined();
    const either = read(
      'premises covered by both Virgin Media (cable or its own fibre) and Openreach FTTP',
    ).plan;
    expect(either.subject).toMatchObject({ allGroups: ['Virgin Media', 'Openreach'] });
    expect(either.subject.tech).toBeUndefined();
    expect(either.subject.groupTech).toEqual({ Openreach: 'fttponly' });
    expect(read('premises covered by both Virgin Media cable and Openreach FTTP').plan.subject).toMatchObject(
      {
        groupTech: { 'Virgin Media': 'cable', Openreach: 'fttponly' },
      },
    );
  });

  it('ranks places by their own premises for "the ten largest LAs", showing the measure asked for each', () => {
    const { plan } = read(
      "across the ten largest local authorities by number of premises, what is Virgin Media's coverage in each?",
    );
    expect(plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'la_name',
      rankBySize: true,
      limit: 10,
      order: 'desc',
    });
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/ORDER BY total_premises DESC/);
    expect(read('FF coverage in the 5 smallest councils').plan).toMatchObject({
      rankBySize: true,
      order: 'asc',
      limit: 5,
    });
    // Ranked by the subject's own premises ("by premises passed"), or a size word before the measure: the measure.
    expect(read("CityFibre's 10 biggest LAs by premises passed").plan.rankBySize).toBeUndefined();
    expect(read('the 5 councils with the biggest FF coverage').plan.rankBySize).toBeUndefined();
    expect(read('which 10 LAs have the largest altnet footprint').plan).toMatchObject({
      dimension: 'la_name',
      limit: 10,
    });
    expect(read('which 10 LAs have the largest altnet footprint').plan.leaderPerDimension).toBeUndefined();
  });

  it("answers each brand's share of lines: in each quarter of a series, its change in points, in a place", () => {
    const series = read('Share of lines for BT, Sky and TalkTalk in Q4 of each year from 2022 to 2026').plan;
    expect(series).toMatchObject({ measure: 'line_share_pct', dimension: 'quarter' });
    const seriesSql = buildQuery(series, testTime).sql;
    // Each brand over every brand's lines of the same quarter.
    expect(seriesSql).toMatch(
      /totals AS \(\n {2}SELECT quarter, SUM\(lines\) AS lines\n {2}FROM take_up_quarterly\n {2}WHERE quarter LIKE '%Q4'/,
    );
    expect(seriesSql).toMatch(/SELECT b\.quarter, b\.operator/);
    const moved = read('Residential only: which 5 brands gained the most share YoY, in pp?');
    expect(moved.plan).toMatchObject({
      measure: 'line_share_pct',
      dimension: 'operator',
      order: 'desc',
      limit: 5,
    });
    expect(moved.plan.takeUp).toMatchObject({ change: 'yoy', segment: 'residential' });
    expect(moved.plan.unknowns).toEqual([]);
    expect(buildQuery(moved.plan, testTime).sql).toMatch(/ORDER BY pp_change DESC, s\.operator\nLIMIT 5$/);
    const two = read("How did Sky's and TalkTalk's share of lines move last quarter (QoQ, in pp)?").plan;
    expect(two).toMatchObject({
      measure: 'line_share_pct',
      takeUp: { change: 'qoq', operators: ['Sky', 'TalkTalk'] },
    });
    const place = read('what share of lines does each brand have in Leeds').plan;
    expect(buildQuery(place, testTime).sql).toMatch(/AS share_pct/);
    // A brand's lines by technology are shared out of that brand's own lines (its mix).
    const mix = read("Sky's customer base by technology: lines and % of Sky's lines").plan;
    expect(mix.unknowns).toEqual([]);
    expect(buildQuery(mix, testTime).sql).toMatch(
      /\(SELECT SUM\(lines\) FROM take_up_quarterly WHERE operator IN \('Sky'\)/,
    );
  });

  it('reads first full fibre "during 2025" with both ends of the window, and "how many unit postcodes" as postcodes', () => {
    const u = read('How many unit postcodes in Leeds got their first full fibre during 2025?');
    expect(u.plan).toMatchObject({
      measure: 'first_postcodes',
      time: { from: '2024-12-01', to: '2025-12-01' },
    });
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/<= DATE '2025-12-01'/);
  });

  it('keeps the latest snapshot after a series asked "plus the latest figure"', () => {
    const { plan } = read('CityFibre premises passed each January from 2022 to 2025, plus the latest figure');
    expect(plan.time).toMatchObject({ seriesMonth: 1, withLatest: true });
    expect(buildQuery(plan, testTime).sql).toMatch(
      new RegExp(`OR f\\.reported_at IN \\(DATE '${testTime.latest}'\\)`),
    );
  });

  it('reads "0, 1, 2, 3 or more" networks as a distribution whose last band holds 3 or more', () => {
    const u = read(
      'Split UK premises by how many full-fibre networks they can choose from: 0, 1, 2, 3 or more.',
    );
    expect(u.plan).toMatchObject({ dimension: 'networks', topBand: 3 });
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/LEAST\(/);
  });

  it("reads a brand's share of one technology's lines, and \"can't get\" as the premises without", () => {
    const share = read("Sky's share of all FTTP lines, quarter by quarter since the start of 2025");
    expect(buildQuery(share.plan, testTime).sql).toMatch(/WHERE tech = 'fttp'/);
    expect(share.candidates?.[0]?.interpretation).toMatch(/quarterly from 2025 Q1/);
    const without = read(
      "How many postcodes in Leeds and Manchester can't get superfast (30Mbps+) at all? One figure per LA.",
    );
    // The term's threshold in brackets adds nothing: read as without it (the best download below 30 Mbit/s, the
    // same postcodes as "no superfast").
    expect(without.plan.subject).toMatchObject({ bestDownBelow: 30 });
    expect(without.plan.unknowns).toEqual([]);
  });

  it('counts the places each network is present in ("which 5 altnets are present in the most LAs")', () => {
    const u = read('Which 5 altnets are present in the most local authorities? Give the LA count.');
    expect(u.plan).toMatchObject({
      measure: 'place_count',
      placeLevel: 'la_name',
      dimension: 'operator',
      limit: 5,
      order: 'desc',
    });
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/COUNT\(DISTINCT u\.la_name\) AS local_authorities/);
    expect(read('in how many LAs is each altnet present').plan.measure).toBe('place_count');
    // The most altnets in a place counts networks there; it ranks no network.
    expect(read('which LAs have the most altnets').plan.leaderPerDimension).toBeUndefined();
  });

  it("counts what is within a network's footprint without that network, and ranks a region's places whole", () => {
    const altnets = read(
      "Within VM's footprint, how many premises can also get at least one altnet, and what % of VM's footprint is that?",
    );
    expect(altnets.plan).toMatchObject({
      within: { operatorGroups: ['Virgin Media'] },
      subject: { altnet: true },
    });
    expect(altnets.plan.subject.operatorGroups).toBeUndefined();
    const overlap = read(
      "How much of CityFibre's footprint overlaps with Openreach FTTP? premises and % of CityFibre's footprint",
    ).plan;
    expect(overlap).toMatchObject({
      within: { operatorGroups: ['CityFibre'] },
      subject: { operatorGroups: ['Openreach'] },
    });
    expect(read('rank the North West councils by gigabit coverage').plan.limit).toBeUndefined();
    // Nations are listed whole, a nation with none at 0.
    const nations = read('premises with two or more altnets by nation').plan;
    expect(buildQuery(nations, testTime).sql).not.toMatch(/HAVING/);
  });

  it('lists every place of a count per place, those with none at 0', () => {
    const u = read(
      'How many different altnets are present in each local authority? Include the councils with none.',
    );
    expect(u.plan).toMatchObject({ measure: 'operator_count', dimension: 'la_name' });
    expect(u.plan.unknowns).toEqual([]);
    expect(buildQuery(u.plan, testTime).sql).toMatch(/LEFT JOIN counted c ON c\.la_name = p\.la_name/);
  });

  it('reads "which five independent networks added the most" as the five networks ranked, not postcodes with five', () => {
    const { plan } = read('Which five independent networks added the most premises over the last 6 months?');
    expect(plan).toMatchObject({
      measure: 'change_premises',
      dimension: 'operator',
      limit: 5,
      order: 'desc',
    });
    expect(plan.subject.minNetworks).toBeUndefined();
  });

  it('ranks networks within each place named with "each" ("leaving Openreach aside, the largest FF network in each nation")', () => {
    const { plan } = read(
      'Leaving Openreach aside, who is the largest full-fibre network in each home nation?',
    );
    expect(plan).toMatchObject({
      leaderPerDimension: true,
      dimension: 'country',
      subject: { notGroups: ['Openreach'] },
    });
  });

  it('reads a forecast first full fibre in a year from the first forecast point', () => {
    const { plan } = read('How many premises are forecast to get their first full fibre in 2027?');
    expect(plan).toMatchObject({ dataset: 'upc_forecast', time: { from: '2026-12-01', to: '2027-12-01' } });
    expect(buildQuery(plan, testTime).sql).toMatch(/MIN\(f\.reported_at\) > DATE '2026-12-01'/);
  });

  it('reads a quarter and the start of a year: growth in a quarter, a level at its first snapshot', () => {
    expect(read('How many new FF premises were added in Q3 2026?').plan.time).toMatchObject({
      from: '2026-07-01',
      to: '2026-10-01',
    });
    expect(read('FF coverage in Q3 2025').plan.time.at).toBe('2025-07-01');
    expect(read('what was gigabit coverage at the start of 2024').plan.time.at).toBe('2024-01-01');
    expect(read('Sky lines added in Q3 2026').plan.takeUp?.change).toBe('qoq');
  });

  it('ranks places by a measure a network kind qualifies ("the highest altnet coverage"), not the networks', () => {
    const { plan } = read('which region has the highest altnet coverage');
    expect(plan).toMatchObject({ measure: 'coverage_pct', dimension: 'government_region', limit: 1 });
    expect(plan.leaderPerDimension).toBeUndefined();
  });

  it('reads "X but no Y" with a network lacking as an exclusion of that network, with its technology', () => {
    const { plan } = read('which LAs have CityFibre but no Openreach FTTP');
    expect(plan.subject).toEqual({
      operatorGroups: ['CityFibre'],
      exclude: { operatorGroups: ['Openreach'], tech: 'fttponly' },
    });
    expect(buildQuery(plan, testTime).sql).toMatch(/NOT IN \(SELECT .*'Openreach'/);
    expect(read("premises where Openreach has FTTP but Virgin doesn't").plan.subject).toEqual({
      operatorGroups: ['Openreach'],
      tech: 'fttponly',
      exclude: { operatorGroups: ['Virgin Media'] },
    });
    expect(read('premises that do not have FF').plan.subject).toMatchObject({
      tech: 'fttponly',
      absent: true,
    });
  });

  it('does not hold a network that sells under no brand of its own in a take-up plan ("Openreach\'s lines")', () => {
    const u = read("What share of Openreach's lines are FTTP?");
    expect(u.plan.unknowns.join(' ')).toMatch(/openreach/i);
    expect(u.confidence).toBeLessThan(0.8);
    expect(read('How many lines does Hyperoptic have?').plan.takeUp?.operators).toEqual(['Hyperoptic']);
  });

  it('reads a network set aside ("leaving Openreach aside", "the largest builder after Openreach") as left out', () => {
    expect(
      read('Leaving Openreach aside, which network passes the most premises with full fibre in Wales?').plan
        .subject.notGroups,
    ).toEqual(['Openreach']);
    const leaders = read(
      'For each region, which network is the largest full-fibre builder after Openreach, and how many premises does it pass?',
    ).plan;
    expect(leaders).toMatchObject({ leaderPerDimension: true, subject: { notGroups: ['Openreach'] } });
    expect(read('FF coverage after January 2025').plan.subject.notGroups).toBeUndefined();
  });

  it('reads "since the jan snapshot", "since nov last year" and "since the start of the year" without a year', () => {
    expect(read('ff premises gained since the jan snapshot, by region').plan.time.from).toBe('2026-01-01');
    expect(read('change in wales fttp coverage (pts) since nov last year').plan.time.from).toBe('2025-11-01');
    expect(
      read('Which networks added the most full-fibre premises since the start of the year?').plan.time.from,
    ).toBe('2026-01-01');
  });

  it('puts two brands named in a take-up question a row each, and never reads "brands" as networks', () => {
    expect(read('Is Virgin Media ahead of Sky on total lines in 2026Q4?').plan.dimension).toBe('operator');
    expect(read('top 5 brands by fttp net adds QoQ (2026Q3 -> 2026Q4)').plan).toMatchObject({
      dataset: 'take_up',
      takeUp: { change: 'qoq' },
      limit: 5,
    });
  });

  it('says the slowest speed is not read, and never writes SQL for a change of a condition held today only', () => {
    const u = read('For each technology, what is the slowest and fastest download speed on offer right now?');
    expect(u.confidence).toBeLessThan(0.8);
    // A postcode's only technology is today's: its change is not written (below the USO is, from each snapshot).
    expect(() =>
      buildQuery(read('premises with ADSL as the only technology now vs a year ago').plan, testTime),
    ).toThrow(/latest snapshot only/);
    expect(buildQuery(read('premises below the USO now vs a year ago').plan, testTime).sql).toMatch(
      /premises_change/,
    );
  });

  it('reads "passed by altnets" as one footprint, and "total" as one figure, unless a breakdown is named', () => {
    for (const q of ['premises passed by altnets', 'total premises passed by altnets today']) {
      const u = read(q);
      expect(u.plan.subject.altnet).toBe(true);
      expect(u.plan.dimension).toBeUndefined();
    }
    expect(read('premises passed by each altnet').plan.dimension).toBe('operator');
    expect(read('total premises by altnet').plan.dimension).toBe('operator');
  });

  it('ranks places by the figure asked first when premises and their share are both asked', () => {
    const u = read("Hyperoptic's top 10 LAs - premises passed and % of the LA");
    expect(u.plan).toMatchObject({ measure: 'premises', dimension: 'la_name', order: 'desc', limit: 10 });
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
    expect(read('top 10 LAs by FTTP coverage %').plan.measure).toBe('coverage_pct');
  });

  it('binds a technology after "X v Y" to both networks of an overlap', () => {
    const { plan } = read('OR v CF full fibre overlap - premises by region');
    expect(plan.subject).toMatchObject({ allGroups: ['Openreach', 'CityFibre'], tech: 'fttponly' });
    expect(plan.subject.groupTech).toBeUndefined();
    expect(plan.unknowns).toEqual([]);
  });

  it('splits premises by the number of networks written "no. of FF networks", without reading "no" as a negation', () => {
    const u = read('premises split by no. of FF networks - 0/1/2/3/4+');
    expect(u.plan).toMatchObject({ dimension: 'networks', topBand: 4 });
    expect(u.plan.subject.absent).toBeUndefined();
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('ranks the networks of a league table, and reads "gigabit is cable only" as the cable-only gigabit filter', () => {
    expect(read('league table of full fibre networks: premises passed and % of UK').plan).toMatchObject({
      dimension: 'operator_group',
      order: 'desc',
      subject: { tech: 'fttponly' },
    });
    expect(read('% of premises where gigabit is cable only (no FTTP)').plan.subject).toMatchObject({
      gigabit: true,
      exclude: { tech: 'fttponly' },
    });
  });

  it('puts a typo of a grammar word right before reading, and leaves names to the lexicon', () => {
    const u = read('overbuild by regoin - share of premises with two or more full-fibre networks');
    expect(u.plan).toMatchObject({ dimension: 'government_region', subject: { minNetworks: 2 } });
    expect(read('full fibre coverge in Leeds').plan).toMatchObject({ measure: 'coverage_pct' });
    expect(read('full fibre coverage in Manchster').plan.geo?.values).toEqual(['Manchester']);
  });

  it('answers "which altnet" with networks: the leader in each place, or the places ranked by how many they have', () => {
    expect(
      read('For every region, which altnet passes the most premises (and how many)?').plan,
    ).toMatchObject({
      dimension: 'government_region',
      leaderPerDimension: true,
    });
    const most = read('which LAs have the most altnets');
    expect(most.plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'la_name',
      order: 'desc',
      subject: { altnet: true },
    });
    expect(most.candidates?.[0]?.interpretation).toMatch(
      /^The 10 local authorities with the highest number of altnets/,
    );
  });

  it('counts a subject among the premises named first ("how many of those", "what % of FF premises")', () => {
    const fwa = read('FWA footprint in premises - and how many of those have no full fibre?');
    expect(fwa.plan).toMatchObject({ within: { tech: 'fwa' }, subject: { tech: 'fttponly', absent: true } });
    expect(read('what % of FF premises have an altnet present?').plan).toMatchObject({
      within: { tech: 'fttponly' },
      subject: { altnet: true },
    });
    expect(read('what % of premises have FTTP').plan.within).toBeUndefined();
  });

  it('answers a run of quarters of a stock (lines, a share of lines) a row per quarter, in time order', () => {
    for (const q of ["Sky's market share over the last 8 quarters", 'Sky lines, last 4 quarters']) {
      const { plan } = read(q);
      expect(plan).toMatchObject({
        dataset: 'take_up',
        dimension: 'quarter',
        time: { lastQuarters: expect.any(Number) },
      });
      expect(plan.order).toBeUndefined();
    }
  });

  it('reads "best to worst" as one direction, a bare postcode area after "districts in", and the top N FF networks per place', () => {
    const bs = read('full fibre coverage for each district in LS, best to worst');
    expect(bs.plan).toMatchObject({
      dimension: 'postcode_district',
      geo: { column: 'postcode_area', values: ['LS'] },
      order: 'desc',
    });
    expect(bs.plan.limit).toBeUndefined();
    expect(bs.plan.unknowns).toEqual([]);
    const top3 = read('top 3 FF networks in each region by premises passed').plan;
    expect(top3).toMatchObject({
      dimension: 'government_region',
      leaderPerDimension: true,
      limit: 3,
      subject: { tech: 'fttponly' },
    });
    // Each network's rank in its region is a column of the answer.
    expect(buildQuery(top3, testTime).sql).toMatch(/r\.position AS rank_in_place/);
  });

  it('averages the scores of the postcodes without a technology ("postcodes with no FF yet")', () => {
    const u = read('avg general attractiveness score of postcodes with no FF yet, by region (latest scores)');
    expect(u.plan).toMatchObject({
      measure: 'avg_attractiveness',
      dimension: 'government_region',
      subject: { tech: 'fttponly', absent: true },
    });
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('does not count the chat around a question against the reading, but a clause that negates still counts', () => {
    const chatty = read(
      'hiya, quick one - how many premises got full fibre for the first time in the last 6 months? tbh lol',
    );
    expect(chatty.plan).toMatchObject({ measure: 'first_premises' });
    expect(chatty.confidence).toBeGreaterThanOrEqual(0.8);
    expect(read('FF coverage by LA, not counting the islands').confidence).toBeLessThan(0.8);
  });

  it("reads the USO's own speeds as the USO, not as a top 10, and an 'of those' subject only as a share within", () => {
    const uso = read(
      "below-USO premises by region - how many premises can't get decent broadband (10 down / 1 up) and what % of the region is that? worst first",
    );
    expect(uso.plan.limit).toBeUndefined();
    expect(uso.plan.subject.belowUso).toBe(true);
    const those = read(
      'in Leeds, for each full fibre network other than Openreach, how many premises do they pass and what % of those also have Openreach FF?',
    );
    expect(those.confidence).toBeLessThan(0.8);
  });

  it('reads terse wordings: "no. of altnets", "last 6m", a series "since Q1 2024", a nation listed whole', () => {
    expect(read('no. of altnets in Manchester LA now').plan).toMatchObject({
      measure: 'operator_count',
      subject: { altnet: true },
    });
    expect(read('gigabit premises net adds by month, last 6m').plan.time).toMatchObject({
      seriesFrom: '2026-06-01',
    });
    expect(read('FTTP lines by quarter since Q1 2024').plan).toMatchObject({
      dimension: 'quarter',
      time: { seriesFrom: '2024-01-01' },
    });
    const scotland = read('gigabit % by LA, Scotland, lowest first');
    expect(scotland.plan).toMatchObject({ dimension: 'la_name', order: 'asc' });
    expect(scotland.plan.limit).toBeUndefined();
    // The restatement says the order asked for.
    expect(scotland.candidates?.[0]?.interpretation).toMatch(/, lowest first$/);
  });

  it("reads a network's share of the UK footprint, and never takes a fraction as 'at least one'", () => {
    expect(read("Openreach's share of the UK full fibre footprint").plan.measure).toBe(
      'share_of_subject_pct',
    );
    // A fraction is a score test, never "at least one".
    expect(read('postcodes w/ digital deprivation > 0.8, latest qtr').plan).toMatchObject({
      measure: 'postcodes',
      subject: { score: { of: 'deprivation', op: 'gt', value: 0.8 } },
    });
  });

  it('cuts speed bands where the question cuts them, and reads "best download" as the speed at the postcode', () => {
    const bands = read('premises by speed band: under 30, 30-300, 300Mbps-1Gbps and 1Gbps+');
    expect(bands.plan).toMatchObject({ dimension: 'speed_band', bandCuts: [30, 300, 1000] });
    expect(bands.confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(bands.plan, testTime).sql;
    expect(sql).toContain('WHEN f.fastest_down >= 300 THEN');
    expect(sql).not.toContain('>= 10 THEN');
    // Bands written with their last speed ("30 to 299, 300 to 999") and a gigabit written with its unit apart.
    expect(
      read(
        'distribute all premises by the best download speed, using the bands below 30 Mbit/s, 30 to 299 Mbit/s, 300 to 999 Mbit/s and 1 Gbit/s or above, counting any premises without service in the lowest band',
      ).plan.bandCuts,
    ).toEqual([30, 300, 1000]);
    // No cut points: the model's own bands.
    expect(read('premises by speed band').plan.bandCuts).toBeUndefined();
    const best = read('how many premises in Wales have a best download under 30mbps');
    expect(best.plan.subject.bestDownBelow).toBe(30);
    expect(best.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('sets bands of the number of networks side by side ("exactly one FF network vs two or more")', () => {
    const { plan, confidence } = read(
      'premises with exactly one full fibre network vs two or more, by region',
    );
    expect(plan.subject).toMatchObject({ tech: 'fttponly', exactNetworks: 1 });
    expect(plan.compare).toEqual([{ tech: 'fttponly', minNetworks: 2 }]);
    expect(plan.order).toBeUndefined();
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    // A count and an unrelated top 10 are no bands.
    expect(read('top 10 LAs by premises with 3+ full fibre networks').plan.compare).toBeUndefined();
  });

  it('reads "no FF today but forecast by 2027" as the premises the forecast adds', () => {
    const { plan, confidence } = read(
      'how many premises have no full fibre today but are forecast to get it by end of 2027?',
    );
    expect(plan).toMatchObject({ dataset: 'upc_forecast', measure: 'change_premises' });
    expect(plan.subject.absent).toBeUndefined();
    expect(plan.time.to).toBe('2027-12-01');
    expect(confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps the places whose count passes a test ("postcode areas with over 500 premises below the USO")', () => {
    const { plan, confidence } = read(
      'List postcode areas with over 500 premises below the USO, worst first.',
    );
    expect(plan).toMatchObject({
      dimension: 'postcode_area',
      groupFilter: { op: 'gt', value: 500, on: 'count' },
      subject: { belowUso: true },
    });
    expect(plan.limit).toBeUndefined();
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/WHERE g\.premises\w* > 500/);
    expect(read('how many LAs have more than 10000 premises with no full fibre').plan).toMatchObject({
      countGroups: true,
      groupFilter: { on: 'count', value: 10000 },
    });
  });

  it('gives the leader in each of the places named, and a figure for each technology asked again', () => {
    const leaders = read(
      'Which altnet passes the most premises in each of Leeds, Manchester and Birmingham?',
    ).plan;
    expect(leaders).toMatchObject({
      leaderPerDimension: true,
      dimension: 'la_name',
      subject: { altnet: true },
    });
    const two = read(
      'What are the full-fibre coverage and the gigabit-capable coverage of premises in Leeds?',
    ).plan;
    expect(two.compare).toHaveLength(1);
    const tiers = read(
      'What proportion of premises in Leeds can obtain superfast broadband, and what proportion can obtain ultrafast broadband?',
    );
    expect(tiers.plan.subject.minDown).toBe(30);
    expect(tiers.plan.compare?.[0]?.minDown).toBe(300);
    expect(tiers.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('ranks growth in lines by the lines added, and a growth rate by the change in per cent', () => {
    expect(read('Top 5 retailers by YoY growth in FTTP lines').plan.takeUp?.rankByChange).toBe(true);
    expect(read('top 5 retailers by % growth in FTTP lines yoy').plan.takeUp?.rankByChange).toBe(false);
  });

  it('reads formal wordings: "the preceding twelve months", "solely through cable", "each region and nation", a sole technology', () => {
    const change = read(
      'What proportion of premises in the United Kingdom were passed by full fibre at the latest snapshot, and by how many percentage points has that proportion changed over the preceding twelve months?',
    );
    expect(change.plan).toMatchObject({ measure: 'change_pp', time: { to: '2026-11-01' } });
    const cable = read(
      'How many premises in each region and nation are gigabit-capable solely through cable, that is, with gigabit speeds available but no full fibre present?',
    );
    expect(cable.plan).toMatchObject({ dimension: 'government_region', subject: { gigabit: true } });
    expect(cable.confidence).toBeGreaterThanOrEqual(0.8);
    const adsl = read(
      'How many premises have ADSL as the only broadband technology available to them, with no FTTC, full fibre, cable or fixed wireless alternative?',
    );
    expect(adsl.plan.subject).toEqual({ onlyTech: 'adsl' });
    expect(adsl.plan.compare).toBeUndefined();
    const bands = read(
      'how many premises are passed by two or more full-fibre networks, and how many by three or more?',
    );
    expect(bands.plan.compare).toEqual([{ tech: 'fttponly', minNetworks: 3 }]);
    const ranked = read(
      'Which ten local authorities contain the largest number of premises below the USO, and what share of each do those represent?',
    );
    expect(ranked.plan).toMatchObject({ measure: 'premises', order: 'desc', limit: 10 });
    expect(
      read(
        'Which five retail providers held the largest shares of broadband lines, and what were their line counts?',
      ).plan.measure,
    ).toBe('line_share_pct');
  });

  it("reads a share of a network's own footprint as a share within it, upload speeds 'of 1 Gbit/s or more', each calendar year", () => {
    const overlap = read(
      "How many of the premises passed by CityFibre are also passed by Openreach full fibre, and what proportion of CityFibre's footprint does that overlap represent?",
    ).plan;
    expect(overlap).toMatchObject({
      measure: 'coverage_pct',
      within: { operatorGroups: ['CityFibre'] },
      subject: { operatorGroups: ['Openreach'], tech: 'fttponly' },
    });
    expect(read('how many premises have upload speeds of 1 Gbit/s or more').plan.subject.minUp).toBe(1000);
    expect(
      read(
        'For each calendar year from 2022 to 2025, how many premises received full fibre for the first time?',
      ).plan.dimension,
    ).toBe('year');
  });

  it('reads terse list wordings: "each North East LA", "BS districts", "each H2", "the #1 altnet", a verb of reach before the ranking', () => {
    expect(read('Count of altnets live in each North East LA.').plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'la_name',
      geo: { column: 'government_region', values: ['North East'] },
    });
    expect(read('List LS districts where 5%+ of premises have 3 or more FF networks').plan).toMatchObject({
      dimension: 'postcode_district',
      geo: { column: 'postcode_area', values: ['LS'] },
    });
    expect(read('OR forecast FTTP premises at each H2 from 2025 to 2030.').plan.time.seriesMonth).toBe(12);
    expect(read('the #1 altnet in each region').plan.leaderPerDimension).toBe(true);
    expect(
      read(
        'For each local authority in Yorkshire and The Humber, which altnet passes the greatest number of premises?',
      ).plan,
    ).toMatchObject({ leaderPerDimension: true, dimension: 'la_name' });
  });

  it('tests postcode scores ("a deprivation score of 0.7 or higher", "scoring 0.8+ on attractiveness"), and a share after the places', () => {
    const region = read(
      'For each region and nation, how many premises are in postcodes with a digital deprivation score of 0.7 or higher in the latest quarter?',
    );
    expect(region.plan).toMatchObject({
      measure: 'premises',
      dimension: 'government_region',
      subject: { score: { of: 'deprivation', op: 'gte', value: 0.7 } },
    });
    expect(region.confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(region.plan, testTime).sql;
    expect(sql).toContain('a.digital_deprivation >= 0.7');
    const build = read(
      'Give me the top 10 LAs by premises scoring 0.8+ on attractiveness with no FF today.',
    ).plan;
    expect(build).toMatchObject({
      limit: 10,
      subject: { absent: true, tech: 'fttponly', score: { of: 'attractiveness', op: 'gte', value: 0.8 } },
    });
    expect(buildQuery(build, testTime).sql).toMatch(
      /general_attractiveness >= 0\.8\s+AND a\.postcode NOT IN/,
    );
    expect(read('LAs with >90% FTTP').plan).toMatchObject({
      dimension: 'la_name',
      groupFilter: { op: 'gt', value: 90 },
    });
  });

  it("gives each network's overlap with one network's footprint ('which 5 FF networks overlap CityFibre the most')", () => {
    const { plan, confidence } = read(
      'Which 5 FF networks overlap CityFibre the most? Premises where both are live.',
    );
    expect(plan).toMatchObject({
      dimension: 'operator_group',
      within: { operatorGroups: ['CityFibre'], tech: 'fttponly' },
      subject: { notGroups: ['CityFibre'], tech: 'fttponly' },
      limit: 5,
    });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toContain('JOIN base b ON b.postcode = p.postcode');
    expect(sql).toContain('GROUP BY p.operator_group');
  });

  it('reads a share of lines in two quarters as both shares and the change in points; a quarter without a year is the latest of it', () => {
    // The fixtures' latest quarter is 2026Q3: "Q3" is 2026's, "Q4" the year before's.
    const bare = read('FTTP take-up % of lines Q4 vs Q3');
    expect(bare.plan).toMatchObject({
      measure: 'line_share_pct',
      time: { quarter: '2026Q3' },
      takeUp: { fromQuarter: '2025Q4' },
    });
    const pp = read('fttp % of lines 2021Q4 vs 2026Q3 - how many pp has it gone up?');
    expect(pp.plan).toMatchObject({
      measure: 'line_share_pct',
      time: { quarter: '2026Q3' },
      takeUp: { fromQuarter: '2021Q4' },
    });
    expect(pp.plan.dimension).toBeUndefined();
    expect(pp.confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(pp.plan, testTime).sql;
    expect(sql).toContain('AS share_2021q4_pct');
    expect(sql).toContain('AS pp_change');
    // "Each Q4" stays a series of that quarter.
    expect(read('FTTP lines each Q4').plan).toMatchObject({
      dimension: 'quarter',
      time: { quarterNumber: 4 },
    });
  });

  it("reads a name with its possessive's apostrophe left out, and 'the top provider' as the first row", () => {
    const bt = read('whats BTs market share atm?');
    expect(bt.plan).toMatchObject({ measure: 'line_share_pct', takeUp: { shareOf: 'BT' } });
    expect(bt.confidence).toBeGreaterThanOrEqual(0.8);
    expect(read('No.1 provider for business broadband lines?').plan).toMatchObject({
      dimension: 'operator',
      order: 'desc',
      limit: 1,
      takeUp: { segment: 'business' },
    });
    expect(read('top altnets in Wales').plan.limit).not.toBe(1);
  });

  it('reads "the devolved nations" as Scotland, Wales and Northern Ireland, each of them a place of its own', () => {
    const { plan } = read(
      'Who is the biggest altnet in each of the devolved nations, measured by premises passed?',
    );
    expect(plan).toMatchObject({ leaderPerDimension: true, dimension: 'government_region' });
    expect(new Set(plan.geo?.values)).toEqual(new Set(['Scotland', 'Wales', 'Northern Ireland']));
    // A singular place asked for before the superlative is one row.
    expect(
      read(
        'Which Welsh local authority has seen the biggest percentage point rise in gigabit coverage over the past two years?',
      ).plan,
    ).toMatchObject({ dimension: 'la_name', measure: 'change_pp', limit: 1 });
  });

  it('answers a place "compared with the UK as a whole" with a row for each, the same figure for both', async () => {
    const { plan, confidence } = read(
      "What's gigabit-capable coverage in Wales right now, and how does that compare with the UK as a whole?",
    );
    expect(plan).toMatchObject({ measure: 'coverage_pct', withUk: true, geo: { values: ['Wales'] } });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    // One place: a row for it and one for the UK, read down one column.
    const built = buildQuery(plan, testTime);
    expect(built.sql).toMatch(/UNION ALL\nSELECT 'United Kingdom' AS /);
    const { verifyPlan } = await import('../compile/verify-plan.js');
    expect((await verifyPlan(plan, built, testTime)).missing).toEqual([]);
    // Several places: a row each, and the UK's as one more row.
    const two = read('gigabit coverage in Wales and Scotland compared with the UK as a whole').plan;
    const rows = buildQuery(two, testTime);
    expect(rows.sql).toMatch(
      /\) places\nUNION ALL\nSELECT 'United Kingdom' AS government_region, uk\.\* FROM \(/,
    );
    expect((await verifyPlan(two, rows, testTime)).missing).toEqual([]);
    expect(
      (await verifyPlan(two, { sql: rows.sql.replace(/UNION ALL[\s\S]*$/, '') }, testTime)).missing,
    ).toEqual(['the UK as a whole ("compared with the UK")']);
  });

  it('reads bands of networks listed from one as leaving out the premises with none', async () => {
    const { plan } = read('break down FTTP premises by number of FF networks available: 1, 2, 3, 4+');
    expect(plan).toMatchObject({ dimension: 'networks', topBand: 4, bandsFromOne: true });
    const built = buildQuery(plan, testTime);
    const { verifyPlan } = await import('../compile/verify-plan.js');
    expect((await verifyPlan(plan, built, testTime)).missing).toEqual([]);
    expect(read('premises by number of FF networks: 0, 1, 2, 3 or more').plan.bandsFromOne).toBeUndefined();
  });

  it('keeps one of two readings with the same SQL, and reads "can get a connection" as availability', () => {
    const sky = read('Sky FTTP subs in 2026 Q3 vs 2025 Q3');
    expect(sky.plan.takeUp).toMatchObject({ change: 'yoy' });
    expect(sky.plan.assumptions.join(' ')).not.toMatch(/almost as likely/);
    const sqls = (sky.candidates ?? []).map((c) => buildQuery(c.plan, testTime).sql);
    expect(new Set(sqls).size).toBe(sqls.length);
    expect(
      read('what share of premises in Leeds can get a gigabit-capable connection at the moment?').plan,
    ).toMatchObject({ dataset: 'upc', measure: 'coverage_pct', subject: { gigabit: true } });
  });

  it('names the nation of each local authority listed across several nations', () => {
    const { plan } = read(
      'which 10 local authorities in Scotland, Wales and Northern Ireland have the lowest FF coverage',
    );
    const built = buildQuery(plan, testTime);
    expect(built.sql).toMatch(/SELECT answer\.\*, places\.(?:country|government_region)\nFROM answer\n/);
    expect(built.sql).toMatch(/ORDER BY coverage_pct ASC, la_name\nLIMIT 10$/);
    // One nation named: its authorities need no label.
    expect(
      buildQuery(read('the 10 LAs in Wales with the lowest FF coverage').plan, testTime).sql,
    ).not.toContain('answer');
  });

  it('does not claim take-up lines "in postcodes where FTTP is available": the plan cannot filter lines so', () => {
    expect(
      read(
        'how many BT customers still on copper (ADSL or FTTC) live in postcodes where FTTP is already available?',
      ).confidence,
    ).toBeLessThan(0.8);
  });

  it('reads "when is X forecast to pass 95%" as the first point of the series at or above it', () => {
    const { plan, confidence } = read('When is Wales forecast to pass 95% full fibre coverage?');
    expect(plan).toMatchObject({
      dataset: 'upc_forecast',
      dimension: 'half_year',
      groupFilter: { op: 'gte', value: 95 },
      limit: 1,
    });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/WHERE g\.share_exact_pct >= 95\nORDER BY g\.reported_at\nLIMIT 1$/);
    expect(read('when did Leeds reach 50% FTTP coverage').plan).toMatchObject({
      dataset: 'upc',
      dimension: 'month',
      time: { seriesFrom: testTime.earliest },
    });
  });

  it('reads a take-up change "since" a quarter as from it to the latest, with the lines beside the shares', () => {
    const bt = read('BT market share change in pp since Q4 2024');
    expect(bt.plan).toMatchObject({
      measure: 'line_share_pct',
      time: { quarter: testTime.latestQuarter },
      takeUp: { shareOf: 'BT', fromQuarter: '2024Q4' },
    });
    const sql = buildQuery(bt.plan, testTime).sql;
    expect(sql).toContain('AS lines_2024q4');
    expect(sql).toContain('AS share_2024q4_pct');
    expect(sql).toContain('AS pp_change');
  });

  it('reads competitors as networks: "which competitors" a row each, "how many competitors" a count', () => {
    expect(read('which competitors are forecast to build in LS6 by 2028').plan).toMatchObject({
      dataset: 'upc_forecast',
      dimension: 'operator_group',
    });
    expect(read('how many competitors in Leeds have FTTP').plan).toMatchObject({
      measure: 'operator_count',
      subject: { tech: 'fttponly' },
    });
  });

  it('reads shorthand places and the places with the most altnets, and judges places by "the lowest FF"', () => {
    expect(read('LAs with most altnets').plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'la_name',
      subject: { altnet: true },
    });
    expect(read('gig cov by rgn').plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'government_region',
    });
    const lowest = read('LAs with the lowest full fibre');
    expect(lowest.plan).toMatchObject({ measure: 'coverage_pct', dimension: 'la_name' });
    expect(lowest.plan.assumptions).toContain('places judged by coverage (the share of their premises)');
  });

  it('ranks "by premises and their growth" by the level reached, the change beside it', async () => {
    const { plan } = read('top 10 LAs by FTTP premises and their growth over the last year');
    expect(plan).toMatchObject({ measure: 'change_premises', rankByLevel: true, limit: 10 });
    const built = buildQuery(plan, testTime);
    expect(built.sql).toMatch(/ORDER BY premises_2026_11 DESC/);
    const { verifyPlan } = await import('../compile/verify-plan.js');
    expect((await verifyPlan(plan, built, testTime)).missing).toEqual([]);
    expect(
      read('which 5 LAs gained the most FTTP premises in the last year').plan.rankByLevel,
    ).toBeUndefined();
  });

  it('reads "vs or" as Openreach, "mkt share", "next year" in a forecast and growth in an H2 written first', () => {
    expect(read('vm ff vs or ff in leeds').plan).toMatchObject({
      dimension: 'operator_group',
      subject: { operatorGroups: ['Virgin Media', 'Openreach'] },
    });
    expect(read('sky mkt share').plan).toMatchObject({
      measure: 'line_share_pct',
      takeUp: { shareOf: 'Sky' },
    });
    expect(read('how many premises will CityFibre pass by the end of next year').plan).toMatchObject({
      dataset: 'upc_forecast',
      time: { at: '2027-12-01' },
    });
    expect(read('H2 2025 net adds by altnet').plan.time).toMatchObject({
      from: '2025-06-01',
      to: '2025-12-01',
    });
  });

  it('reads terse shorthand: lower-case postcode codes, "altnet count", "ff nets", "worst 5 las gig"', () => {
    expect(read('ls6 ff cov').plan).toMatchObject({
      measure: 'coverage_pct',
      geo: { column: 'postcode_district', values: ['LS6'] },
    });
    expect(read('altnet count by rgn').plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'government_region',
      subject: { altnet: true },
    });
    expect(read('3+ ff nets prems').plan.subject).toMatchObject({ tech: 'fttponly', minNetworks: 3 });
    expect(read('worst 5 las gig').plan).toMatchObject({ measure: 'coverage_pct', order: 'asc', limit: 5 });
  });

  it('reads "% growth" of a count as its relative growth, "12m ago", "top10", "end-26", "pcds" and "who leads"', () => {
    const growth = read('CityFibre - premises passed now vs 12m ago, and the % growth');
    expect(growth.plan).toMatchObject({ measure: 'change_premises', time: { from: '2025-11-01' } });
    expect(buildQuery(growth.plan, testTime).sql).toContain('AS premises_change_pct');
    expect(read('FF coverage growth % by region last year').plan.measure).toBe('change_pp');
    expect(read('las with highest overbuild % top10').plan.limit).toBe(10);
    expect(read('top 3 networks by pcds in wales').plan.measure).toBe('postcodes');
    expect(
      read('altnets forecast to add the most premises between end-26 and end-30').plan.time,
    ).toMatchObject({
      from: '2026-12-01',
      to: '2030-12-01',
    });
    expect(read('who leads gig in scotland').plan).toMatchObject({ dimension: 'operator_group', limit: 1 });
  });

  it('reads "cov now vs a yr ago" in points, "jan 21", "or ff" at the start, "greenfield" and "worst region first"', () => {
    expect(read('ff cov uk now vs a yr ago').plan).toMatchObject({
      measure: 'change_pp',
      time: { from: '2025-11-01' },
    });
    expect(read('sfbb coverage jan 21 vs now').plan).toMatchObject({
      measure: 'change_pp',
      time: { from: '2021-01-01' },
    });
    expect(read('or ff net adds jun 25 to jun 26').plan).toMatchObject({
      measure: 'change_premises',
      subject: { operatorGroups: ['Openreach'] },
      time: { from: '2025-06-01', to: '2026-06-01' },
    });
    expect(read('greenfield premises in Leeds').plan.subject).toMatchObject({
      tech: 'fttponly',
      absent: true,
    });
    const worst = read('FTTP coverage % by region as of the latest snapshot, worst region first please').plan;
    expect(worst).toMatchObject({ dimension: 'government_region', order: 'asc' });
    expect(worst.limit).toBeUndefined();
  });

  it('reads "fastest growing altnet" as the growth ranked, and "ff networks in NI by premises" a row each', () => {
    expect(read('fastest growing altnet last 6m').plan).toMatchObject({
      measure: 'change_premises',
      dimension: 'operator',
      subject: { altnet: true },
      limit: 1,
    });
    expect(read('ff networks in NI by premises').plan).toMatchObject({ dimension: 'operator_group' });
  });

  it('ranks by the digital deprivation score when it is named beside "the attractiveness scores"', () => {
    expect(
      read(
        'Using the latest attractiveness scores, which five councils have the highest average digital deprivation score across their postcodes?',
      ).plan,
    ).toMatchObject({ measure: 'avg_deprivation', dimension: 'la_name', limit: 5 });
    expect(read('which five councils have the highest average attractiveness score').plan.measure).toBe(
      'avg_attractiveness',
    );
  });

  it("reads the USO's thresholds said again as the USO, not a second condition", () => {
    const uso = read(
      "How many premises in Scotland are currently below the USO, in other words can't get at least 10Mbps download and 1Mbps upload?",
    );
    expect(uso.plan.subject).toEqual({ belowUso: true });
    expect(uso.confidence).toBeGreaterThanOrEqual(0.8);
    expect(read('premises below the USO (10 down / 1 up) by region').plan.subject).toEqual({
      belowUso: true,
    });
    const fall = read(
      'How many premises across the UK currently fall below the USO (no 10 down / 1 up service)?',
    );
    expect(fall.plan).toMatchObject({ measure: 'premises', subject: { belowUso: true } });
    expect(fall.confidence).toBeGreaterThanOrEqual(0.8);
    // "By FTTP premises added" is the change itself, ranked by it.
    expect(read('Top 5 LAs by FTTP premises added over the last 12 months').plan.rankByLevel).toBeUndefined();
  });

  it("reads a share of a technology's footprint as a share within it", () => {
    expect(read("altnets' share of the FTTP footprint in Scotland?").plan).toMatchObject({
      within: { tech: 'fttponly' },
      subject: { altnet: true },
    });
  });

  it("reads an overlap with Virgin Media, no full fibre written, as Virgin Media's whole footprint", () => {
    expect(read('where CF and Virgin overlap - how many premises have both?').plan.subject).toMatchObject({
      allGroups: ['CityFibre', 'Virgin Media'],
      groupTech: { CityFibre: 'fttponly' },
    });
  });

  it('reads lines in two named quarters as the change between them, and urban beside rural as two rows', () => {
    const adsl = read('% change in ADSL lines between 2021Q4 and 2026Q4');
    expect(adsl.plan).toMatchObject({
      measure: 'lines_change_pct',
      time: { quarter: '2026Q4' },
      takeUp: { tech: 'adsl', fromQuarter: '2021Q4' },
    });
    const sql = buildQuery(adsl.plan, testTime).sql;
    expect(sql).toContain("quarter IN ('2021Q4', '2026Q4')");
    expect(sql).toContain('AS change_pct');
    expect(
      read(
        'By how many percentage points has full-fibre coverage of rural premises changed since the November 2023 snapshot, and how does that compare with the change for urban premises?',
      ).plan.dimension,
    ).toBe('urban_rural');
  });

  it('breaks premises with only one network down by that network, and never counts networks inside one network', () => {
    const { plan, confidence } = read(
      'In Leeds, how many premises are served by exactly one full-fibre network, broken down by the network concerned?',
    );
    expect(plan).toMatchObject({
      dimension: 'operator_group',
      subject: { exactNetworks: 1, tech: 'fttponly' },
    });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/SELECT MIN\(o\.operator_group\) AS operator_group, f\.postcode/);
    expect(sql).toContain('GROUP BY f.postcode');
  });

  it('reads ranges written with a hyphen and a grain asked over a window as a series', () => {
    expect(read('Openreach FTTP premises passed month by month, Jun-Nov 2026').plan.time).toMatchObject({
      seriesFrom: '2026-06-01',
      seriesTo: '2026-11-01',
    });
    expect(read('FTTP % of total lines, quarterly 2024Q1-2026Q4').plan.time.seriesFrom).toBe('2024-01-01');
    expect(read('gigabit coverage by year from 2022 to 2025').plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'year',
      time: { seriesFrom: '2022-01-01', seriesTo: '2025-12-01' },
    });
  });

  it("splits a network's own premises by class, each part's share of them all ('urban/rural mix as a % of its footprint')", () => {
    const { plan } = read(
      "CityFibre's urban/rural mix: premises passed in each, and the split as a % of its total footprint",
    );
    expect(plan).toMatchObject({ dimension: 'urban_rural', footprintShare: true });
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toContain('SUM(SUM(u.premises)) OVER ()');
    expect(sql).toContain('GROUP BY u.urban_rural');
  });

  it("keeps Virgin Media's whole footprint when full fibre is written beside the other network", () => {
    const { plan } = read('premises where Virgin Media and Openreach FTTP are both available');
    expect(plan.subject).toMatchObject({
      allGroups: ['Virgin Media', 'Openreach'],
      groupTech: { Openreach: 'fttponly' },
    });
    expect(plan.subject.tech).toBeUndefined();
    // Both full-fibre networks: the technology is each one's.
    expect(read('OR v CF full fibre overlap').plan.subject).toMatchObject({ tech: 'fttponly' });
  });
});

describe('session 16 wordings', () => {
  it('counts the rivals of a network named without the network itself', () => {
    const { plan } = read('How many competitors does CityFibre have in Leeds?');
    expect(plan).toMatchObject({ measure: 'operator_count', subject: { notGroups: ['CityFibre'] } });
    expect(plan.subject.operatorGroups).toBeUndefined();
    expect(read('how many rivals does openreach have in leeds').plan.measure).toBe('operator_count');
  });

  it('tests the places a question opens with ("post sectors in Cornwall where FF coverage is under 50%")', () => {
    const { plan } = read('post sectors in cornwall where ff coverage is under 50%');
    expect(plan).toMatchObject({ dimension: 'post_sector', groupFilter: { op: 'lt', value: 50 } });
    expect(plan.limit).toBeUndefined();
    expect(read('LAs where gigabit coverage is below 70%').plan.groupFilter).toMatchObject({
      op: 'lt',
      value: 70,
    });
  });

  it('reads a definition said again in brackets as the term, and words that mean "all of it" as nothing', () => {
    const { plan, confidence } = read(
      'What percentage of premises in each nation has ultrafast broadband (a best available download speed of 300 Mbit/s or more)?',
    );
    expect(plan).toMatchObject({ measure: 'coverage_pct', dimension: 'country', subject: { minDown: 300 } });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    expect(
      read('each retail provider share of all broadband lines (residential and business combined) in 2026 Q4')
        .plan.dimension,
    ).toBe('operator');
    // A term's own threshold in brackets is the term.
    expect(
      read("How many postcodes in Leeds can't get superfast (30Mbps+) at all?").plan.subject,
    ).toMatchObject({
      bestDownBelow: 30,
    });
  });

  it('sets a network aside however it is said, and counts premises once when told to', () => {
    expect(
      read('in each region whos the no.1 ff network by premises if u leave openreach out').plan.subject,
    ).toMatchObject({ notGroups: ['Openreach'] });
    const once = read(
      'combined full fibre footprint of CityFibre and Hyperoptic, counting each premises once',
    ).plan;
    expect(once.dimension).toBeUndefined();
  });

  it('reads the twelve regions and nations as every region, and a score at a named quarter at that quarter', () => {
    expect(
      read('rank the twelve English regions and devolved nations by gigabit coverage').plan,
    ).toMatchObject({
      dimension: 'government_region',
    });
    expect(
      read('rank the twelve English regions and devolved nations by gigabit coverage').plan.geo,
    ).toBeUndefined();
    const scores = read('average digital deprivation score by nation for the October 2025 quarter').plan;
    expect(buildQuery(scores, testTime).sql).toMatch(/reported_at <= DATE '2025-10-01'/);
  });

  it("counts business sites (upc_output's bus_sites_total), and reads 'biz' as the business segment of lines", async () => {
    const { plan } = read('how many business sites does CityFibre pass in Leeds now?');
    expect(plan).toMatchObject({ measure: 'business_sites', subject: { operatorGroups: ['CityFibre'] } });
    expect(buildQuery(plan, testTime).sql).toMatch(/SUM\(u\.bus_sites_total\)|bus_sites_total/);
    expect(read('biz sites below USO by nation - how many?').plan).toMatchObject({
      measure: 'business_sites',
      dimension: 'country',
      subject: { belowUso: true },
    });
    expect(read('top 5 retailers by biz lines in 2026Q4').plan.takeUp?.segment).toBe('business');
    expect(
      read('Vodafone market share of all lines (biz + resi together) in 2026 Q4').plan.takeUp?.segment,
    ).toBeUndefined();
  });

  it("reads a segment's share of all lines, and 'the latest figure' as now", () => {
    const business = read(
      'What percentage of all broadband lines are business lines as of the latest quarter?',
    ).plan;
    expect(business.takeUp).toMatchObject({ shareOf: 'segment:business' });
    expect(business.dimension).toBeUndefined();
    expect(buildQuery(business, testTime).sql).toMatch(
      /SUM\(CASE WHEN segment = 'business' THEN lines ELSE 0 END\)/,
    );
    expect(read('CityFibre premises passed - latest figure and the Nov 2025 figure?').plan).toMatchObject({
      measure: 'change_premises',
      time: { from: '2025-11-01', to: '2026-11-01' },
    });
  });

  it('lists the places with N or more altnets, with the count, when the places are asked', () => {
    const { plan } = read('which councils have 3 or more different altnets present?');
    expect(plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'la_name',
      subject: { altnet: true },
      groupFilter: { op: 'gte', value: 3, on: 'count' },
    });
    expect(buildQuery(plan, testTime).sql).toMatch(/WHERE g\.altnets >= 3/);
    // Premises named: the premises where that many are present.
    expect(read('which LAs have premises with 4+ altnets').plan.measure).toBe('premises');
  });

  it('lists every network of the kind named in a league table or ranking', () => {
    expect(read('altnet league table, premises passed now').plan).toMatchObject({
      dimension: 'operator',
      subject: { altnet: true },
      order: 'desc',
    });
    const scotland = read('Leeds FF networks ranked by premises').plan;
    expect(scotland).toMatchObject({ dimension: 'operator_group', subject: { tech: 'fttponly' } });
    expect(scotland.limit).toBeUndefined();
  });

  it("answers a named place's position among its peers, not the place alone", () => {
    const { plan } = read(
      'where does Leeds rank among local authorities in Yorkshire and The Humber for FTTP coverage',
    );
    expect(plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'la_name',
      geo: { column: 'government_region', values: ['Yorkshire and The Humber'] },
      rankOf: ['Leeds'],
      order: 'desc',
    });
    expect(plan.limit).toBeUndefined();
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/RANK\(\) OVER \(ORDER BY f\.coverage_pct DESC\) AS rank/);
    expect(sql).toMatch(/WHERE la_name IN \('Leeds'\)/);
    // No peers named: every local authority; a share, not premises, for places of different sizes.
    expect(read('how does Cornwall rank for full fibre').plan).toMatchObject({
      measure: 'coverage_pct',
      rankOf: ['Cornwall'],
    });
    expect(read('how does Cornwall rank for full fibre').plan.geo).toBeUndefined();
    // A rank word over one place alone is not a full reading.
    const alone = read('what rank is Manchester for gigabit coverage among local authorities');
    expect(alone.plan.rankOf).toEqual(['Manchester']);
    // Networks ranked in a place rank the networks.
    expect(read('Leeds FF networks ranked by premises').plan.rankOf).toBeUndefined();
  });

  it('reads a change from each point to the next as a flow of the grain named, for counts and shares', () => {
    const premises = read('quarter on quarter change in full fibre premises over the last 4 quarters').plan;
    expect(premises).toMatchObject({
      measure: 'premises',
      dimension: 'quarter',
      flow: true,
      time: { lastQuarters: 4 },
    });
    // The last four quarterly points, one more before them for the first change.
    expect(buildQuery(premises, testTime).sql).toMatch(/new_premises/);
    const share = read('QoQ growth in gigabit coverage in Wales in 2026').plan;
    expect(share).toMatchObject({ measure: 'coverage_pct', dimension: 'quarter', flow: true });
    expect(share.time.seriesFrom).toBe('2026-01-01');
    const sql = buildQuery(share, testTime).sql;
    expect(sql).toMatch(/AS pp_change/);
    expect(read('MoM change in CityFibre premises over the last 6 months').plan).toMatchObject({
      dimension: 'month',
      flow: true,
    });
  });

  it('reads dates written as numbers as the months they name', () => {
    expect(read('full fibre coverage in Scotland in 2024-05').plan.time.at).toBe('2024-05-01');
    expect(read('full fibre coverage in Scotland at 2024-05-01').plan.time.at).toBe('2024-05-01');
    expect(read('FTTP premises in 05/2025').plan.time.at).toBe('2025-05-01');
  });

  it("reads a technology's or one brand's share of lines in each place, and a share of a place's lines", () => {
    const nations = read(
      'What proportion of broadband lines are FTTP in each of the four nations, latest quarter?',
    ).plan;
    expect(nations).toMatchObject({ dataset: 'take_up', measure: 'line_share_pct', dimension: 'country' });
    expect(buildQuery(nations, testTime).sql).toMatch(
      /SUM\(CASE WHEN t\.tech = 'fttp' THEN t\.lines ELSE 0 END\)/,
    );
    const regions = read('vm share of lines by region latest q, lowest first').plan;
    expect(buildQuery(regions, testTime).sql).toMatch(/CASE WHEN t\.operator = 'Virgin Media'/);
    // A technology named owns the share: one figure for the place, not each operator's.
    const leeds = read('what % of lines in leeds LA are on ff? latest q').plan;
    expect(leeds.dimension).toBeUndefined();
    expect(buildQuery(leeds, testTime).sql).toMatch(/AS share_pct/);
  });

  it('reads the words analysts use in shorthand for take-up and networks', () => {
    expect(read('hyperoptic lines resi vs business, latest q').plan.dimension).toBe('segment');
    expect(
      read('Retail market share of lines by provider in 2026Q4 (all techs and segments)').plan.dimension,
    ).toBe('operator');
    const years = read('FTTP as a % of all lines, each quarter of 2025 and 2026').plan;
    expect(years).toMatchObject({
      dimension: 'quarter',
      time: { seriesFrom: '2025-01-01', seriesTo: '2026-12-01' },
    });
    expect(read('how many diff altnets are live in leeds LA?').plan.measure).toBe('operator_count');
    expect(read('CityFibre LTM net adds (premises)?').plan).toMatchObject({
      measure: 'change_premises',
      time: { from: '2025-11-01', to: '2026-11-01' },
    });
    // A number between a ranking word and a kind of network is how many to list.
    const biggest = read('biggest 5 ff networks by homes passed').plan;
    expect(biggest).toMatchObject({ dimension: 'operator_group', limit: 5, subject: { tech: 'fttponly' } });
    expect(biggest.subject.exactNetworks).toBeUndefined();
    // "Three" before a plural of places counts them: it is not the network.
    const three = read('Which three Welsh councils have the highest full fibre coverage?').plan;
    expect(three.limit).toBe(3);
    expect(three.subject.operatorGroups).toBeUndefined();
    // Both of Virgin Media's technologies are its whole network; the base of "X's premises" is X's footprint.
    const overlap = read("What % of CityFibre's premises are also covered by VM (cable or RFOG)?").plan;
    expect(overlap).toMatchObject({
      within: { operatorGroups: ['CityFibre'] },
      subject: { operatorGroups: ['Virgin Media'] },
    });
    expect(overlap.subject.tech).toBeUndefined();
  });

  it('answers below the USO at past snapshots: a series, and the change since a date', () => {
    const series = read(
      'Please provide the monthly number of premises in Wales below the USO for each snapshot in 2026, in date order.',
    );
    expect(series.plan).toMatchObject({ dimension: 'month', subject: { belowUso: true } });
    expect(series.confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(series.plan, testTime).sql;
    expect(sql).toMatch(/fact_operator_time_series f\s+WHERE f\.reported_at IN \(DATE '2026-01-01'/);
    expect(sql).toMatch(/f\.fastest_down >= 10 AND f\.fastest_up >= 1/);
    const change = read(
      'By how many premises has the number of premises in Wales below the USO fallen since July 2024?',
    ).plan;
    expect(change).toMatchObject({ measure: 'change_premises', time: { from: '2024-07-01' } });
    expect(buildQuery(change, testTime).sql).toMatch(/AS premises_change/);
  });

  it('answers a place beside a wider place it lies in as two figures in one row', () => {
    const { plan, confidence } = read(
      'How does Leeds full fibre coverage compare with Yorkshire and The Humber as a whole?',
    );
    expect(plan).toMatchObject({ measure: 'coverage_pct', geo: { column: 'la_name', values: ['Leeds'] } });
    expect(plan.alongside?.[0]?.geo).toEqual({
      column: 'government_region',
      values: ['Yorkshire and The Humber'],
    });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    // Both places named as places of one list stay a row each.
    expect(read('full fibre coverage in Leeds and Manchester').plan.alongside).toBeUndefined();
  });

  it('reads the urban-rural gap: both shares and the gap in points, by place when places are asked', () => {
    const nations = read(
      'For each of the four home nations, how wide is the urban-rural gap in full fibre coverage? Urban share minus rural share in pp, widest gap first.',
    );
    expect(nations.plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'country',
      urbanRuralGap: true,
      order: 'desc',
    });
    expect(nations.confidence).toBeGreaterThanOrEqual(0.8);
    expect(buildQuery(nations.plan, testTime).sql).toMatch(/AS gap_pp/);
    const uk = read(
      'Superfast coverage of urban and of rural premises today, and the gap between them in pp.',
    ).plan;
    expect(uk).toMatchObject({ urbanRuralGap: true });
    expect(uk.dimension).toBeUndefined();
    expect(read('which region has the widest urban-rural gap in gigabit coverage').plan).toMatchObject({
      dimension: 'government_region',
      limit: 1,
    });
    // Urban and rural without a gap stay a row each.
    expect(read('full fibre coverage by urban and rural').plan.urbanRuralGap).toBeUndefined();
  });

  it('counts take-up in rural or urban postcodes, and people where people are asked', () => {
    const rural = read(
      'Technology mix of lines in rural postcodes in the latest quarter: share of lines by technology.',
    );
    expect(rural.plan).toMatchObject({ dataset: 'take_up', urbanRural: 'rural', dimension: 'tech' });
    expect(buildQuery(rural.plan, testTime).sql).toMatch(/u\.urban_rural = 'rural'/);
    expect(read('How many people live in rural postcodes below the USO, by nation?').plan.measure).toBe(
      'population',
    );
  });

  it('reads a request written as a column spec: snake_case names, "Cols:", "desc", "A-Z"', () => {
    const spec = read(
      'No. of distinct altnets live in each region right now. region, altnet_count. Sort altnet_count desc then region A-Z',
    );
    expect(spec.plan).toMatchObject({
      measure: 'operator_count',
      dimension: 'government_region',
      order: 'desc',
    });
    expect(spec.confidence).toBeGreaterThanOrEqual(0.8);
    // "A-Z" after a grouping sorts by name; the grouping stays.
    expect(read('full fibre premises by region A-Z').plan.dimension).toBe('government_region');
    const sorted = read('Leeds postcode districts: postcode_district, ff_pct. Sorted by ff_pct desc');
    expect(sorted.plan).toMatchObject({ dimension: 'postcode_district', order: 'desc' });
    expect(sorted.plan.leaderPerDimension).toBeUndefined();
  });

  it('reads listed years of a yearly series, end-of-year points, "count of LAs" and "but nothing X"', () => {
    expect(
      read('Openreach FTTP premises passed at the June snapshot of each year 2023, 2024, 2025, 2026').plan,
    ).toMatchObject({
      dimension: 'year',
      time: { seriesMonth: 6, seriesFrom: '2023-01-01', seriesTo: '2026-06-01' },
    });
    expect(
      read('Forecast FF coverage % UK-wide at each end-of-year point, Dec 2025 to Dec 2030').plan,
    ).toMatchObject({
      dataset: 'upc_forecast',
      dimension: 'year',
    });
    expect(read('Count of LAs forecast to have at least 99% FF coverage by Dec 2030').plan).toMatchObject({
      countGroups: true,
      groupFilter: { op: 'gte', value: 99 },
    });
    expect(
      read('Premises where FWA is on offer but nothing gigabit-capable, by nation').plan.subject,
    ).toMatchObject({
      tech: 'fwa',
      exclude: { gigabit: true },
    });
  });

  it("reads the share of each place's premises that are rural, with no technology assumed", () => {
    const { plan } = read('What proportion of premises in each nation is classed as rural?');
    expect(plan).toMatchObject({
      dimension: 'country',
      urbanRural: 'rural',
      footprintShare: true,
      subject: {},
    });
    expect(buildQuery(plan, testTime).sql).toMatch(
      /SUM\(CASE WHEN u\.urban_rural = 'rural' THEN u\.premises ELSE 0 END\)/,
    );
    // A technology named is its coverage in rural areas.
    expect(read('full fibre coverage of rural premises in each nation').plan.subject.tech).toBe('fttponly');
  });

  it('reads a half-yearly series at the two months named', () => {
    const { plan } = read(
      'Netomnia premises passed, half-yearly: the Jan and Jul snapshots from Jan 2023 to Jul 2026',
    );
    expect(plan).toMatchObject({
      dimension: 'half_year',
      time: { seriesMonths: [1, 7], seriesFrom: '2023-01-01' },
    });
    expect(buildQuery(plan, testTime).sql).toMatch(
      /EXTRACT\(MONTH FROM f\.reported_at\) IN \(1, 7\)|DATE '2023-07-01'/,
    );
    expect(read('FTTP premises half-yearly since 2024').plan.time.seriesMonths).toBeUndefined();
  });

  it('ends a yearly series asked up to this year with the year so far', () => {
    const { plan } = read(
      'Premises getting full fibre for the first time, by calendar year, 2022 to 2026. Order by year',
    );
    expect(plan).toMatchObject({ dimension: 'year', flow: true, time: { seriesFrom: '2022-01-01' } });
    expect(buildQuery(plan, testTime).sql).toContain(`DATE '${testTime.latest}'`);
    // A series that ends before this year has only year-ends.
    expect(
      buildQuery(read('full fibre premises by year from 2022 to 2024').plan, testTime).sql,
    ).not.toContain(`DATE '${testTime.latest}'`);
  });

  it('answers what is without a subject at two dates as the whole less it, every place counted', () => {
    const { plan } = read('% of premises with no full fibre by region - a year ago vs now');
    expect(plan).toMatchObject({
      measure: 'change_pp',
      dimension: 'government_region',
      subject: { absent: true },
    });
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toMatch(/AS share_without_2025_11_pct/);
    expect(sql).toMatch(/LEFT JOIN present p ON p\.government_region = t\.government_region/);
  });

  it('answers a question that names a cabinet paper or fibre to the cabinet, and reads "&" as "and"', () => {
    expect(
      understand('For the cabinet paper: gigabit coverage for Leeds & Manchester', testLexicon, testTime)
        .kind,
    ).toBe('data');
    expect(understand('how many street cabinets are in Leeds', testLexicon, testTime).kind).toBe(
      'unsupported',
    );
    expect(read('gigabit coverage for Leeds & Manchester').plan.geo?.values).toEqual(['Leeds', 'Manchester']);
  });

  it('counts lines by two groupings at once', () => {
    const pairs = read('Lines by operator x segment for BT, Sky, Virgin Media and TalkTalk, latest quarter');
    expect(pairs.plan).toMatchObject({ dataset: 'take_up', dimension: 'operator', thenBy: 'segment' });
    expect(buildQuery(pairs.plan, testTime).sql).toMatch(/GROUP BY operator, segment/);
    expect(read('Sky lines by technology and segment').plan).toMatchObject({
      dimension: 'tech',
      thenBy: 'segment',
    });
    // One grouping named stays one.
    expect(read('Sky lines by technology').plan.thenBy).toBeUndefined();
  });

  it('reads statistics of places and places in bands of their figure', () => {
    const median = read('what is the median full fibre coverage across local authorities');
    expect(median.plan).toMatchObject({
      measure: 'coverage_pct',
      dimension: 'la_name',
      placeStats: ['median'],
    });
    expect(median.confidence).toBeGreaterThanOrEqual(0.8);
    expect(buildQuery(median.plan, testTime).sql).toMatch(
      /PERCENTILE_CONT\(0\.5\) WITHIN GROUP \(ORDER BY f\.coverage_pct\)/,
    );
    expect(read('min, median and max FTTP coverage by LA in Wales').plan.placeStats).toEqual([
      'min',
      'median',
      'max',
    ]);
    const bands = read('how many LAs fall into each 10 percentage point band of full fibre coverage');
    expect(bands.plan).toMatchObject({ dimension: 'la_name', placeBands: 10 });
    expect(bands.confidence).toBeGreaterThanOrEqual(0.8);
    expect(buildQuery(bands.plan, testTime).sql).toMatch(/LEAST\(FLOOR\(f\.coverage_pct \/ 10\) \* 10, 90\)/);
    // An average speed is still the speed's average, not a statistic of places.
    expect(read('average download speed in Leeds').plan.placeStats).toBeUndefined();
    expect(read('quartiles of gigabit coverage across the 361 local authorities').plan.placeStats).toEqual([
      'p25',
      'median',
      'p75',
    ]);
    // Over a change: the median at each date and the change in the median, every place counted (0 where none).
    const change = read(
      'median LA full fibre coverage a year ago vs now, and the change in the median (pp)',
    ).plan;
    expect(change).toMatchObject({ measure: 'change_pp', placeStats: ['median'] });
    const sql = buildQuery(change, testTime).sql;
    expect(sql).toMatch(/AS median_change/);
    expect(sql).toMatch(/LEFT JOIN raw r ON r\.la_name = pl\.la_name/);
  });

  it('gives a series for each brand named when lines are asked each quarter', () => {
    const { plan } = read('sky vs talktalk lines for each quarter of 2026');
    expect(buildQuery(plan, testTime).sql).toMatch(/GROUP BY quarter, operator/);
  });

  it('gives a series for each place named, or each place of a level asked, unless asked combined', () => {
    const named = read('full fibre coverage in Leeds, Manchester and Birmingham each year since 2021');
    expect(named.plan).toMatchObject({ dimension: 'year', thenBy: 'la_name' });
    expect(named.confidence).toBeGreaterThanOrEqual(0.8);
    const stacked = buildQuery(named.plan, testTime).sql;
    expect(stacked).toContain("SELECT 'Leeds' AS la_name");
    expect(stacked).toMatch(/ORDER BY la_name, reported_at$/);
    const level = read('gigabit coverage by region each year since 2021').plan;
    expect(level).toMatchObject({ dimension: 'year', thenBy: 'government_region' });
    expect(buildQuery(level, testTime).sql).toMatch(/GROUP BY f\.government_region, f\.reported_at/);
    expect(
      read('full fibre coverage in Leeds and Manchester combined each year since 2021').plan.thenBy,
    ).toBeUndefined();
    expect(read('forecast full fibre coverage at each forecast point').plan.dimension).toBe('half_year');
  });

  it('reads a date asked as "since when", "from when" or a "when?" of its own, and an arrival to come as the forecast', () => {
    expect(read('is CityFibre on in Leeds? since when?').plan.measure).toBe('first_date');
    const coming = read('will CityFibre ever get to Leeds? when?').plan;
    expect(coming).toMatchObject({ measure: 'first_date', dataset: 'upc_forecast' });
    expect(read('when will Openreach reach Cardiff').plan.dataset).toBe('upc_forecast');
  });

  it('reads networks or technologies listed with a speed asked of each as their fastest speeds', () => {
    expect(read('which networks are in Leeds and what speeds?').plan).toMatchObject({
      measure: 'max_speeds',
      dimension: 'operator_group',
    });
    expect(read('what techs can they get in Leeds and best down/up on each?').plan).toMatchObject({
      measure: 'max_speeds',
      dimension: 'tech',
    });
  });

  it('reads a technology both asked for and excluded as its absence, and an adverb after a negation as nothing', () => {
    const greenfield = read('Greenfield check: premises in Leeds with no full fibre from anyone').plan;
    expect(greenfield.subject).toMatchObject({ tech: 'fttponly', absent: true });
    expect(greenfield.subject.exclude).toBeUndefined();
    expect(read("which postcodes in Leeds can't even get 30Mbps?").plan.subject.bestDownBelow).toBe(30);
  });

  it('reads "of the FTTP-passed premises" as the base of a share, "any postcodes" as which, and "by urban_rural"', () => {
    expect(read('Of the FTTP-passed premises in Leeds, what % have an altnet?').plan.within).toMatchObject({
      tech: 'fttponly',
    });
    expect(read('are there any postcodes in Leeds with no full fibre?').plan.dimension).toBe('postcode');
    expect(read('premises by urban_rural where any altnet is present').plan.dimension).toBe('urban_rural');
  });

  it('ranks postcodes by a score, and reads the premises of one network where another lacks a technology', () => {
    expect(read('top 10 postcodes in Leeds by attractiveness score').plan).toMatchObject({
      measure: 'avg_attractiveness',
      dimension: 'postcode',
      order: 'desc',
      limit: 10,
    });
    const lacking = read("How many homes does CityFibre pass where OR hasn't got FTTP?").plan;
    expect(lacking.subject).toMatchObject({
      operatorGroups: ['CityFibre'],
      exclude: { operatorGroups: ['Openreach'], tech: 'fttponly' },
    });
  });

  it('reads "how many postcodes & premises ..." as one count, and a place set against a wider one "as a whole"', () => {
    const both = read('how many postcodes & premises in Leeds have no full fibre?');
    expect(both.plan.alongside).toBeUndefined();
    expect(both.confidence).toBeGreaterThanOrEqual(0.8);
    const wider = read('Virgin Media coverage in LS6 compared with Leeds as a whole').plan;
    expect(wider.alongside?.[0]?.geo).toMatchObject({ column: 'la_name', values: ['Leeds'] });
  });

  it('shows the best download of each postcode listed by a speed', () => {
    const { plan } = read("which postcodes in Leeds can't get 30 Mbit/s?");
    expect(buildQuery(plan, testTime).sql).toContain('MAX(b.fastest_down) AS best_down_mbps');
  });

  it('gives a series for each network named, and reads "per month for the last 6 months" as no price', () => {
    const { plan, confidence } = read(
      'CityFibre vs Hyperoptic vs brsk premises passed each quarter since Jan 24',
    );
    expect(plan).toMatchObject({ dimension: 'quarter', thenBy: 'operator_group' });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    expect(buildQuery(plan, testTime).sql).toContain("SELECT 'Hyperoptic' AS operator_group");
    const monthly = understand(
      'Leeds: new FF premises per month for the last 6 months',
      testLexicon,
      testTime,
    );
    expect(monthly.kind).toBe('data');
  });

  it('sets a place against the rest of the UK, the UK less the place', () => {
    const { plan, confidence } = read(
      'What share of premises have an altnet in Scotland, versus the rest of the UK?',
    );
    expect(plan).toMatchObject({ withUk: true, ukRest: true });
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    const sql = buildQuery(plan, testTime).sql;
    expect(sql).toContain("SELECT 'Rest of the UK' AS");
    expect(sql).toMatch(/NOT IN \('Scotland'\)/);
  });

  it('reads a column named as the data contract spells it ("distinct la_name values") as its places', () => {
    const { plan } = read('For each altnet, how many distinct la_name values is it present in?');
    expect(plan).toMatchObject({ measure: 'place_count', placeLevel: 'la_name' });
  });

  it('answers "which council area has the greatest ..., and how many premises is that" with the one place', () => {
    const { plan } = read(
      'Which Scottish council area has the greatest number of premises without superfast, and how many premises is that?',
    );
    expect(plan.alongside).toBeUndefined();
    expect(plan).toMatchObject({ dimension: 'la_name', limit: 1, order: 'desc' });
  });

  it('adds the latest snapshot to a series asked "and what is the figure at the latest snapshot"', () => {
    const { plan } = read(
      "Openreach's full fibre premises in Scotland at each December from 2021 to 2025, and what is the figure at the latest snapshot?",
    );
    expect(plan.time.withLatest).toBe(true);
  });

  it('lists the places with none of a subject, and reads networks that "overlap" as both present', () => {
    const none = read('Which Scottish council areas have no altnet presence whatsoever?').plan;
    expect(none).toMatchObject({ dimension: 'la_name', groupFilter: { op: 'lte', value: 0 } });
    expect(none.subject.absent).toBeUndefined();
    expect(read('which LAs in Scotland have premises with no full fibre').plan.groupFilter).toBeUndefined();
    const overlap = read(
      'In which Scottish council areas do CityFibre and Openreach full fibre overlap?',
    ).plan;
    expect(overlap.subject.allGroups).toEqual(['CityFibre', 'Openreach']);
  });

  it('reads a place left out ("outside London") and planners\' shorthand ("no-FF", "single-FF", "in the country")', () => {
    const outside = read('Hyperoptic outside London - premises passed by region').plan;
    expect(outside.geo).toMatchObject({ values: ['London'], not: true });
    expect(outside.dimension).toBe('government_region');
    expect(buildQuery(outside, testTime).sql).toContain("NOT IN ('London')");
    expect(read('no-FF premises by region now').plan.subject).toMatchObject({
      tech: 'fttponly',
      absent: true,
    });
    expect(read('Leeds single-FF premises by network').plan.subject.exactNetworks).toBe(1);
    const country = read('top 15 most attractive postcodes in the country on the latest scores').plan;
    expect(country.dimension).toBe('postcode');
  });

  it("reads the average best download per postcode by place, providers' shares, net adds and part fibre", () => {
    expect(
      read('For each Scottish council area, what is the average of the fastest download speed per postcode?')
        .plan,
    ).toMatchObject({ measure: 'avg_down', dimension: 'la_name' });
    expect(
      read("What were the retail providers' shares of broadband lines in Leeds for 2026Q3?").plan,
    ).toMatchObject({
      measure: 'line_share_pct',
      dimension: 'operator',
    });
    expect(read('Top 5 brands for FTTP net adds QoQ in the latest quarter').plan.takeUp).toMatchObject({
      change: 'qoq',
      rankByChange: true,
    });
    expect(read('Who has the biggest share of FTTC (part-fibre) lines right now?').plan.takeUp?.tech).toBe(
      'fttc',
    );
  });

  it('reads "deduped across networks" as one figure, and a restatement after "i.e." as nothing new', () => {
    const deduped = read('total altnet footprint today, deduped across networks - premises and % of UK').plan;
    expect(deduped.dimension).toBeUndefined();
    expect(deduped.subject.altnet).toBe(true);
    const sole = read(
      'In Manchester how many premises have VM as their only gigabit option, i.e. gig-capable but no FTTP from anyone?',
    ).plan;
    expect(sole.subject).toMatchObject({ gigabit: true, soleGroup: 'Virgin Media' });
    expect(sole.subject.absent).toBeUndefined();
  });

  it('finds every element of the new shapes in their SQL (series each, the rest of the UK, a place left out)', async () => {
    const { verifyPlan } = await import('../compile/verify-plan.js');
    for (const question of [
      'full fibre coverage in Leeds, Manchester and Birmingham each year since 2021',
      'gigabit coverage by region each year since 2021',
      'CityFibre vs Hyperoptic premises passed each quarter since Jan 24',
      'What share of premises have an altnet in Scotland, versus the rest of the UK?',
      'Hyperoptic outside London - premises passed by region',
      'Which Scottish council areas have no altnet presence whatsoever?',
    ]) {
      const { plan } = read(question);
      const check = await verifyPlan(plan, buildQuery(plan, testTime), testTime);
      expect([question, check.missing]).toEqual([question, []]);
    }
  });

  it('reads "at each year-end" as December each year with no year-to-date point, and "urban vs rural cols" as columns', () => {
    const yearEnds = read('UK gigabit coverage at each year-end since 2021 (the December snapshots)').plan;
    expect(yearEnds).toMatchObject({ dimension: 'year', time: { seriesMonth: 12 } });
    const forecast = read('Forecast FF coverage % at year end, 2026 through 2030').plan;
    expect(forecast).toMatchObject({ dataset: 'upc_forecast', dimension: 'year', measure: 'coverage_pct' });
    const columns = read('gig coverage by nation, urban vs rural cols').plan;
    expect(columns).toMatchObject({ urbanRuralGap: true, dimension: 'country' });
    expect(read('gigabit coverage by nation, urban vs rural').plan.splitUrbanRural).toBe(true);
  });
});
