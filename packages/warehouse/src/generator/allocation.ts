/**
 * How many postcodes each local authority and each (postcode district, local authority) part gets.
 *
 * Rural postcodes hold fewer households than urban ones, so an authority's postcode count follows its households
 * weighted by its urban share; the national total is the ~1.74M live postcodes. A district can hold at most
 * 10 sectors x 400 units, so an over-full district spills into the authority's other districts. `scale` shrinks
 * every part but keeps at least one postcode per authority.
 */
import type { GeographyInput, LocalAuthorityInput } from './geography-input.js';
import { toEastingNorthing } from './osgb.js';

/** Live postcodes in the ONS Postcode Directory (UK less the Crown Dependencies), the count the calibration facts round to 1.74 million. */
export const FULL_SCALE_POSTCODES = 1_737_602;
export const FULL_SCALE_PREMISES = 33_600_000;
const URBAN_HOUSEHOLDS_PER_POSTCODE = 19;
const RURAL_HOUSEHOLDS_PER_POSTCODE = 11;
export const DISTRICT_CAPACITY = 4000;

/** An authority's share of the generated postcodes, with its centre on the national grid. */
export interface LaPlan extends LocalAuthorityInput {
  eastings: number;
  northings: number;
  /** Postcodes at full scale and at the requested scale. */
  full_postcodes: number;
  postcodes: number;
  /** Households the generated postcodes of this authority hold (scaled). */
  scaled_households: number;
  district_count: number;
}

export interface DistrictPart {
  district: string;
  area: string;
  post_town: string;
  la_code: string;
  full_postcodes: number;
  postcodes: number;
  /** First unit index of this part within its district (parts are laid out one after another). */
  offset: number;
  district_total: number;
  district_full_total: number;
  /** Index of this part among the authority's districts, and the district's position around the centroid. */
  part_index: number;
}

export interface AllocationPlan {
  las: LaPlan[];
  parts: DistrictPart[];
  totalPostcodes: number;
  totalHouseholds: number;
}

/** Splits `total` into integers proportional to `weights` (largest remainder, ties by index). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let rest = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, f: e - Math.floor(e) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    rest--;
  }
  return out;
}

function postcodeWeight(la: LocalAuthorityInput): number {
  const u = Math.min(1, Math.max(0, la.urban_share));
  return la.households * (u / URBAN_HOUSEHOLDS_PER_POSTCODE + (1 - u) / RURAL_HOUSEHOLDS_PER_POSTCODE);
}

/**
 * Full-scale postcode counts per district and authority (keyed "district|la_code"): each authority's count shared
 * over its districts, then each district held to its capacity, the excess spilling into the authority's districts
 * with room to spare.
 */
function fullScaleCounts(
  las: LocalAuthorityInput[],
  fullCounts: number[],
  districtsByLa: Map<string, GeographyInput['postcodeDistricts']>,
): Map<string, number> {
  const full = new Map<string, number>(); // key district|la
  const key = (d: string, la: string) => `${d}|${la}`;
  las.forEach((la, i) => {
    const ds = [...(districtsByLa.get(la.la_code) ?? [])].sort((a, b) =>
      a.district.localeCompare(b.district),
    );
    const counts = apportion(
      fullCounts[i] ?? 0,
      ds.map((d) => Math.max(d.share, 0.0001)),
    );
    ds.forEach((d, j) => {
      full.set(key(d.district, la.la_code), counts[j] ?? 0);
    });
  });
  for (let pass = 0; pass < 4; pass++) {
    const districtTotals = new Map<string, number>();
    for (const [k, n] of full) {
      const d = k.split('|')[0]!;
      districtTotals.set(d, (districtTotals.get(d) ?? 0) + n);
    }
    const over = [...districtTotals].filter(([, n]) => n > DISTRICT_CAPACITY);
    if (over.length === 0) break;
    for (const [d, total] of over) {
      const ratio = DISTRICT_CAPACITY / total;
      for (const [k, n] of full) {
        if (!k.startsWith(`${d}|`)) continue;
        const kept = Math.floor(n * ratio);
        full.set(k, kept);
        // Spill the excess into the authority's districts with spare room.
        const la = k.split('|')[1]!;
        const others = (districtsByLa.get(la) ?? []).filter(
          (x) => x.district !== d && (districtTotals.get(x.district) ?? 0) < DISTRICT_CAPACITY,
        );
        if (others.length === 0) continue;
        const spill = apportion(
          n - kept,
          others.map((x) => Math.max(1, DISTRICT_CAPACITY - (districtTotals.get(x.district) ?? 0))),
        );
        others.forEach((x, j) => {
          const kk = key(x.district, la);
          full.set(kk, (full.get(kk) ?? 0) + (spill[j] ?? 0));
        });
      }
    }
  }
  return full;
}

/** Lays the parts of one district out one after another (ordered by authority code) so unit codes never collide. */
function layOutParts(partsByLa: Map<string, DistrictPart[]>): DistrictPart[] {
  const byDistrict = new Map<string, DistrictPart[]>();
  for (const parts of partsByLa.values()) {
    for (const p of parts) {
      const list = byDistrict.get(p.district) ?? [];
      list.push(p);
      byDistrict.set(p.district, list);
    }
  }
  const parts: DistrictPart[] = [];
  for (const list of byDistrict.values()) {
    list.sort((a, b) => a.la_code.localeCompare(b.la_code));
    const total = list.reduce((a, p) => a + p.postcodes, 0);
    const fullTotal = list.reduce((a, p) => a + p.full_postcodes, 0);
    let offset = 0;
    for (const p of list) {
      p.offset = offset;
      p.district_total = total;
      p.district_full_total = fullTotal;
      offset += p.postcodes;
      if (p.postcodes > 0) parts.push(p);
    }
  }
  parts.sort((a, b) => a.district.localeCompare(b.district) || a.la_code.localeCompare(b.la_code));
  return parts;
}

export function planAllocation(geo: GeographyInput, scale: number): AllocationPlan {
  if (!(scale > 0 && scale <= 1)) throw new Error(`scale must be in (0, 1], got ${scale}`);
  const las = [...geo.localAuthorities].sort((a, b) => a.la_code.localeCompare(b.la_code));
  const fullCounts = apportion(FULL_SCALE_POSTCODES, las.map(postcodeWeight));
  const districtsByLa = new Map<string, typeof geo.postcodeDistricts>();
  for (const d of geo.postcodeDistricts) {
    const list = districtsByLa.get(d.la_code) ?? [];
    list.push(d);
    districtsByLa.set(d.la_code, list);
  }
  const missing = las.filter((la) => !(districtsByLa.get(la.la_code)?.length ?? 0)).map((la) => la.la_name);
  if (missing.length > 0) {
    throw new Error(`geography: no postcode districts for local authorities ${missing.join(', ')}`);
  }

  const full = fullScaleCounts(las, fullCounts, districtsByLa);
  const key = (d: string, la: string) => `${d}|${la}`;

  const laPlans: LaPlan[] = [];
  const partsByLa = new Map<string, DistrictPart[]>();
  let totalPostcodes = 0;
  let totalHouseholds = 0;
  for (const la of las) {
    const ds = [...(districtsByLa.get(la.la_code) ?? [])].sort((a, b) =>
      a.district.localeCompare(b.district),
    );
    const fullParts = ds.map((d) => full.get(key(d.district, la.la_code)) ?? 0);
    const fullTotal = fullParts.reduce((a, b) => a + b, 0);
    const scaledTotal = scale === 1 ? fullTotal : Math.max(1, Math.round(fullTotal * scale));
    const scaledParts = scale === 1 ? fullParts : apportion(scaledTotal, fullParts);
    const { eastings, northings } = toEastingNorthing(la.latitude, la.longitude);
    const scaledHouseholds = Math.round((la.households * scaledTotal) / Math.max(1, fullTotal));
    laPlans.push({
      la_code: la.la_code,
      la_name: la.la_name,
      government_region: la.government_region,
      country: la.country,
      population: la.population,
      households: la.households,
      latitude: la.latitude,
      longitude: la.longitude,
      eastings,
      northings,
      area_km2: la.area_km2,
      urban_share: Math.min(1, Math.max(0, la.urban_share)),
      full_postcodes: fullTotal,
      postcodes: scaledTotal,
      scaled_households: scaledHouseholds,
      district_count: ds.length,
    });
    totalPostcodes += scaledTotal;
    totalHouseholds += scaledHouseholds;
    partsByLa.set(
      la.la_code,
      ds.map((d, j) => ({
        district: d.district,
        area: d.area,
        post_town: d.post_town,
        la_code: la.la_code,
        full_postcodes: fullParts[j] ?? 0,
        postcodes: scaledParts[j] ?? 0,
        offset: 0,
        district_total: 0,
        district_full_total: 0,
        part_index: j,
      })),
    );
  }

  const parts = layOutParts(partsByLa);
  return { las: laPlans, parts, totalPostcodes, totalHouseholds };
}
