/**
 * The real UK geography the generator builds on: regions, local authority districts (2024 boundaries), postcode
 * areas and districts. `loadGeography()` in src/geography reads it from the CSVs under geo/; tests may pass a small
 * fixture of the same shape instead.
 */
import {
  type LocalAuthority,
  loadGeography,
  type PostcodeArea,
  type PostcodeDistrict,
  type Region,
} from '../geography/geography.js';

export { COUNTRIES, GOVERNMENT_REGIONS } from '../geography/geography.js';

/** The generator's geography is the real one's shape, with regions and countries as plain text (for fixtures). */
type AsText<T> = Omit<T, 'government_region' | 'country'> & { government_region: string; country: string };

export type RegionInput = AsText<Region>;
export type LocalAuthorityInput = AsText<LocalAuthority>;
export type PostcodeAreaInput = PostcodeArea;
export type PostcodeDistrictInput = PostcodeDistrict;

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
