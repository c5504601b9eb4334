/**
 * Physical storage behind the contract names, shared by both engines.
 *
 * Compact internal tables (prefixed `wh_`, never visible to the SQL guard) hold postcodes, the operator-tech
 * change log (intervals of months with constant speeds), forecast arrival dates and attractiveness inputs.
 * The `_time_series` names are views joining those intervals to the months they cover; the latest-snapshot
 * tables (`upc_output`, `fact_operator`, `fact_altnet`) are materialised for speed. Every statement here is plain
 * SQL that DuckDB and PostgreSQL both accept.
 */

export const INTERNAL_TABLES = [
  'wh_meta',
  'wh_months',
  'wh_forecast_dates',
  'wh_attractiveness_dates',
  'wh_postcodes',
  'wh_operator_intervals',
  'wh_altnet_intervals',
  'wh_forecast_intervals',
  'wh_take_up_lines',
  'wh_take_up_shares',
] as const;

export const CONTRACT_VIEWS = [
  'upc_output_time_series',
  'fact_operator_time_series',
  'fact_altnet_time_series',
  'forecast_footprint',
] as const;

const UPC_COLUMNS = `p.postcode, m.reported_at, p.post_sector, p.postcode_district, p.postcode_area, p.la_code, p.la_name,
  p.government_region, p.country, p.eastings, p.northings, p.latitude, p.longitude, p.urban_rural, p.population,
  p.households, p.bus_sites_total, p.premises, p.exchange_code, p.exchange_name`;

export const VIEW_DDL: Record<(typeof CONTRACT_VIEWS)[number], string> = {
  upc_output_time_series: `CREATE VIEW upc_output_time_series AS
SELECT ${UPC_COLUMNS}
FROM wh_postcodes p JOIN wh_months m ON m.reported_at BETWEEN p.valid_from AND p.valid_to`,
  fact_operator_time_series: `CREATE VIEW fact_operator_time_series AS
SELECT i.postcode, i.operator, i.tech, i.fastest_down, i.fastest_up, i.activated_date, m.reported_at
FROM wh_operator_intervals i JOIN wh_months m ON m.reported_at BETWEEN i.valid_from AND i.valid_to`,
  fact_altnet_time_series: `CREATE VIEW fact_altnet_time_series AS
SELECT i.postcode, i.operator, i.tech, i.fastest_down, i.fastest_up, i.activated_date, m.reported_at
FROM wh_altnet_intervals i JOIN wh_months m ON m.reported_at BETWEEN i.valid_from AND i.valid_to`,
  forecast_footprint: `CREATE VIEW forecast_footprint AS
SELECT f.postcode, f.operator, f.tech, d.reported_at
FROM wh_forecast_intervals f JOIN wh_forecast_dates d ON d.reported_at >= f.valid_from`,
};

/**
 * The latest snapshot as views filtered to the latest month (a literal date). The change log is stored with
 * intervals still open at the latest month first, so these filters skip the history's row groups and the views
 * scan about as fast as materialised tables, without copying ~16M rows at build time.
 */
export function latestViewDdl(
  latest: string,
): Record<'upc_output' | 'fact_operator' | 'fact_altnet', string> {
  const d = `DATE '${latest}'`;
  return {
    upc_output: `CREATE VIEW upc_output AS
SELECT ${UPC_COLUMNS.replace('m.reported_at', `${d} AS reported_at`)}
FROM wh_postcodes p WHERE p.valid_to >= ${d} AND p.valid_from <= ${d}`,
    fact_operator: `CREATE VIEW fact_operator AS
SELECT i.postcode, i.operator, i.tech, i.fastest_down, i.fastest_up, i.activated_date, ${d} AS reported_at
FROM wh_operator_intervals i WHERE i.valid_to >= ${d} AND i.valid_from <= ${d}`,
    fact_altnet: `CREATE VIEW fact_altnet AS
SELECT i.postcode, i.operator, i.tech, i.fastest_down, i.fastest_up, i.activated_date, ${d} AS reported_at
FROM wh_altnet_intervals i WHERE i.valid_to >= ${d} AND i.valid_from <= ${d}`,
  };
}

/** Bumped when the storage layout changes (every existing warehouse is rebuilt or must be re-imported). */
export const WAREHOUSE_FORMAT_VERSION = '3';
/** Bumped when the generator's output changes, so cached generated builds are refreshed (imports are kept). */
export const GENERATOR_VERSION = '5';
