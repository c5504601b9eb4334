/**
 * Step 3: the change log. Every (postcode, operator, tech) gets one or more intervals of months with constant
 * speeds: network builds (split where the network's speeds step up), one row per retailer for networks reported
 * per retailer, Virgin's cable before and after its 2021 gigabit upgrade, Openreach copper (FTTC nearly
 * everywhere, ADSL until the September 2023 stop-sell or the arrival of full fibre) and KCOM's copper in Hull.
 * `fact_operator_time_series` is a view joining these intervals to the months they cover.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { FULL_FIBRE } from '../../semantic/segments.js';
import { sqlString } from '../../sql/quote.js';
import { LATEST_INDEX, monthDateSql, monthIndex } from '../calendar.js';
import { COPPER_OPERATORS, KCOM_COPPER_OPERATOR, NETWORKS } from '../networks.js';
import { uniformSql } from '../random.js';

/** Openreach stopped selling ADSL (WLR) nationally from September 2023: the last month it is reported. */
const ADSL_LAST_MONTH_INDEX = monthIndex('2023-08-01');
/**
 * Postcodes on long lines (below superfast at July 2024) partly get FTTC from new cabinets afterwards (ADSL is
 * reported until then).
 */
const LATE_CABINET_SHARE = 0.6;
const LATE_CABINET_FROM = monthIndex('2024-08-01');

const idxToDate = (col: string) => monthDateSql(col);

/**
 * The networks as temporary tables: each network's speed steps (gen_speed), retailers from a month (gen_retailer),
 * technology, group and type (gen_net), and fixed wireless speed ranges (gen_speed_range).
 */
async function createNetworkTables(conn: DuckDBConnection, actual: typeof NETWORKS): Promise<void> {
  const speedRows: string[] = [];
  for (const n of actual) {
    if (!n.speeds) continue;
    n.speeds.forEach((s, i) => {
      const from = monthIndex(s.from);
      const next = n.speeds?.[i + 1];
      const to = next ? monthIndex(next.from) - 1 : LATEST_INDEX;
      speedRows.push(`(${sqlString(n.id)}, ${from}, ${to}, ${s.down}, ${s.up})`);
    });
  }
  await conn.run(
    'CREATE TEMP TABLE gen_speed (net VARCHAR, from_idx INTEGER, to_idx INTEGER, down INTEGER, up INTEGER)',
  );
  await conn.run(`INSERT INTO gen_speed VALUES ${speedRows.join(', ')}`);

  const retailerRows = actual.flatMap((n) =>
    n.retailers.map(
      (rt) => `(${sqlString(n.id)}, ${sqlString(rt.operator)}, ${rt.from ? monthIndex(rt.from) : 0})`,
    ),
  );
  await conn.run('CREATE TEMP TABLE gen_retailer (net VARCHAR, operator VARCHAR, from_idx INTEGER)');
  await conn.run(`INSERT INTO gen_retailer VALUES ${retailerRows.join(', ')}`);

  const netTech = actual.map(
    (n) => `(${sqlString(n.id)}, ${sqlString(n.tech)}, ${sqlString(n.group)}, ${sqlString(n.networkType)})`,
  );
  await conn.run('CREATE TEMP TABLE gen_net (net VARCHAR, tech VARCHAR, grp VARCHAR, network_type VARCHAR)');
  await conn.run(`INSERT INTO gen_net VALUES ${netTech.join(', ')}`);

  const fwaRanges = actual
    .filter((n) => n.speedRange)
    .map(
      (n) =>
        `(${sqlString(n.id)}, ${n.speedRange!.down[0]}, ${n.speedRange!.down[1]}, ${n.speedRange!.up[0]}, ${n.speedRange!.up[1]})`,
    );
  await conn.run(
    'CREATE TEMP TABLE gen_speed_range (net VARCHAR, dmin INTEGER, dmax INTEGER, umin INTEGER, umax INTEGER)',
  );
  if (fwaRanges.length) await conn.run(`INSERT INTO gen_speed_range VALUES ${fwaRanges.join(', ')}`);
}

export async function createIntervals(conn: DuckDBConnection, seed: number): Promise<void> {
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  const actual = NETWORKS.filter((n) => !n.forecastOnly);

  await createNetworkTables(conn, actual);

  // Network-level intervals (month indexes), before retailers.
  await conn.run(`CREATE TEMP TABLE gen_net_iv AS
    WITH built AS (
      SELECT b.net, b.pc_id, p.postcode, b.build_idx::INTEGER AS build_idx, n.tech, n.grp, n.network_type
      FROM gen_build b JOIN gen_net n USING (net) JOIN gen_pc p USING (pc_id)
      WHERE b.build_idx <= ${LATEST_INDEX}
    )
    -- full fibre: one interval per speed step
    SELECT b.net, b.pc_id, b.postcode, b.tech, b.grp, b.network_type, b.build_idx,
      greatest(b.build_idx, s.from_idx) AS from_idx, s.to_idx, s.down, s.up
    FROM built b JOIN gen_speed s USING (net)
    WHERE greatest(b.build_idx, s.from_idx) <= s.to_idx
    UNION ALL
    -- cable: before and after the gigabit upgrade
    SELECT b.net, b.pc_id, b.postcode, b.tech, b.grp, b.network_type, b.build_idx, b.build_idx, u.upgrade_idx - 1,
      CASE WHEN ${r('cable-legacy', 'b.pc_id')} < 0.6 THEN 500 ELSE 350 END,
      CASE WHEN ${r('cable-legacy', 'b.pc_id')} < 0.6 THEN 52 ELSE 36 END
    FROM built b JOIN gen_cable_upgrade u USING (pc_id)
    WHERE b.tech = 'cable' AND b.build_idx < u.upgrade_idx
    UNION ALL
    SELECT b.net, b.pc_id, b.postcode, b.tech, b.grp, b.network_type, b.build_idx, greatest(b.build_idx, u.upgrade_idx), ${LATEST_INDEX},
      1130, 104
    FROM built b JOIN gen_cable_upgrade u USING (pc_id)
    WHERE b.tech = 'cable'
    UNION ALL
    -- fixed wireless: speeds vary by postcode
    SELECT b.net, b.pc_id, b.postcode, b.tech, b.grp, b.network_type, b.build_idx, b.build_idx, ${LATEST_INDEX},
      (g.dmin + round((g.dmax - g.dmin) * ${r('fwa-down', 'b.pc_id')} / 10) * 10)::INTEGER,
      (g.umin + round((g.umax - g.umin) * ${r('fwa-up', 'b.pc_id')}))::INTEGER
    FROM built b JOIN gen_speed_range g USING (net)`);

  // Openreach copper, per postcode.
  await conn.run(`CREATE TEMP TABLE gen_copper AS
    SELECT p.pc_id, p.postcode, p.kcom_area,
      NOT p.kcom_area AND (NOT p.long_line OR ${r('late-cabinet', 'p.pc_id')} < ${LATE_CABINET_SHARE}) AS has_fttc,
      CASE WHEN p.long_line THEN ${LATE_CABINET_FROM} + floor(${LATEST_INDEX - LATE_CABINET_FROM + 1} * ${r('fttc-when', 'p.pc_id')})::INTEGER
        WHEN ${r('fttc-late', 'p.pc_id')} < 0.97 THEN 0 ELSE floor(24 * ${r('fttc-when', 'p.pc_id')})::INTEGER END AS fttc_from,
      (CASE WHEN p.is_urban THEN 40 + floor(40 * ${r('fttc-speed', 'p.pc_id')}) ELSE 30 + floor(35 * ${r('fttc-speed', 'p.pc_id')}) END)::INTEGER AS fttc_down,
      (10 + floor(10 * ${r('fttc-up', 'p.pc_id')}))::INTEGER AS fttc_up,
      -- Below the USO (10 Mbit/s) only where the calibration says so.
      (CASE WHEN coalesce(a.uso, FALSE) THEN 8 + floor(2 * ${r('adsl-speed', 'p.pc_id')})
        ELSE 10 + floor(14 * ${r('adsl-speed', 'p.pc_id')}) END)::INTEGER AS adsl_down,
      b.build_idx::INTEGER AS or_fttp_idx
    FROM gen_pc p LEFT JOIN (SELECT pc_id, build_idx FROM gen_build WHERE net = 'openreach' AND build_idx <= ${LATEST_INDEX}) b
      ON b.pc_id = p.pc_id
      LEFT JOIN gen_arrival a ON a.pc_id = p.pc_id`);

  const copperOps = `(VALUES ${COPPER_OPERATORS.map((o) => `(${sqlString(o)})`).join(', ')}) ops(operator)`;
  await conn.run(`CREATE TABLE wh_operator_intervals (
    postcode VARCHAR NOT NULL, operator VARCHAR NOT NULL, tech VARCHAR NOT NULL, fastest_down INTEGER NOT NULL,
    fastest_up INTEGER NOT NULL, activated_date DATE NOT NULL, valid_from DATE NOT NULL, valid_to DATE NOT NULL)`);
  const parts: string[] = [];
  // Per technology, full fibre first: each technology gets its own row groups (cheap pruning on tech, no sort).
  for (const tech of [FULL_FIBRE, 'cable', 'fwa']) {
    parts.push(`SELECT n.postcode, rt.operator, n.tech, n.down AS fastest_down, n.up AS fastest_up,
        greatest(n.build_idx, rt.from_idx) AS activated_idx, greatest(n.from_idx, rt.from_idx) AS from_idx, n.to_idx
      FROM gen_net_iv n JOIN gen_retailer rt USING (net)
      WHERE n.tech = '${tech}' AND greatest(n.from_idx, rt.from_idx) <= n.to_idx`);
  }
  parts.push(`SELECT c.postcode, ops.operator, 'fttc' AS tech, c.fttc_down AS fastest_down, c.fttc_up AS fastest_up,
      c.fttc_from AS activated_idx, c.fttc_from AS from_idx, ${LATEST_INDEX} AS to_idx
    FROM gen_copper c, ${copperOps} WHERE c.has_fttc
    UNION ALL
    SELECT c.postcode, ${sqlString(KCOM_COPPER_OPERATOR)}, 'fttc', c.fttc_down, c.fttc_up, 0, 0, ${LATEST_INDEX}
    FROM gen_copper c WHERE c.kcom_area`);
  const adslEnd = `CASE WHEN c.has_fttc THEN least(coalesce(c.or_fttp_idx, 999) - 1, greatest(c.fttc_from - 1, ${ADSL_LAST_MONTH_INDEX}))
    ELSE least(coalesce(c.or_fttp_idx, 999) - 1, ${LATEST_INDEX}) END`;
  parts.push(`SELECT c.postcode, ops.operator, 'adsl' AS tech, c.adsl_down AS fastest_down, 1 AS fastest_up,
      0 AS activated_idx, 0 AS from_idx, ${adslEnd} AS to_idx
    FROM gen_copper c, ${copperOps}
    WHERE NOT c.kcom_area AND ${adslEnd} >= 0`);
  // Intervals still open at the latest snapshot are written first and closed ones after, so fact_operator (a filter
  // on valid_to) skips whole row groups of history. The filter is pushed into each part's scans, so every row is
  // still generated once.
  for (const current of [true, false]) {
    for (const part of parts) {
      await conn.run(`INSERT INTO wh_operator_intervals
        SELECT iv.postcode, iv.operator, iv.tech, iv.fastest_down, iv.fastest_up,
          ${idxToDate('iv.activated_idx')}, ${idxToDate('iv.from_idx')}, ${idxToDate('iv.to_idx')}
        FROM (${part}) iv WHERE iv.to_idx ${current ? '=' : '<'} ${LATEST_INDEX}`);
    }
  }

  // Altnets at network level: the canonical operator is the network's own name (CityFibre, not its retailers).
  await conn.run(`CREATE TABLE wh_altnet_intervals AS
    SELECT n.postcode, n.grp AS operator, n.tech, n.down AS fastest_down, n.up AS fastest_up,
      ${idxToDate('n.build_idx')} AS activated_date,
      ${idxToDate('n.from_idx')} AS valid_from,
      ${idxToDate('n.to_idx')} AS valid_to
    FROM gen_net_iv n
    WHERE n.network_type = 'altnet'`);
}
