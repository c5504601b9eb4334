/**
 * Aggregate awareness: answers counted by place read the place summaries (schema/area-summary.ts in the
 * warehouse) instead of joining a postcode summary's 1.7 million postcodes to upc_output. A place summary holds
 * the postcode summary's rows grouped by local authority (and the region and nation above it), urban/rural class
 * and every column a presence condition reads, so the compiler may use it when, and only when, the question's
 * pieces are all columns of it (as cube pre-aggregations are matched):
 * - the subject is a condition on postcode_service_latest or on ONE network's rows of network_postcode_latest
 *   (the same conditions fast-paths.ts writes, read from summaryPresence), or altnet presence, or forecast presence
 *   at a forecast point;
 * - the place asked about and the grouping are whole-local-authority places or urban/rural;
 * - the measure is premises or postcodes (sums of whole numbers: the same in any order), or an average score.
 * Every builder here returns null when any of that does not hold, and the caller writes the long form. The
 * figures are the long form's, with the same column names and types (a COUNT stays a BIGINT).
 */
import {
  ALTNET_AREA_TABLE,
  AREA_SUMMARY_GEO_COLUMNS,
  FIRST_FULL_FIBRE_AREA_TABLE,
  FORECAST_AREA_TABLE,
  FORECAST_ENTRY_AREA_TABLE,
  FORECAST_ENTRY_COLUMNS,
  FORECAST_PAIR_AREA_TABLE,
  FULL_FIBRE,
  NETWORK_AREA_TABLE,
  NETWORK_FIRST_FULL_FIBRE_AREA_TABLE,
  NETWORK_PAIR_AREA_TABLE,
  NETWORK_POSTCODE_TABLE,
  POSTCODE_SERVICE_TECHS,
  SERVICE_AREA_TABLE,
  sqlString,
} from '@qa/warehouse';
import type { Dimension, Plan, Subject } from '../semantic/plan.js';
import type { TimeContext } from '../semantic/time-context.js';
import { isForecastPoint, networkCountTest, type SummaryPresence, summaryPresence } from './fast-paths.js';

/** The one date a summary is read at: the caller's only date, none when it gives several, else the fallback. */
const oneDate = (options: { dates?: string[] }, fallback: string | undefined) =>
  options.dates ? (options.dates.length === 1 ? options.dates[0] : undefined) : fallback;

/** Presence read from a place summary: its rows passing `conditions` (alias f) count the subject's postcodes. */
export interface AreaPresence {
  table: string;
  conditions: string[];
  /** The column the rows are keyed by (a network), when the presence is per network. */
  key?: string;
  /** The table holds every live postcode (with or without the subject), so a place's totals come from it too. */
  complete: boolean;
}

const date = (d: string) => `DATE ${sqlString(d)}`;
const round = (expr: string, digits = 2) => `ROUND((${expr}) * ${10 ** digits}) / ${10 ** digits}.0`;
const setFields = (s: Subject) =>
  Object.entries(s)
    .filter(([, v]) => v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0))
    .map(([k]) => k);
const only = (s: Subject, allowed: string[]) => setFields(s).every((k) => allowed.includes(k));

/** True when the plan's place and the grouping (if a place) are columns of the place summaries. */
export function atAreaGrain(plan: Plan, dim: Dimension | undefined): boolean {
  const columns = AREA_SUMMARY_GEO_COLUMNS as readonly string[];
  return (!plan.geo || columns.includes(plan.geo.column)) && (!dim || columns.includes(dim));
}

/** The place's conditions on a place summary (alias f, or another). */
export function areaGeo(plan: Plan, alias = 'f'): string[] {
  const out: string[] = [];
  if (plan.geo)
    out.push(
      `${alias}.${plan.geo.column} ${plan.geo.not ? 'NOT IN' : 'IN'} (${plan.geo.values.map(sqlString).join(', ')})`,
    );
  if (plan.urbanRural && plan.dimension !== 'urban_rural')
    out.push(`${alias}.urban_rural = ${sqlString(plan.urbanRural)}`);
  return out;
}

const where = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

function fromSummary(p: SummaryPresence, firstActivation = p.firstActivation): AreaPresence | null {
  if (p.table === NETWORK_POSTCODE_TABLE) {
    // One network's rows, or rows keyed by network: one per network and postcode, so they sum without DISTINCT.
    if (!p.onePerPostcode) return null;
    return {
      table: firstActivation ? NETWORK_FIRST_FULL_FIBRE_AREA_TABLE : NETWORK_AREA_TABLE,
      conditions: p.conditions,
      ...(p.byNetwork ? { key: 'operator_group' } : {}),
      complete: false,
    };
  }
  return {
    table: firstActivation ? FIRST_FULL_FIBRE_AREA_TABLE : SERVICE_AREA_TABLE,
    conditions: p.conditions,
    complete: true,
  };
}

/**
 * The subject's presence in a place summary, or null. Keys: none, the network (`o.operator_group AS
 * operator_group`), an altnet or a forecast network (`f.operator AS operator`). `dates` with two or more dates
 * is read by the change builder; here one date at most.
 */
export function areaPresence(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; keys?: string[] } = {},
): AreaPresence | null {
  const keys = options.keys ?? [];
  const s = plan.subject;
  // A count of the postcodes WITHOUT the subject stays in the long form, whose negation the plan check reads.
  if (s.absent || s.notGroups?.length) return null;
  if (s.allGroups?.length) return keys.length ? null : overlapArea(plan, ctx, options);
  if (plan.dataset === 'upc_forecast') return forecastArea(plan, ctx, options);
  if (plan.dataset !== 'upc') return null;
  if (s.altnet && !s.operators?.length) {
    if (
      !only(s, ['altnet', 'operatorGroups', 'minNetworks', 'exactNetworks', 'networksAreAltnets', 'absent'])
    )
      return null;
    const at = oneDate(options, plan.time.at);
    if (at !== undefined && at !== ctx.latest) return altnetAt(plan, keys, at);
    const count = networkCountTest(s);
    if (count) {
      if (keys.length || s.operatorGroups?.length) return null;
      return { table: SERVICE_AREA_TABLE, conditions: [`f.altnets ${count}`], complete: true };
    }
    if (!keys.length && !s.operatorGroups?.length)
      return { table: SERVICE_AREA_TABLE, conditions: ['f.altnets >= 1'], complete: true };
    return altnetAt(plan, keys, ctx.latest);
  }
  const summary = summaryPresence(plan, ctx, options);
  return summary ? fromSummary(summary) : null;
}

/**
 * The postcodes WITHOUT the subject, from a summary that holds every live postcode: the rows that fail its
 * presence test. A postcode with no service has NULL service columns, so the test is COALESCEd to false first
 * (NULL would drop it, and it has no service at all). Null when only the long form can say it.
 */
export function areaAbsence(plan: Plan, ctx: TimeContext): AreaPresence | null {
  const { absent, ...present } = plan.subject;
  if (!absent || present.exclude) return null;
  const area = areaPresence({ ...plan, subject: present }, ctx);
  if (!area?.complete || area.key || !area.conditions.length) return null;
  return { ...area, conditions: [`NOT COALESCE(${area.conditions.join(' AND ')}, FALSE)`] };
}

/**
 * Two named networks both present (each with full fibre when asked), at the latest snapshot or at a forecast
 * point, from the pair summaries: the rows of the ordered pair (A, B) are the postcodes where both are.
 */
function overlapArea(plan: Plan, ctx: TimeContext, options: { dates?: string[] }): AreaPresence | null {
  const s = plan.subject;
  const [a, b] = s.allGroups ?? [];
  if (!a || !b || s.allGroups!.length !== 2 || a === b) return null;
  if (plan.dataset === 'upc_forecast') {
    if (!only(s, ['allGroups', 'groupTech', 'tech'])) return null;
    const at = oneDate(options, plan.time.at ?? ctx.forecastLast);
    if (!at || !isForecastPoint(at, ctx)) return null;
    return {
      table: FORECAST_PAIR_AREA_TABLE,
      conditions: [
        `f.operator = ${sqlString(a)}`,
        `f.entry_date <= ${date(at)}`,
        `f.other_operator = ${sqlString(b)}`,
        `f.other_entry_date <= ${date(at)}`,
      ],
      complete: false,
    };
  }
  if (plan.dataset !== 'upc' || !only(s, ['allGroups', 'groupTech', 'tech'])) return null;
  if (options.dates || (plan.time.at && plan.time.at !== ctx.latest)) return null;
  // Each network's own technology, else the subject's: only full fibre (or none) is a column of the pairs.
  const techOf = (group: string) => s.groupTech?.[group] ?? s.tech;
  if (![a, b].every((g) => techOf(g) === undefined || techOf(g) === FULL_FIBRE)) return null;
  return {
    table: NETWORK_PAIR_AREA_TABLE,
    conditions: [
      `f.operator_group = ${sqlString(a)}`,
      ...(techOf(a) ? [`f.has_${FULL_FIBRE}`] : []),
      `f.other_group = ${sqlString(b)}`,
      ...(techOf(b) ? [`f.other_has_${FULL_FIBRE}`] : []),
    ],
    complete: false,
  };
}

/** Altnets (all, keyed, or one named) at one monthly snapshot, from altnet_by_area_time_series. */
function altnetAt(plan: Plan, keys: string[], at: string | undefined): AreaPresence | null {
  const s = plan.subject;
  if (!at || s.minNetworks || s.exactNetworks) return null;
  const keyed = keys.length === 1 && keys[0] === 'f.operator AS operator';
  if (keys.length && !keyed) return null;
  const groups = s.operatorGroups ?? [];
  // Unkeyed, several altnets can share a postcode: only one named altnet sums without DISTINCT.
  if (!keyed && groups.length !== 1) return null;
  const conditions = [`f.reported_at = ${date(at)}`];
  if (groups.length) conditions.push(`f.operator IN (${groups.map(sqlString).join(', ')})`);
  return { table: ALTNET_AREA_TABLE, conditions, ...(keyed ? { key: 'operator' } : {}), complete: false };
}

/** Forecast presence at one forecast point: any network or at least / exactly n, or one or every network. */
function forecastArea(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; keys?: string[] },
): AreaPresence | null {
  const s = plan.subject;
  const keys = options.keys ?? [];
  const at = oneDate(options, plan.time.at ?? ctx.forecastLast);
  if (!at || !isForecastPoint(at, ctx)) return null;
  // The technology is not a condition: every forecast is full fibre, and the long form ignores it too.
  if (!only(s, ['tech', 'operatorGroups', 'minNetworks', 'exactNetworks', 'absent'])) return null;
  const keyed = keys.length === 1 && keys[0] === 'f.operator AS operator';
  if (keys.length && !keyed) return null;
  const groups = s.operatorGroups ?? [];
  const networks = s.minNetworks ?? s.exactNetworks;
  if (networks) {
    const n = Number(networks);
    const exact = Boolean(s.exactNetworks);
    if (keys.length || groups.length || n < 1 || n > FORECAST_ENTRY_COLUMNS.length - (exact ? 1 : 0))
      return null;
    const next = FORECAST_ENTRY_COLUMNS[n];
    const conditions = [`f.${FORECAST_ENTRY_COLUMNS[n - 1]} <= ${date(at)}`];
    if (exact) conditions.push(`(f.${next} IS NULL OR f.${next} > ${date(at)})`);
    return { table: FORECAST_ENTRY_AREA_TABLE, conditions, complete: true };
  }
  if (!keyed && !groups.length)
    return {
      table: FORECAST_ENTRY_AREA_TABLE,
      conditions: [`f.${FORECAST_ENTRY_COLUMNS[0]} <= ${date(at)}`],
      complete: true,
    };
  if (!keyed && groups.length !== 1) return null;
  const conditions = [`f.reported_at = ${date(at)}`];
  if (groups.length) conditions.push(`f.operator IN (${groups.map(sqlString).join(', ')})`);
  return { table: FORECAST_AREA_TABLE, conditions, ...(keyed ? { key: 'operator' } : {}), complete: false };
}

/** The total of a unit (premises or postcodes) over the place asked about, from service_by_area. */
export function areaTotal(plan: Plan, unit: 'premises' | 'postcodes'): string {
  return `(SELECT SUM(a.${unit}) FROM ${SERVICE_AREA_TABLE} a ${where(areaGeo(plan, 'a'))})`.replace(
    ' )',
    ')',
  );
}

export interface AreaLevelsShape {
  dim?: Dimension;
  unit: 'premises' | 'postcodes';
  name: string;
  totalName: string;
  pctName: string;
  havingNonZero: boolean;
  orderLimit: (column: string, tieBreak: string) => string;
  orderColumn: string;
}

/**
 * Premises (or postcodes) with the subject, all of them and the share, for the place asked about or per place:
 * buildLevels' figures read from a place summary.
 */
export function areaLevels(presence: AreaPresence, plan: Plan, shape: AreaLevelsShape): string {
  const { dim, unit, name, totalName, pctName } = shape;
  const w = `f.${unit}`;
  const geo = areaGeo(plan);
  const select = dim ? `f.${dim}, ` : '';
  // The other unit beside the one counted (premises are in postcodes), as the long form shows it.
  const other = unit === 'premises' ? 'postcodes' : 'premises';
  const otherName = name.replace(unit, other);
  if (presence.complete) {
    const test = presence.conditions.join(' AND ');
    const passed = `SUM(CASE WHEN ${test} THEN ${w} ELSE 0 END)`;
    return [
      `SELECT ${select}${passed} AS ${name},`,
      `       SUM(${w}) AS ${totalName},`,
      `       ${round(`100.0 * ${passed} / NULLIF(SUM(${w}), 0)`)} AS ${pctName},`,
      `       CAST(SUM(CASE WHEN ${test} THEN f.${other} ELSE 0 END) AS BIGINT) AS ${otherName}`,
      `FROM ${presence.table} f`,
      where(geo),
      dim ? `GROUP BY f.${dim}` : '',
      shape.havingNonZero ? `HAVING ${passed} > 0` : '',
      dim ? shape.orderLimit(shape.orderColumn, `f.${dim}`) : '',
    ]
      .filter(Boolean)
      .join('\n');
  }
  // The subject's rows sum per place; the place's totals come from service_by_area (every live postcode).
  const passed = `COALESCE(p.${unit}, 0)`;
  return [
    `WITH passed AS (`,
    `  SELECT ${select}SUM(${w}) AS ${unit}, SUM(f.${other}) AS ${other} FROM ${presence.table} f ${where([...presence.conditions, ...geo])}${dim ? ` GROUP BY f.${dim}` : ''}`,
    `), areas AS (`,
    `  SELECT ${select}SUM(${w}) AS ${unit} FROM ${SERVICE_AREA_TABLE} f ${where(geo)}${dim ? ` GROUP BY f.${dim}` : ''}`,
    ')',
    `SELECT ${dim ? `a.${dim}, ` : ''}${passed} AS ${name},`,
    `       a.${unit} AS ${totalName},`,
    `       ${round(`100.0 * ${passed} / NULLIF(a.${unit}, 0)`)} AS ${pctName},`,
    `       CAST(COALESCE(p.${other}, 0) AS BIGINT) AS ${otherName}`,
    dim ? `FROM areas a\nLEFT JOIN passed p ON p.${dim} = a.${dim}` : 'FROM areas a CROSS JOIN passed p',
    shape.havingNonZero ? `WHERE ${passed} > 0` : '',
    dim ? shape.orderLimit(shape.orderColumn, `a.${dim}`) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Postcodes and premises per place with no subject (upc_output counted), from service_by_area. */
export function areaPlaces(plan: Plan, dim: Dimension | undefined): string {
  return [
    `SELECT ${dim ? `f.${dim}, ` : ''}CAST(SUM(f.postcodes) AS BIGINT) AS postcodes, SUM(f.premises) AS premises`,
    `FROM ${SERVICE_AREA_TABLE} f`,
    where(areaGeo(plan)),
    dim ? `GROUP BY f.${dim}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Premises (or postcodes) per key: a network, an altnet, a forecast network, or a technology (`tech`, every
 * technology the service summary flags), with the share of all premises; null when the presence is not keyed.
 */
export function areaByKey(
  plan: Plan,
  ctx: TimeContext,
  keyName: string,
  keyExpr: string,
  unit: 'premises' | 'postcodes',
  orderLimit: (column: string, tieBreak: string) => string,
): string | null {
  const geo = areaGeo(plan);
  const measure = unit === 'postcodes' ? 'CAST(SUM(f.postcodes) AS BIGINT)' : 'SUM(f.premises)';
  // Each row's other unit beside it, as the long form shows it (its premises' postcodes, its postcodes' premises).
  const share =
    unit === 'premises'
      ? `,\n       ${round(`100.0 * SUM(f.premises) / ${areaTotal(plan, 'premises')}`)} AS share_of_all_premises_pct,\n       CAST(SUM(f.postcodes) AS BIGINT) AS postcodes`
      : ',\n       SUM(f.premises) AS premises';
  if (keyName === 'tech') {
    if (
      plan.dataset !== 'upc' ||
      setFields(plan.subject).length ||
      (plan.time.at && plan.time.at !== ctx.latest)
    )
      return null;
    // One branch per technology, grouped: a technology with no postcode in the place has no row, as in the long form.
    const branches = POSTCODE_SERVICE_TECHS.map(
      (t) =>
        `SELECT ${sqlString(t)} AS tech, f.postcodes, f.premises FROM ${SERVICE_AREA_TABLE} f ${where([`f.has_${t}`, ...geo])}`,
    ).join('\n  UNION ALL ');
    return [
      `WITH by_tech AS (\n  ${branches}\n)`,
      `SELECT f.tech, ${measure} AS ${unit}${share}`,
      'FROM by_tech f',
      'GROUP BY f.tech',
      orderLimit(unit, 'f.tech'),
    ].join('\n');
  }
  const presence = areaPresence(plan, ctx, { keys: [`${keyExpr} AS ${keyName}`] });
  if (!presence?.key || presence.key !== keyName) return null;
  return [
    `SELECT f.${keyName}, ${measure} AS ${unit}${share}`,
    `FROM ${presence.table} f`,
    where([...presence.conditions, ...geo]),
    `GROUP BY f.${keyName}`,
    orderLimit(unit, `f.${keyName}`),
  ].join('\n');
}

/** The network subject's full-fibre presence with first activations, in a place summary (first_full_fibre). */
export function areaFirstActivation(plan: Plan, ctx: TimeContext, keyed = false): AreaPresence | null {
  const s = plan.subject;
  if (plan.dataset !== 'upc' || s.tech !== FULL_FIBRE || !only(s, ['tech', 'operatorGroups'])) return null;
  // The latest snapshot's presence of the subject: its rows carry first_full_fibre.
  const latest = summaryPresence(
    { ...plan, time: {} },
    ctx,
    keyed ? { keys: ['o.operator_group AS operator_group'] } : {},
  );
  // The rows with first_full_fibre: the first-activation summaries.
  const area = latest && fromSummary(latest, true);
  if (!area || (keyed && area.key !== 'operator_group')) return null;
  return area;
}

/** A single summary column's sum for a unit, as a CAST to BIGINT when the long form counted rows. */
export const areaCount = (unit: 'premises' | 'postcodes') =>
  unit === 'postcodes' ? 'CAST(SUM(f.postcodes) AS BIGINT)' : 'SUM(f.premises)';
