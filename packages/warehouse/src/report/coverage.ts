/**
 * Two more sections of the calibration report: each local authority against Ofcom's Connected Nations 2024
 * figures at the 2024-07-01 snapshot (geo/ofcom-cn2024-laua-coverage.csv), and each network's build month by month
 * (monthly net adds, and a check that no build is a straight line). Portable SQL, either engine.
 */
import type { Warehouse } from '../engine/types.js';
import { COVERAGE_SNAPSHOT, loadOfcomCoverage } from '../generator/coverage.js';
import { segmentSql } from '../semantic/model.js';
import { SEGMENTS } from '../semantic/segments.js';
import { sqlString } from '../sql/quote.js';

const MAE_LIMIT_PP = 3;
const CORRELATION_LIMIT = 0.95;
const VIRGIN_SLACK_PP = 5;
const LINEAR_R2 = 0.99;
const MIN_BUILD_MONTHS = 24;

async function rows(w: Warehouse, sql: string): Promise<Record<string, unknown>[]> {
  const r = await w.query(sql, { rowLimit: 100_000, timeoutMs: 600_000 });
  return r.rows.map((row) => Object.fromEntries(r.columns.map((c, i) => [c.name, row[i]])));
}

export type CoverageMeasure = 'full_fibre' | 'gigabit' | 'superfast' | 'cable_only' | 'below_uso';
/** The measures are the semantic model's segments; a label states the definition it was computed with. */
const MEASURES: { key: CoverageMeasure; label: string; checked: boolean }[] = [
  { key: 'full_fibre', label: SEGMENTS.full_fibre.title, checked: true },
  { key: 'gigabit', label: `${SEGMENTS.gigabit.title} (${rowSql('gigabit')})`, checked: true },
  { key: 'superfast', label: `${SEGMENTS.superfast.title} (best ${rowSql('superfast')})`, checked: true },
  {
    key: 'cable_only',
    label: `${SEGMENTS.cable_only_gigabit.title} (gigabit minus full fibre)`,
    checked: true,
  },
  {
    key: 'below_uso',
    label: `${SEGMENTS.below_uso.title} (no row with ${rowSql('below_uso')})`,
    checked: false,
  },
];

function rowSql(id: 'gigabit' | 'superfast' | 'below_uso'): string {
  return segmentSql(id, 'row', { alias: '' });
}

export interface AuthorityCoverage {
  la_code: string;
  la_name: string;
  /** Percentages of the authority's premises, generated and Ofcom's. */
  generated: Record<CoverageMeasure, number> & { virgin: number };
  ofcom: Record<CoverageMeasure, number>;
}

export interface CoverageComparison {
  snapshot: string;
  authorities: number;
  measures: {
    measure: CoverageMeasure;
    label: string;
    mae: number;
    correlation: number;
    ok: boolean | null;
  }[];
  largestGaps: { la_name: string; measure: CoverageMeasure; generated: number; ofcom: number; gap: number }[];
  /** Authorities where Virgin's footprint falls short of Ofcom's cable-only share by more than 5 points. */
  virginShort: { la_name: string; virgin: number; cable_only: number }[];
  ok: boolean;
  rows: AuthorityCoverage[];
}

function correlation(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** 1 when the postcode's rows (alias f) meet the segment, else 0. */
const flag = (id: 'full_fibre' | 'gigabit' | 'superfast' | 'below_uso') =>
  `CASE WHEN ${segmentSql(id, 'postcode')} THEN 1 ELSE 0 END`;

export async function coverageComparison(w: Warehouse): Promise<CoverageComparison> {
  const d = COVERAGE_SNAPSHOT;
  const gen = await rows(
    w,
    `WITH f AS (
       SELECT f.postcode, ${flag('full_fibre')} AS ff, ${flag('gigabit')} AS gig, ${flag('superfast')} AS sf,
         ${flag('below_uso')} AS uso, MAX(CASE WHEN f.operator = 'Virgin Cable' THEN 1 ELSE 0 END) AS vc
       FROM fact_operator_time_series f WHERE f.reported_at = DATE '${d}' GROUP BY f.postcode
     )
     SELECT u.la_code, MAX(u.la_name) AS la_name, SUM(u.premises) AS premises,
       SUM(CASE WHEN f.ff = 1 THEN u.premises ELSE 0 END) AS ff,
       SUM(CASE WHEN f.gig = 1 THEN u.premises ELSE 0 END) AS gig,
       SUM(CASE WHEN f.sf = 1 THEN u.premises ELSE 0 END) AS sf,
       -- A postcode with no service at all is below the USO too.
       SUM(CASE WHEN COALESCE(f.uso, 1) = 1 THEN u.premises ELSE 0 END) AS uso,
       SUM(CASE WHEN f.vc = 1 THEN u.premises ELSE 0 END) AS vc
     FROM upc_output_time_series u LEFT JOIN f ON f.postcode = u.postcode
     WHERE u.reported_at = DATE '${d}'
     GROUP BY u.la_code`,
  );
  const ref = loadOfcomCoverage();
  const out: AuthorityCoverage[] = [];
  for (const g of gen) {
    const c = ref.get(String(g.la_code));
    if (!c) continue;
    const p = Math.max(1, Number(g.premises));
    const pc = (x: unknown) => (100 * Number(x)) / p;
    const ff = pc(g.ff);
    const gig = pc(g.gig);
    out.push({
      la_code: String(g.la_code),
      la_name: String(g.la_name),
      generated: {
        full_fibre: ff,
        gigabit: gig,
        superfast: pc(g.sf),
        cable_only: gig - ff,
        below_uso: pc(g.uso),
        virgin: pc(g.vc),
      },
      ofcom: {
        full_fibre: 100 * c.full_fibre,
        gigabit: 100 * c.gigabit,
        superfast: 100 * c.superfast,
        cable_only: 100 * c.cable_only,
        below_uso: 100 * c.below_uso,
      },
    });
  }
  out.sort((a, b) => a.la_code.localeCompare(b.la_code));
  const measures = MEASURES.map(({ key, label, checked }) => {
    const x = out.map((r) => r.generated[key]);
    const y = out.map((r) => r.ofcom[key]);
    const mae = out.length ? x.reduce((s, v, i) => s + Math.abs(v - y[i]!), 0) / out.length : 0;
    const corr = correlation(x, y);
    return {
      measure: key,
      label,
      mae,
      correlation: corr,
      ok: checked ? mae <= MAE_LIMIT_PP && corr >= CORRELATION_LIMIT : null,
    };
  });
  const gaps = out.flatMap((r) =>
    MEASURES.filter((m) => m.checked).map(({ key }) => ({
      la_name: r.la_name,
      measure: key,
      generated: r.generated[key],
      ofcom: r.ofcom[key],
      gap: r.generated[key] - r.ofcom[key],
    })),
  );
  gaps.sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap));
  const virginShort = out
    .filter((r) => r.generated.virgin < r.ofcom.cable_only - VIRGIN_SLACK_PP)
    .map((r) => ({ la_name: r.la_name, virgin: r.generated.virgin, cable_only: r.ofcom.cable_only }));
  return {
    snapshot: d,
    authorities: out.length,
    measures,
    largestGaps: gaps.slice(0, 10),
    virginShort,
    ok: measures.every((m) => m.ok !== false) && virginShort.length === 0 && out.length === ref.size,
    rows: out,
  };
}

const f1 = (x: number) => x.toFixed(1);

export function renderCoverageComparison(c: CoverageComparison): string {
  const lines = [
    `Local authorities against Ofcom Connected Nations 2024 (snapshot ${c.snapshot}, ${c.authorities} authorities; limits: MAE <= ${MAE_LIMIT_PP} pp, correlation >= ${CORRELATION_LIMIT})`,
    '',
    '| Measure | MAE (pp) | Correlation | OK |',
    '|---|---|---|---|',
    ...c.measures.map(
      (m) =>
        `| ${m.label} | ${f1(m.mae)} | ${m.correlation.toFixed(3)} | ${m.ok === null ? '(shown only)' : m.ok ? 'yes' : 'NO'} |`,
    ),
    '',
    `Virgin's footprint at least Ofcom's cable-only share minus ${VIRGIN_SLACK_PP} points: ${
      c.virginShort.length === 0
        ? 'every authority'
        : `short in ${c.virginShort.length}: ${c.virginShort
            .slice(0, 10)
            .map((v) => `${v.la_name} ${f1(v.virgin)}% vs ${f1(v.cable_only)}%`)
            .join('; ')}`
    }`,
    '',
    'The 10 largest gaps:',
    '| Authority | Measure | Generated | Ofcom | Gap (pp) |',
    '|---|---|---|---|---|',
    ...c.largestGaps.map(
      (g) =>
        `| ${g.la_name} | ${g.measure} | ${f1(g.generated)}% | ${f1(g.ofcom)}% | ${g.gap >= 0 ? '+' : ''}${f1(g.gap)} |`,
    ),
  ];
  return lines.join('\n');
}

export interface NetworkSeries {
  network: string;
  /** Months with net adds > 0 from the first such month to the latest snapshot. */
  buildMonths: number;
  startedAt: string;
  minAdds: number;
  medianAdds: number;
  maxAdds: number;
  largestChange: number;
  r2: number;
  linear: boolean;
}

export interface SeriesReport {
  scale: number;
  networks: NetworkSeries[];
  ok: boolean;
}

function r2OfLine(y: number[]): number {
  const n = y.length;
  const x = y.map((_, i) => i);
  const c = correlation(x, y);
  return n > 2 ? c * c : 1;
}

/** Each network's monthly net adds (premises first reached each month, from first activations; full scale). */
export async function seriesReport(w: Warehouse, scale: number): Promise<SeriesReport> {
  const data = await rows(
    w,
    `WITH a AS (
       SELECT f.postcode, o.operator_group AS grp, f.tech, MIN(f.activated_date) AS d
       FROM fact_operator f JOIN operators o ON o.operator = f.operator
       WHERE f.tech IN (${[SEGMENTS.full_fibre.tech, SEGMENTS.cable.tech, SEGMENTS.fwa.tech].map(sqlString).join(', ')})
       GROUP BY f.postcode, o.operator_group, f.tech
     )
     SELECT a.grp, a.tech, a.d, SUM(u.premises) AS premises
     FROM a JOIN upc_output u ON u.postcode = a.postcode
     GROUP BY a.grp, a.tech, a.d`,
  );
  const months = [...new Set(data.map((r) => String(r.d)))].sort();
  const first = months[0] ?? '';
  const last = months[months.length - 1] ?? '';
  const monthList: string[] = [];
  if (first) {
    let [y, m] = first.split('-').map(Number) as [number, number];
    for (;;) {
      const s = `${y}-${String(m).padStart(2, '0')}-01`;
      monthList.push(s);
      if (s >= last) break;
      m++;
      if (m > 12) {
        m = 1;
        y++;
      }
    }
  }
  const byNet = new Map<string, Map<string, number>>();
  for (const r of data) {
    const key = `${String(r.grp)} (${String(r.tech)})`;
    const m = byNet.get(key) ?? new Map<string, number>();
    m.set(String(r.d).slice(0, 10), (m.get(String(r.d).slice(0, 10)) ?? 0) + Number(r.premises) / scale);
    byNet.set(key, m);
  }
  const networks: NetworkSeries[] = [];
  for (const [network, m] of byNet) {
    // Net adds from the second snapshot on (the first snapshot is the stock built before 2021).
    const adds = monthList.slice(1).map((d) => m.get(d) ?? 0);
    const start = adds.findIndex((a) => a > 0);
    if (start < 0) continue;
    const series = adds.slice(start);
    let cum = monthList.slice(0, start + 1).reduce((s, d) => s + (m.get(d) ?? 0), 0);
    const cumulative = series.map((a) => {
      cum += a;
      return cum;
    });
    const sorted = [...series].sort((a, b) => a - b);
    const largestChange = series.slice(1).reduce((s, a, i) => Math.max(s, Math.abs(a - series[i]!)), 0);
    const r2 = r2OfLine(cumulative);
    networks.push({
      network,
      buildMonths: series.length,
      startedAt: monthList[start + 1] ?? '',
      minAdds: sorted[0] ?? 0,
      medianAdds: sorted[Math.floor(sorted.length / 2)] ?? 0,
      maxAdds: sorted[sorted.length - 1] ?? 0,
      largestChange,
      r2,
      linear: series.length >= MIN_BUILD_MONTHS && r2 >= LINEAR_R2,
    });
  }
  networks.sort((a, b) => b.maxAdds - a.maxAdds);
  return { scale, networks, ok: networks.every((n) => !n.linear) };
}

const k = (x: number) => (Math.abs(x) >= 1e4 ? `${(x / 1e3).toFixed(0)}k` : x.toFixed(0));

export function renderSeriesReport(s: SeriesReport): string {
  return [
    `Build series: monthly net adds per network (premises first reached each month${s.scale !== 1 ? `, scaled to full size from scale ${s.scale}` : ''}); a cumulative build with R² >= ${LINEAR_R2} over ${MIN_BUILD_MONTHS}+ months is flagged as linear`,
    '',
    '| Network | From | Months | Min | Median | Max | Largest month-on-month change | R² (cumulative) | Linear |',
    '|---|---|---|---|---|---|---|---|---|',
    ...s.networks.map(
      (n) =>
        `| ${n.network} | ${n.startedAt.slice(0, 7)} | ${n.buildMonths} | ${k(n.minAdds)} | ${k(n.medianAdds)} | ${k(n.maxAdds)} | ${k(n.largestChange)} | ${n.r2.toFixed(4)} | ${n.linear ? 'YES' : 'no'} |`,
    ),
    '',
    s.ok
      ? 'No network builds in a straight line.'
      : 'Some networks build in a straight line (flagged above).',
  ].join('\n');
}
