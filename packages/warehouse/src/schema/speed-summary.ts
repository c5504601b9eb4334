/**
 * A pre-aggregated summary of the fastest download speed, for the long time series of speed questions
 * ("gigabit coverage by quarter", "gigabit premises in Wales each month").
 *
 * Read from the change log, those questions find the DISTINCT postcodes over a speed threshold in every snapshot
 * and join each to upc_output: millions of rows per answer, seconds at full scale. The summary holds, for every
 * monthly snapshot, local authority and urban/rural class, how many postcodes (and their premises) have each
 * fastest download speed (the best of any operator and technology there), so the same numbers come from summing
 * the rows of one snapshot (2.4 M rows in all at full scale, 71 snapshots: about 34 thousand per snapshot, fewer
 * for one place) instead of millions of postcode rows. It is a plain table built once when the warehouse is built or imported, so both engines (and
 * the PostgreSQL loader, which copies every table) carry it.
 *
 * Rules the numbers follow, so they equal the long form exactly:
 * - a postcode counts at a snapshot if any row of fact_operator_time_series covers it then; its fastest_down is
 *   the MAX(fastest_down) of those rows, so "fastest_down >= X" here selects exactly the postcodes that
 *   `SELECT DISTINCT postcode FROM fact_operator_time_series WHERE fastest_down >= X` selects at that snapshot;
 * - premises and geography are those of upc_output (the latest snapshot), as in every coverage series;
 * - postcodes not in upc_output are left out, as the join to upc_output leaves them out.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { LA_PLACE_COLUMNS } from '../semantic/dimensions.js';

export const SPEED_SUMMARY_TABLE = 'coverage_by_speed_time_series';

/** The geography columns the summary carries: the places made of whole local authorities (the semantic model's). */
export const SPEED_SUMMARY_GEO_COLUMNS: readonly string[] = LA_PLACE_COLUMNS;

/**
 * Builds the summary (DuckDB, at build or import time) from wh_operator_intervals, wh_months and upc_output.
 * The change log holds intervals of months with constant speeds; per postcode, the months where any interval
 * starts or ends cut the timeline into segments in which the set of live intervals (hence the best speed) is
 * constant. The best speed is taken once per segment, segments are counted per local authority, and only then
 * spread over the months they cover.
 */
export async function createSpeedSummary(conn: DuckDBConnection): Promise<void> {
  const places = (alias: string) => SPEED_SUMMARY_GEO_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
  await conn.run(`CREATE TEMP TABLE wh_speed_segments AS
    WITH latest AS (SELECT MAX(reported_at) AS d FROM wh_months),
    cuts AS (
      SELECT postcode, valid_from AS starts FROM wh_operator_intervals
      UNION
      SELECT i.postcode, CAST(i.valid_to + INTERVAL 1 MONTH AS DATE) FROM wh_operator_intervals i, latest
      WHERE i.valid_to < latest.d
    ),
    segments AS (
      SELECT c.postcode, c.starts,
        COALESCE(CAST(LEAD(c.starts) OVER (PARTITION BY c.postcode ORDER BY c.starts) - INTERVAL 1 MONTH AS DATE), latest.d) AS ends
      FROM cuts c, latest
    )
    SELECT s.postcode, s.starts, s.ends, MAX(i.fastest_down) AS fastest_down
    FROM segments s JOIN wh_operator_intervals i
      ON i.postcode = s.postcode AND i.valid_from <= s.starts AND i.valid_to >= s.starts
    GROUP BY s.postcode, s.starts, s.ends`);
  await conn.run(`CREATE TABLE ${SPEED_SUMMARY_TABLE} AS
    WITH by_la AS (
      SELECT s.starts, s.ends, ${places('u')}, u.urban_rural, s.fastest_down,
        COUNT(*) AS postcodes, SUM(u.premises) AS premises
      FROM wh_speed_segments s JOIN upc_output u ON u.postcode = s.postcode
      GROUP BY ALL
    )
    SELECT m.reported_at, ${places('b')}, b.urban_rural, b.fastest_down,
      CAST(SUM(b.postcodes) AS INTEGER) AS postcodes, CAST(SUM(b.premises) AS DOUBLE) AS premises
    FROM by_la b JOIN wh_months m ON m.reported_at BETWEEN b.starts AND b.ends
    GROUP BY ALL
    ORDER BY m.reported_at, b.la_code, b.urban_rural, b.fastest_down`);
  await conn.run('DROP TABLE wh_speed_segments');
}
