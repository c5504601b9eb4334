/**
 * The real UK geography the generator builds on: regions, local authority districts (2024 boundaries), postcode
 * areas and districts. `loadGeography()` in src/geography reads it from the CSVs under geo/; tests may pass a small
 * fixture of the same shape instead.
 */
import { loadGeography } from '../geography/geography.js';

export { COUNTRIES, GOVERNMENT_REGIONS } from '../geography/geography.js';
export interface RegionInput {
  region_code: string;
  government_region: string;
  country: string;
}

export interface LocalAuthorityInput {
  la_code: string;
  la_name: string;
  government_region: string;
  country: string;
  population: number;
  households: number;
  latitude: number;
  longitude: number;
  area_km2: number;
  /** Share (0..1) of the authority's population living in urban areas. */
  urban_share: number;
}

export interface PostcodeAreaInput {
  area: string;
  name: string;
}

export interface PostcodeDistrictInput {
  district: string;
  area: string;
  post_town: string;
  la_code: string;
  /** Share (0..1) of the district lying in this local authority (a district may be split). */
  share: number;
}

export interface GeographyInput {
  regions: RegionInput[];
  localAuthorities: LocalAuthorityInput[];
  postcodeAreas: PostcodeAreaInput[];
  postcodeDistricts: PostcodeDistrictInput[];
}

/** Loads the project's real geography (geo/*.csv via src/geography). */
export function loadProjectGeography(): GeographyInput {
  return loadGeography();
}

/** Normalises a local authority name for matching the generator's area lists against the real list. */
export function normaliseLaName(name: string): string {
  return name.toLowerCase().replace(/[.']/g, '').replace(/&/g, 'and').replace(/\s+/g, ' ').trim();
}
