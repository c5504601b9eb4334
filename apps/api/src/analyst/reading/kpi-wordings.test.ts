/**
 * How a KPI pack asks (session 22's training sets): a figure at several moments, places with the UK as one more
 * row, figures listed apart that one condition must not merge, a base of a share named after the figure, and the
 * shorthand such packs use ("w/o", "to latest", "2000 Mbps", "res + biz together").
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../compile/interpret.js';
import { buildQuery } from '../compile/sql-builder.js';
import { listedMoments } from './moments.js';
import { readData, testLexicon, testTime } from './test-fixtures.js';
import { understand } from './understand.js';

const read = readData;

describe('a figure at several moments', () => {
  it('lists the moments of the table, with the words around them taken away', () => {
    expect(listedMoments('OR full fibre homes passed: latest figure, MoM net adds, YoY net adds')).toEqual({
      earlier: [1, 12],
      latest: true,
      rest: 'or full fibre homes passed',
    });
    // A joiner between names is no joiner of moments.
    expect(listedMoments('Openreach and CityFibre premises now').rest).toBe(
      'openreach and cityfibre premises',
    );
  });

  it('answers latest, MoM and YoY as a change from each earlier moment to the latest, side by side', () => {
    const u = read(
      'UK FF coverage headline: % of premises latest, last month and same month last yr, one row',
    );
    expect(u.plan).toMatchObject({
      measure: 'change_pp',
      subject: { tech: 'fttponly' },
      time: { from: '2026-10-01', to: '2026-11-01' },
    });
    expect(u.plan.alongside?.[0]).toMatchObject({ measure: 'change_pp', time: { from: '2025-11-01' } });
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
    expect(() => buildQuery(u.plan, testTime)).not.toThrow();
  });

  it('reads "now and 12 months back" for each place as the change over the year', () => {
    const u = read('Scottish councils - full fibre % now and 12 months back, all of them');
    expect(u.plan).toMatchObject({
      measure: 'change_pp',
      dimension: 'la_name',
      geo: { column: 'country', values: ['Scotland'] },
      time: { from: '2025-11-01', to: '2026-11-01' },
    });
  });

  it('keeps a ranking of the figure now, with the movement beside it', () => {
    const u = read('top 5 FF networks by premises passed, latest, + MoM net adds each');
    expect(u.plan).toMatchObject({ measure: 'change_premises', limit: 5, rankByLevel: true });
  });
});

describe('places with the UK as one more row', () => {
  it('reads "plus UK total", "+ UK" and "and the UK as a whole" beside a place grouping', () => {
    for (const q of [
      'full fibre coverage by region, plus a UK total',
      'below USO by nation + UK: premises count and % of premises, latest',
      'FF % by nation and the UK as a whole',
    ]) {
      const u = read(q);
      expect(u.plan.withUk, q).toBe(true);
      expect(u.plan.dimension, q).toMatch(/^(?:country|government_region)$/);
      const built = buildQuery(u.plan, testTime);
      expect(built.sql).toMatch(
        /UNION ALL\s+SELECT 'United Kingdom' AS (?:country|government_region), uk\.\*/,
      );
      expect(interpret(u.plan, testTime)).toMatch(/with the UK as a whole as one more row$/);
    }
  });

  it('leaves "across the UK" as the scope of the places', () => {
    expect(read('FF coverage by region across the UK').plan.withUk).toBeUndefined();
  });
});

describe('figures listed apart', () => {
  it('never merges "FF %, gigabit %" into one condition', () => {
    const u = read('Leeds: ff %, gigabit %');
    expect(u.plan.alongside?.length ?? u.plan.compare?.length).toBe(1);
    expect(u.plan.subject.gigabit && u.plan.subject.tech).toBeFalsy();
  });

  it('reads a ranking, then its figures after a dash, as a list', () => {
    const u = read(
      'bottom 10 councils on full fibre coverage right now - FF % and the number of premises still without FF',
    );
    expect(u.plan).toMatchObject({
      measure: 'coverage_pct',
      subject: { tech: 'fttponly' },
      order: 'asc',
      limit: 10,
    });
    expect(u.plan.subject.absent).toBeUndefined();
    expect(u.plan.alongside?.[0]?.subject).toMatchObject({ tech: 'fttponly', absent: true });
  });
});

describe('the base of a share', () => {
  it('reads "X as a % of all premises that have Y" and "% of premises with Y that have X" within Y', () => {
    for (const q of [
      'Openreach FTTP premises as a % of all premises that have any full fibre, now',
      'what % of premises with full fibre have Openreach FTTP',
    ]) {
      const u = read(q);
      expect(u.plan.within, q).toMatchObject({ tech: 'fttponly' });
      expect(u.plan.subject.operatorGroups, q).toEqual(['Openreach']);
    }
  });
});

describe('shorthand', () => {
  it('reads "w/o" as without and "to latest" as the latest snapshot', () => {
    expect(read('premises w/o superfast by nation, latest').plan.subject).toMatchObject({
      bestDownBelow: 30,
    });
    expect(read('Wales ultrafast coverage: pp change from 2023-11 to latest').plan).toMatchObject({
      measure: 'change_pp',
      time: { from: '2023-11-01', to: '2026-11-01' },
    });
  });

  it('never reads a speed in Mbps as a year', () => {
    const u = read('premises by network where a network has a download offer of 2000 Mbps or more');
    expect(u.plan.subject.minDown).toBe(2000);
    expect(u.plan.time.at ?? '2026-11-01').toBe('2026-11-01');
  });

  it('reads "res + biz together" as both take-up segments', () => {
    const u = read(
      'retail market share 2026Q4, top 5 ISPs - lines and share of all lines (res + biz together)',
    );
    expect(u.plan.takeUp?.segment).toBeUndefined();
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('growth in per cent', () => {
  it('ranks by the change as a per cent of the earlier level when the ranking says so', () => {
    for (const q of [
      'top 5 altnets by YoY % growth in premises passed',
      'fastest growing altnets in percentage terms over the last year, top 5',
    ]) {
      const u = read(q);
      expect(u.plan, q).toMatchObject({ measure: 'change_premises', rankByGrowth: true, limit: 5 });
      expect(buildQuery(u.plan, testTime).sql, q).toMatch(/\nORDER BY premises_change_pct DESC/);
    }
    expect(read('top 5 altnets by premises added in the last year').plan.rankByGrowth).toBeUndefined();
  });
});

describe('compass shorthand and "both"', () => {
  it('reads "NE councils", "NE premises" as the North East region, and keeps a postcode area named as one', () => {
    expect(
      read('Rank NE councils by share of premises with two or more FF networks, highest first.').plan.geo,
    ).toMatchObject({
      column: 'government_region',
      values: ['North East'],
    });
  });

  it('reads "X vs Y: premises where both have full fibre" as both present', () => {
    const u = read(
      'Openreach FF vs CityFibre in Leeds and Bradford: premises where both have full fibre, per council',
    );
    expect(u.plan.subject.allGroups).toEqual(['Openreach', 'CityFibre']);
  });
});

describe('the gap to the UK', () => {
  it("adds each place's share less the UK's, in points, when the gap is asked", () => {
    const u = read(
      'Share of premises reached by at least one altnet: NE, UK overall, and the gap (NE minus UK) in pts.',
    );
    expect(u.plan).toMatchObject({ withUk: true, ukGap: true, geo: { values: ['North East'] } });
    const sql = buildQuery(u.plan, testTime).sql;
    expect(sql).toMatch(
      /100\.0 \* places\.premises_passed \/ NULLIF\(places\.total_premises, 0\) - \(SELECT 100\.0 \* u\.premises_passed/,
    );
    expect(sql).toMatch(/uk\.\*, 0 AS gap_to_uk_pp FROM uk$/);
    expect(read('FF coverage in Wales compared with the UK as a whole').plan.ukGap).toBeUndefined();
  });
});

describe('about the tool', () => {
  it('answers questions about what the tool covers and how it breaks results down as about the data', () => {
    for (const q of [
      'what datasets can this tool query, and does it cover take-up/market share as well as footprint?',
      "what's the most recent month this covers and how often does it get a new snapshot?",
      'What geographies can I break results down by - councils, postcode areas, urban/rural?',
    ])
      expect(understand(q, testLexicon, testTime).kind, q).toBe('system_info');
    expect(understand('what share of premises in Leeds have FF', testLexicon, testTime).kind).toBe('data');
  });
});

describe('a service left out, at several snapshots', () => {
  it('tests the excluded service at each snapshot, not at any of them', () => {
    const u = read('cable-only gigabit premises UK-wide a year ago vs now, and the change');
    expect(u.plan).toMatchObject({
      measure: 'change_premises',
      subject: { gigabit: true, exclude: { tech: 'fttponly' } },
    });
    const sql = buildQuery(u.plan, testTime).sql;
    expect(sql).toContain('x.postcode = f.postcode AND x.reported_at = f.reported_at');
    expect(sql).not.toMatch(
      /f\.postcode NOT IN \(SELECT DISTINCT f\.postcode FROM fact_operator_time_series/,
    );
  });
});

describe('word order and plain words', () => {
  it('reads "altnets top 10 by premises" as the top 10 altnets', () => {
    expect(read('altnets top 10 by premises passed rn').plan).toMatchObject({ limit: 10, order: 'desc' });
  });

  it('reads towns (and cities) against the countryside as urban against rural', () => {
    for (const q of [
      'overbuild: % of premises with 2+ full fibre networks, towns vs countryside',
      'FF coverage in towns and cities vs the countryside',
    ])
      expect(read(q).plan.dimension, q).toBe('urban_rural');
  });
});

describe('a share of lines ranked, its change beside it', () => {
  it('ranks the brands by their share now when the change is added with "with"', () => {
    const u = read('top 5 ISPs by share of all lines in 2026Q4, with pp change QoQ');
    expect(u.plan).toMatchObject({ measure: 'line_share_pct', rankByLevel: true, limit: 5 });
    expect(buildQuery(u.plan, testTime).sql).toMatch(
      /\nORDER BY share_2026q4_pct DESC, s\.operator\nLIMIT 5$/,
    );
    expect(read('which 5 brands gained the most share YoY, in pp?').plan.rankByLevel).toBeUndefined();
  });
});

describe('a series of shares with each change', () => {
  it('reads "each November with the YoY pp change alongside" as each point with its change in points', () => {
    const u = read('gigabit coverage UK at every November snapshot 2021-26 with the YoY pp change alongside');
    expect(u.plan).toMatchObject({ measure: 'coverage_pct', flow: true, subject: { gigabit: true } });
    expect(u.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('drops a bracket that says which meaning a name has', () => {
    const u = read(
      'South West (the region, not the SW postcode area) - top 5 altnets by premises passed currently',
    );
    expect(u.plan.geo).toMatchObject({ column: 'government_region', values: ['South West'] });
  });
});

describe('a service lacked, abbreviated', () => {
  it('reads "FTTC but no FF", "FWA with no gig" as present with the other left out', () => {
    expect(read('premises with FTTC and no FF').plan.subject).toMatchObject({
      tech: 'fttc',
      exclude: { tech: 'fttponly' },
    });
    expect(read('FWA premises with no gig').plan.subject).toMatchObject({
      tech: 'fwa',
      exclude: { gigabit: true },
    });
  });
});

describe('the network at a position in each place', () => {
  it('reads "no.2", "number 2" and "second biggest" in each place as that position', () => {
    for (const q of [
      "who's the no.2 FF network in each nation on premises passed today? show its premises too",
      'which network is number 2 for FF in each region',
      'second biggest full fibre network in each nation',
    ]) {
      const u = read(q);
      expect(u.plan, q).toMatchObject({ leaderPerDimension: true, leaderPosition: 2 });
      expect(buildQuery(u.plan, testTime).sql, q).toMatch(/WHERE r\.position = 2\n/);
    }
  });
});

describe('asides, brackets and dates beside the latest', () => {
  it('reads "Openreach aside" as other than Openreach', () => {
    const u = read(
      'Openreach aside, who is the biggest FF network in each of the 4 nations by premises passed? latest',
    );
    expect(u.plan.subject.notGroups).toEqual(['Openreach']);
  });

  it('keeps the places listed after "my regions" as the places asked', () => {
    const u = read(
      'for each of my regions (NE, NW, Yorkshire, East Mids, West Mids) which altnet passes the most premises?',
    );
    expect(u.plan.geo?.values).toHaveLength(5);
  });

  it('reads "X and Y are both present" as both, and one date beside the latest as the change from it', () => {
    expect(
      read('premises where Virgin Media and Openreach FF are both present, Nov 26 vs Nov 25').plan.subject
        .allGroups,
    ).toEqual(['Virgin Media', 'Openreach']);
    expect(
      read('overbuild by nation: % of premises with 2+ FF networks, latest and Nov 25').plan,
    ).toMatchObject({
      measure: 'change_pp',
      time: { from: '2025-11-01', to: '2026-11-01' },
    });
  });

  it('reads "counting any technology" as every network, and a title\'s "areas" as no grouping', () => {
    expect(
      read('in Leeds, how many postcodes have just a single network to choose from, counting any technology?')
        .plan.subject.tech,
    ).toBeUndefined();
    expect(
      read('high-need areas: how many premises are in postcodes with no full fibre today?').plan.dimension,
    ).toBeUndefined();
  });
});
