/**
 * A per-postcode summary of what is on offer at the latest snapshot, for whole-UK questions about the service
 * a postcode has as a whole: "postcodes that can only get ADSL", "best download under 30 Mbit/s", "how many full
 * fibre networks", "Virgin Media the only gigabit option", "premises passed by each technology".
 *
 * Read from fact_operator, each of those questions groups its ~15 million rows by postcode (about a second at full
 * scale on two cores); here the same facts are one row per postcode, computed once when the warehouse is built or
 * imported. It is a plain table, so both engines (and the PostgreSQL loader, which copies every table) carry it.
 *
 * Rules the columns follow, so a filter on them selects exactly the postcodes the long form selects:
 * - every postcode with at least one fact_operator row is here, once; postcodes with no service are not;
 * - fastest_down is MAX(fact_operator.fastest_down) over all operators and technologies;
 * - only_tech is the technology when every row of the postcode has the same one, else NULL;
 * - has_<tech> is true when any row of the postcode has that technology;
 * - networks are operator groups (operators.operator_group); a row whose operator is not in operators counts for
 *   speeds and technologies but for no network, as the inner join to operators leaves it out of network counts;
 * - full_fibre_networks counts the distinct groups with a full-fibre row; gigabit_networks those with a gigabit row,
 *   and sole_gigabit_network names the group when there is exactly one;
 * - meets_uso is true when any row offers the USO's decent broadband (10 Mbit/s down and 1 up), so "below the USO"
 *   is the postcodes where it is false, and those not here at all (no service);
 * - first_full_fibre is MIN(activated_date) over the postcode's full-fibre rows (NULL without full fibre): the
 *   postcode's first full-fibre activation, which the coverage-growth questions accumulate over snapshots.
 * Full fibre, gigabit and the USO are the semantic model's segments (semantic/segments.ts), read from there.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { segmentSql } from '../semantic/model.js';
import { TECHS } from '../semantic/segments.js';

export const POSTCODE_SERVICE_TABLE = 'postcode_service_latest';

/**
 * The same facts per postcode and network (operator group), for questions ranking networks: one row per postcode
 * and group with any fact_operator row (operators not in the operators table are left out, as the inner join to
 * operators leaves them out), with the group's best download there and which technologies it offers there.
 */
export const NETWORK_POSTCODE_TABLE = 'network_postcode_latest';

/** The technologies of fact_operator.tech, each with a has_<tech> flag in the summary. */
export const POSTCODE_SERVICE_TECHS = TECHS;

/** Builds both summaries (DuckDB, at build or import time) from the fact_operator and operators views. */
export async function createPostcodeService(conn: DuckDBConnection): Promise<void> {
  const row = (id: 'full_fibre' | 'gigabit') => segmentSql(id, 'row', { alias: '', engine: 'duckdb' });
  const gigabitGroup = `CASE WHEN ${row('gigabit')} THEN operator_group END`;
  // Rows are first reduced to one per postcode, technology and network (fewer rows for the DISTINCT counts); the
  // USO's test needs both speeds of one row, so it is kept per row group as a flag.
  await conn.run(`CREATE TABLE ${POSTCODE_SERVICE_TABLE} AS
    WITH per_network AS (
      SELECT f.postcode, f.tech, o.operator_group, MAX(f.fastest_down) AS fastest_down,
        bool_or(${segmentSql('below_uso', 'row', { alias: 'f', engine: 'duckdb' })}) AS meets_uso,
        MIN(CASE WHEN ${segmentSql('full_fibre', 'row', { alias: 'f', engine: 'duckdb' })} THEN f.activated_date END) AS first_full_fibre
      FROM fact_operator f LEFT JOIN operators o ON o.operator = f.operator
      GROUP BY f.postcode, f.tech, o.operator_group
    )
    SELECT postcode,
      MAX(fastest_down) AS fastest_down,
      CASE WHEN MIN(tech) = MAX(tech) THEN MIN(tech) END AS only_tech,
      ${POSTCODE_SERVICE_TECHS.map((t) => `bool_or(tech = '${t}') AS has_${t}`).join(',\n      ')},
      bool_or(meets_uso) AS meets_uso,
      CAST(COUNT(DISTINCT CASE WHEN ${row('full_fibre')} THEN operator_group END) AS INTEGER) AS full_fibre_networks,
      CAST(COUNT(DISTINCT ${gigabitGroup}) AS INTEGER) AS gigabit_networks,
      CASE WHEN COUNT(DISTINCT ${gigabitGroup}) = 1 THEN MIN(${gigabitGroup}) END AS sole_gigabit_network,
      MIN(first_full_fibre) AS first_full_fibre
    FROM per_network
    GROUP BY postcode`);
  await conn.run(`CREATE TABLE ${NETWORK_POSTCODE_TABLE} AS
    SELECT f.postcode, o.operator_group, MAX(f.fastest_down) AS fastest_down,
      ${POSTCODE_SERVICE_TECHS.map((t) => `bool_or(f.tech = '${t}') AS has_${t}`).join(',\n      ')},
      MIN(CASE WHEN ${segmentSql('full_fibre', 'row', { alias: 'f', engine: 'duckdb' })} THEN f.activated_date END) AS first_full_fibre
    FROM fact_operator f JOIN operators o ON o.operator = f.operator
    GROUP BY f.postcode, o.operator_group`);
}
