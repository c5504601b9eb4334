/**
 * Step 4 and 6: forecasts, attractiveness, reference tables, calendar tables, the materialised latest snapshot
 * and the contract views.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { snapshotDates, sqlValue } from '../../engine/duckdb-values.js';
import { createAreaSummaries } from '../../schema/area-summary.js';
import { createForecastSummaries } from '../../schema/forecast-summary.js';
import { createPostcodeService } from '../../schema/postcode-service.js';
import { createSpeedSummary } from '../../schema/speed-summary.js';
import { CONTRACT_VIEWS, contractViewDdl, latestViewDdl } from '../../schema/storage.js';
import { FULL_FIBRE } from '../../semantic/segments.js';
import { sqlString } from '../../sql/quote.js';
import {
  ATTRACTIVENESS_DATES,
  CURVE_END_INDEX,
  FORECAST_DATES,
  LATEST_INDEX,
  monthDateSql,
  SNAPSHOT_MONTHS,
} from '../calendar.js';
import { NETWORKS, operatorRows } from '../networks.js';
import { uniformSql } from '../random.js';

const idxToDate = (col: string) => monthDateSql(col);

export async function createCalendarTables(
  conn: DuckDBConnection,
  months: string[] = SNAPSHOT_MONTHS,
): Promise<void> {
  await conn.run('CREATE TABLE wh_months (reported_at DATE NOT NULL PRIMARY KEY)');
  await conn.run(`INSERT INTO wh_months VALUES ${months.map((d) => `(DATE '${d}')`).join(', ')}`);
  await conn.run('CREATE TABLE wh_forecast_dates (reported_at DATE NOT NULL PRIMARY KEY)');
  await conn.run(
    `INSERT INTO wh_forecast_dates VALUES ${FORECAST_DATES.map((d) => `(DATE '${d}')`).join(', ')}`,
  );
  await conn.run('CREATE TABLE wh_attractiveness_dates (reported_at DATE NOT NULL PRIMARY KEY)');
  await conn.run(
    `INSERT INTO wh_attractiveness_dates VALUES ${ATTRACTIVENESS_DATES.map((d) => `(DATE '${d}')`).join(', ')}`,
  );
}

export async function createForecast(conn: DuckDBConnection): Promise<void> {
  const nets = NETWORKS.filter((n) => n.forecast && n.tech === FULL_FIBRE);
  const mapping = nets.map((n) => `(${sqlString(n.id)}, ${sqlString(n.group)})`).join(', ');
  await conn.run(`CREATE TABLE wh_forecast_intervals AS
    WITH f AS (
      SELECT b.pc_id, g.grp, min(b.build_idx) AS idx
      FROM gen_build b JOIN (VALUES ${mapping}) g(net, grp) USING (net)
      WHERE b.build_idx <= ${CURVE_END_INDEX}
      GROUP BY b.pc_id, g.grp
    )
    SELECT p.postcode, f.grp AS operator, ${sqlString(FULL_FIBRE)} AS tech, ${idxToDate('f.idx')} AS valid_from
    FROM f JOIN gen_pc p USING (pc_id)`);
}

/**
 * postcode_attractiveness, a plain table written quarter by quarter (so a filter on the latest quarter reads one
 * twelfth of it, and MAX(reported_at) is cheap): scores before and after full fibre arrives at the postcode.
 */
export async function createAttractiveness(conn: DuckDBConnection, seed: number): Promise<void> {
  const r = (stream: string) => uniformSql(seed, stream, 'p.pc_id');
  await conn.run(`CREATE TEMP TABLE gen_attractiveness AS
    WITH ff AS (
      SELECT b.pc_id, min(b.build_idx) AS idx FROM gen_build b JOIN gen_net n USING (net)
      WHERE n.tech = ${sqlString(FULL_FIBRE)} AND b.build_idx <= ${LATEST_INDEX} GROUP BY b.pc_id
    ), base AS (
      SELECT p.postcode, ff.idx,
        least(1.0, greatest(0.0, 0.12 + 0.3 * (CASE WHEN p.is_urban THEN 0 ELSE 1 END) + 0.3 * (1 - p.att) + 0.28 * ${r('deprivation')})) AS dd,
        least(1.0, greatest(0.0, 0.1 + 0.45 * p.att + 0.2 * least(1.0, p.premises / 30.0) + 0.25 * ${r('attractiveness')})) AS ga
      FROM gen_pc p LEFT JOIN ff ON ff.pc_id = p.pc_id
    )
    SELECT postcode,
      CASE WHEN idx IS NULL THEN NULL ELSE ${idxToDate('idx')} END AS full_fibre_from,
      round(dd, 3) AS dd_before, round(dd * 0.55, 3) AS dd_after,
      round(ga, 3) AS ga_before, round(ga * 0.6, 3) AS ga_after
    FROM base`);
  await conn.run(`CREATE TABLE postcode_attractiveness (
    postcode VARCHAR NOT NULL, reported_at DATE NOT NULL, digital_deprivation DOUBLE NOT NULL,
    general_attractiveness DOUBLE NOT NULL)`);
  for (const d of ATTRACTIVENESS_DATES) {
    await conn.run(`INSERT INTO postcode_attractiveness
      SELECT postcode, DATE '${d}',
        CASE WHEN full_fibre_from <= DATE '${d}' THEN dd_after ELSE dd_before END,
        CASE WHEN full_fibre_from <= DATE '${d}' THEN ga_after ELSE ga_before END
      FROM gen_attractiveness`);
  }
}

export async function createReferenceTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TABLE operators (
    operator VARCHAR NOT NULL PRIMARY KEY, operator_group VARCHAR NOT NULL, network_type VARCHAR NOT NULL,
    is_altnet BOOLEAN NOT NULL)`);
  const rows = operatorRows();
  await conn.run(
    `INSERT INTO operators VALUES ${rows
      .map(
        (o) =>
          `(${sqlValue(o.operator)}, ${sqlValue(o.operator_group)}, ${sqlValue(o.network_type)}, ${o.is_altnet})`,
      )
      .join(', ')}`,
  );
  await conn.run(`CREATE TABLE local_authorities AS
    SELECT l.la_code, l.la_name, l.government_region, l.country,
      (SUM(CAST(round(p.population * 10) AS BIGINT)) / 10.0)::DOUBLE AS population,
      SUM(p.households)::DOUBLE AS households, SUM(p.premises)::DOUBLE AS premises,
      l.latitude, l.longitude
    FROM geo_la l JOIN gen_pc p USING (la_code)
    GROUP BY ALL ORDER BY l.la_code`);
}

/**
 * The latest-snapshot views, the speed summary (read from the change log and upc_output), the per-postcode
 * service summary of the latest snapshot, the forecast summaries and (unless told
 * otherwise) the contract views over the internal tables, then the place summaries read from them.
 */
export async function createLatestAndViews(
  conn: DuckDBConnection,
  latest: string,
  options: { timeSeriesViews?: boolean } = {},
): Promise<void> {
  for (const ddl of Object.values(latestViewDdl(latest))) await conn.run(ddl);
  await createSpeedSummary(conn);
  await createPostcodeService(conn);
  await createForecastSummaries(conn);
  if (options.timeSeriesViews !== false) {
    const ddl = contractViewDdl(await snapshotDates(conn));
    for (const v of CONTRACT_VIEWS) await conn.run(ddl[v]);
  }
  // The place summaries read fact_altnet_time_series (an import has made it already), so they come last.
  await createAreaSummaries(conn);
}

export async function writeMeta(
  conn: DuckDBConnection,
  meta: Record<string, string | number>,
): Promise<void> {
  await conn.run(
    'CREATE TABLE IF NOT EXISTS wh_meta (key VARCHAR NOT NULL PRIMARY KEY, value VARCHAR NOT NULL)',
  );
  for (const [k, v] of Object.entries(meta)) {
    await conn.run(`INSERT OR REPLACE INTO wh_meta VALUES (${sqlString(k)}, ${sqlString(String(v))})`);
  }
}

/**
 * Row counts of every contract table and view for datasetStatus(), computed without expanding the time-series
 * views. `known` supplies counts the caller already has (take_up_postcode, a view the take-up step counted).
 */
export async function rowCounts(
  conn: DuckDBConnection,
  known: Record<string, number> = {},
): Promise<Record<string, number>> {
  const months = (t: string) =>
    `(SELECT coalesce(SUM(date_diff('month', valid_from, valid_to) + 1), 0) FROM ${t})`;
  const views = new Set(
    (await conn.runAndReadAll('SELECT view_name FROM duckdb_views() WHERE NOT internal'))
      .getRowsJson()
      .map((r) => String(r[0])),
  );
  const counted = (name: string, viaIntervals?: string) =>
    known[name] !== undefined
      ? String(known[name])
      : views.has(name) && viaIntervals
        ? viaIntervals
        : `(SELECT count(*) FROM ${name})`;
  const forecastView = `(SELECT coalesce(SUM(g.n * (SELECT count(*) FROM wh_forecast_dates d WHERE d.reported_at >= g.valid_from)), 0)
       FROM (SELECT valid_from, count(*) AS n FROM wh_forecast_intervals GROUP BY valid_from) g)`;
  const sql = `SELECT
    ${counted('upc_output_time_series', months('wh_postcodes'))} AS upc_output_time_series,
    ${counted('upc_output')} AS upc_output,
    ${counted('fact_operator_time_series', months('wh_operator_intervals'))} AS fact_operator_time_series,
    ${counted('fact_operator')} AS fact_operator,
    ${counted('fact_altnet_time_series', months('wh_altnet_intervals'))} AS fact_altnet_time_series,
    ${counted('fact_altnet')} AS fact_altnet,
    ${counted('operators')} AS operators,
    ${counted('local_authorities')} AS local_authorities,
    ${counted('forecast_footprint', forecastView)} AS forecast_footprint,
    ${counted('postcode_attractiveness')} AS postcode_attractiveness,
    ${counted('take_up_quarterly')} AS take_up_quarterly,
    ${counted('take_up_postcode')} AS take_up_postcode`;
  const reader = await conn.runAndReadAll(sql);
  const names = reader.columnNames();
  const row = reader.getRowsJson()[0] ?? [];
  return Object.fromEntries(names.map((n, i) => [`rows.${n}`, Number(row[i] ?? 0)]));
}
