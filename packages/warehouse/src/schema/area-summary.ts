/**
 * Summaries at the grain of places made of whole local authorities, for the questions that count premises or
 * postcodes by local authority, region or nation (or for the whole UK): "full fibre coverage by region", "which
 * local authorities gained the most full fibre in the last 6 months", "rank the networks by full-fibre premises",
 * "which altnets added the most premises in the last year", "average attractiveness by region".
 *
 * The postcode summaries (postcode_service_latest, network_postcode_latest) already say in one row per postcode
 * what is on offer there; each of those questions still joins their 1.7 million postcodes to upc_output for the
 * premises and the place (0.2-0.7 s on DuckDB at full scale, 1-4 s on PostgreSQL). Here the same rows are grouped
 * in advance by place, urban/rural class and every column of the postcode summary, so a condition on those
 * columns (has_fttponly, full_fibre_networks >= 2, first_full_fibre <= D) selects whole groups, and summing a
 * group's postcodes and premises gives exactly what summing its postcodes one by one gives (premises are whole
 * numbers, so a double's sum does not depend on the order). Like cube pre-aggregations: a query may read one
 * when its measure, conditions and grouping are all columns of the summary (the compiler checks that,
 * apps/api/src/analyst/compile/area-paths.ts).
 *
 * - service_by_area: upc_output (every live postcode, with or without service) LEFT JOIN postcode_service_latest,
 *   grouped by place, urban/rural and the service columns, plus altnets (the distinct fact_altnet networks at the
 *   postcode, 0 for none). Postcodes with no service have NULL service columns, so SUM over all rows of a place is
 *   the place's total.
 * - network_by_area: network_postcode_latest joined to upc_output, grouped by place, urban/rural, network and the
 *   network's columns. One network's rows sum to its DISTINCT postcodes; networks overlap, so do not add them.
 * - first_full_fibre_by_area and network_first_full_fibre_by_area: the same for the first full-fibre activation
 *   (has_fttponly, first_full_fibre), of any network (every live postcode) or of each network: the postcodes with
 *   full fibre at snapshot D are those with first_full_fibre <= D (full fibre is never withdrawn).
 * - altnet_by_area_time_series: per monthly snapshot, fact_altnet_time_series' DISTINCT (operator, postcode)
 *   pairs joined to upc_output, counted per place, urban/rural and altnet.
 * - forecast_entry_by_area: upc_output LEFT JOIN forecast_postcode_entry, grouped by place, urban/rural and the
 *   first points with at least one, two, three and four networks forecast (NULL when never), so
 *   "first_entry <= D" selects the postcodes with any network forecast at point D as forecast_postcode_entry does.
 * - network_pair_by_area: every ordered pair of two networks at a postcode (network_postcode_latest joined to
 *   itself), with whether each has full fibre there, counted by place: the rows of one pair (A, B) are the
 *   postcodes where both are, for the overlap questions ("Openreach full fibre and Virgin Media").
 * - forecast_pair_by_area: the same for forecast_network_entry, with each network's entry point: A and B are both
 *   forecast at D where entry_date <= D and other_entry_date <= D.
 * - take_up_by_area: take_up_postcode's lines per quarter, place, urban/rural, operator, technology and segment
 *   (whole numbers, so the sums are exact).
 * - attractiveness_by_area: per quarter of postcode_attractiveness joined to upc_output, per place and urban/rural,
 *   the postcodes scored and, for each score, its sum and how many postcodes have one (AVG's numerator and
 *   denominator). The sum is taken in millionths (whole numbers, so the same in any order of addition and the
 *   build stays deterministic); the generated scores have three decimals, so it is exact, and the average of a
 *   place is AVG's but for the last bits of a double.
 *
 * Premises and geography are those of upc_output (the latest snapshot), as in every coverage question; postcodes
 * not in upc_output are left out, as the join to upc_output leaves them out. All ten are plain tables, so the
 * PostgreSQL loader copies them like every table.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { LA_PLACE_COLUMNS } from '../semantic/dimensions.js';
import { TECHS } from '../semantic/segments.js';
import {
  FORECAST_ENTRY_COLUMNS,
  FORECAST_NETWORK_ENTRY_TABLE,
  FORECAST_POSTCODE_ENTRY_TABLE,
} from './forecast-summary.js';
import { NETWORK_POSTCODE_TABLE, POSTCODE_SERVICE_TABLE } from './postcode-service.js';

export const SERVICE_AREA_TABLE = 'service_by_area';
export const NETWORK_AREA_TABLE = 'network_by_area';
export const FIRST_FULL_FIBRE_AREA_TABLE = 'first_full_fibre_by_area';
export const NETWORK_FIRST_FULL_FIBRE_AREA_TABLE = 'network_first_full_fibre_by_area';
export const ALTNET_AREA_TABLE = 'altnet_by_area_time_series';
export const ATTRACTIVENESS_AREA_TABLE = 'attractiveness_by_area';
export const FORECAST_ENTRY_AREA_TABLE = 'forecast_entry_by_area';
export const NETWORK_PAIR_AREA_TABLE = 'network_pair_by_area';
export const FORECAST_PAIR_AREA_TABLE = 'forecast_pair_by_area';
export const TAKE_UP_AREA_TABLE = 'take_up_by_area';

/** The places and classes every area summary is grouped by (the whole-local-authority places and urban/rural). */
export const AREA_SUMMARY_GEO_COLUMNS: readonly string[] = [...LA_PLACE_COLUMNS, 'urban_rural'];

/**
 * postcode_service_latest's columns (but the postcode and first_full_fibre), each a grouping column of
 * service_by_area. The first activation has a summary of its own: with it, the rows would be four times as many.
 */
export const SERVICE_AREA_COLUMNS: readonly string[] = [
  'fastest_down',
  'only_tech',
  ...TECHS.map((t) => `has_${t}`),
  'meets_uso',
  'full_fibre_networks',
  'gigabit_networks',
  'sole_gigabit_network',
];

/** network_postcode_latest's columns (but the postcode and first_full_fibre), grouped by in network_by_area. */
export const NETWORK_AREA_COLUMNS: readonly string[] = [
  'operator_group',
  'fastest_down',
  ...TECHS.map((t) => `has_${t}`),
];

/** The attractiveness scores attractiveness_by_area sums (`<score>_sum`) and counts (`<score>_count`). */
export const ATTRACTIVENESS_SCORES = ['digital_deprivation', 'general_attractiveness'] as const;

/** Builds the ten summaries (DuckDB, at build or import time), after the postcode and forecast summaries. */
export async function createAreaSummaries(conn: DuckDBConnection): Promise<void> {
  const geo = (alias: string) => AREA_SUMMARY_GEO_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
  const cols = (alias: string, names: readonly string[]) => names.map((c) => `${alias}.${c}`).join(', ');
  const counts = 'CAST(COUNT(*) AS INTEGER) AS postcodes, CAST(SUM(u.premises) AS DOUBLE) AS premises';
  await conn.run(`CREATE TABLE ${SERVICE_AREA_TABLE} AS
    WITH altnets AS (
      SELECT postcode, COUNT(DISTINCT operator) AS altnets FROM fact_altnet GROUP BY postcode
    )
    SELECT ${geo('u')}, ${cols('s', SERVICE_AREA_COLUMNS)},
      CAST(COALESCE(a.altnets, 0) AS INTEGER) AS altnets, ${counts}
    FROM upc_output u
    LEFT JOIN ${POSTCODE_SERVICE_TABLE} s ON s.postcode = u.postcode
    LEFT JOIN altnets a ON a.postcode = u.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${FIRST_FULL_FIBRE_AREA_TABLE} AS
    SELECT ${geo('u')}, s.has_fttponly, s.first_full_fibre, ${counts}
    FROM upc_output u LEFT JOIN ${POSTCODE_SERVICE_TABLE} s ON s.postcode = u.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${NETWORK_FIRST_FULL_FIBRE_AREA_TABLE} AS
    SELECT ${geo('u')}, n.operator_group, n.has_fttponly, n.first_full_fibre, ${counts}
    FROM ${NETWORK_POSTCODE_TABLE} n JOIN upc_output u ON u.postcode = n.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${NETWORK_AREA_TABLE} AS
    SELECT ${geo('u')}, ${cols('n', NETWORK_AREA_COLUMNS)}, ${counts}
    FROM ${NETWORK_POSTCODE_TABLE} n JOIN upc_output u ON u.postcode = n.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${ALTNET_AREA_TABLE} AS
    WITH pairs AS (SELECT DISTINCT reported_at, operator, postcode FROM fact_altnet_time_series)
    SELECT p.reported_at, ${geo('u')}, p.operator, ${counts}
    FROM pairs p JOIN upc_output u ON u.postcode = p.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${FORECAST_ENTRY_AREA_TABLE} AS
    SELECT ${geo('u')}, ${cols('e', FORECAST_ENTRY_COLUMNS)}, ${counts}
    FROM upc_output u LEFT JOIN ${FORECAST_POSTCODE_ENTRY_TABLE} e ON e.postcode = u.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${NETWORK_PAIR_AREA_TABLE} AS
    SELECT ${geo('u')}, a.operator_group, a.has_fttponly, b.operator_group AS other_group,
      b.has_fttponly AS other_has_fttponly, ${counts}
    FROM ${NETWORK_POSTCODE_TABLE} a
    JOIN ${NETWORK_POSTCODE_TABLE} b ON b.postcode = a.postcode AND b.operator_group <> a.operator_group
    JOIN upc_output u ON u.postcode = a.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${FORECAST_PAIR_AREA_TABLE} AS
    SELECT ${geo('u')}, a.operator, a.entry_date, b.operator AS other_operator, b.entry_date AS other_entry_date,
      ${counts}
    FROM ${FORECAST_NETWORK_ENTRY_TABLE} a
    JOIN ${FORECAST_NETWORK_ENTRY_TABLE} b ON b.postcode = a.postcode AND b.operator <> a.operator
    JOIN upc_output u ON u.postcode = a.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${TAKE_UP_AREA_TABLE} AS
    SELECT t.quarter, ${geo('u')}, t.operator, t.tech, t.segment, CAST(SUM(t.lines) AS INTEGER) AS lines
    FROM take_up_postcode t JOIN upc_output u ON u.postcode = t.postcode
    GROUP BY ALL
    ORDER BY ALL`);
  await conn.run(`CREATE TABLE ${ATTRACTIVENESS_AREA_TABLE} AS
    SELECT a.reported_at, ${geo('u')}, CAST(COUNT(*) AS INTEGER) AS postcodes,
      ${ATTRACTIVENESS_SCORES.map((s) => `CAST(SUM(ROUND(a.${s} * 1000000)) / 1000000 AS DOUBLE) AS ${s}_sum, CAST(COUNT(a.${s}) AS INTEGER) AS ${s}_count`).join(', ')}
    FROM postcode_attractiveness a JOIN upc_output u ON u.postcode = a.postcode
    GROUP BY ALL
    ORDER BY ALL`);
}
