/**
 * The real UK geography the synthetic warehouse is built on, read from the CSVs in packages/warehouse/geo/:
 * the 12 regions/nations, the 361 local authority districts (ONS, 2024 boundaries), the 121 postcode areas and
 * their geographic postcode districts, each assigned to the authorities it lies in by share, and the counties,
 * metropolitan counties and Greater London with the districts they contain (April 2023). See geo/SOURCES.md.
 * Field names are the CSV column names, which are also the warehouse column names.
 */
import { readFileSync } from 'node:fs';
import { parseCsvRecords } from './csv.js';

export const GOVERNMENT_REGIONS = [
  'North East',
  'North West',
  'Yorkshire and The Humber',
  'East Midlands',
  'West Midlands',
  'East of England',
  'London',
  'South East',
  'South West',
  'Wales',
  'Scotland',
  'Northern Ireland',
] as const;
export type GovernmentRegion = (typeof GOVERNMENT_REGIONS)[number];

export const COUNTRIES = ['England', 'Wales', 'Scotland', 'Northern Ireland'] as const;
export type Country = (typeof COUNTRIES)[number];

export interface Region {
  /** ONS code: E12000001..E12000009 for the English regions, W92000004, S92000003, N92000002 for the nations. */
  region_code: string;
  government_region: GovernmentRegion;
  country: Country;
}

export interface LocalAuthority {
  /** ONS local authority district code (E06/E07/E08/E09, W06, S12, N09). */
  la_code: string;
  la_name: string;
  government_region: GovernmentRegion;
  country: Country;
  /** Residents, approximately the ONS/NRS/NISRA mid-2022 estimate. */
  population: number;
  /** Households, approximately Census 2021 (Scotland: Census 2022). */
  households: number;
  /** A point inside the district (WGS84). */
  latitude: number;
  longitude: number;
  /** Land area in km², approximate. */
  area_km2: number;
  /** Approximate share (0..1) of residents living in urban areas. */
  urban_share: number;
}

export interface PostcodeArea {
  /** The letters of the outward code: `SW`, `B`. */
  area: string;
  name: string;
}

export interface PostcodeDistrict {
  /** Outward code: `SW1A`, `B33`, `AB10`. */
  district: string;
  area: string;
  /** Royal Mail post town, title case: `London`, `St. Albans`. */
  post_town: string;
  la_code: string;
  /** Share (0..1) of the district lying in this authority; a district's rows sum to 1. */
  share: number;
}

/** What kind of area a `County` is, as in geo/counties.csv. */
export const COUNTY_KINDS = ['county', 'metropolitan_county', 'city_region'] as const;
export type CountyKind = (typeof COUNTY_KINDS)[number];

/**
 * A named area above local authority districts that analysts ask about: one of the 21 English two-tier
 * (non-metropolitan) counties (`county`), the 6 metropolitan counties (`metropolitan_county`; note "West Midlands"
 * is also a region name) or Greater London (`city_region`), on April 2023 boundaries.
 */
export interface County {
  /** `Norfolk`, `Greater Manchester`, `Greater London`. */
  county: string;
  /** One of `COUNTY_KINDS`. */
  kind: string;
  /** The local authority districts (ONS codes) making up the area, in file order. */
  laCodes: string[];
}

export interface Geography {
  regions: Region[];
  localAuthorities: LocalAuthority[];
  postcodeAreas: PostcodeArea[];
  postcodeDistricts: PostcodeDistrict[];
  counties: County[];
}

const GEO_DIR = new URL('../../geo/', import.meta.url);

function readRecords<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
  return parseCsvRecords(readFileSync(new URL(file, GEO_DIR), 'utf8'), columns, `geo/${file}`);
}

function toNumber(value: string, what: string): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) throw new Error(`geography: ${what} is not a number: "${value}"`);
  return n;
}

function toRegion(value: string, what: string): GovernmentRegion {
  if (!(GOVERNMENT_REGIONS as readonly string[]).includes(value)) {
    throw new Error(`geography: ${what} has unknown government region "${value}"`);
  }
  return value as GovernmentRegion;
}

function toCountry(value: string, what: string): Country {
  if (!(COUNTRIES as readonly string[]).includes(value)) {
    throw new Error(`geography: ${what} has unknown country "${value}"`);
  }
  return value as Country;
}

/** Reads the geography CSVs (synchronously) and returns them typed, numbers parsed. */
export function loadGeography(): Geography {
  const regions = readRecords('regions.csv', ['region_code', 'government_region', 'country'] as const).map(
    (r): Region => ({
      region_code: r.region_code,
      government_region: toRegion(r.government_region, r.region_code),
      country: toCountry(r.country, r.region_code),
    }),
  );

  const localAuthorities = readRecords('local-authorities.csv', [
    'la_code',
    'la_name',
    'government_region',
    'country',
    'population',
    'households',
    'latitude',
    'longitude',
    'area_km2',
    'urban_share',
  ] as const).map(
    (r): LocalAuthority => ({
      la_code: r.la_code,
      la_name: r.la_name,
      government_region: toRegion(r.government_region, r.la_code),
      country: toCountry(r.country, r.la_code),
      population: toNumber(r.population, `${r.la_code} population`),
      households: toNumber(r.households, `${r.la_code} households`),
      latitude: toNumber(r.latitude, `${r.la_code} latitude`),
      longitude: toNumber(r.longitude, `${r.la_code} longitude`),
      area_km2: toNumber(r.area_km2, `${r.la_code} area_km2`),
      urban_share: toNumber(r.urban_share, `${r.la_code} urban_share`),
    }),
  );

  const postcodeAreas = readRecords('postcode-areas.csv', ['area', 'name'] as const).map(
    (r): PostcodeArea => ({ area: r.area, name: r.name }),
  );

  const postcodeDistricts = readRecords('postcode-districts.csv', [
    'district',
    'area',
    'post_town',
    'la_code',
    'share',
  ] as const).map(
    (r): PostcodeDistrict => ({
      district: r.district,
      area: r.area,
      post_town: r.post_town,
      la_code: r.la_code,
      share: toNumber(r.share, `${r.district}/${r.la_code} share`),
    }),
  );

  const counties: County[] = [];
  const countyByName = new Map<string, County>();
  for (const r of readRecords('counties.csv', ['county', 'kind', 'la_code'] as const)) {
    if (!(COUNTY_KINDS as readonly string[]).includes(r.kind)) {
      throw new Error(`geography: county ${r.county} has unknown kind "${r.kind}"`);
    }
    let county = countyByName.get(r.county);
    if (!county) {
      county = { county: r.county, kind: r.kind, laCodes: [] };
      countyByName.set(r.county, county);
      counties.push(county);
    } else if (county.kind !== r.kind) {
      throw new Error(`geography: county ${r.county} has two kinds, "${county.kind}" and "${r.kind}"`);
    }
    county.laCodes.push(r.la_code);
  }

  return { regions, localAuthorities, postcodeAreas, postcodeDistricts, counties };
}
