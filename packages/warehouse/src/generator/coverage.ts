/**
 * Ofcom's coverage per local authority (Connected Nations 2024, July 2024; geo/ofcom-cn2024-laua-coverage.csv) and
 * the national full-fibre curve of the calibration facts (docs/data-contract.md), turned into what placement needs: per authority, the share of premises
 * with full fibre, Virgin's cable and slow lines (below superfast, below the USO) at the 2024-07-01 snapshot, and
 * per month the shift that moves every authority along the national curve from its own level.
 */
import { readFileSync } from 'node:fs';
import { parseCsvRecords } from '../geography/csv.js';
import { CURVE_END_INDEX, monthIndex } from './calendar.js';

export const COVERAGE_FILE = 'ofcom-cn2024-laua-coverage.csv';
/** The snapshot Ofcom's per-authority figures describe. */
export const COVERAGE_SNAPSHOT = '2024-07-01';
export const COVERAGE_INDEX = monthIndex(COVERAGE_SNAPSHOT);

const COLUMNS = [
  'la_code',
  'ofcom_la_name',
  'superfast_pct',
  'ultrafast_pct',
  'full_fibre_pct',
  'gigabit_pct',
  'below_uso_pct',
] as const;

export interface LaCoverage {
  la_code: string;
  ofcom_la_name: string;
  /** Shares of premises, 0..1. */
  superfast: number;
  full_fibre: number;
  gigabit: number;
  below_uso: number;
  /** Gigabit minus full fibre: Virgin's cable where no full fibre is. */
  cable_only: number;
}

let cached: Map<string, LaCoverage> | undefined;

/** The reference file, keyed by ONS code (read once). */
export function loadOfcomCoverage(): Map<string, LaCoverage> {
  if (cached) return cached;
  const text = readFileSync(new URL(`../../geo/${COVERAGE_FILE}`, import.meta.url), 'utf8');
  const out = new Map<string, LaCoverage>();
  for (const r of parseCsvRecords(text, COLUMNS, `geo/${COVERAGE_FILE}`)) {
    const ff = Number(r.full_fibre_pct) / 100;
    const gig = Math.max(ff, Number(r.gigabit_pct) / 100);
    out.set(r.la_code, {
      la_code: r.la_code,
      ofcom_la_name: r.ofcom_la_name,
      superfast: Math.max(gig, Number(r.superfast_pct) / 100),
      full_fibre: ff,
      gigabit: gig,
      below_uso: Number(r.below_uso_pct) / 100,
      cable_only: gig - ff,
    });
  }
  cached = out;
  return out;
}

/** Authorities missing from the reference (test fixtures) get the UK-wide figures. */
const FALLBACK: Omit<LaCoverage, 'la_code' | 'ofcom_la_name'> = {
  superfast: 0.97,
  full_fibre: 0.675,
  gigabit: 0.82,
  below_uso: 0.005,
  cable_only: 0.145,
};

/** Virgin's cable at 2024-07 (full scale, premises) the per-authority footprints add up to. */
export const CABLE_PREMISES_2024 = 12.95e6;
/** No authority is cabled beyond this share: some streets never were. */
const MAX_CABLE_SHARE = 0.96;

export interface LaTarget {
  la_code: string;
  /** Full fibre at the coverage snapshot. */
  ff: number;
  /** Virgin's cable footprint, and the part of it with full fibre too (both shares of all premises). */
  cable: number;
  cable_ff: number;
  /** Premises with nothing at 30 Mbit/s (copper beyond the cabinets' reach), and below 10 Mbit/s. */
  slow: number;
  uso: number;
}

/**
 * Per-authority targets. Virgin's cable covers the cable-only share plus a part of the full-fibre premises: the
 * overlap is `k * ff * cable` (partly independent placement), with one `k` for the UK chosen so the footprints add
 * up to Virgin's national cable network. No cable in KCOM's Hull.
 */
export function laTargets(
  las: { la_code: string; premises: number; kcom: boolean }[],
  cablePremises: number,
): LaTarget[] {
  const ref = loadOfcomCoverage();
  const cov = las.map((la) => ({ la, c: ref.get(la.la_code) ?? { ...FALLBACK, la_code: la.la_code } }));
  const cableAt = (k: number) =>
    cov.map(({ la, c }) =>
      la.kcom ? 0 : Math.min(MAX_CABLE_SHARE, Math.max(c.cable_only, c.cable_only / (1 - k * c.full_fibre))),
    );
  const total = (k: number) => cableAt(k).reduce((s, v, i) => s + v * (cov[i]?.la.premises ?? 0), 0);
  let lo = 0;
  let hi = 0.999;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (total(mid) < cablePremises) lo = mid;
    else hi = mid;
  }
  const cable = cableAt(hi);
  return cov.map(({ la, c }, i) => {
    const v = cable[i] ?? 0;
    // Full fibre inside the cable footprint: what the cable-only share leaves, kept feasible on both sides.
    const overlap = Math.min(c.full_fibre, Math.max(0, v - c.cable_only, c.full_fibre + v - 1));
    const slow = Math.min(1 - c.superfast, Math.max(0, 1 - v - (c.full_fibre - overlap)));
    return {
      la_code: la.la_code,
      ff: c.full_fibre,
      cable: v,
      cable_ff: overlap,
      slow,
      uso: Math.min(slow, c.below_uso),
    };
  });
}

/**
 * The UK's full-fibre share by month (the calibration facts' dates; before 2021-09 and after 2025-09 extrapolated towards the
 * forecast's near-universal 2030), with the 2024-07 point replaced by what Ofcom's authorities add up to so the
 * national and per-authority figures agree at that date.
 */
export function nationalFullFibreKnots(at2024: number): [string, number][] {
  return [
    ['2021-01', 0.215],
    ['2021-09', 0.28],
    ['2022-05', 0.37],
    ['2022-09', 0.42],
    ['2023-05', 0.52],
    ['2023-09', 0.57],
    ['2024-07', at2024],
    ['2025-01', 0.73],
    // A point below the calibration facts' 78% (within its tolerance) leaves room for the overbuild figures of mid-2025.
    ['2025-06', 0.77],
    ['2025-09', 0.8],
    ['2026-11', 0.85],
    ['2027-12', 0.9],
    ['2028-12', 0.94],
    ['2029-12', 0.965],
    ['2030-12', 0.98],
  ];
}

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
export const clampShare = (p: number) => Math.min(0.998, Math.max(0.002, p));

/**
 * For each month, the shift theta (in log-odds) that, added to every pool's own 2024-07 level, gives the national
 * share of that month: share(pool, t) = sigmoid(logit(level) + theta(t)), theta(2024-07) = 0. Each authority thus
 * follows the national curve from its own level.
 */
export function thetaByMonth(
  pools: { premises: number; level: number }[],
  national: number[],
  anchorIndex = COVERAGE_INDEX,
): number[] {
  const total = pools.reduce((s, p) => s + p.premises, 0);
  const shareAt = (theta: number) =>
    pools.reduce((s, p) => s + p.premises * sigmoid(logit(clampShare(p.level)) + theta), 0) / total;
  const out: number[] = [];
  for (let i = 0; i <= CURVE_END_INDEX; i++) {
    if (i === anchorIndex) {
      out.push(0);
      continue;
    }
    const target = national[i] ?? 0;
    let lo = -12;
    let hi = 12;
    for (let k = 0; k < 60; k++) {
      const mid = (lo + hi) / 2;
      if (shareAt(mid) < target) lo = mid;
      else hi = mid;
    }
    out.push((lo + hi) / 2);
  }
  // Strictly increasing, so every postcode's arrival month is well defined.
  for (let i = 1; i < out.length; i++) out[i] = Math.max(out[i]!, out[i - 1]! + 1e-6);
  return out;
}
