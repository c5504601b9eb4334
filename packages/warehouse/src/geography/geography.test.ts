import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRIES, COUNTY_KINDS, type Geography, GOVERNMENT_REGIONS, loadGeography } from './geography.js';

let geo: Geography;
beforeAll(() => {
  geo = loadGeography();
});

const LA_CODE = /^(E0[6-9]|W06|S12|N09)\d{6}$/;
const DISTRICT = /^[A-Z]{1,2}[0-9][0-9A-Z]?$/;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('regions', () => {
  it('are the 12 regions and nations with their ONS codes', () => {
    expect(geo.regions).toHaveLength(12);
    expect(geo.regions.map((r) => r.government_region)).toEqual([...GOVERNMENT_REGIONS]);
    expect(new Set(geo.regions.map((r) => r.region_code)).size).toBe(12);
    for (const r of geo.regions) {
      expect(r.region_code).toMatch(/^(E12000|W92000|S92000|N92000)\d{3}$/);
      expect(COUNTRIES).toContain(r.country);
    }
    expect(geo.regions.find((r) => r.government_region === 'London')?.region_code).toBe('E12000007');
  });
});

describe('local authorities', () => {
  it('are exactly 361 with unique, valid ONS codes and names', () => {
    expect(geo.localAuthorities).toHaveLength(361);
    expect(new Set(geo.localAuthorities.map((la) => la.la_code)).size).toBe(361);
    expect(new Set(geo.localAuthorities.map((la) => la.la_name)).size).toBe(361);
    for (const la of geo.localAuthorities) expect(la.la_code).toMatch(LA_CODE);
  });

  it('split 296 / 22 / 32 / 11 across England, Wales, Scotland and Northern Ireland', () => {
    const byCountry = (c: string) => geo.localAuthorities.filter((la) => la.country === c).length;
    expect([
      byCountry('England'),
      byCountry('Wales'),
      byCountry('Scotland'),
      byCountry('Northern Ireland'),
    ]).toEqual([296, 22, 32, 11]);
  });

  it('each sit in one of the 12 regions, in that region’s country, with a code prefix to match', () => {
    const countryOf = new Map(geo.regions.map((r) => [r.government_region, r.country]));
    const prefixOf: Record<string, RegExp> = {
      England: /^E0[6-9]/,
      Wales: /^W06/,
      Scotland: /^S12/,
      'Northern Ireland': /^N09/,
    };
    for (const la of geo.localAuthorities) {
      expect(countryOf.has(la.government_region), la.la_code).toBe(true);
      expect(la.country, la.la_code).toBe(countryOf.get(la.government_region));
      expect(la.la_code, la.la_name).toMatch(prefixOf[la.country]!);
    }
  });

  it('include the April 2023 unitary authorities and the official names', () => {
    const name = (code: string) => geo.localAuthorities.find((la) => la.la_code === code)?.la_name;
    expect(name('E06000063')).toBe('Cumberland');
    expect(name('E06000064')).toBe('Westmorland and Furness');
    expect(name('E06000065')).toBe('North Yorkshire');
    expect(name('E06000066')).toBe('Somerset');
    expect(name('E06000023')).toBe('Bristol, City of');
    expect(name('S12000013')).toBe('Na h-Eileanan Siar');
    expect(name('N09000002')).toBe('Armagh City, Banbridge and Craigavon');
    expect(name('E09000033')).toBe('Westminster');
  });

  it('add up to the UK population and household totals', () => {
    const population = sum(geo.localAuthorities.map((la) => la.population));
    const households = sum(geo.localAuthorities.map((la) => la.households));
    expect(population).toBeGreaterThan(66_000_000);
    expect(population).toBeLessThan(70_000_000);
    expect(households).toBeGreaterThan(27_000_000);
    expect(households).toBeLessThan(31_000_000);
  });

  it('have plausible sizes, urban shares and a centroid inside the UK', () => {
    for (const la of geo.localAuthorities) {
      expect(la.population, la.la_code).toBeGreaterThan(1_000);
      expect(la.households, la.la_code).toBeGreaterThan(0);
      expect(la.population / la.households, la.la_code).toBeGreaterThan(1.5);
      expect(la.population / la.households, la.la_code).toBeLessThan(3.5);
      expect(la.area_km2, la.la_code).toBeGreaterThan(0);
      expect(la.urban_share, la.la_code).toBeGreaterThanOrEqual(0);
      expect(la.urban_share, la.la_code).toBeLessThanOrEqual(1);
      expect(la.latitude, la.la_code).toBeGreaterThanOrEqual(49.8);
      expect(la.latitude, la.la_code).toBeLessThanOrEqual(60.9);
      expect(la.longitude, la.la_code).toBeGreaterThanOrEqual(-8.7);
      expect(la.longitude, la.la_code).toBeLessThanOrEqual(1.8);
      if (la.country === 'Northern Ireland') expect(la.longitude, la.la_code).toBeLessThan(-5.4);
    }
  });
});

describe('postcode areas', () => {
  it('are the 121 UK areas (no GY, JE, IM), unique and named', () => {
    expect(geo.postcodeAreas).toHaveLength(121);
    const codes = geo.postcodeAreas.map((a) => a.area);
    expect(new Set(codes).size).toBe(121);
    for (const a of geo.postcodeAreas) {
      expect(a.area).toMatch(/^[A-Z]{1,2}$/);
      expect(a.name.length).toBeGreaterThan(0);
    }
    for (const crownDependency of ['GY', 'JE', 'IM']) expect(codes).not.toContain(crownDependency);
    expect(geo.postcodeAreas.find((a) => a.area === 'WC')?.name).toBe('London WC');
  });
});

describe('postcode districts', () => {
  it('are well-formed outward codes in their own area, referencing known areas and authorities', () => {
    const areas = new Set(geo.postcodeAreas.map((a) => a.area));
    const las = new Set(geo.localAuthorities.map((la) => la.la_code));
    for (const d of geo.postcodeDistricts) {
      expect(d.district).toMatch(DISTRICT);
      expect(d.district.startsWith(d.area), d.district).toBe(true);
      expect(d.district.charAt(d.area.length), d.district).toMatch(/[0-9]/);
      expect(areas.has(d.area), d.district).toBe(true);
      expect(las.has(d.la_code), `${d.district} ${d.la_code}`).toBe(true);
      expect(d.post_town.length, d.district).toBeGreaterThan(0);
      expect(d.share, d.district).toBeGreaterThan(0);
      expect(d.share, d.district).toBeLessThanOrEqual(1);
    }
  });

  it('have shares summing to 1 per district, one post town per district and no repeated authority', () => {
    const byDistrict = new Map<string, typeof geo.postcodeDistricts>();
    for (const d of geo.postcodeDistricts) {
      byDistrict.set(d.district, [...(byDistrict.get(d.district) ?? []), d]);
    }
    for (const [district, rows] of byDistrict) {
      expect(Math.abs(sum(rows.map((r) => r.share)) - 1), district).toBeLessThanOrEqual(0.001);
      expect(new Set(rows.map((r) => r.post_town)).size, district).toBe(1);
      expect(new Set(rows.map((r) => r.la_code)).size, district).toBe(rows.length);
    }
  });

  it('number between 2,500 and 3,100, with every area and every authority covered', () => {
    const districts = new Set(geo.postcodeDistricts.map((d) => d.district));
    expect(districts.size).toBeGreaterThanOrEqual(2_500);
    expect(districts.size).toBeLessThanOrEqual(3_100);
    const coveredAreas = new Set(geo.postcodeDistricts.map((d) => d.area));
    for (const a of geo.postcodeAreas) expect(coveredAreas.has(a.area), a.area).toBe(true);
    const coveredLas = new Set(geo.postcodeDistricts.map((d) => d.la_code));
    for (const la of geo.localAuthorities) expect(coveredLas.has(la.la_code), la.la_name).toBe(true);
  });

  it('include central London sub-districts and leave out non-geographic ones', () => {
    const districts = new Set(geo.postcodeDistricts.map((d) => d.district));
    for (const d of ['EC1A', 'SW1A', 'W1D', 'WC2H', 'E1W', 'N1C']) expect(districts.has(d), d).toBe(true);
    for (const d of ['SW99', 'BS98', 'EC1P', 'W1A', 'E98']) expect(districts.has(d), d).toBe(false);
  });

  it('put well-known districts in the right authority and post town', () => {
    const main = (district: string) =>
      geo.postcodeDistricts.filter((d) => d.district === district).sort((a, b) => b.share - a.share)[0];
    expect(main('SW1A')).toMatchObject({ la_code: 'E09000033', post_town: 'London' });
    expect(main('AB10')).toMatchObject({ la_code: 'S12000033', post_town: 'Aberdeen' });
    expect(main('BT1')).toMatchObject({ la_code: 'N09000003', post_town: 'Belfast' });
    expect(main('CF10')).toMatchObject({ la_code: 'W06000015', post_town: 'Cardiff' });
    expect(main('M1')).toMatchObject({ la_code: 'E08000003', post_town: 'Manchester' });
    expect(main('LA9')).toMatchObject({ la_code: 'E06000064', post_town: 'Kendal' });
    expect(main('TR21')).toMatchObject({ la_code: 'E06000053', post_town: 'Isles of Scilly' });
  });
});

describe('counties', () => {
  const county = (name: string) => geo.counties.find((c) => c.county === name);
  const namesOf = (name: string) =>
    (county(name)?.laCodes ?? []).map(
      (code) => geo.localAuthorities.find((la) => la.la_code === code)?.la_name,
    );

  it('are 21 two-tier counties, 6 metropolitan counties and Greater London, each named once', () => {
    const count = (kind: string) => geo.counties.filter((c) => c.kind === kind).length;
    expect([count('county'), count('metropolitan_county'), count('city_region')]).toEqual([21, 6, 1]);
    expect(new Set(geo.counties.map((c) => c.county)).size).toBe(geo.counties.length);
    for (const c of geo.counties) expect(COUNTY_KINDS, c.county).toContain(c.kind);
  });

  it('reference only known local authorities, each at most once per county', () => {
    const las = new Set(geo.localAuthorities.map((la) => la.la_code));
    for (const c of geo.counties) {
      expect(c.laCodes.length, c.county).toBeGreaterThan(0);
      expect(new Set(c.laCodes).size, c.county).toBe(c.laCodes.length);
      for (const code of c.laCodes) expect(las.has(code), `${c.county} ${code}`).toBe(true);
    }
  });

  it('put no district in two non-metropolitan counties, and every E07 district in one', () => {
    const seen = new Map<string, string>();
    for (const c of geo.counties.filter((c) => c.kind === 'county')) {
      for (const code of c.laCodes) {
        expect(seen.get(code), `${code} in ${c.county}`).toBeUndefined();
        expect(code, c.county).toMatch(/^E07/);
        seen.set(code, c.county);
      }
    }
    for (const la of geo.localAuthorities.filter((la) => la.la_code.startsWith('E07'))) {
      expect(seen.has(la.la_code), la.la_name).toBe(true);
    }
  });

  it('cover every metropolitan borough and London borough exactly once', () => {
    const codes = geo.counties.filter((c) => c.kind !== 'county').flatMap((c) => c.laCodes);
    expect(new Set(codes).size).toBe(codes.length);
    const expected = geo.localAuthorities.filter((la) => /^E0[89]/.test(la.la_code)).map((la) => la.la_code);
    expect([...codes].sort()).toEqual([...expected].sort());
  });

  it('have the expected districts for well-known areas', () => {
    expect(namesOf('Norfolk').sort()).toEqual([
      'Breckland',
      'Broadland',
      'Great Yarmouth',
      "King's Lynn and West Norfolk",
      'North Norfolk',
      'Norwich',
      'South Norfolk',
    ]);
    expect(county('Kent')?.laCodes).toHaveLength(12);
    expect(county('Greater Manchester')?.laCodes).toHaveLength(10);
    expect(county('Greater Manchester')?.kind).toBe('metropolitan_county');
    expect(county('Greater London')?.laCodes).toHaveLength(33);
    expect(county('Greater London')?.kind).toBe('city_region');
    expect(namesOf('Greater London')).toContain('City of London');
    expect(county('Merseyside')?.laCodes).toHaveLength(5);
    expect(namesOf('West Yorkshire').sort()).toEqual([
      'Bradford',
      'Calderdale',
      'Kirklees',
      'Leeds',
      'Wakefield',
    ]);
    expect(county('West Midlands')?.kind).toBe('metropolitan_county');
    expect(county('Hertfordshire')?.laCodes).toHaveLength(10);
  });

  it('leave out the counties that became unitary in April 2023', () => {
    for (const gone of ['Cumbria', 'North Yorkshire', 'Somerset']) expect(county(gone), gone).toBeUndefined();
  });
});
