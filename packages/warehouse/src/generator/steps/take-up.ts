/**
 * Step 5: take-up (subscriber lines). At each postcode and quarter the households and business sites that have a
 * line split across what is available there at that quarter's snapshot: Virgin Media on cable or its own full
 * fibre, fixed wireless, full fibre on Openreach (sold by BT, Sky, TalkTalk, Vodafone, Zen), CityFibre (sold by
 * Vodafone, TalkTalk, Zen and, from 2025, Sky), an altnet under its own brand, KCOM in Hull, and copper (FTTC,
 * legacy ADSL fading out). Full-fibre take-up grows over time. Integer lines per postcode come from systematic
 * rounding of the shares, so they add up to the postcode's lines exactly and never exceed its premises; national
 * quarterly figures are the same model summed (the latest four quarters are exactly the postcode-level sums).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlString } from '../../sql/quote.js';
import {
  LATEST_INDEX,
  monthIndex,
  POSTCODE_TAKE_UP_QUARTERS,
  quarterStart,
  TAKE_UP_QUARTERS,
  takeUpSnapshot,
} from '../calendar.js';
import { NETWORKS } from '../networks.js';
import { hashSql } from '../random.js';

/** Share of households with a fixed line (rising slightly), and of business sites. */
const RESIDENTIAL_PENETRATION = { start: 0.85, end: 0.865 };
const BUSINESS_PENETRATION = 0.6;
/** Within full-fibre areas, the share of non-Virgin lines on full fibre (rising as customers migrate). */
const FTTP_SHARE = { start: 0.41, end: 0.51 };
/** Legacy ADSL share of copper lines where FTTC is available (fading to almost nothing). */
const ADSL_SHARE = { start: 0.16, floor: 0.004 };
const VIRGIN_CABLE_SHARE = 0.36;
const VIRGIN_FTTP_SHARE = 0.3;
const FWA_SHARE = 0.03;

const OPENREACH_SPLIT: [string, number][] = [
  ['BT', 0.48],
  ['Sky', 0.28],
  ['TalkTalk', 0.13],
  ['Vodafone', 0.07],
  ['Zen', 0.04],
];
const CITYFIBRE_SPLIT: [string, number][] = [
  ['Vodafone', 0.45],
  ['TalkTalk', 0.3],
  ['Zen', 0.15],
  ['Sky', 0.1],
];
const CITYFIBRE_SKY_FROM = '2025Q1';

/** Retail brand of an altnet's own lines (operator_group -> brand). */
export const ALTNET_BRANDS: Record<string, string> = { Netomnia: 'YouFibre', brsk: 'brsk', MS3: 'MS3' };

interface Candidate {
  operator: string;
  tech: string;
  share: string;
}

function candidates(): Candidate[] {
  const or = (op: string) => OPENREACH_SPLIT.find(([o]) => o === op)?.[1] ?? 0;
  const cfShare = (op: string) =>
    op === 'Sky'
      ? `(CASE WHEN sky_on_cf THEN ${CITYFIBRE_SPLIT.find(([o]) => o === 'Sky')?.[1]}::DOUBLE ELSE 0.0::DOUBLE END)`
      : `(${CITYFIBRE_SPLIT.find(([o]) => o === op)?.[1] ?? 0}::DOUBLE / CASE WHEN sky_on_cf THEN 1.0::DOUBLE ELSE ${1 - (CITYFIBRE_SPLIT.find(([o]) => o === 'Sky')?.[1] ?? 0)}::DOUBLE END)`;
  const list: Candidate[] = [
    { operator: 'Virgin Media', tech: 'cable', share: 's_cable' },
    { operator: 'Virgin Media', tech: 'fttp', share: 's_vmf' },
    { operator: 'Three', tech: 'fwa', share: 's_fwa' },
  ];
  for (const [op] of OPENREACH_SPLIT) {
    list.push({
      operator: op,
      tech: 'fttp',
      share: `(s_or_ff * ${or(op)}::DOUBLE + s_cf_ff * ${cfShare(op)})`,
    });
  }
  list.push({ operator: '@alt', tech: 'fttp', share: 's_alt_ff' });
  list.push({ operator: 'KCOM', tech: 'fttp', share: 's_kc_ff' });
  for (const [op, w] of OPENREACH_SPLIT)
    list.push({ operator: op, tech: 'fttc', share: `(s_or_fttc * ${w}::DOUBLE)` });
  list.push({ operator: 'KCOM', tech: 'fttc', share: 's_kc_cop' });
  for (const [op, w] of OPENREACH_SPLIT)
    list.push({ operator: op, tech: 'adsl', share: `(s_or_adsl * ${w}::DOUBLE)` });
  return list;
}

/** Altnet groups (other than CityFibre, which has its own retail model), in a fixed order. */
const ALT_GROUPS = [
  ...new Set(NETWORKS.filter((n) => n.networkType === 'altnet' && n.id !== 'cityfibre').map((n) => n.group)),
].sort();

/**
 * Which altnet brand serves a postcode where several have built: the earliest, and between altnets of the same
 * month a pseudo-random but fixed preference. The key is unique per group (the group's rank breaks ties of the
 * hash), so the choice never depends on the order rows reach the aggregate.
 */
const altGroupKey = `((b.build_idx * 100 + hash(n.grp) % 100) * ${ALT_GROUPS.length + 1} + (CASE n.grp ${ALT_GROUPS.map((g, i) => `WHEN ${sqlString(g)} THEN ${i}`).join(' ')} ELSE ${ALT_GROUPS.length} END))`;

/** SQL producing per-postcode availability (build month indexes) for the take-up model. */
function availabilitySql(): string {
  return `SELECT p.pc_id, p.postcode, p.households, p.bus_sites_total, p.kcom_area,
      c.has_fttc,
      max(CASE WHEN b.net = 'virgin_cable' THEN b.build_idx END) AS cable_idx,
      min(CASE WHEN b.net IN ('virgin_rfog', 'nexfibre') THEN b.build_idx END) AS vmf_idx,
      max(CASE WHEN b.net = 'three_fwa' THEN b.build_idx END) AS fwa_idx,
      max(CASE WHEN b.net = 'openreach' THEN b.build_idx END) AS or_idx,
      max(CASE WHEN b.net = 'cityfibre' THEN b.build_idx END) AS cf_idx,
      max(CASE WHEN b.net = 'kcom' THEN b.build_idx END) AS kc_idx,
      min(CASE WHEN n.network_type = 'altnet' AND b.net <> 'cityfibre' THEN b.build_idx END) AS alt_idx,
      arg_min(CASE WHEN n.network_type = 'altnet' AND b.net <> 'cityfibre' THEN n.grp END,
              CASE WHEN n.network_type = 'altnet' AND b.net <> 'cityfibre' THEN ${altGroupKey} END) AS alt_group
    FROM gen_pc p
    JOIN gen_copper c USING (pc_id)
    LEFT JOIN (SELECT * FROM gen_build WHERE build_idx <= ${LATEST_INDEX}) b ON b.pc_id = p.pc_id
    LEFT JOIN gen_net n ON n.net = b.net
    GROUP BY ALL`;
}

/** Share columns for rows carrying the availability flags, `tq` (time position 0..1) and `sky_on_cf`. */
function sharesSql(flagsSource: string): string {
  return `WITH flags AS (
      SELECT * FROM ${flagsSource}
    ), base AS (
      SELECT *,
        CASE WHEN vmc THEN ${VIRGIN_CABLE_SHARE}::DOUBLE ELSE 0.0::DOUBLE END AS s_cable,
        CASE WHEN vmf THEN ${VIRGIN_FTTP_SHARE}::DOUBLE ELSE 0.0::DOUBLE END AS s_vmf,
        CASE WHEN fwa THEN ${FWA_SHARE}::DOUBLE ELSE 0.0::DOUBLE END AS s_fwa,
        (CASE WHEN orf THEN 1.0::DOUBLE ELSE 0.0::DOUBLE END) + (CASE WHEN cff THEN 0.8::DOUBLE ELSE 0.0::DOUBLE END)
          + (CASE WHEN alf THEN 1.2::DOUBLE ELSE 0.0::DOUBLE END) + (CASE WHEN kcf THEN 1.0::DOUBLE ELSE 0.0::DOUBLE END) AS ffw
      FROM flags
    ), ff AS (
      SELECT *, 1 - s_cable - s_vmf - s_fwa AS rem,
        CASE WHEN ffw > 0 THEN (1 - s_cable - s_vmf - s_fwa) * (${FTTP_SHARE.start}::DOUBLE + ${FTTP_SHARE.end - FTTP_SHARE.start}::DOUBLE * tq) ELSE 0.0::DOUBLE END AS ffl
      FROM base
    ), split AS (
      SELECT *,
        CASE WHEN ffw > 0 AND orf THEN ffl / ffw ELSE 0.0::DOUBLE END AS s_or_ff,
        CASE WHEN ffw > 0 AND cff THEN ffl * 0.8::DOUBLE / ffw ELSE 0.0::DOUBLE END AS s_cf_ff,
        CASE WHEN ffw > 0 AND alf THEN ffl * 1.2::DOUBLE / ffw ELSE 0.0::DOUBLE END AS s_alt_ff,
        CASE WHEN ffw > 0 AND kcf THEN ffl / ffw ELSE 0.0::DOUBLE END AS s_kc_ff,
        CASE WHEN kcom_area THEN rem - ffl ELSE 0.0::DOUBLE END AS s_kc_cop,
        CASE WHEN kcom_area THEN 0 ELSE (rem - ffl)
          * (CASE WHEN has_fttc THEN ${ADSL_SHARE.start}::DOUBLE * (1 - tq) * (1 - tq) + ${ADSL_SHARE.floor}::DOUBLE ELSE 1 END) END AS s_or_adsl,
        CASE WHEN kcom_area THEN 0 ELSE (rem - ffl)
          * (1 - (CASE WHEN has_fttc THEN ${ADSL_SHARE.start}::DOUBLE * (1 - tq) * (1 - tq) + ${ADSL_SHARE.floor}::DOUBLE ELSE 1 END)) END AS s_or_fttc
      FROM ff
    )`;
}

function quartersValues(quarters: string[]): string {
  const n = TAKE_UP_QUARTERS.length - 1;
  return `(VALUES ${quarters
    .map((q) => {
      const pos = TAKE_UP_QUARTERS.indexOf(q);
      return `(${sqlString(q)}, DATE '${quarterStart(q)}', ${monthIndex(takeUpSnapshot(q))}, ${(pos / n).toFixed(6)}::DOUBLE, ${q >= CITYFIBRE_SKY_FROM})`;
    })
    .join(', ')}) qv(quarter, quarter_start, qs, tq, sky_on_cf)`;
}

const FLAG_COLUMNS = ['vmc', 'vmf', 'fwa', 'orf', 'cff', 'alf', 'kcf', 'has_fttc', 'kcom_area', 'alt_group'];

const PHI_SCALE = 1048576;
/** Fixed-point unit of the national expected lines (millionths of a line). */
const MICRO = 1_000_000;

/**
 * take_up_postcode is a view: per postcode and quarter the generator stores only the line totals, the rounding
 * offsets and the availability profile (wh_take_up_lines, 7M rows at full scale); each profile's candidates are
 * slices [lo, hi) of the cumulative share (wh_take_up_shares). Portable arithmetic (FLOOR over doubles) turns
 * them into integer lines identically on DuckDB and PostgreSQL, instead of storing ~56M rows.
 */
const takeUpSegment = (
  segment: string,
  lines: string,
  phi: string,
) => `SELECT l.postcode, l.quarter, s.operator, s.tech,
    '${segment}' AS segment,
    CAST(FLOOR(l.${lines} * s.hi + CAST(l.${phi} AS FLOAT8) / ${PHI_SCALE})
       - FLOOR(l.${lines} * s.lo + CAST(l.${phi} AS FLOAT8) / ${PHI_SCALE}) AS INTEGER) AS lines
  FROM wh_take_up_lines l
  JOIN wh_take_up_shares s ON s.profile_id = l.profile_id`;

// One branch per segment (not a CROSS JOIN with a CASE): the engines then push filters on postcode, quarter and
// tech into both scans, which makes a question about one place and quarter about twice as fast.
export const TAKE_UP_POSTCODE_VIEW_DDL = `CREATE VIEW take_up_postcode AS
SELECT r.postcode, r.quarter, r.operator, r.tech, r.segment, r.lines FROM (
  ${takeUpSegment('residential', 'res_lines', 'res_phi')}
) r WHERE r.lines > 0
UNION ALL
SELECT b.postcode, b.quarter, b.operator, b.tech, b.segment, b.lines FROM (
  ${takeUpSegment('business', 'bus_lines', 'bus_phi')}
) b WHERE b.lines > 0`;

/** One 64-bit key per (quarter, availability flags): joins on it instead of on ten columns. */
function profileKey(alias: string): string {
  return `hash(${alias}.quarter, ${FLAG_COLUMNS.map((c) => `${alias}.${c}`).join(', ')})`;
}

const AVAIL_COLUMNS = [
  'cable_idx',
  'vmf_idx',
  'fwa_idx',
  'or_idx',
  'cf_idx',
  'alt_idx',
  'kc_idx',
  'has_fttc',
  'kcom_area',
  'alt_group',
];

/** Returns the row count of the take_up_postcode view. */
export async function createTakeUp(conn: DuckDBConnection, seed: number): Promise<number> {
  const cands = candidates();
  const brandCase = `CASE ${Object.entries(ALTNET_BRANDS)
    .map(([g, b]) => `WHEN alt_group = ${sqlString(g)} THEN ${sqlString(b)}`)
    .join(' ')} ELSE alt_group END`;
  await conn.run(`CREATE TEMP TABLE gen_tu_avail AS ${availabilitySql()}`);
  // Postcodes with the same availability history behave alike: aggregate them once.
  await conn.run(`CREATE TEMP TABLE gen_tu_tuple AS
    SELECT ${AVAIL_COLUMNS.join(', ')}, SUM(households) AS households, SUM(bus_sites_total) AS bus_sites_total
    FROM gen_tu_avail GROUP BY ALL`);

  const pen = `(${RESIDENTIAL_PENETRATION.start}::DOUBLE + ${(RESIDENTIAL_PENETRATION.end - RESIDENTIAL_PENETRATION.start).toFixed(4)}::DOUBLE * qv.tq)`;
  const flags = (src: string, from: string) => `SELECT a.*, qv.*,
      coalesce(a.cable_idx <= qv.qs, FALSE) AS vmc, coalesce(a.vmf_idx <= qv.qs, FALSE) AS vmf,
      coalesce(a.fwa_idx <= qv.qs, FALSE) AS fwa, coalesce(a.or_idx <= qv.qs, FALSE) AS orf,
      coalesce(a.cf_idx <= qv.qs, FALSE) AS cff, coalesce(a.alt_idx <= qv.qs, FALSE) AS alf,
      coalesce(a.kc_idx <= qv.qs, FALSE) AS kcf
    FROM ${from} a, ${src}`;

  // Shares are computed once per availability profile; each profile keeps its candidates with a positive share
  // as [lo, hi) slices of the cumulative share.
  const cumList = `[0.0::DOUBLE, ${cands
    .map((_, k) =>
      cands
        .slice(0, k + 1)
        .map((c) => c.share)
        .join(' + '),
    )
    .join(', ')}]`;
  const opList = `[${cands.map((c) => (c.operator === '@alt' ? brandCase : sqlString(c.operator))).join(', ')}]`;
  const techList = `[${cands.map((c) => sqlString(c.tech)).join(', ')}]`;
  await conn.run(`CREATE TEMP TABLE gen_tu_profile AS
    ${sharesSql(`(SELECT DISTINCT quarter, tq, sky_on_cf, ${FLAG_COLUMNS.join(', ')} FROM (${flags(quartersValues(TAKE_UP_QUARTERS), 'gen_tu_tuple')}))`)}
    SELECT (row_number() OVER (ORDER BY quarter, ${FLAG_COLUMNS.join(', ')}))::INTEGER AS profile_id,
      ${profileKey('split')} AS profile_key,
      quarter, ${FLAG_COLUMNS.join(', ')}, ${cumList} AS cum, ${opList} AS ops, ${techList} AS techs
    FROM split`);
  await conn.run(`CREATE TABLE wh_take_up_shares AS
    WITH k AS (SELECT profile_id, cum, ops, techs, unnest(range(1, ${cands.length + 1})) AS k FROM gen_tu_profile)
    SELECT (row_number() OVER (ORDER BY profile_id, k))::INTEGER AS share_id, profile_id,
      ops[k] AS operator, techs[k] AS tech, cum[k] AS lo, cum[k + 1] AS hi
    FROM k WHERE cum[k + 1] > cum[k] + 1e-12`);
  const profileJoin = (f: string) => `JOIN gen_tu_profile p ON p.profile_key = ${profileKey(f)}`;

  // Postcode level, latest four quarters: line totals (never above households / business sites) and the offsets
  // of the systematic rounding, from which the view derives integer lines that add up exactly to the totals.
  await conn.run(`CREATE TABLE wh_take_up_lines AS
    SELECT f.postcode, f.quarter, p.profile_id,
      round(f.households * ${pen.replace(/qv\./g, 'f.')})::INTEGER AS res_lines,
      round(f.bus_sites_total * ${BUSINESS_PENETRATION}::DOUBLE)::INTEGER AS bus_lines,
      (${hashSql(seed, 'tu-res', 'f.pc_id', 'f.quarter')} % ${PHI_SCALE})::INTEGER AS res_phi,
      (${hashSql(seed, 'tu-bus', 'f.pc_id', 'f.quarter')} % ${PHI_SCALE})::INTEGER AS bus_phi
    FROM (${flags(quartersValues(POSTCODE_TAKE_UP_QUARTERS), 'gen_tu_avail')}) f ${profileJoin('f')}`);
  await conn.run(TAKE_UP_POSTCODE_VIEW_DDL);

  // The latest four quarters nationally: exact sums of the postcode-level lines, aggregated on integer keys first.
  const fl = (t: string, phi: string, bound: string) =>
    `FLOOR(l.${t} * s.${bound} + CAST(l.${phi} AS FLOAT8) / ${PHI_SCALE})`;
  await conn.run(`CREATE TEMP TABLE gen_tu_latest AS
    WITH x AS (
      SELECT l.quarter, s.share_id,
        ${fl('res_lines', 'res_phi', 'hi')} - ${fl('res_lines', 'res_phi', 'lo')} AS res,
        ${fl('bus_lines', 'bus_phi', 'hi')} - ${fl('bus_lines', 'bus_phi', 'lo')} AS bus
      FROM wh_take_up_lines l JOIN wh_take_up_shares s USING (profile_id)
    ), agg AS (
      SELECT quarter, share_id, SUM(res) AS res, SUM(bus) AS bus,
        COUNT(CASE WHEN res > 0 THEN 1 END) + COUNT(CASE WHEN bus > 0 THEN 1 END) AS nrows
      FROM x GROUP BY quarter, share_id
    )
    SELECT a.quarter, s.operator, s.tech, 'residential' AS segment, SUM(a.res) AS lines, SUM(a.nrows) AS nrows
    FROM agg a JOIN wh_take_up_shares s USING (share_id) GROUP BY ALL
    UNION ALL
    SELECT a.quarter, s.operator, s.tech, 'business' AS segment, SUM(a.bus) AS lines, 0 AS nrows
    FROM agg a JOIN wh_take_up_shares s USING (share_id) GROUP BY ALL`);

  // National quarterly: the same model's expected lines for earlier quarters, exact postcode sums for the latest four.
  // The expected lines are fractional; each term is rounded to a millionth of a line and summed as an integer, so
  // the totals are exact whatever order DuckDB's threads add them in (floating-point sums are not associative).
  const earlier = TAKE_UP_QUARTERS.filter((q) => !POSTCODE_TAKE_UP_QUARTERS.includes(q));
  const micro = (x: string) => `CAST(round((${x}) * ${MICRO}) AS BIGINT)`;
  await conn.run(`CREATE TABLE take_up_quarterly AS
    WITH totals AS (
      SELECT p.profile_id, f.quarter, f.quarter_start,
        SUM(${micro(`f.households * ${pen.replace(/qv\./g, 'f.')}`)}) AS res_micro,
        SUM(${micro(`f.bus_sites_total * ${BUSINESS_PENETRATION}::DOUBLE`)}) AS bus_micro
      FROM (${flags(quartersValues(earlier), 'gen_tu_tuple')}) f ${profileJoin('f')}
      GROUP BY ALL
    ), modelled AS (
      SELECT t.quarter, t.quarter_start, c.operator, c.tech, 'residential' AS segment,
        SUM(CAST(round((c.hi - c.lo) * CAST(t.res_micro AS DOUBLE)) AS BIGINT)) AS micro_lines
      FROM totals t JOIN wh_take_up_shares c USING (profile_id) GROUP BY ALL
      UNION ALL
      SELECT t.quarter, t.quarter_start, c.operator, c.tech, 'business' AS segment,
        SUM(CAST(round((c.hi - c.lo) * CAST(t.bus_micro AS DOUBLE)) AS BIGINT)) AS micro_lines
      FROM totals t JOIN wh_take_up_shares c USING (profile_id) GROUP BY ALL
    ), modelled_lines AS (
      SELECT quarter, quarter_start, operator, tech, segment, CAST(micro_lines AS DOUBLE) / ${MICRO} AS lines FROM modelled
    )
    SELECT quarter, quarter_start, operator, tech, segment, round(lines)::INTEGER AS lines
    FROM modelled_lines WHERE round(lines) > 0 AND operator IS NOT NULL
    UNION ALL
    SELECT l.quarter, qv.quarter_start, l.operator, l.tech, l.segment, SUM(l.lines)::INTEGER
    FROM gen_tu_latest l JOIN ${quartersValues(POSTCODE_TAKE_UP_QUARTERS)} USING (quarter)
    GROUP BY ALL HAVING SUM(l.lines) > 0
    ORDER BY 1, 3, 4, 5`);
  const reader = await conn.runAndReadAll('SELECT SUM(nrows)::BIGINT FROM gen_tu_latest');
  return Number(reader.getRowsJson()[0]?.[0] ?? 0);
}
