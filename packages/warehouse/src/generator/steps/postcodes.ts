/**
 * Step 1: the postcode frame. Real outward codes (districts) from the geography; inward codes in the real format
 * (sector digit + two letters from the 20 letters Royal Mail uses), laid out sector by sector so a district split
 * between authorities splits along sectors. Each postcode gets a position around its district's centre inside
 * its authority, urban or rural status following the authority's urban share, households, business sites and
 * residents scaled to the authority's totals, and a synthetic Openreach exchange named after its post town.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlValue } from '../../engine/duckdb-values.js';
import { type AllocationPlan, FULL_SCALE_PREMISES } from '../allocation.js';
import { FIRST_SNAPSHOT, LATEST_SNAPSHOT } from '../calendar.js';
import { normaliseLaName } from '../geography-input.js';
import { hashSql, uniformSql } from '../random.js';

const UNIT_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const EXCHANGE_SUFFIXES = [
  'Central',
  'North',
  'South',
  'East',
  'West',
  'Park',
  'Green',
  'Hill',
  'Vale',
  'Bridge',
];

const SMALL_WORDS = new Set(['on', 'upon', 'le', 'in', 'the', 'of', 'by', 'en', 'under', 'super', 'next']);

function titleCase(town: string): string {
  return town
    .toLowerCase()
    .split(/(\s+|-)/)
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
}

async function insertRows(
  conn: DuckDBConnection,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
): Promise<void> {
  const batch = 500;
  for (let i = 0; i < rows.length; i += batch) {
    const values = rows
      .slice(i, i + batch)
      .map((r) => `(${columns.map((c) => sqlValue(r[c])).join(', ')})`)
      .join(',\n');
    if (values) await conn.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`);
  }
}

export async function createGeographyTables(
  conn: DuckDBConnection,
  plan: AllocationPlan,
  areas: { area: string; name: string }[],
): Promise<void> {
  await conn.run(`CREATE TEMP TABLE geo_la (
    la_code VARCHAR, la_name VARCHAR, government_region VARCHAR, country VARCHAR, population DOUBLE,
    households DOUBLE, latitude DOUBLE, longitude DOUBLE, eastings INTEGER, northings INTEGER, area_km2 DOUBLE,
    urban_share DOUBLE, full_postcodes INTEGER, postcodes INTEGER, scaled_households BIGINT,
    district_count INTEGER, la_key VARCHAR)`);
  await insertRows(
    conn,
    'geo_la',
    [
      'la_code',
      'la_name',
      'government_region',
      'country',
      'population',
      'households',
      'latitude',
      'longitude',
      'eastings',
      'northings',
      'area_km2',
      'urban_share',
      'full_postcodes',
      'postcodes',
      'scaled_households',
      'district_count',
      'la_key',
    ],
    plan.las.map((la) => ({ ...la, la_key: normaliseLaName(la.la_name) })),
  );
  const townDistricts = new Map<string, Set<string>>();
  for (const p of plan.parts) {
    const set = townDistricts.get(p.post_town) ?? new Set<string>();
    set.add(p.district);
    townDistricts.set(p.post_town, set);
  }
  await conn.run(`CREATE TEMP TABLE geo_part (
    district VARCHAR, area VARCHAR, post_town VARCHAR, town VARCHAR, town_districts INTEGER, la_code VARCHAR,
    full_postcodes INTEGER, postcodes INTEGER, part_offset INTEGER, district_total INTEGER,
    district_full_total INTEGER, part_index INTEGER)`);
  await insertRows(
    conn,
    'geo_part',
    [
      'district',
      'area',
      'post_town',
      'town',
      'town_districts',
      'la_code',
      'full_postcodes',
      'postcodes',
      'part_offset',
      'district_total',
      'district_full_total',
      'part_index',
    ],
    plan.parts.map((p) => ({
      ...p,
      town: titleCase(p.post_town),
      town_districts: townDistricts.get(p.post_town)?.size ?? 1,
      part_offset: p.offset,
    })),
  );
  await conn.run('CREATE TEMP TABLE geo_area (area VARCHAR, name VARCHAR)');
  await insertRows(conn, 'geo_area', ['area', 'name'], areas);
}

export interface PostcodeStepOptions {
  seed: number;
  plan: AllocationPlan;
  /** Full-scale households of the geography, to set the business-site ratio. */
  fullScaleHouseholds: number;
}

/**
 * `gen_units` (temp; every postcode unit placed in its district's sectors) and `gen_exchange` (temp; synthetic
 * exchanges, one per group of sectors, named after the post town).
 */
async function createUnitsAndExchanges(conn: DuckDBConnection, seed: number): Promise<void> {
  const suffixes = `[${EXCHANGE_SUFFIXES.map((s) => `'${s}'`).join(', ')}]`;

  await conn.run(`CREATE TEMP TABLE gen_units AS
    WITH units AS (
      SELECT g.*, g.part_offset + unnest(range(g.postcodes)) AS idx FROM geo_part g
    ), sized AS (
      SELECT *, least(10, greatest(1, ceil(district_total / (180 + ${hashSql(seed, 'sector-size', 'district')} % 141)::DOUBLE)))::INTEGER AS nsec
      FROM units
    ), blocks AS (
      SELECT *, ceil(district_total / nsec::DOUBLE)::INTEGER AS block FROM sized
    ), placed AS (
      SELECT *, (idx // block)::INTEGER AS sector_idx, (idx % block)::INTEGER AS unit_rank FROM blocks
    )
    SELECT *,
      ((sector_idx + 1) % 10)::VARCHAR AS sector_digit,
      ((unit_rank * 173 + ${hashSql(seed, 'unit-perm', 'district')} % 400) % 400)::INTEGER AS unit_code,
      least(nsec, greatest(1, round(district_full_total / 350.0)))::INTEGER AS exchanges_in_district
    FROM placed`);

  // Synthetic exchanges: one per group of sectors, named after the post town.
  await conn.run(`CREATE TEMP TABLE gen_exchange AS
    WITH ex AS (
      SELECT DISTINCT post_town, town, town_districts, district, sector_idx % exchanges_in_district AS exchange_idx,
        exchanges_in_district
      FROM gen_units
    )
    SELECT post_town, district, exchange_idx,
      upper(substr(regexp_replace(post_town, '[^A-Za-z]', '', 'g') || 'XXX', 1, 3))
        || lpad((dense_rank() OVER (PARTITION BY post_town ORDER BY district, exchange_idx))::VARCHAR, 3, '0') AS exchange_code,
      town || CASE WHEN town_districts > 1 THEN ' ' || district ELSE '' END
        || CASE WHEN exchanges_in_district > 1 THEN ' ' || ${suffixes}[exchange_idx + 1] ELSE '' END AS exchange_name
    FROM ex`);
}

/**
 * Creates `gen_pc` (temp; every postcode with the generator's own attributes) and `wh_postcodes` (persistent;
 * the contract's upc columns without reported_at).
 */
export async function createPostcodes(conn: DuckDBConnection, opts: PostcodeStepOptions): Promise<void> {
  const { seed } = opts;
  // Business sites make up the gap between households and the calibrated full-scale premises total.
  const busFactor = Math.max(
    0.06,
    (FULL_SCALE_PREMISES * (opts.fullScaleHouseholds > 0 ? 1 : 0)) / Math.max(1, opts.fullScaleHouseholds) -
      1,
  );
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  await createUnitsAndExchanges(conn, seed);

  // wh_postcodes keeps the generator's own attributes (pc_id, is_urban, ...) after the contract columns: the views
  // select only contract columns, and not copying 1.74M rows saves build time.
  await conn.run(`CREATE TABLE wh_postcodes AS
    WITH named AS (
      SELECT u.*,
        u.district || ' ' || u.sector_digit || substr('${UNIT_LETTERS}', u.unit_code // 20 + 1, 1)
          || substr('${UNIT_LETTERS}', u.unit_code % 20 + 1, 1) AS postcode,
        u.district || ' ' || u.sector_digit AS post_sector,
        u.sector_idx % u.exchanges_in_district AS exchange_idx
      FROM gen_units u
    ), ided AS (
      SELECT n.*, (row_number() OVER (ORDER BY n.postcode))::INTEGER AS pc_id FROM named n
    ), urban AS (
      SELECT i.*, l.la_name, l.government_region, l.country, l.urban_share, l.latitude AS la_lat, l.longitude AS la_lon,
        l.eastings AS la_e, l.northings AS la_n, l.area_km2, l.district_count, l.scaled_households, l.population AS la_pop,
        l.households AS la_hh, l.la_key,
        percent_rank() OVER (PARTITION BY i.la_code ORDER BY
          0.6 * ${r('urban-district', 'i.district || i.la_code')} + 0.4 * ${r('urban-postcode', 'i.pc_id')}, i.pc_id) AS urban_rank
      FROM ided i JOIN geo_la l USING (la_code)
    ), typed AS (
      SELECT *,
        urban_rank < urban_share OR urban_share >= 0.999 AS is_urban,
        ${r('business', 'pc_id')} AS u_biz,
        ${r('flats', 'pc_id')} AS u_flat,
        ${r('size', 'pc_id')} AS u_size,
        ${r('bsize', 'pc_id')} AS u_bsize
      FROM urban
    ), weighted AS (
      SELECT *,
        (is_urban AND u_biz < 0.05) OR (NOT is_urban AND u_biz < 0.025) AS is_business,
        is_urban AND u_biz >= 0.05 AND u_flat < (CASE WHEN government_region = 'London' THEN 0.22 ELSE 0.07 END) AS is_large
      FROM typed
    ), hw AS (
      SELECT *,
        (CASE WHEN is_business THEN floor(3 * u_size)
              WHEN is_large THEN 40 + floor(110 * u_size * u_size)
              WHEN is_urban THEN 8 + floor(24 * u_size)
              ELSE 2 + floor(15 * u_size) END)::BIGINT AS hh_w,
        (CASE WHEN is_business THEN 6 + floor(40 * u_bsize)
              WHEN is_urban THEN floor(4 * u_bsize)
              ELSE floor(3 * u_bsize) END)::BIGINT AS bus_w
      FROM weighted
    ), sums AS (
      SELECT *, SUM(hh_w) OVER (PARTITION BY la_code) AS hh_w_sum, SUM(bus_w) OVER (PARTITION BY la_code) AS bus_w_sum
      FROM hw
    ), counted AS (
      SELECT *,
        ((2 * hh_w * scaled_households + hh_w_sum) // greatest(1, 2 * hh_w_sum))::BIGINT AS hh,
        ((2 * bus_w * round(scaled_households * ${busFactor})::BIGINT + bus_w_sum) // greatest(1, 2 * bus_w_sum))::BIGINT AS bus
      FROM sums
    ), located AS (
      SELECT *,
        sqrt(greatest(area_km2, 1) / pi()) AS la_radius_km,
        2 * pi() * ${r('district-angle', 'district || la_code')} AS d_theta,
        CASE WHEN district_count > 1 THEN 0.55 * sqrt(greatest(area_km2, 1) / pi()) * sqrt(${r('district-radius', 'district || la_code')}) ELSE 0 END AS d_rho,
        2 * pi() * ${r('postcode-angle', 'pc_id')} AS p_theta,
        sqrt(greatest(area_km2, 1) / pi()) * (CASE WHEN is_urban THEN 0.35 ELSE 0.8 END)
          / sqrt(greatest(district_count, 1)) * sqrt(${r('postcode-radius', 'pc_id')}) AS p_rho
      FROM counted
    ), offset_km AS (
      SELECT *, d_rho * cos(d_theta) + p_rho * cos(p_theta) AS dx, d_rho * sin(d_theta) + p_rho * sin(p_theta) AS dy
      FROM located
    )
    SELECT pc_id, postcode, post_sector, district AS postcode_district, area AS postcode_area, la_code, la_name,
      government_region, country,
      (la_e + round(dx * 1000))::INTEGER AS eastings,
      (la_n + round(dy * 1000))::INTEGER AS northings,
      round(la_lat + dy / 111.32, 6) AS latitude,
      round(la_lon + dx / (111.32 * cos(radians(la_lat))), 6) AS longitude,
      CASE WHEN is_urban THEN 'urban' ELSE 'rural' END AS urban_rural,
      round(hh * (la_pop / greatest(la_hh, 1)) * (0.85 + 0.3 * ${r('residents', 'pc_id')}), 1) AS population,
      hh::DOUBLE AS households,
      bus::DOUBLE AS bus_sites_total,
      (hh + bus)::DOUBLE AS premises,
      district, post_town, town, town_districts, sector_idx, exchange_idx, exchanges_in_district,
      is_urban, is_large, is_business, la_key,
      -- Long copper lines beyond the reach of street cabinets: ADSL only, and the last places fibre reaches.
      ${r('long-line', 'pc_id')} < (CASE WHEN is_urban THEN 0.003 ELSE 0.035 END) AS long_line,
      least(1.0, 0.35 * (CASE WHEN is_urban THEN 1 ELSE 0 END) + 0.35 * least(1.0, (hh + bus) / 40.0)
        + 0.3 * ${r('affluence', 'pc_id')}) AS att,
      (la_key = 'kingston upon hull, city of'
        OR (la_key = 'east riding of yorkshire' AND (area = 'HU' OR ${r('kcom-district', 'district')} < 0.5))) AS kcom_area,
      e.exchange_code, e.exchange_name,
      DATE '${FIRST_SNAPSHOT}' AS valid_from, DATE '${LATEST_SNAPSHOT}' AS valid_to
    FROM offset_km JOIN gen_exchange e USING (post_town, district, exchange_idx)`);
  await conn.run('CREATE TEMP VIEW gen_pc AS SELECT * FROM wh_postcodes');
}
