/**
 * Summaries of forecast presence, for the forecast questions ("full fibre coverage forecast for 2027", "postcodes
 * with two or more networks forecast by 2030", "CityFibre's forecast footprint each half-year").
 *
 * forecast_footprint is a view with one UNION ALL branch per forecast point over the forecast intervals, so each
 * of those questions finds the DISTINCT postcodes of millions of rows and joins them to upc_output (0.5-1 s on
 * DuckDB at full scale, seconds on PostgreSQL). A network, once forecast at a postcode, stays forecast at every
 * later point, so the same facts fit in three small tables, built once when the warehouse is built or imported:
 *
 * - forecast_network_entry: one row per postcode and network (forecast_footprint.operator) with the first forecast
 *   point at which the network is forecast there (entry_date). The network is in forecast_footprint at point D
 *   exactly when entry_date <= D (and D is a forecast point).
 * - forecast_postcode_entry: one row per postcode with any network forecast: the first forecast point at which at
 *   least one, two, three and four networks are forecast there (first_entry .. fourth_entry, NULL when never).
 *   "At least n networks at D" is exactly entry_n <= D, "exactly n" adds that entry_n+1 is NULL or later than D.
 * - forecast_coverage_by_area: per forecast point, network, local authority and urban/rural class, the postcodes
 *   (and their premises, from upc_output) where the network is forecast; one network's series sums a few thousand
 *   rows instead of expanding every point. Postcodes not in upc_output are left out, as the join leaves them out.
 *
 * All three are plain tables, so both engines (and the PostgreSQL loader, which copies every table) carry them.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { LA_PLACE_COLUMNS } from '../semantic/dimensions.js';

export const FORECAST_NETWORK_ENTRY_TABLE = 'forecast_network_entry';
export const FORECAST_POSTCODE_ENTRY_TABLE = 'forecast_postcode_entry';
export const FORECAST_AREA_TABLE = 'forecast_coverage_by_area';
/** forecast_postcode_entry's columns: the first point with at least 1, 2, 3 and 4 networks forecast. */
export const FORECAST_ENTRY_COLUMNS = ['first_entry', 'second_entry', 'third_entry', 'fourth_entry'] as const;

/** Builds the three summaries (DuckDB, at build or import time) from wh_forecast_intervals and wh_forecast_dates. */
export async function createForecastSummaries(conn: DuckDBConnection): Promise<void> {
  // A network's entry is the first forecast point on or after the earliest valid_from of any of its technologies.
  await conn.run(`CREATE TABLE ${FORECAST_NETWORK_ENTRY_TABLE} AS
    WITH starts AS (
      SELECT postcode, operator, MIN(valid_from) AS valid_from FROM wh_forecast_intervals GROUP BY postcode, operator
    )
    SELECT s.postcode, s.operator, d.reported_at AS entry_date
    FROM starts s ASOF JOIN wh_forecast_dates d ON d.reported_at >= s.valid_from
    ORDER BY s.postcode, s.operator`);
  await conn.run(`CREATE TABLE ${FORECAST_POSTCODE_ENTRY_TABLE} AS
    WITH ranked AS (
      SELECT postcode, entry_date, ROW_NUMBER() OVER (PARTITION BY postcode ORDER BY entry_date) AS n
      FROM ${FORECAST_NETWORK_ENTRY_TABLE}
    )
    SELECT postcode,
      ${FORECAST_ENTRY_COLUMNS.map((c, i) => `MIN(CASE WHEN n = ${i + 1} THEN entry_date END) AS ${c}`).join(',\n      ')}
    FROM ranked GROUP BY postcode ORDER BY postcode`);
  const places = (alias: string) => LA_PLACE_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
  await conn.run(`CREATE TABLE ${FORECAST_AREA_TABLE} AS
    WITH by_entry AS (
      SELECT e.entry_date, e.operator, ${places('u')}, u.urban_rural,
        COUNT(*) AS postcodes, SUM(u.premises) AS premises
      FROM ${FORECAST_NETWORK_ENTRY_TABLE} e JOIN upc_output u ON u.postcode = e.postcode
      GROUP BY ALL
    )
    SELECT d.reported_at, ${places('b')}, b.urban_rural, b.operator,
      CAST(SUM(b.postcodes) AS INTEGER) AS postcodes, CAST(SUM(b.premises) AS DOUBLE) AS premises
    FROM by_entry b JOIN wh_forecast_dates d ON d.reported_at >= b.entry_date
    GROUP BY ALL
    ORDER BY d.reported_at, b.operator, b.la_code, b.urban_rural`);
}
