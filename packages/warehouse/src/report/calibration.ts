/**
 * The calibration report: every figure of the data contract's "Calibration facts" next to what the warehouse holds.
 * Portable SQL through the Warehouse interface, so it runs on either engine. For a scaled-down build, counts are
 * also shown scaled back up to full size (shares need no scaling).
 */
import type { Warehouse } from '../engine/types.js';
import { segmentSql } from '../semantic/model.js';
import { FULL_FIBRE, SEGMENTS } from '../semantic/segments.js';

const FF_ROW = segmentSql('full_fibre', 'row');
const GIGABIT_ROW = segmentSql('gigabit', 'row');
const GIGABIT_GROUP = `${SEGMENTS.gigabit.title} (${segmentSql('gigabit', 'row', { alias: '' })})`;

export interface CalibrationRow {
  group: string;
  metric: string;
  /** The calibration figure as written in the data contract. */
  target: string;
  /** What the warehouse holds (scaled to full size for counts when the build is scaled). */
  generated: string;
  /** Relative deviation from the target (for numeric targets), e.g. -0.04 = 4% below. */
  deviation?: number;
  ok: boolean;
}

export interface CalibrationReport {
  scale: number;
  latest: string;
  rows: CalibrationRow[];
}

const TOLERANCE = 0.1;

function fmtCount(n: number): string {
  if (Math.abs(n) >= 1e6) return `${(n / 1e6).toFixed(2)}M`;
  if (Math.abs(n) >= 1e4) return `${(n / 1e3).toFixed(0)}k`;
  return n.toLocaleString('en-GB', { maximumFractionDigits: 0 });
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

async function rows(w: Warehouse, sql: string): Promise<Record<string, unknown>[]> {
  const r = await w.query(sql, { rowLimit: 100_000, timeoutMs: 600_000 });
  return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i]])));
}

async function scalar(w: Warehouse, sql: string): Promise<number> {
  const r = await w.query(sql, { rowLimit: 1, timeoutMs: 600_000 });
  return Number(r.rows[0]?.[0] ?? 0);
}

function dateList(dates: string[]): string {
  return dates.map((d) => `DATE '${d}'`).join(', ');
}

/** Records one row of the report: the generated value against the expected one. */
type RecordRow = (group: string, metric: string, target: string, expected: number, value: number) => void;

/** What every section of the report uses: the rows so far, the premises, the row recorders and two queries. */
interface Checks {
  /** The report's rows, in order. */
  out: CalibrationRow[];
  premises: number;
  count: (
    group: string,
    metric: string,
    target: string,
    expected: number,
    value: number,
    scaled?: boolean,
    whole?: boolean,
  ) => void;
  share: RecordRow;
  exact: RecordRow;
  /** Premises of the postcodes the inner query selects. */
  premisesWhere: (inner: string) => Promise<number>;
  /** Premises of the postcodes matching `where` in the time series, per date. */
  byDate: (where: string, dates: string[], join?: string) => Promise<Map<string, number>>;
}

export async function calibrationReport(w: Warehouse): Promise<CalibrationReport> {
  const desc = await w.describe();
  const scale = desc.scale && desc.scale > 0 ? desc.scale : 1;
  const upc = desc.status.find((s) => s.dataset === 'upc');
  const latest = upc?.latest ?? '';
  const out: CalibrationRow[] = [];
  const up = (n: number) => n / scale;

  const count = (
    group: string,
    metric: string,
    target: string,
    expected: number,
    value: number,
    scaled = true,
    // Printed in full (a count analysts know to the unit, where a rounded figure would hide a round target).
    whole = false,
  ) => {
    const v = scaled ? up(value) : value;
    const deviation = (v - expected) / expected;
    const f = whole ? (n: number) => Math.round(n).toLocaleString('en-GB') : fmtCount;
    out.push({
      group,
      metric,
      target,
      generated: f(v) + (scaled && scale !== 1 ? ` (${f(value)} at scale ${scale})` : ''),
      deviation,
      ok: Math.abs(deviation) <= TOLERANCE,
    });
  };
  const share = (group: string, metric: string, target: string, expected: number, value: number) => {
    const deviation = (value - expected) / expected;
    out.push({
      group,
      metric,
      target,
      generated: pct(value),
      deviation,
      ok: Math.abs(deviation) <= TOLERANCE,
    });
  };
  const exact = (group: string, metric: string, target: string, expected: number, value: number) => {
    out.push({ group, metric, target, generated: String(value), deviation: 0, ok: value === expected });
  };

  // Totals at the latest snapshot.
  const [tot] = await rows(
    w,
    `SELECT COUNT(*) AS postcodes, SUM(premises) AS premises, SUM(households) AS households, SUM(population) AS population,
       COUNT(DISTINCT la_code) AS las, COUNT(DISTINCT government_region) AS regions,
       COUNT(DISTINCT postcode_area) AS areas, COUNT(DISTINCT postcode_district) AS districts
     FROM upc_output`,
  );
  const premises = Number(tot?.premises ?? 0);
  const g0 = `Totals (${latest})`;
  count(g0, 'Live postcodes', 'about 1.74 million', 1.74e6, Number(tot?.postcodes), true, true);
  count(g0, 'Premises', 'about 33.6 million', 33.6e6, premises);
  count(g0, 'Households', 'about 30 million', 30e6, Number(tot?.households));
  count(g0, 'People', '67-69 million', 68e6, Number(tot?.population));
  exact(g0, 'Local authority districts', '361', 361, Number(tot?.las));
  exact(g0, 'Regions/nations', '12', 12, Number(tot?.regions));
  exact(g0, 'Postcode areas', '121', 121, Number(tot?.areas));
  count(g0, 'Postcode districts', 'about 2,800', 2800, Number(tot?.districts), false);

  const premisesWhere = async (inner: string) =>
    scalar(w, `SELECT COALESCE(SUM(u.premises), 0) FROM upc_output u WHERE u.postcode IN (${inner})`);

  const vm = await premisesWhere(
    `SELECT f.postcode FROM fact_operator f WHERE f.operator IN ('Virgin Cable', 'Virgin Media RFOG')`,
  );
  share(
    'Virgin Media',
    'Virgin Cable + Virgin Media RFOG, share of premises',
    'about 50%',
    0.5,
    vm / premises,
  );

  const byDate = async (where: string, dates: string[], join = '') => {
    const r = await rows(
      w,
      `WITH x AS (
         SELECT DISTINCT f.postcode, f.reported_at FROM fact_operator_time_series f ${join}
         WHERE ${where} AND f.reported_at IN (${dateList(dates)})
       )
       SELECT x.reported_at AS d, SUM(u.premises) AS premises FROM x JOIN upc_output u ON u.postcode = x.postcode
       GROUP BY x.reported_at`,
    );
    return new Map(r.map((x) => [String(x.d), Number(x.premises)]));
  };
  const checks: Checks = { out, premises, count, share, exact, premisesWhere, byDate };
  await timeSeriesChecks(checks);
  await altnetChecks(w, checks);
  await overbuildChecks(w, checks);
  await speedChecks(w, checks);
  await takeUpChecks(w, checks);
  await forecastChecks(checks);
  return { scale, latest, rows: out };
}

/** Premises with full fibre, gigabit and Openreach full fibre at the dates the calibration facts name. */
async function timeSeriesChecks({ out, premises, count, share, byDate }: Checks): Promise<void> {
  // Time series: premises with full fibre / gigabit / Openreach full fibre at the dates the calibration facts name.
  const ffTargets: [string, number, string][] = [
    ['2021-09-01', 0.28, '28%'],
    ['2022-05-01', 0.37, '37%'],
    ['2022-09-01', 0.42, '42%'],
    ['2023-05-01', 0.52, '52%'],
    ['2023-09-01', 0.57, '57%'],
    ['2024-07-01', 0.69, '69%'],
    ['2025-01-01', 0.73, '73%'],
    ['2025-06-01', 0.78, '78%'],
    ['2025-09-01', 0.8, '80%'],
    ['2026-11-01', 0.85, 'about 85% (estimate)'],
  ];
  const ff = await byDate(
    FF_ROW,
    ffTargets.map(([d]) => d),
  );
  for (const [d, t, label] of ffTargets) {
    share(
      `${SEGMENTS.full_fibre.title} (any ${FULL_FIBRE})`,
      `Share of premises, ${d.slice(0, 7)}`,
      label,
      t,
      (ff.get(d) ?? 0) / premises,
    );
  }
  const gigTargets: [string, number, string][] = [
    ['2021-09-01', 0.47, '47%'],
    ['2022-05-01', 0.68, '68%'],
    ['2023-05-01', 0.75, '75%'],
    ['2024-07-01', 0.83, '83%'],
    ['2025-09-01', 0.89, 'about 89%'],
  ];
  const gig = await byDate(
    GIGABIT_ROW,
    gigTargets.map(([d]) => d),
  );
  out.push({
    group: GIGABIT_GROUP,
    metric: 'Share of premises, 2020-09',
    target: '27%',
    generated: 'n/a (before the first snapshot, 2021-01)',
    ok: true,
  });
  for (const [d, t, label] of gigTargets) {
    share(GIGABIT_GROUP, `Share of premises, ${d.slice(0, 7)}`, label, t, (gig.get(d) ?? 0) / premises);
  }
  const orTargets: [string, number, string][] = [
    ['2023-06-01', 10.9e6, '10.9M'],
    ['2024-06-01', 14.3e6, '14.3M'],
    ['2024-12-01', 16.1e6, '16.1M'],
    ['2025-06-01', 18.7e6, '18.7M'],
    ['2025-11-01', 20e6, 'about 20M'],
  ];
  const orp = await byDate(
    `o.operator_group = 'Openreach' AND ${FF_ROW}`,
    orTargets.map(([d]) => d),
    'JOIN operators o ON o.operator = f.operator',
  );
  for (const [d, t, label] of orTargets)
    count('Openreach full fibre', `Premises, ${d.slice(0, 7)}`, label, t, orp.get(d) ?? 0);

  const vmff = await byDate(
    `o.operator_group IN ('Virgin Media', 'nexfibre') AND ${FF_ROW}`,
    ['2025-03-01'],
    'JOIN operators o ON o.operator = f.operator',
  );
  count(
    'Virgin Media',
    'Own full fibre (RFOG) + nexfibre, 2025-03',
    'about 6.4M',
    6.4e6,
    vmff.get('2025-03-01') ?? 0,
  );
}

/** Altnet footprints, and the footprints of March 2025. */
async function altnetChecks(w: Warehouse, { out, count, byDate }: Checks): Promise<void> {
  // Altnet footprints (canonical names in fact_altnet_time_series).
  const alt = await rows(
    w,
    `WITH a AS (SELECT DISTINCT operator, postcode, reported_at FROM fact_altnet_time_series
                WHERE reported_at IN (DATE '2023-06-01', DATE '2025-03-01'))
     SELECT a.operator, a.reported_at AS d, SUM(u.premises) AS premises
     FROM a JOIN upc_output u ON u.postcode = a.postcode GROUP BY a.operator, a.reported_at`,
  );
  const altAt = (op: string, d: string) =>
    alt
      .filter((r) => String(r.operator) === op && String(r.d) === d)
      .reduce((s, r) => s + Number(r.premises), 0);
  count('CityFibre', 'Premises, 2023-06', '2.3M', 2.3e6, altAt('CityFibre', '2023-06-01'));
  count('CityFibre', 'Premises, 2025-03', '4.0M', 4.0e6, altAt('CityFibre', '2025-03-01'));
  const kcom = await byDate(
    `o.operator_group = 'KCOM' AND ${FF_ROW}`,
    ['2025-03-01'],
    'JOIN operators o ON o.operator = f.operator',
  );
  const footprints: [string, number, string, number][] = [
    ['Community Fibre', 1.5e6, '1.5M (London only)', altAt('Community Fibre', '2025-03-01')],
    ['Hyperoptic', 1.2e6, '1.2M (city apartment blocks)', altAt('Hyperoptic', '2025-03-01')],
    [
      'Full Fibre Ltd + Zzoomm',
      0.6e6,
      '0.6M',
      altAt('Full Fibre Ltd', '2025-03-01') + altAt('Zzoomm', '2025-03-01'),
    ],
    ['Gigaclear', 0.56e6, '0.56M (rural southern England)', altAt('Gigaclear', '2025-03-01')],
    ['Trooli', 0.44e6, '0.44M (Kent, Sussex)', altAt('Trooli', '2025-03-01')],
    ['Fibrus', 0.4e6, '0.4M (Northern Ireland, Cumbria)', altAt('Fibrus', '2025-03-01')],
    ['KCOM', 0.28e6, '0.28M (Hull and East Yorkshire)', kcom.get('2025-03-01') ?? 0],
    ['G.Network', 0.25e6, '0.25M (London)', altAt('G.Network', '2025-03-01')],
    ['Toob', 0.23e6, '0.23M (Southampton, Portsmouth)', altAt('Toob', '2025-03-01')],
    ['Grain', 0.22e6, '0.22M (North East)', altAt('Grain', '2025-03-01')],
  ];
  for (const [name, t, label, v] of footprints) count('Footprints, March 2025', name, label, t, v);
  const cfOutside = await scalar(
    w,
    `SELECT COUNT(*) FROM fact_altnet a JOIN upc_output u ON u.postcode = a.postcode
     WHERE a.operator = 'Community Fibre' AND u.government_region <> 'London'`,
  );
  out.push({
    group: 'Footprints, March 2025',
    metric: 'Community Fibre postcodes outside London',
    target: '0 (London only)',
    generated: String(cfOutside),
    ok: cfOutside === 0,
  });
}

/** Overbuild in mid-2025, and the gigabit ranking of regions. */
async function overbuildChecks(w: Warehouse, { out, premises, count, share }: Checks): Promise<void> {
  // Overbuild, mid-2025.
  const [ob] = await rows(
    w,
    `WITH n AS (
       SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks
       FROM fact_operator_time_series f JOIN operators o ON o.operator = f.operator
       WHERE ${FF_ROW} AND f.reported_at = DATE '2025-06-01'
       GROUP BY f.postcode
     ), a AS (
       SELECT postcode FROM fact_altnet_time_series WHERE reported_at = DATE '2025-06-01'
       GROUP BY postcode HAVING COUNT(DISTINCT operator) >= 2
     )
     SELECT
       SUM(CASE WHEN n.networks >= 2 THEN u.premises ELSE 0 END) AS two,
       SUM(CASE WHEN n.networks >= 3 THEN u.premises ELSE 0 END) AS three,
       SUM(CASE WHEN n.networks >= 4 THEN u.premises ELSE 0 END) AS four,
       (SELECT SUM(u2.premises) FROM upc_output u2 JOIN a ON a.postcode = u2.postcode) AS two_altnets
     FROM n JOIN upc_output u ON u.postcode = n.postcode`,
  );
  share(
    'Overbuild, 2025-06',
    'Premises with 2+ full-fibre networks (share)',
    'about a third',
    1 / 3,
    Number(ob?.two) / premises,
  );
  count(
    'Overbuild, 2025-06',
    'Premises with 3+ full-fibre networks',
    'about 1.75M',
    1.75e6,
    Number(ob?.three),
  );
  count('Overbuild, 2025-06', 'Premises with 4+ full-fibre networks', 'about 150k', 150e3, Number(ob?.four));
  count('Overbuild, 2025-06', 'Premises with 2+ altnets', 'about 2M', 2e6, Number(ob?.two_altnets));

  // Gigabit ranking by region, latest.
  const rank = await rows(
    w,
    `SELECT u.government_region AS region, SUM(u.premises) AS premises FROM upc_output u
     WHERE u.postcode IN (SELECT f.postcode FROM fact_operator f WHERE ${GIGABIT_ROW})
     GROUP BY u.government_region ORDER BY premises DESC`,
  );
  const top5 = rank.slice(0, 5).map((r) => String(r.region));
  const expectedTop = ['South East', 'London', 'North West', 'West Midlands', 'East of England'];
  out.push({
    group: 'Regions',
    metric: 'Gigabit premises, top 5 regions (latest)',
    target: expectedTop.join(', '),
    generated: top5.join(', '),
    ok: expectedTop.every((r) => top5.includes(r)),
  });
}

/** Speeds on offer by technology, latest. */
async function speedChecks(w: Warehouse, { out }: Checks): Promise<void> {
  const speeds = await rows(
    w,
    `SELECT tech, MIN(fastest_down) AS dmin, MAX(fastest_down) AS dmax, MIN(fastest_up) AS umin, MAX(fastest_up) AS umax
     FROM fact_operator GROUP BY tech`,
  );
  const speedTargets: Record<string, { target: string; down: [number, number]; up?: [number, number] }> = {
    [FULL_FIBRE]: { target: '900-3000 down', down: [900, 3000] },
    cable: { target: '1130 down / 104 up', down: [1130, 1130], up: [104, 104] },
    fttc: { target: '30-80 down / 10-20 up', down: [30, 80], up: [10, 20] },
    adsl: { target: '8-24 down', down: [8, 24] },
    fwa: { target: '30-300 down', down: [30, 300] },
  };
  for (const [tech, t] of Object.entries(speedTargets)) {
    const s = speeds.find((r) => r.tech === tech);
    if (!s) {
      out.push({ group: 'Speeds (latest)', metric: tech, target: t.target, generated: 'absent', ok: false });
      continue;
    }
    const [dmin, dmax, umin, umax] = [s.dmin, s.dmax, s.umin, s.umax].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const ok = dmin >= t.down[0] && dmax <= t.down[1] && (!t.up || (umin >= t.up[0] && umax <= t.up[1]));
    out.push({
      group: 'Speeds (latest)',
      metric: tech,
      target: t.target,
      generated: `${dmin}-${dmax} down / ${umin}-${umax} up`,
      ok,
    });
  }
}

/** Take-up: lines by operator and technology. */
async function takeUpChecks(w: Warehouse, { out, count, share }: Checks): Promise<void> {
  const tu = await rows(
    w,
    `SELECT quarter, operator, tech, SUM(lines) AS lines FROM take_up_quarterly GROUP BY quarter, operator, tech`,
  );
  const quarters = [...new Set(tu.map((r) => String(r.quarter)))].sort();
  const lastQ = quarters[quarters.length - 1] ?? '';
  const sumWhere = (f: (r: Record<string, unknown>) => boolean) =>
    tu.filter(f).reduce((s, r) => s + Number(r.lines), 0);
  const totalLast = sumWhere((r) => r.quarter === lastQ);
  const gt = `Take-up (${lastQ})`;
  count(gt, 'Fixed lines', 'about 28M', 28e6, totalLast);
  for (const [op, t, label] of [
    ['BT', 1 / 3, 'about a third'],
    ['Sky', 0.2, 'about a fifth'],
    ['Virgin Media', 0.2, 'about a fifth'],
    ['TalkTalk', 0.1, 'about a tenth'],
  ] as const) {
    share(
      gt,
      `${op} share of lines`,
      label,
      t,
      sumWhere((r) => r.quarter === lastQ && r.operator === op) / totalLast,
    );
  }
  const fttpShare = (q: string) =>
    sumWhere((r) => r.quarter === q && r.tech === SEGMENTS.full_fibre.takeUpTech) /
    Math.max(
      1,
      sumWhere((r) => r.quarter === q),
    );
  const q2021 = quarters.filter((q) => q.startsWith('2021'));
  const first = q2021.reduce((s, q) => s + fttpShare(q), 0) / Math.max(1, q2021.length);
  share('Take-up', 'Full-fibre share of lines, 2021 (average)', 'about a tenth', 0.1, first);
  share('Take-up', `Full-fibre share of lines, ${lastQ}`, 'about 40% (2026)', 0.4, fttpShare(lastQ));
  const adsl = sumWhere((r) => r.quarter === lastQ && r.tech === 'adsl') / totalLast;
  out.push({
    group: 'Take-up',
    metric: `ADSL share of lines, ${lastQ}`,
    target: 'near zero by 2026',
    generated: pct(adsl),
    ok: adsl < 0.03,
  });
}

/** Forecasts. */
async function forecastChecks({ out, premises, count, premisesWhere }: Checks): Promise<void> {
  const fc2030 = await premisesWhere(
    `SELECT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01'`,
  );
  const fcOr = await premisesWhere(
    `SELECT postcode FROM forecast_footprint WHERE operator = 'Openreach' AND reported_at = DATE '2026-12-01'`,
  );
  const fcShare = fc2030 / premises;
  out.push({
    group: 'Forecast',
    metric: 'Full fibre share of premises, 2030-12',
    target: 'near universal (97-99%)',
    generated: pct(fcShare),
    ok: fcShare >= 0.97 * 0.99 && fcShare <= 0.995,
  });
  count('Forecast', 'Openreach full fibre premises, 2026-12', 'about 25M', 25e6, fcOr);
}

export function renderCalibrationTable(report: CalibrationReport): string {
  const header = ['Group', 'Metric', 'Target', 'Generated', 'Deviation', 'OK'];
  const body = report.rows.map((r) => [
    r.group,
    r.metric,
    r.target,
    r.generated,
    r.deviation === undefined ? '' : `${r.deviation >= 0 ? '+' : ''}${(100 * r.deviation).toFixed(1)}%`,
    r.ok ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const ok = report.rows.filter((r) => r.ok).length;
  return [
    `Calibration report (latest snapshot ${report.latest}, scale ${report.scale})`,
    '',
    line(header),
    sep,
    ...body.map(line),
    '',
    `${ok} of ${report.rows.length} figures within ${TOLERANCE * 100}% (or in range).`,
  ].join('\n');
}
