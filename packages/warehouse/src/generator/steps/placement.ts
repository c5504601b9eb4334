/**
 * Step 2: where and when each network arrives. For every network: its candidate postcodes (area, eventual reach,
 * exclusions), a rollout score (city launch + exchange/district wave + postcode noise + delays for rural,
 * unattractive and cable-served postcodes), then the cumulative premises in score order mapped onto the build
 * curve with an ASOF join: the month a postcode is built is the first month whose curve value reaches its
 * cumulative premises. The result is `gen_build(net, pc_id, build_idx)` (month index from 2021-01; beyond the
 * latest snapshot means forecast only).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlString } from '../../engine/duckdb-values.js';
import { CURVE_END_INDEX, monthIndex } from '../calendar.js';
import { normaliseLaName } from '../geography-input.js';
import { NETWORKS, type NetworkDef } from '../networks.js';
import { uniformSql } from '../random.js';

/** Monthly curve values (premises at full scale) from the network's knots, linear in between. */
export function monthlyCurve(curve: [string, number][]): number[] {
  const knots = curve.map(([m, v]) => ({ idx: monthIndex(`${m}-01`), v: v * 1e6 }));
  const out: number[] = [];
  for (let i = 0; i <= CURVE_END_INDEX; i++) {
    const first = knots[0]!;
    const last = knots[knots.length - 1]!;
    if (i < first.idx) out.push(0);
    else if (i >= last.idx) out.push(last.v);
    else {
      const j = knots.findIndex((k) => k.idx > i);
      const a = knots[j - 1]!;
      const b = knots[j]!;
      out.push(a.v + ((b.v - a.v) * (i - a.idx)) / (b.idx - a.idx));
    }
  }
  return out;
}

/** The cable upgrade to DOCSIS 3.1 gigabit during 2021: share of the cable footprint upgraded by month. */
export const CABLE_GIGABIT_UPGRADE: [string, number][] = [
  ['2021-01', 0.25],
  ['2021-09', 0.55],
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

function reachSql(n: NetworkDef, reach: { urban: number; rural: number }): string {
  return n.largePostcodesOnly
    ? `CASE WHEN p.is_large THEN ${reach.urban} WHEN p.is_urban THEN ${SMALL_URBAN_REACH_OF_BLOCK_BUILDERS} ELSE ${reach.rural} END`
    : `CASE WHEN p.is_urban THEN ${reach.urban} ELSE ${reach.rural} END`;
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
      coalesce(SUM(CASE WHEN ${n.largePostcodesOnly ? 'p.is_large' : 'p.is_urban'} THEN p.premises END), 0) AS a_urban,
      coalesce(SUM(CASE WHEN NOT p.is_urban THEN p.premises END), 0) AS a_rural,
      coalesce(SUM(CASE WHEN p.is_urban AND ${n.largePostcodesOnly ? 'NOT p.is_large' : 'FALSE'} THEN p.premises END), 0) AS a_small
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

function candidateSql(
  n: NetworkDef,
  opts: PlacementOptions,
  reachValues: { urban: number; rural: number },
): string {
  const { seed } = opts;
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  const w = n.weights;
  const reach = reachSql(n, reachValues);
  return `SELECT ${sqlString(n.id)} AS net, p.pc_id, p.premises,
      ${w.la} * ${r(`la:${n.id}`, 'p.la_code')}
      + ${w.cluster} * ${r(`cluster:${n.id}`, clusterKey(n))}
      + ${w.postcode} * ${r(`postcode:${n.id}`, 'p.pc_id')}
      + ${w.rural} * (CASE WHEN p.is_urban THEN 0 ELSE 1 END)
      + ${w.attractiveness} * (1 - p.att)
      + ${w.cable} * (CASE WHEN p.is_cable THEN 1 ELSE 0 END)
      + ${w.virginFibre ?? 0} * (CASE WHEN p.is_virgin_fibre THEN 1 ELSE 0 END)
      + ${w.shared ?? 0} * ${r('shared-district', 'p.postcode_district')}
      + ${w.altnets ?? 0} * (CASE WHEN p.is_altnet THEN 1 ELSE 0 END)
      + ${w.longLine ?? 0} * (CASE WHEN p.long_line THEN 1 ELSE 0 END)
      + ${regionDelaySql(n)} AS score
    FROM gen_place p
    WHERE ${areaPredicate(n, opts)}
      AND ${r(`reach:${n.id}`, 'p.pc_id')} < ${reach}`;
}

/** Places a batch of independent networks in one pass: one window per network over its candidates. */
async function placeBatch(conn: DuckDBConnection, nets: NetworkDef[], opts: PlacementOptions): Promise<void> {
  const candidates: string[] = [];
  for (const n of nets) candidates.push(candidateSql(n, opts, await effectiveReach(conn, n, opts)));
  await conn.run(`INSERT INTO gen_build
    WITH cand AS (
      ${candidates.join('\n      UNION ALL\n      ')}
    ), cum AS (
      SELECT net, pc_id,
        SUM(premises) OVER (PARTITION BY net ORDER BY score, pc_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum
      FROM cand
    )
    SELECT cum.net, cum.pc_id, k.idx::SMALLINT
    FROM cum ASOF JOIN gen_curve k ON cum.net = k.net AND cum.cum <= k.target`);
}

export async function placeNetworks(conn: DuckDBConnection, opts: PlacementOptions): Promise<void> {
  const { seed } = opts;
  const r = (stream: string, key: string) => uniformSql(seed, stream, key);
  await conn.run('CREATE TEMP TABLE gen_curve (net VARCHAR, idx INTEGER, target DOUBLE)');
  await conn.run('CREATE TEMP TABLE gen_build (net VARCHAR, pc_id INTEGER, build_idx SMALLINT)');
  for (const n of NETWORKS) await insertCurve(conn, n.id, monthlyCurve(n.curve), opts.premisesRatio);
  const placeColumns = `pc_id, premises, la_code, la_key, country, government_region, exchange_code, postcode_district,
    is_urban, is_large, att, kcom_area, long_line`;
  await conn.run(
    `CREATE TEMP TABLE gen_place AS SELECT ${placeColumns}, FALSE AS is_cable, FALSE AS is_virgin_fibre, FALSE AS is_altnet FROM gen_pc`,
  );

  // Virgin first: networks with a `cable` weight go elsewhere first where Virgin (cable, its own fibre or nexfibre)
  // already is or will be, so they are placed once Virgin's footprint is known.
  const deps = (n: NetworkDef) => [
    ...(n.area.excludeNetworks ?? []),
    ...(n.area.withinNetwork ? [n.area.withinNetwork] : []),
    ...(n.area.nearNetwork ? [n.area.nearNetwork] : []),
    ...(n.weights.cable > 0 || (n.weights.virginFibre ?? 0) > 0 ? VIRGIN_NETWORKS : []),
    ...((n.weights.altnets ?? 0) > 0 ? ALTNET_NETWORKS : []),
  ];
  const placed = new Set<string>();
  // Which footprint flags of gen_place are up to date; rebuilt only when a batch needs a flag that is stale.
  const reflected = new Set<string>();
  const needs = (n: NetworkDef) => [
    ...(n.weights.cable > 0 ? ['cable'] : []),
    ...((n.weights.virginFibre ?? 0) > 0 ? ['virgin_fibre'] : []),
    ...((n.weights.altnets ?? 0) > 0 ? ['altnet'] : []),
  ];
  let pending = [...NETWORKS];
  while (pending.length > 0) {
    const batch = pending.filter((n) => deps(n).every((d) => placed.has(d)));
    if (batch.length === 0)
      throw new Error(`network dependencies cannot be resolved: ${pending.map((n) => n.id).join(', ')}`);
    if (batch.some((n) => needs(n).some((f) => !reflected.has(f)))) {
      await conn.run('DROP TABLE gen_place');
      await conn.run(`CREATE TEMP TABLE gen_place AS
        SELECT ${placeColumns.replace(/(\w+)/g, 'p.$1')}, c.pc_id IS NOT NULL AS is_cable,
          v.pc_id IS NOT NULL AS is_virgin_fibre, a.pc_id IS NOT NULL AS is_altnet
        FROM gen_pc p
        LEFT JOIN (SELECT pc_id FROM gen_build WHERE net = 'virgin_cable') c ON c.pc_id = p.pc_id
        LEFT JOIN (SELECT DISTINCT pc_id FROM gen_build WHERE net IN ('virgin_rfog', 'nexfibre')) v
          ON v.pc_id = p.pc_id
        LEFT JOIN (SELECT DISTINCT pc_id FROM gen_build WHERE net IN (${ALTNET_NETWORKS.map(sqlString).join(', ')})) a
          ON a.pc_id = p.pc_id`);
      if (placed.has('virgin_cable')) reflected.add('cable');
      if (placed.has('virgin_rfog') && placed.has('nexfibre')) reflected.add('virgin_fibre');
      if (ALTNET_NETWORKS.every((id) => placed.has(id))) reflected.add('altnet');
    }
    await placeBatch(conn, batch, opts);
    for (const n of batch) placed.add(n.id);
    pending = pending.filter((n) => !placed.has(n.id));
  }

  // Virgin's cable footprint was upgraded to gigabit DOCSIS 3.1 exchange by exchange during 2021.
  await insertCurve(
    conn,
    'cable_upgrade',
    monthlyCurve(CABLE_GIGABIT_UPGRADE).map((v) => v / 1e6),
    1,
  );
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
