/**
 * Faster SQL for whole-postcode questions at the latest snapshot, read from postcode_service_latest (one row per
 * postcode with any service: best download, technologies, number of full fibre and gigabit networks) instead of
 * grouping the ~15 million rows of fact_operator by postcode. Each fast form selects exactly the postcodes (and
 * counts) the long form selects, so answers are identical; anything the summary cannot say exactly falls back to
 * the long form (these functions return null).
 */
import {
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

const summarySelect = (condition: string) =>
  `SELECT f.postcode FROM ${POSTCODE_SERVICE_TABLE} f WHERE ${condition}`;

/**
 * The DISTINCT postcodes (plus keys) where the subject is present, from the summary; null when the summary cannot
 * give them exactly. Keys supported: the technology (every technology present at a postcode, one row each).
 */
export function fastPresence(
  plan: Plan,
  ctx: TimeContext,
  options: { dates?: string[]; range?: unknown; keys?: string[] },
): string | null {
  const s = plan.subject;
  // The long forms of these two always read the latest snapshot, whatever the time of the question.
  if (s.onlyTech) return summarySelect(`f.only_tech = ${sqlString(s.onlyTech)}`);
  if (s.bestDownBelow) return summarySelect(`f.fastest_down < ${Number(s.bestDownBelow)}`);
  if (s.belowUso && only(s, ['belowUso'])) {
    // Below the USO: the summary row says no row offers the USO's speeds, or there is no row (no service).
    return `SELECT u.postcode FROM upc_output u LEFT JOIN ${POSTCODE_SERVICE_TABLE} f ON f.postcode = u.postcode
    WHERE f.postcode IS NULL OR ${segmentSql('below_uso', 'summary')}`;
  }
  if (!atLatest(plan, ctx, options)) return null;
  const keys = options.keys ?? [];
  if (keys.length === 1 && keys[0] === 'f.tech AS tech' && setFields(s).length === 0) {
    const each = POSTCODE_SERVICE_TECHS.map(
      (t) => `SELECT ${sqlString(t)} AS tech, postcode FROM ${POSTCODE_SERVICE_TABLE} WHERE has_${t}`,
    ).join('\n      UNION ALL ');
    // The outer WHERE (always true: every row has a postcode) is where a caller's extra condition on f.postcode
    // lands ("... AND f.postcode NOT IN"), so it applies to every technology, not only to the last branch.
    return `SELECT f.tech, f.postcode FROM (\n      ${each}\n    ) f WHERE f.postcode IS NOT NULL`;
  }
  const byNetwork = networkPresence(s, keys);
  if (byNetwork) return byNetwork;
  if (keys.length) return null;
  if (s.soleGroup && only(s, ['soleGroup', 'gigabit']) && s.gigabit)
    return summarySelect(`f.gigabit_networks = 1 AND f.sole_gigabit_network = ${sqlString(s.soleGroup)}`);
  const networks = s.minNetworks
    ? `>= ${Number(s.minNetworks)}`
    : s.exactNetworks
      ? `= ${Number(s.exactNetworks)}`
      : null;
  if (networks) {
    if (only(s, ['minNetworks', 'exactNetworks', 'tech']) && s.tech === FULL_FIBRE)
      return summarySelect(`f.full_fibre_networks ${networks}`);
    if (only(s, ['minNetworks', 'exactNetworks', 'gigabit']) && s.gigabit)
      return summarySelect(`f.gigabit_networks ${networks}`);
    return null;
  }
  if (s.tech && only(s, ['tech'])) return summarySelect(`f.has_${s.tech}`);
  return null;
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
  if (!atLatest(plan, ctx, {}) || groupExpr !== 'o.operator_group' || conditions.length !== 1) return null;
  // The row conditions the summary counts networks for: the model's full fibre and gigabit, as the compiler writes them.
  const column =
    conditions[0] === segmentSql('full_fibre', 'row')
      ? 'full_fibre_networks'
      : conditions[0] === segmentSql('gigabit', 'row')
        ? 'gigabit_networks'
        : null;
  if (!column) return null;
  // BIGINT, the type of the COUNT it replaces, so the answer's column types stay the same.
  return `SELECT f.postcode, CAST(f.${column} AS BIGINT) AS networks FROM ${POSTCODE_SERVICE_TABLE} f WHERE f.${column} > 0`;
}

/**
 * Presence per network (keyed by operator group) or of named networks, from network_postcode_latest: the subject
 * may name networks and one condition, a technology or a download speed (the summary keeps them per network and
 * postcode, not per row, so a technology AND a speed together cannot be told from it).
 */
function networkPresence(s: Subject, keys: string[]): string | null {
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
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  return keyed
    ? `SELECT f.operator_group, f.postcode FROM ${NETWORK_POSTCODE_TABLE} f${where}`
    : `SELECT DISTINCT f.postcode FROM ${NETWORK_POSTCODE_TABLE} f${where}`;
}
