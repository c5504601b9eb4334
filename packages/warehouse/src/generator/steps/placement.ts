/**
 * Step 2: where and when each network arrives. For every network: its candidate postcodes (area, eventual reach,
 * exclusions), a rollout score (city launch + exchange/district wave + postcode noise + delays for rural,
 * unattractive and cable-served postcodes), then the cumulative premises in score order mapped onto the build
 * curve with an ASOF join: the month a postcode is built is the first month whose curve value reaches its
 * cumulative premises. The result is `gen_build(net, pc_id, build_idx)` (month index from 2021-01; beyond the
 * latest snapshot means forecast only).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { queryObjects } from '../../engine/duckdb-values.js';
import { FULL_FIBRE } from '../../semantic/segments.js';
import { sqlString } from '../../sql/quote.js';
import { CURVE_END_INDEX, monthIndex } from '../calendar.js';
import {
  CABLE_PREMISES_2024,
  COVERAGE_INDEX,
  laTargets,
  nationalFullFibreKnots,
  thetaByMonth,
} from '../coverage.js';
import { normaliseLaName } from '../geography-input.js';
import { NETWORKS, type NetworkDef, networkById } from '../networks.js';
import { uniformSql } from '../random.js';

/** Quieter build months: Christmas and the summer holidays (and a slow restart in January). */
const SEASON: Record<number, number> = { 1: 0.85, 8: 0.7, 12: 0.5 };

/** A deterministic number in [0, 1) from a string and an index (per-network month-to-month wobble). */
function wobble(key: string, i: number): number {
  let h = 2166136261 ^ i;
  for (let k = 0; k < key.length; k++) h = Math.imul(h ^ key.charCodeAt(k), 16777619);
  h = Math.imul(h ^ (h >>> 15), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * Monthly curve values (premises at full scale) from the network's knots. Between two knots the growth is shared
 * out month by month with seasonal dips (December, August) and a per-network wobble, so every knot is hit exactly
 * while the monthly net adds are never a straight line.
 */
export function monthlyCurve(curve: [string, number][], key = '', scale = 1e6): number[] {
  const knots = curve.map(([m, v]) => ({ idx: monthIndex(`${m}-01`), v: v * scale }));
  const first = knots[0]!;
  const last = knots[knots.length - 1]!;
  const out: number[] = [];
  for (let i = 0; i <= CURVE_END_INDEX; i++) out.push(i < first.idx ? 0 : last.v);
  for (let j = 1; j < knots.length; j++) {
    const a = knots[j - 1]!;
    const b = knots[j]!;
    const weights: number[] = [];
    for (let i = a.idx + 1; i <= b.idx; i++) {
      const month = (((i % 12) + 12) % 12) + 1;
      weights.push((SEASON[month] ?? 1) * (0.7 + 0.6 * wobble(key, i)));
    }
    const sum = weights.reduce((s, w) => s + w, 0) || 1;
    let v = a.v;
    for (let i = a.idx; i <= Math.min(b.idx, CURVE_END_INDEX); i++) {
      if (i > a.idx) v += ((b.v - a.v) * weights[i - a.idx - 1]!) / sum;
      if (i >= 0) out[i] = i === b.idx ? b.v : v;
    }
  }
  return out;
}

/** The cable upgrade to DOCSIS 3.1 gigabit during 2021: share of the cable footprint upgraded by month. */
export const CABLE_GIGABIT_UPGRADE: [string, number][] = [
  ['2021-01', 0.25],
  ['2021-09', 0.7],
  ['2021-12', 1],
];

export interface PlacementOptions {
  seed: number;
  /** Generated premises / full-scale premises, so curves scale with the data. */
  premisesRatio: number;
  knownLaKeys: Set<string>;
  warn: (message: string) => void;
}

function areaPredicate(n: NetworkDef, opts: PlacementOptions): string {
  const a = n.area;
  const any: string[] = [];
  if (a.all) any.push('TRUE');
  if (a.countries?.length) any.push(`p.country IN (${a.countries.map(sqlString).join(', ')})`);
  if (a.regions?.length) any.push(`p.government_region IN (${a.regions.map(sqlString).join(', ')})`);
  if (a.las?.length) {
    const keys = a.las.map(normaliseLaName);
    const unknown = a.las.filter((_, i) => !opts.knownLaKeys.has(keys[i]!));
    if (unknown.length > 0)
      opts.warn(`network ${n.id}: local authorities not in the geography: ${unknown.join(', ')}`);
    any.push(`p.la_key IN (${keys.map(sqlString).join(', ')})`);
  }
  if (a.kcomAreaOnly) any.push('p.kcom_area');
  const all: string[] = [any.length ? `(${any.join(' OR ')})` : 'FALSE'];
  if (a.excludeKcomArea) all.push('NOT p.kcom_area');
  if (a.excludeNetworks?.length) {
    all.push(
      `p.pc_id NOT IN (SELECT pc_id FROM gen_build WHERE net IN (${a.excludeNetworks.map(sqlString).join(', ')}))`,
    );
  }
  if (a.withinNetwork)
    all.push(`p.pc_id IN (SELECT pc_id FROM gen_build WHERE net = ${sqlString(a.withinNetwork)})`);
  if (a.nearNetwork) {
    all.push(`p.la_code IN (
      SELECT q.la_code FROM gen_place q LEFT JOIN (SELECT pc_id FROM gen_build WHERE net = ${sqlString(a.nearNetwork)}) b
        ON b.pc_id = q.pc_id
      GROUP BY q.la_code HAVING count(b.pc_id) >= 0.1 * count(*))`);
  }
  return all.join(' AND ');
}

function regionDelaySql(n: NetworkDef): string {
  const entries = Object.entries(n.regionDelay ?? {});
  if (entries.length === 0) return '0';
  return `(CASE p.government_region ${entries.map(([region, d]) => `WHEN ${sqlString(region)} THEN ${d}`).join(' ')} ELSE 0 END)`;
}

function clusterKey(n: NetworkDef): string {
  switch (n.cluster) {
    case 'exchange':
      return 'p.exchange_code';
    case 'district':
      return 'p.postcode_district';
    default:
      return 'p.la_code';
  }
}

async function insertCurve(
  conn: DuckDBConnection,
  net: string,
  values: number[],
  ratio: number,
): Promise<void> {
  const rows = values
    .map((v, i) => `(${sqlString(net)}, ${i}, ${(v * ratio + i * 1e-6).toFixed(6)})`)
    .join(', ');
  await conn.run(`INSERT INTO gen_curve VALUES ${rows}`);
}

const SMALL_URBAN_REACH_OF_BLOCK_BUILDERS = 0.02;
const VIRGIN_NETWORKS = ['virgin_cable', 'virgin_rfog', 'nexfibre'];
const ALTNET_NETWORKS = NETWORKS.filter((n) => n.networkType === 'altnet').map((n) => n.id);
/** Eventual footprint kept at least this much above the 2030 curve, so no network runs out of postcodes. */
const CAPACITY_HEADROOM = 1.25;

/**
 * The network's reach factor per postcode: 1, or its thin share in the authorities where it stays thin; in
 * thousandths when `perMille`, so that sums of premises weighted by it stay whole numbers (exact in any order).
 */
function thinFactorSql(n: NetworkDef, perMille = false): string {
  const unit = perMille ? 1000 : 1;
  if (!n.thin) return String(unit);
  return `(CASE WHEN p.la_key IN (${n.thin.las.map((la) => sqlString(normaliseLaName(la))).join(', ')}) THEN ${Math.round(n.thin.share * 1000) / (1000 / unit)} ELSE ${unit} END)`;
}

function reachSql(n: NetworkDef, reach: { urban: number; rural: number }): string {
  const base = n.largePostcodesOnly
    ? `CASE WHEN p.is_large THEN ${reach.urban} WHEN p.is_urban THEN ${SMALL_URBAN_REACH_OF_BLOCK_BUILDERS} ELSE ${reach.rural} END`
    : `CASE WHEN p.is_urban THEN ${reach.urban} ELSE ${reach.rural} END`;
  return n.thin ? `(${base}) * ${thinFactorSql(n)}` : base;
}

/**
 * The reach that leaves the network enough postcodes for its whole curve: the configured reach, scaled up (up to
 * every postcode of its area) when the area's premises at that reach fall short of the 2030 curve value.
 */
async function effectiveReach(
  conn: DuckDBConnection,
  n: NetworkDef,
  opts: PlacementOptions,
): Promise<{ urban: number; rural: number }> {
  const reader = await conn.runAndReadAll(`SELECT
      coalesce(SUM(CASE WHEN ${n.largePostcodesOnly ? 'p.is_large' : 'p.is_urban'} THEN p.premises * ${thinFactorSql(n, true)} END), 0) / 1000 AS a_urban,
      coalesce(SUM(CASE WHEN NOT p.is_urban THEN p.premises * ${thinFactorSql(n, true)} END), 0) / 1000 AS a_rural,
      coalesce(SUM(CASE WHEN p.is_urban AND ${n.largePostcodesOnly ? 'NOT p.is_large' : 'FALSE'} THEN p.premises * ${thinFactorSql(n, true)} END), 0) / 1000 AS a_small
    FROM gen_place p WHERE ${areaPredicate(n, opts)}`);
  const [aUrban, aRural, aSmall] = (reader.getRowsJson()[0] ?? []).map(Number) as [number, number, number];
  const needed = CAPACITY_HEADROOM * (monthlyCurve(n.curve).at(-1) ?? 0) * opts.premisesRatio;
  const capacity = (f: number) =>
    Math.min(1, n.reach.urban * f) * aUrban +
    Math.min(1, n.reach.rural * f) * aRural +
    SMALL_URBAN_REACH_OF_BLOCK_BUILDERS * aSmall;
  if (capacity(1) >= needed) return n.reach;
  let lo = 1;
  let hi = 1 / Math.max(1e-6, Math.min(n.reach.urban || 1, n.reach.rural || 1));
  if (capacity(hi) < needed) {
    // Even every postcode of the area leaves little headroom: take them all (the curve may flatten at the end).
    if (capacity(hi) < needed / CAPACITY_HEADROOM) {
      opts.warn(
        `network ${n.id}: its area holds ${Math.round(capacity(hi) / opts.premisesRatio).toLocaleString('en-GB')} premises at full scale, below the end of its curve; it saturates early`,
      );
    }
    return { urban: Math.min(1, n.reach.urban * hi), rural: Math.min(1, n.reach.rural * hi) };
  }
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (capacity(mid) >= needed) hi = mid;
    else lo = mid;
  }
  return { urban: Math.min(1, n.reach.urban * hi), rural: Math.min(1, n.reach.rural * hi) };
}

/** Full-fibre networks whose build is tied to the calibrated arrival of full fibre (not forecast-only ones). */
function arrivalBound(n: NetworkDef): boolean {
  return n.tech === FULL_FIBRE && !n.forecastOnly;
}

/**
 * Months of jitter per unit of a network's own rollout score: a full-fibre network builds roughly when full fibre
 * reaches a postcode, in its own order (city launches, districts, urban first) within about a year of it.
 */
const ARRIVAL_JITTER_MONTHS = 100;
/** Openreach's overbuild follows full fibre's arrival more closely (its own order matters within a year or so). */
const OPENREACH_JITTER_MONTHS = 12;

function candidateSql(
  n: NetworkDef,
  opts: PlacementOptions,
  reachValues: { urban: number; rural: number },
  extraWhere = 'TRUE',
  enforceArrival = false,
): string {
  const { seed } = opts;
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  const w = n.weights;
  const reach = reachSql(n, reachValues);
  const own = `${w.la} * ${r(`la:${n.id}`, 'p.la_code')}
      + ${w.cluster} * ${r(`cluster:${n.id}`, clusterKey(n))}
      + ${w.postcode} * ${r(`postcode:${n.id}`, 'p.pc_id')}
      + ${w.rural} * (CASE WHEN p.is_urban THEN 0 ELSE 1 END)
      + ${w.attractiveness} * (1 - p.att)
      + ${w.cable} * (CASE WHEN p.is_cable THEN 1 ELSE 0 END)
      + ${w.virginFibre ?? 0} * (CASE WHEN p.is_virgin_fibre THEN 1 ELSE 0 END)
      + ${w.shared ?? 0} * ${r('shared-district', 'p.postcode_district')}
      + ${w.altnets ?? 0} * (CASE WHEN p.is_altnet THEN 1 ELSE 0 END)
      + ${w.longLine ?? 0} * (CASE WHEN p.long_line THEN 1 ELSE 0 END)
      + ${regionDelaySql(n)}`;
  const bound = arrivalBound(n);
  return `SELECT ${sqlString(n.id)} AS net, p.pc_id, p.premises,
      ${bound && enforceArrival ? 'p.arrival' : n.tech === 'fwa' ? `CASE WHEN p.long_line THEN ${COVERAGE_INDEX + 1} END` : 'NULL'}::SMALLINT AS arrival,
      ${bound ? `p.arrival + ${n.id === 'openreach' ? OPENREACH_JITTER_MONTHS : ARRIVAL_JITTER_MONTHS} * (${own})` : own} AS score
    FROM gen_place p
    WHERE ${areaPredicate(n, opts)}
      AND ${r(`reach:${n.id}`, 'p.pc_id')} < ${reach}
      ${n.tech === FULL_FIBRE ? 'AND p.arrival IS NOT NULL' : ''}
      AND ${extraWhere}`;
}

/**
 * Places a batch of independent networks in one pass: one window per network over its candidates. A full-fibre
 * network never arrives before full fibre's calibrated arrival at the postcode (it may come later: overbuild).
 */
async function placeBatch(
  conn: DuckDBConnection,
  nets: NetworkDef[],
  opts: PlacementOptions,
  curveOf: (n: NetworkDef) => string = (n) => n.id,
  extraWhere?: string,
  enforceArrival = false,
): Promise<void> {
  const candidates: string[] = [];
  for (const n of nets)
    candidates.push(
      `SELECT c.*, ${sqlString(curveOf(n))} AS curve FROM (${candidateSql(n, opts, await effectiveReach(conn, n, opts), extraWhere, enforceArrival)}) c`,
    );
  await conn.run(`INSERT INTO gen_build
    WITH cand AS (
      ${candidates.join('\n      UNION ALL\n      ')}
    ), cum AS (
      SELECT net, curve, pc_id, arrival,
        SUM(premises) OVER (PARTITION BY net ORDER BY score, pc_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum
      FROM cand
    )
    SELECT cum.net, cum.pc_id, greatest(k.idx, coalesce(cum.arrival, 0))::SMALLINT
    FROM cum ASOF JOIN gen_curve k ON cum.curve = k.net AND cum.cum <= k.target`);
}

/** Networks placed by the calibration itself rather than by their own curve alone. */
const CALIBRATED = new Set(['virgin_cable', 'openreach', 'kcom']);

/**
 * The calibration to Ofcom's authorities (see coverage.ts). Per authority: Virgin's cable on its most urban
 * postcodes up to the authority's cable share; then two pools (cabled, not cabled), each with an order in which
 * full fibre arrives (exchange by exchange, urban and attractive first) and its own level at 2024-07, moved along
 * the national curve by theta(t). A postcode's full-fibre arrival is the first month its pool's share reaches its
 * place in that order. The copper of the last postcodes in the uncabled order stays below superfast.
 * Creates gen_cov, gen_pool (pc_id, is_cable, arrival, slow, uso) and Virgin's cable builds.
 */
async function calibrateArrival(conn: DuckDBConnection, opts: PlacementOptions): Promise<void> {
  const { seed } = opts;
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  const las = (
    await queryObjects<{ la_code: string; premises: number; kcom: number }>(
      conn,
      `SELECT la_code, SUM(premises)::DOUBLE AS premises,
         SUM(CASE WHEN kcom_area THEN premises ELSE 0 END)::DOUBLE / greatest(SUM(premises), 1) AS kcom
       FROM gen_pc GROUP BY la_code ORDER BY la_code`,
    )
  ).map((x) => ({ la_code: x.la_code, premises: Number(x.premises), kcom: Number(x.kcom) > 0.9 }));
  const targets = laTargets(las, CABLE_PREMISES_2024 * opts.premisesRatio);
  await conn.run(
    'CREATE TEMP TABLE gen_cov (la_code VARCHAR, ff DOUBLE, cable DOUBLE, cable_ff DOUBLE, slow DOUBLE, uso DOUBLE)',
  );
  await conn.run(
    `INSERT INTO gen_cov VALUES ${targets.map((t) => `(${sqlString(t.la_code)}, ${t.ff}, ${t.cable}, ${t.cable_ff}, ${t.slow}, ${t.uso})`).join(', ')}`,
  );
  const cum = (partition: string, order: string) =>
    `(SUM(premises) OVER (PARTITION BY ${partition} ORDER BY ${order}, pc_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - premises / 2.0)`;
  await conn.run(`CREATE TEMP TABLE gen_order AS
    WITH s AS (
      SELECT p.pc_id, p.la_code, p.premises, p.kcom_area,
        (CASE WHEN p.kcom_area THEN 100 ELSE 0 END) + (CASE WHEN p.is_urban THEN 0 ELSE 1 END)
          + 0.6 * ${r('cable-exchange', 'p.exchange_code')} + 0.3 * ${r('cable-postcode', 'p.pc_id')} AS cable_score,
        0.35 * (CASE WHEN p.is_urban THEN 0 ELSE 1 END) + 0.2 * (1 - p.att)
          + ${r('ff-exchange', 'p.exchange_code')} + 0.25 * ${r('ff-postcode', 'p.pc_id')} AS ff_score
      FROM gen_pc p
    ), c AS (
      SELECT s.*, ${cum('la_code', 'cable_score')} / SUM(premises) OVER (PARTITION BY la_code) AS cable_pos
      FROM s
    )
    SELECT c.pc_id, c.la_code, c.premises, c.ff_score, NOT c.kcom_area AND c.cable_pos < v.cable AS is_cable
    FROM c JOIN gen_cov v USING (la_code)`);
  await conn.run(`CREATE TEMP TABLE gen_pool AS
    WITH o AS (
      SELECT o.*, ${cum('la_code, is_cable', 'ff_score')} / SUM(premises) OVER (PARTITION BY la_code, is_cable) AS pos,
        SUM(premises) OVER (PARTITION BY la_code, is_cable) AS pool_premises,
        SUM(premises) OVER (PARTITION BY la_code) AS la_premises
      FROM gen_order o
    )
    SELECT o.pc_id, o.la_code, o.premises, o.is_cable, o.pool_premises, o.la_premises, o.pos,
      least(0.998, greatest(0.002, (CASE WHEN o.is_cable THEN v.cable_ff ELSE v.ff - v.cable_ff END)
        * o.la_premises / o.pool_premises)) AS level
    FROM o JOIN gen_cov v USING (la_code)`);
  const pools = (
    await queryObjects<{ premises: number; level: number }>(
      conn,
      // Ordered: floating-point sums must not depend on the order DuckDB's threads return groups in.
      'SELECT any_value(pool_premises)::DOUBLE AS premises, any_value(level) AS level FROM gen_pool GROUP BY la_code, is_cable ORDER BY la_code, is_cable',
    )
  ).map((x) => ({ premises: Number(x.premises), level: Number(x.level) }));
  const total = pools.reduce((a, x) => a + x.premises, 0);
  const at2024 = pools.reduce((a, x) => a + x.premises * x.level, 0) / Math.max(1, total);
  const theta = thetaByMonth(pools, monthlyCurve(nationalFullFibreKnots(at2024), 'full-fibre', 1));
  await conn.run('CREATE TEMP TABLE gen_theta (idx INTEGER, theta DOUBLE)');
  await conn.run(`INSERT INTO gen_theta VALUES ${theta.map((t, i) => `(${i}, ${t})`).join(', ')}`);
  // Slow copper: the uncabled postcodes last in the full-fibre order, up to the authority's share below 30 Mbit/s
  // (the very last of them below 10 Mbit/s, the USO).
  await conn.run(`CREATE TEMP TABLE gen_arrival AS
    WITH q AS (
      SELECT p.*, ln(least(0.9999, greatest(0.0001, p.pos)) / (1 - least(0.9999, greatest(0.0001, p.pos))))
        - ln(p.level / (1 - p.level)) AS q
      FROM gen_pool p
    ), a AS (
      SELECT q.*, k.idx::SMALLINT AS arrival FROM q ASOF LEFT JOIN gen_theta k ON q.q <= k.theta
    ), tail AS (
      SELECT a.*, (SUM(CASE WHEN a.is_cable THEN 0 ELSE a.premises END) OVER (PARTITION BY a.la_code
          ORDER BY a.q DESC, a.pc_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - a.premises / 2.0) / a.la_premises AS from_end
      FROM a
    )
    SELECT t.pc_id, t.is_cable, t.arrival,
      NOT t.is_cable AND t.from_end < v.slow AS slow,
      NOT t.is_cable AND t.from_end < v.uso AS uso
    FROM tail t JOIN gen_cov v USING (la_code)`);
  await conn.run(
    'UPDATE wh_postcodes SET long_line = s.slow FROM gen_arrival s WHERE s.pc_id = wh_postcodes.pc_id',
  );
  // Virgin's cable: nearly all of it there from the start, a little built since (Lightning infill, tailing off).
  await conn.run(`INSERT INTO gen_build
    SELECT 'virgin_cable', pc_id,
      (CASE WHEN ${r('cable-late', 'pc_id')} < 0.985 THEN 0
        ELSE 1 + floor(69 * pow(${r('cable-when', 'pc_id')}, 2)) END)::SMALLINT
    FROM gen_arrival WHERE is_cable`);
}

/** A network building within this many months of full fibre's arrival is taken to be the one that brought it. */
const SNAP_MONTHS = 8;

/**
 * Second pass of the arrival, pool by pool (authority x cabled or not), keeping the pool's calibrated share month
 * by month: the other full-fibre networks (placed on their own curves) bring full fibre where they build, in the
 * month they build (held back only when they alone would run ahead of the pool's share); the rest of each month's
 * share goes to the remaining postcodes in the pool's order, slow-copper postcodes last. A network's build then
 * moves to the postcode's arrival when it is at most SNAP_MONTHS later, and never comes before it.
 */
async function rekeyArrival(conn: DuckDBConnection, opts: PlacementOptions): Promise<void> {
  void opts;
  const ffNets = NETWORKS.filter((n) => arrivalBound(n) && !CALIBRATED.has(n.id)).map((n) => sqlString(n.id));
  const running = (order: string) =>
    `SUM(premises) OVER (PARTITION BY la_code, is_cable ORDER BY ${order}, pc_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
  await conn.run(`CREATE TEMP TABLE gen_pool_n AS
    SELECT l.la_code, l.is_cable, t.idx,
      l.pool_premises / (1 + exp(-(ln(l.level / (1 - l.level)) + t.theta))) AS n
    FROM (SELECT DISTINCT la_code, is_cable, pool_premises, level FROM gen_pool) l CROSS JOIN gen_theta t`);
  await conn.run(`CREATE TEMP TABLE gen_arrival_q AS SELECT * FROM gen_arrival`);
  await conn.run('DROP TABLE gen_arrival');
  await conn.run(`CREATE TEMP TABLE gen_key AS
    WITH f AS (
      SELECT pc_id, min(build_idx) AS m FROM gen_build WHERE net IN (${ffNets.join(', ')}) GROUP BY pc_id
    )
    SELECT p.pc_id, p.la_code, p.is_cable, p.premises, a.slow, a.uso, a.arrival AS arrival_q, o.ff_score,
      CASE WHEN a.slow THEN NULL ELSE f.m END AS m
    FROM gen_pool p JOIN gen_arrival_q a USING (pc_id) JOIN gen_order o USING (pc_id) LEFT JOIN f USING (pc_id)`);
  // Postcodes other networks reach: in the month they build, unless the pool's share is already used up, or
  // earlier when the rest of the pool cannot make up the pool's share (full fibre came first from Openreach).
  await conn.run(`CREATE TEMP TABLE gen_pool_pull AS
    WITH rest AS (SELECT la_code, is_cable, SUM(premises) AS supply FROM gen_key WHERE m IS NULL AND NOT slow GROUP BY ALL)
    SELECT n.la_code, n.is_cable, n.idx, n.n - coalesce(r.supply, 0) AS n FROM gen_pool_n n LEFT JOIN rest r USING (la_code, is_cable)`);
  await conn.run(`CREATE TEMP TABLE gen_arrival_o AS
    WITH c AS (SELECT k.*, ${running('m, ff_score')} AS cum FROM gen_key k WHERE m IS NOT NULL),
    capped AS (
      SELECT c.*, t.idx AS cap_idx
      FROM c ASOF LEFT JOIN gen_pool_n t ON c.la_code = t.la_code AND c.is_cable = t.is_cable AND c.cum <= t.n
    )
    SELECT c.pc_id, CASE WHEN c.cap_idx IS NULL THEN NULL
      ELSE greatest(least(c.m, coalesce(t.idx, 999)), c.cap_idx) END::SMALLINT AS arrival
    FROM capped c ASOF LEFT JOIN gen_pool_pull t ON c.la_code = t.la_code AND c.is_cable = t.is_cable AND c.cum <= t.n`);
  // What each month leaves for the rest: the least of what it and every later month leave, so the pool never runs
  // ahead of its share when the other networks arrive later.
  await conn.run(`CREATE TEMP TABLE gen_pool_rest AS
    WITH o AS (
      SELECT k.la_code, k.is_cable, a.arrival AS idx, SUM(k.premises) AS premises
      FROM gen_key k JOIN gen_arrival_o a USING (pc_id) WHERE a.arrival IS NOT NULL GROUP BY ALL
    ), r AS (
      SELECT n.la_code, n.is_cable, n.idx,
        n.n - coalesce(SUM(o.premises) OVER (PARTITION BY n.la_code, n.is_cable ORDER BY n.idx
          ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), 0) AS rest
      FROM gen_pool_n n LEFT JOIN o USING (la_code, is_cable, idx)
    )
    SELECT la_code, is_cable, idx,
      greatest(0, min(rest) OVER (PARTITION BY la_code, is_cable ORDER BY idx ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING))
        + idx * 1e-9 AS rest
    FROM r`);
  await conn.run(`CREATE TEMP TABLE gen_arrival AS
    WITH c AS (
      SELECT k.*, ${running('slow, coalesce(arrival_q, 999), ff_score')} AS cum FROM gen_key k
      WHERE k.pc_id NOT IN (SELECT pc_id FROM gen_arrival_o)
    )
    SELECT c.pc_id, c.is_cable, t.idx::SMALLINT AS arrival, c.slow, c.uso
    FROM c ASOF LEFT JOIN gen_pool_rest t ON c.la_code = t.la_code AND c.is_cable = t.is_cable AND c.cum <= t.rest
    UNION ALL
    SELECT k.pc_id, k.is_cable, a.arrival, k.slow, k.uso FROM gen_key k JOIN gen_arrival_o a USING (pc_id)`);
  await conn.run(`CREATE TEMP TABLE gen_build_raw AS SELECT * FROM gen_build`);
  await conn.run('DELETE FROM gen_build');
  await conn.run(`INSERT INTO gen_build
    SELECT b.net, b.pc_id,
      CASE WHEN b.net NOT IN (${ffNets.join(', ')}) THEN b.build_idx
           WHEN a.arrival IS NULL THEN NULL
           WHEN b.build_idx <= a.arrival + ${SNAP_MONTHS} THEN a.arrival
           ELSE b.build_idx END::SMALLINT
    FROM gen_build_raw b JOIN gen_arrival a USING (pc_id)`);
  await conn.run('DELETE FROM gen_build WHERE build_idx IS NULL');
}

/**
 * Full fibre's arrival is exact: where no other network arrives in the calibrated month, Openreach does (KCOM in
 * Hull), and Openreach then overbuilds elsewhere up to its own national curve.
 */
async function fillWithOpenreach(conn: DuckDBConnection, opts: PlacementOptions): Promise<void> {
  const ffNets = NETWORKS.filter((n) => arrivalBound(n) && !CALIBRATED.has(n.id)).map((n) => sqlString(n.id));
  await conn.run(`CREATE TEMP TABLE gen_fill AS
    SELECT p.pc_id, p.arrival, p.kcom_area, p.premises
    FROM gen_place p
    WHERE p.arrival IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM gen_build b WHERE b.pc_id = p.pc_id AND b.net IN (${ffNets.join(', ')}) AND b.build_idx <= p.arrival)`);
  await conn.run(`INSERT INTO gen_build
    SELECT CASE WHEN kcom_area THEN 'kcom' ELSE 'openreach' END, pc_id, arrival FROM gen_fill`);
  // KCOM is the full-fibre network of its whole area.
  await conn.run(`INSERT INTO gen_build
    SELECT 'kcom', p.pc_id, p.arrival FROM gen_place p
    WHERE p.kcom_area AND p.arrival IS NOT NULL AND p.pc_id NOT IN (SELECT pc_id FROM gen_fill)`);
  const filled = await queryObjects<{ idx: number; premises: number }>(
    conn,
    `SELECT arrival AS idx, SUM(premises)::DOUBLE AS premises FROM gen_fill WHERE NOT kcom_area GROUP BY arrival`,
  );
  const byIdx = new Map(filled.map((x) => [Number(x.idx), Number(x.premises)]));
  const curve = monthlyCurve(networkById('openreach').curve, 'openreach');
  let filledSoFar = 0;
  let extra = 0;
  const extraCurve = curve.map((v, i) => {
    filledSoFar += byIdx.get(i) ?? 0;
    extra = Math.max(extra, v * opts.premisesRatio - filledSoFar);
    return extra / opts.premisesRatio;
  });
  await insertCurve(conn, 'openreach_extra', extraCurve, opts.premisesRatio);
  await placeBatch(
    conn,
    [networkById('openreach')],
    opts,
    () => 'openreach_extra',
    // Openreach rarely overbuilds where an altnet and Virgin's fibre both already are (3+ networks are few).
    `p.pc_id NOT IN (SELECT pc_id FROM gen_fill) AND NOT (p.is_altnet AND p.is_virgin_fibre)
      AND NOT (p.altnets >= 2 AND ${uniformSql(opts.seed, 'openreach-multi', 'p.pc_id')} < 0.65) AND p.altnets < 3`,
    true,
  );
}

/**
 * Where three full-fibre networks have already built, the business case for a fourth is thin: at this share of
 * such postcodes the fourth (and any later) builder stays away. Openreach and KCOM, which bring full fibre where
 * nobody else does, always build; so do forecast-only upgrades.
 */
const FOURTH_NETWORK_STAYS_AWAY = 0.18;

async function thinFourthNetworks(conn: DuckDBConnection, opts: PlacementOptions): Promise<void> {
  const ff = NETWORKS.filter((n) => n.tech === FULL_FIBRE);
  const groups = `(VALUES ${ff.map((n) => `(${sqlString(n.id)}, ${sqlString(n.group)}, ${n.id !== 'openreach' && n.id !== 'kcom' && !n.forecastOnly})`).join(', ')}) g(net, grp, optional)`;
  // Each postcode's full-fibre groups in the order they arrive; same-month arrivals in a fixed pseudo-random
  // order (hash, then the name), so the ranking is a total order.
  await conn.run(`DELETE FROM gen_build WHERE (pc_id, net) IN (
    WITH firsts AS (
      SELECT b.pc_id, g.grp, min(b.build_idx) AS first
      FROM gen_build b JOIN ${groups} USING (net) GROUP BY b.pc_id, g.grp
    ), ranked AS (
      SELECT pc_id, grp, row_number() OVER (PARTITION BY pc_id
          ORDER BY first, ${uniformSql(opts.seed, 'arrival-order', 'pc_id', 'grp')}, grp) AS rank
      FROM firsts
    )
    SELECT b.pc_id, b.net FROM gen_build b JOIN ${groups} USING (net) JOIN ranked r ON r.pc_id = b.pc_id AND r.grp = g.grp
    WHERE r.rank >= 4 AND g.optional AND ${uniformSql(opts.seed, 'fourth-network', 'b.pc_id')} < ${FOURTH_NETWORK_STAYS_AWAY})`);
}

export async function placeNetworks(conn: DuckDBConnection, opts: PlacementOptions): Promise<void> {
  const { seed } = opts;
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  await conn.run('CREATE TEMP TABLE gen_curve (net VARCHAR, idx INTEGER, target DOUBLE)');
  await conn.run('CREATE TEMP TABLE gen_build (net VARCHAR, pc_id INTEGER, build_idx SMALLINT)');
  for (const n of NETWORKS) await insertCurve(conn, n.id, monthlyCurve(n.curve, n.id), opts.premisesRatio);
  await calibrateArrival(conn, opts);
  const placeColumns = `pc_id, premises, la_code, la_key, country, government_region, exchange_code, postcode_district,
    is_urban, is_large, att, kcom_area, long_line`;
  const createPlace = async () => {
    await conn.run('DROP TABLE IF EXISTS gen_place');
    await conn.run(`CREATE TEMP TABLE gen_place AS
        SELECT ${placeColumns.replace(/(\w+)/g, 'p.$1')}, s.arrival, c.pc_id IS NOT NULL AS is_cable,
          v.pc_id IS NOT NULL AS is_virgin_fibre, a.pc_id IS NOT NULL AS is_altnet, coalesce(a.altnets, 0) AS altnets
        FROM gen_pc p
        JOIN gen_arrival s ON s.pc_id = p.pc_id
        LEFT JOIN (SELECT pc_id FROM gen_build WHERE net = 'virgin_cable') c ON c.pc_id = p.pc_id
        LEFT JOIN (SELECT DISTINCT pc_id FROM gen_build WHERE net IN ('virgin_rfog', 'nexfibre')) v
          ON v.pc_id = p.pc_id
        LEFT JOIN (SELECT pc_id, count(DISTINCT net) AS altnets FROM gen_build
            WHERE net IN (${ALTNET_NETWORKS.map(sqlString).join(', ')}) GROUP BY pc_id) a
          ON a.pc_id = p.pc_id`);
  };
  await createPlace();

  // Virgin first: networks with a `cable` weight go elsewhere first where Virgin (cable, its own fibre or nexfibre)
  // already is or will be, so they are placed once Virgin's footprint is known. Openreach and KCOM come last.
  const deps = (n: NetworkDef) => [
    ...(n.area.excludeNetworks ?? []),
    ...(n.area.withinNetwork ? [n.area.withinNetwork] : []),
    ...(n.area.nearNetwork ? [n.area.nearNetwork] : []),
    ...(n.weights.cable > 0 || (n.weights.virginFibre ?? 0) > 0 ? VIRGIN_NETWORKS : []),
    ...((n.weights.altnets ?? 0) > 0 ? ALTNET_NETWORKS : []),
  ];
  const placed = new Set<string>(['virgin_cable']);
  // Which footprint flags of gen_place are up to date; rebuilt only when a batch needs a flag that is stale.
  const reflected = new Set<string>(['cable']);
  const needs = (n: NetworkDef) => [
    ...(n.weights.cable > 0 ? ['cable'] : []),
    ...((n.weights.virginFibre ?? 0) > 0 ? ['virgin_fibre'] : []),
    ...((n.weights.altnets ?? 0) > 0 ? ['altnet'] : []),
  ];
  let pending = NETWORKS.filter((n) => !CALIBRATED.has(n.id));
  while (pending.length > 0) {
    const batch = pending.filter((n) => deps(n).every((d) => placed.has(d)));
    if (batch.length === 0)
      throw new Error(`network dependencies cannot be resolved: ${pending.map((n) => n.id).join(', ')}`);
    if (batch.some((n) => needs(n).some((f) => !reflected.has(f)))) {
      await createPlace();
      if (placed.has('virgin_rfog') && placed.has('nexfibre')) reflected.add('virgin_fibre');
      if (ALTNET_NETWORKS.every((id) => placed.has(id))) reflected.add('altnet');
    }
    await placeBatch(conn, batch, opts);
    for (const n of batch) placed.add(n.id);
    pending = pending.filter((n) => !placed.has(n.id));
  }
  await rekeyArrival(conn, opts);
  await createPlace();
  await fillWithOpenreach(conn, opts);
  await thinFourthNetworks(conn, opts);

  // Virgin's cable footprint was upgraded to gigabit DOCSIS 3.1 exchange by exchange during 2021.
  await insertCurve(conn, 'cable_upgrade', monthlyCurve(CABLE_GIGABIT_UPGRADE, 'cable_upgrade', 1), 1);
  await conn.run(`CREATE TEMP TABLE gen_cable_upgrade AS
    WITH cand AS (
      SELECT p.pc_id, p.premises, ${r('cable-upgrade', 'p.exchange_code')} + 0.1 * ${r('cable-upgrade-pc', 'p.pc_id')} AS score
      FROM gen_pc p JOIN gen_build b ON b.pc_id = p.pc_id AND b.net = 'virgin_cable'
    ), cum AS (
      SELECT pc_id, SUM(premises) OVER (ORDER BY score, pc_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
        / (SELECT SUM(premises) FROM cand) AS cum
      FROM cand
    )
    SELECT cum.pc_id, coalesce(k.idx, 11)::SMALLINT AS upgrade_idx
    FROM cum ASOF LEFT JOIN (SELECT idx, target FROM gen_curve WHERE net = 'cable_upgrade') k ON cum.cum <= k.target`);
}
