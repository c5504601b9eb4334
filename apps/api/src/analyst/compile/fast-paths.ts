/**
 * Faster SQL for whole-postcode questions at the latest snapshot, read from postcode_service_latest (one row per
 * postcode with any service: best download, technologies, number of full fibre and gigabit networks, first full
 * fibre) instead of grouping the ~15 million rows of fact_operator by postcode, and for forecast questions, read
 * from the forecast summaries (schema/forecast-summary.ts) instead of the per-point forecast_footprint view. Each
 * fast form selects exactly the postcodes (and counts) the long form selects, so answers are identical on both
 * engines; anything a summary cannot say exactly falls back to the long form (these functions return null).
 */
import {
  FORECAST_ENTRY_COLUMNS,
  FORECAST_NETWORK_ENTRY_TABLE,
  FORECAST_POSTCODE_ENTRY_TABLE,
  FULL_FIBRE,
  NETWORK_POSTCODE_TABLE,
  POSTCODE_SERVICE_TABLE,
  POSTCODE_SERVICE_TECHS,
  SEGMENTS,
  segmentSql,
  sqlString,
} from '@qa/warehouse';
import type { Plan, Subject } from '../semantic/plan.js';
import type { TimeContext } from '../semantic/time-context.js';

/** The subject fields that are set (a false flag or an empty list is not set). */
function setFields(s: Subject): string[] {
  return Object.entries(s)
    .filter(([, v]) => v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0))
    .map(([k]) => k);
}

const only = (s: Subject, allowed: string[]) => setFields(s).every((k) => allowed.includes(k));

/** True when the question reads the latest availability snapshot (the snapshot the summary describes). */
function atLatest(plan: Plan, ctx: TimeContext, options: { dates?: string[]; range?: unknown }): boolean {
  return (
    plan.dataset === 'upc' &&
    !options.dates &&
    !options.range &&
    (!plan.time.at || plan.time.at === ctx.latest)
  );
}

/**
 * A presence that is a condition on the rows of one postcode summary: the rows (alias f) passing every condition
 * are the postcodes where the subject is present, one row per postcode (or per network and postcode when keyed
 * by network). The place summaries (area-paths.ts) count the same rows by place, so one reading serves both.
 */
export interface SummaryPresence {
  table: typeof POSTCODE_SERVICE_TABLE | typeof NETWORK_POSTCODE_TABLE;
  conditions: string[];
  /** Keyed by network (operator_group): one row per network and postcode. */
  byNetwork: boolean;
  /** False when several networks' rows can pass at one postcode (named networks, unkeyed): DISTINCT needed. */
  onePerPostcode: boolean;
  /** The conditions read first_full_fibre (full fibre at a past snapshot, or first activations). */
  firstActivation?: boolean;
}

const service = (...conditions: string[]): SummaryPresence => ({
  table: POSTCODE_SERVICE_TABLE,
  conditions,
  byNetwork: false,
  onePerPostcode: true,
});

/**
 * The subject as a condition on a postcode summary, or null when no summary says it exactly. Keys supported:
 * none, or the network (`o.operator_group AS operator_group`).
 */
export function summaryPresence(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; range?: unknown; keys?: string[] },
): SummaryPresence | null {
  if (plan.dataset !== 'upc') return null;
  const s = plan.subject;
  // Networks left out are a condition on each network's rows: the long form writes it.
  if (s.notGroups?.length) return null;
  const keys = options.keys ?? [];
  // The long forms of these two always read the latest snapshot, whatever the time of the question.
  if (s.onlyTech) return keys.length ? null : service(`f.only_tech = ${sqlString(s.onlyTech)}`);
  if (s.bestDownBelow) return keys.length ? null : service(`f.fastest_down < ${Number(s.bestDownBelow)}`);
  if (s.belowUso) return null;
  const past = pastSnapshot(plan, ctx, options);
  if (past) {
    // Full fibre is never withdrawn: the postcodes with it at a past snapshot are those first activated by then.
    const first = firstActivationPresence(plan);
    if (!first || keys.length) return null;
    return {
      ...first,
      conditions: [...first.conditions, `f.first_full_fibre <= DATE ${sqlString(past)}`],
      firstActivation: true,
    };
  }
  if (!atLatest(plan, ctx, options)) return null;
  const byNetwork = networkPresence(s, keys);
  if (byNetwork) return byNetwork;
  if (keys.length) return null;
  if ((s.gigabit || s.minDown) && only(s, ['gigabit', 'minDown', 'absent'])) {
    // A speed on offer: some row reaches it exactly when the postcode's best download does. (`absent` only turns
    // the caller's join around: the postcodes where the speed is on offer are the same.)
    const speed = Math.max(s.gigabit ? SEGMENTS.gigabit.threshold.down : 0, Number(s.minDown ?? 0));
    return service(`f.fastest_down >= ${speed}`);
  }
  if (s.soleGroup && only(s, ['soleGroup', 'gigabit']) && s.gigabit)
    return service('f.gigabit_networks = 1', `f.sole_gigabit_network = ${sqlString(s.soleGroup)}`);
  const networks = networkCountTest(s);
  if (networks) {
    if (only(s, ['minNetworks', 'exactNetworks', 'tech']) && s.tech === FULL_FIBRE)
      return service(`f.full_fibre_networks ${networks}`);
    if (only(s, ['minNetworks', 'exactNetworks', 'gigabit']) && s.gigabit)
      return service(`f.gigabit_networks ${networks}`);
    return null;
  }
  if (s.tech && only(s, ['tech'])) return service(`f.has_${s.tech}`);
  return null;
}

/** A summary presence as the SELECT of its postcodes (with the network first when keyed). */
export function summarySelectSql(p: SummaryPresence): string {
  const where = p.conditions.length ? ` WHERE ${p.conditions.join(' AND ')}` : '';
  if (p.byNetwork) return `SELECT f.operator_group, f.postcode FROM ${p.table} f${where}`;
  return `SELECT ${p.onePerPostcode ? '' : 'DISTINCT '}f.postcode FROM ${p.table} f${where}`;
}

/**
 * The DISTINCT postcodes (plus keys) where the subject is present, from the summary; null when the summary cannot
 * give them exactly. Keys supported: the technology (every technology present at a postcode, one row each).
 */
export function fastPresence(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; range?: unknown; keys?: string[] },
): string | null {
  if (plan.subject.notGroups?.length) return null;
  if (plan.dataset === 'upc_forecast') return forecastPresence(plan, ctx, options);
  const s = plan.subject;
  if (s.belowUso && only(s, ['belowUso'])) {
    // Below the USO: the summary row says no row offers the USO's speeds, or there is no row (no service).
    return `SELECT u.postcode FROM upc_output u LEFT JOIN ${POSTCODE_SERVICE_TABLE} f ON f.postcode = u.postcode
    WHERE f.postcode IS NULL OR ${segmentSql('below_uso', 'summary')}`;
  }
  const keys = options.keys ?? [];
  if (
    atLatest(plan, ctx, options) &&
    keys.length === 1 &&
    keys[0] === 'f.tech AS tech' &&
    setFields(s).length === 0
  ) {
    const each = POSTCODE_SERVICE_TECHS.map(
      (t) => `SELECT ${sqlString(t)} AS tech, postcode FROM ${POSTCODE_SERVICE_TABLE} WHERE has_${t}`,
    ).join('\n      UNION ALL ');
    // The outer WHERE (always true: every row has a postcode) is where a caller's extra condition on f.postcode
    // lands ("... AND f.postcode NOT IN"), so it applies to every technology, not only to the last branch.
    return `SELECT f.tech, f.postcode FROM (\n      ${each}\n    ) f WHERE f.postcode IS NOT NULL`;
  }
  const summary = summaryPresence(plan, ctx, options);
  return summary ? summarySelectSql(summary) : null;
}

/**
 * The number of distinct networks at each postcode that has any (full fibre or gigabit), as the CTE body of the
 * network distribution; null when the summary does not count that subject.
 */
export function fastNetworkCounts(
  plan: Plan,
  ctx: TimeContext,
  conditions: string[],
  groupExpr: string,
): string | null {
  const column = networkCountColumn(plan, ctx, conditions, groupExpr);
  // BIGINT, the type of the COUNT it replaces, so the answer's column types stay the same.
  return column
    ? `SELECT f.postcode, CAST(f.${column} AS BIGINT) AS networks FROM ${POSTCODE_SERVICE_TABLE} f WHERE f.${column} > 0`
    : null;
}

/** The service summary's column counting the networks of a network distribution, or null. */
export function networkCountColumn(
  plan: Plan,
  ctx: TimeContext,
  conditions: string[],
  groupExpr: string,
): 'full_fibre_networks' | 'gigabit_networks' | null {
  if (!atLatest(plan, ctx, {}) || groupExpr !== 'o.operator_group' || conditions.length !== 1) return null;
  // The row conditions the summary counts networks for: the model's full fibre and gigabit, as the compiler writes them.
  return conditions[0] === segmentSql('full_fibre', 'row')
    ? 'full_fibre_networks'
    : conditions[0] === segmentSql('gigabit', 'row')
      ? 'gigabit_networks'
      : null;
}

/**
 * Presence per network (keyed by operator group) or of named networks, from network_postcode_latest: the subject
 * may name networks and one condition, a technology or a download speed (the summary keeps them per network and
 * postcode, not per row, so a technology AND a speed together cannot be told from it).
 */
function networkPresence(s: Subject, keys: string[]): SummaryPresence | null {
  const keyed = keys.length === 1 && keys[0] === 'o.operator_group AS operator_group';
  if (keys.length && !keyed) return null;
  if (!only(s, ['tech', 'gigabit', 'minDown', 'operatorGroups'])) return null;
  if (!keyed && !s.operatorGroups?.length) return null;
  const conditions: string[] = [];
  if (s.operatorGroups?.length)
    conditions.push(`f.operator_group IN (${s.operatorGroups.map(sqlString).join(', ')})`);
  const speed = Math.max(s.gigabit ? SEGMENTS.gigabit.threshold.down : 0, s.minDown ? Number(s.minDown) : 0);
  if (s.tech && speed) return null;
  if (s.tech) conditions.push(`f.has_${s.tech}`);
  if (speed) conditions.push(`f.fastest_down >= ${speed}`);
  // One row per network and postcode: keyed, or with one network named, no postcode comes twice.
  const onePerPostcode = keyed || s.operatorGroups?.length === 1;
  return { table: NETWORK_POSTCODE_TABLE, conditions, byNetwork: keyed, onePerPostcode };
}

/** The one past monthly snapshot a presence reads (not the latest), or null. */
function pastSnapshot(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; range?: unknown },
): string | null {
  if (plan.dataset !== 'upc' || options.range) return null;
  const at = options.dates ? (options.dates.length === 1 ? options.dates[0] : undefined) : plan.time.at;
  // Only a snapshot the data has: the time series has no rows at any other date.
  if (!at || at === ctx.latest || at < ctx.earliest || at > ctx.latest || !at.endsWith('-01')) return null;
  return at;
}

/**
 * The postcodes with full fibre (of any network, or of one named network) as a summary presence whose rows carry
 * first_full_fibre, the first activation; null for any other subject (several named networks need a MIN).
 */
function firstActivationPresence(plan: Plan): SummaryPresence | null {
  const s = plan.subject;
  if (plan.dataset !== 'upc' || s.tech !== FULL_FIBRE || !only(s, ['tech', 'operatorGroups'])) return null;
  const groups = s.operatorGroups ?? [];
  if (!groups.length) return { ...service(`f.has_${FULL_FIBRE}`), firstActivation: true };
  if (groups.length > 1) return null;
  return {
    table: NETWORK_POSTCODE_TABLE,
    conditions: [`f.has_${FULL_FIBRE}`, `f.operator_group IN (${groups.map(sqlString).join(', ')})`],
    byNetwork: false,
    onePerPostcode: true,
    firstActivation: true,
  };
}

/**
 * Each postcode's first full-fibre activation (first_date, the earliest activated_date of its full-fibre rows in
 * the latest snapshot), as the compiler's first_passed reads it from fact_operator, for full fibre of any network
 * or of named networks (operator groups); null for any other subject.
 */
export function fastFirstActivation(plan: Plan): string | null {
  const s = plan.subject;
  if (plan.dataset !== 'upc' || s.tech !== FULL_FIBRE || !only(s, ['tech', 'operatorGroups'])) return null;
  const groups = s.operatorGroups ?? [];
  const one = firstActivationPresence(plan);
  if (one)
    return `SELECT f.postcode, f.first_full_fibre AS first_date FROM ${one.table} f WHERE ${one.conditions.join(' AND ')}`;
  // One row per postcode and network: several networks share a postcode, so take the first of them.
  const where = `WHERE f.has_${FULL_FIBRE} AND f.operator_group IN (${groups.map(sqlString).join(', ')})`;
  return `SELECT f.postcode, MIN(f.first_full_fibre) AS first_date FROM ${NETWORK_POSTCODE_TABLE} f ${where} GROUP BY f.postcode`;
}

/** True when `d` is one of the forecast points: June and December from the first to the last. */
export function isForecastPoint(d: string, ctx: TimeContext): boolean {
  if (d < ctx.forecastFirst || d > ctx.forecastLast || !d.endsWith('-01')) return false;
  const months = (x: string) => Number(x.slice(0, 4)) * 12 + Number(x.slice(5, 7));
  return (months(d) - months(ctx.forecastFirst)) % 6 === 0;
}

/**
 * Forecast presence at one forecast point from forecast_postcode_entry (any network, or at least / exactly n
 * networks) or forecast_network_entry (named networks, altnets, or keyed by network); null for a range of points,
 * or anything else.
 */
function forecastPresence(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; range?: unknown; keys?: string[] },
): string | null {
  const s = plan.subject;
  if (options.range) return null;
  const at = options.dates
    ? options.dates.length === 1
      ? options.dates[0]
      : undefined
    : (plan.time.at ?? ctx.forecastLast);
  if (!at || !isForecastPoint(at, ctx)) return null;
  const keys = options.keys ?? [];
  const keyed = keys.length === 1 && keys[0] === 'f.operator AS operator';
  if (keys.length && !keyed) return null;
  // The technology is not a condition here: every forecast is full fibre, and the long form ignores it too.
  if (!only(s, ['tech', 'operatorGroups', 'altnet', 'minNetworks', 'exactNetworks', 'networksAreAltnets']))
    return null;
  const d = `DATE ${sqlString(at)}`;
  const networks = s.minNetworks ?? s.exactNetworks;
  if (networks) {
    // Counted over every network: a count of named networks or of altnets only is not in the summary.
    const n = Number(networks);
    const exact = Boolean(s.exactNetworks);
    if (
      keys.length ||
      s.operatorGroups?.length ||
      s.altnet ||
      s.networksAreAltnets ||
      n < 1 ||
      n > FORECAST_ENTRY_COLUMNS.length - (exact ? 1 : 0)
    )
      return null;
    const reached = `f.${FORECAST_ENTRY_COLUMNS[n - 1]} <= ${d}`;
    const next = FORECAST_ENTRY_COLUMNS[n];
    return `SELECT f.postcode FROM ${FORECAST_POSTCODE_ENTRY_TABLE} f WHERE ${reached}${exact ? ` AND (f.${next} IS NULL OR f.${next} > ${d})` : ''}`;
  }
  const conditions = [`f.entry_date <= ${d}`];
  const groups = s.operatorGroups ?? [];
  if (groups.length) conditions.push(`f.operator IN (${groups.map(sqlString).join(', ')})`);
  if (s.altnet) conditions.push('f.operator IN (SELECT operator_group FROM operators WHERE is_altnet)');
  if (keyed)
    return `SELECT f.operator AS operator, f.postcode FROM ${FORECAST_NETWORK_ENTRY_TABLE} f WHERE ${conditions.join(' AND ')}`;
  if (!groups.length && !s.altnet)
    return `SELECT f.postcode FROM ${FORECAST_POSTCODE_ENTRY_TABLE} f WHERE f.${FORECAST_ENTRY_COLUMNS[0]} <= ${d}`;
  // One row per postcode and network: several networks may share a postcode.
  return `SELECT ${groups.length === 1 ? '' : 'DISTINCT '}f.postcode FROM ${FORECAST_NETWORK_ENTRY_TABLE} f WHERE ${conditions.join(' AND ')}`;
}

/** The subject's number of networks as a test on a count column ('>= 2', '= 1'), or null when it names none. */
export function networkCountTest(s: Subject): string | null {
  if (s.minNetworks) return `>= ${Number(s.minNetworks)}`;
  if (s.exactNetworks) return `= ${Number(s.exactNetworks)}`;
  return null;
}
