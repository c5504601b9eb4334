/**
 * Plan -> SQL. Every query follows the counting rules of the semantic catalog: premises and postcodes are
 * counted over DISTINCT postcodes (an operator reports several technologies, and the Openreach network is
 * reported once per retailer), totals come from upc_output, networks are operator groups. The SQL is written
 * in the portable subset that runs on DuckDB and PostgreSQL alike, formatted for people to read.
 */
import {
  ALTNET_AREA_TABLE,
  AREA_SUMMARY_GEO_COLUMNS,
  ATTRACTIVENESS_AREA_TABLE,
  addMonths,
  DIMENSION_LIST,
  FORECAST_AREA_TABLE,
  FULL_FIBRE,
  LA_PLACE_COLUMNS,
  NETWORK_AREA_TABLE,
  POSTCODE_SERVICE_TABLE,
  SEGMENTS,
  SERVICE_AREA_TABLE,
  SPEED_BANDS,
  SPEED_SUMMARY_GEO_COLUMNS,
  SPEED_SUMMARY_TABLE,
  segmentSql,
  speedBandsAt,
  sqlString,
  TAKE_UP_AREA_TABLE,
  takeUpTech,
  technologySql,
} from '@qa/warehouse';
import {
  COMPARISON_WORDS,
  type Dimension,
  describeGroupFilter,
  GEO_DIMENSIONS,
  type GeoColumn,
  NETWORK_DIMENSIONS,
  nestsIn,
  PLACE_COLUMNS,
  type PlaceStat,
  type Plan,
  SCORE_COLUMNS,
  type Subject,
  TIME_DIMENSIONS,
} from '../semantic/plan.js';
import { formatMonth, type TimeContext } from '../semantic/time-context.js';
import { type AlongsidePart, buildAlongside } from './alongside.js';
import {
  areaAbsence,
  areaByKey,
  areaCount,
  areaFirstActivation,
  areaGeo,
  areaLevels,
  areaPlaces,
  areaPresence,
  areaTotal,
  atAreaGrain,
} from './area-paths.js';
import {
  fastFirstActivation,
  fastNetworkCounts,
  fastPresence,
  isForecastPoint,
  networkCountColumn,
} from './fast-paths.js';
import { sideBySideParts } from './side-by-side.js';
import { excludedWords } from './words.js';

export interface BuiltQuery {
  sql: string;
  /** What each output column means, for the explanation. */
  columns: Record<string, string>;
  /** Plain-language steps of the query, for the explanation. */
  steps: string[];
  /** Two figures of different kinds in one question (alongside.ts): each figure's own plan, SQL and columns. */
  parts?: AlongsidePart[];
}

const list = (values: string[]) => values.map(sqlString).join(', ');
const date = (d: string) => `DATE ${sqlString(d)}`;
// ROUND(x * 100) / 100 rather than ROUND(x, 2): PostgreSQL has no two-argument ROUND for double precision,
// and DuckDB's NUMERIC cast would fix the scale at 3 decimals.
const round = (expr: string, digits = 2) => `ROUND((${expr}) * ${10 ** digits}) / ${10 ** digits}.0`;
const label = (d: string) => d.slice(0, 7).replace('-', '_');

/** The model's segments as this compiler writes them: on fact_operator rows aliased f (operators o). */
const GIGABIT_ROW = segmentSql('gigabit', 'row');
const FULL_FIBRE_ROW = segmentSql('full_fibre', 'row');
const GIGABIT_MBPS = SEGMENTS.gigabit.threshold.down;

interface Source {
  from: string;
  groupExpr: string;
  conditions: string[];
  forecast: boolean;
  altnetTable: boolean;
}

/** The table the subject is read from, and the WHERE conditions that say what must be present. */
function source(plan: Plan, when: 'latest' | 'series'): Source {
  const s = plan.subject;
  if (plan.dataset === 'upc_forecast') {
    const conditions: string[] = [];
    const groups = s.operatorGroups;
    if (groups?.length) conditions.push(`f.operator IN (${list(groups)})`);
    // The forecast is by network: a reported operator ("BT") is forecast as the network it belongs to.
    if (s.operators?.length)
      conditions.push(
        `f.operator IN (SELECT operator_group FROM operators WHERE operator IN (${list(s.operators)}))`,
      );
    if (s.notGroups?.length) conditions.push(`f.operator NOT IN (${list(s.notGroups)})`);
    if (s.altnet) conditions.push('f.operator IN (SELECT operator_group FROM operators WHERE is_altnet)');
    return {
      from: 'forecast_footprint f',
      groupExpr: 'f.operator',
      conditions,
      forecast: true,
      altnetTable: false,
    };
  }
  const groups = s.operatorGroups;
  const altnetOnly = Boolean(s.altnet) && !s.operators;
  const conditions: string[] = [];
  if (s.tech) conditions.push(technologySql(s.tech));
  if (s.gigabit) conditions.push(GIGABIT_ROW);
  // Gigabit both ways: the gigabit threshold on the upload speed as well.
  if (s.symmetric) conditions.push(`f.fastest_up >= ${GIGABIT_MBPS}`);
  if (s.minDown) conditions.push(`f.fastest_down >= ${s.minDown}`);
  // On the same row: one service that gives that upload (with the download asked, if any).
  if (s.minUp) conditions.push(`f.fastest_up >= ${s.minUp}`);
  if (altnetOnly) {
    if (groups?.length) conditions.push(`f.operator IN (${list(groups)})`);
    if (s.notGroups?.length) conditions.push(`f.operator NOT IN (${list(s.notGroups)})`);
    return {
      from: when === 'latest' ? 'fact_altnet f' : 'fact_altnet_time_series f',
      groupExpr: 'f.operator',
      conditions,
      forecast: false,
      altnetTable: true,
    };
  }
  const needsGroups =
    Boolean(groups?.length) ||
    Boolean(s.notGroups?.length) ||
    Boolean(s.soleGroup) ||
    Boolean(s.minNetworks) ||
    Boolean(s.exactNetworks) ||
    plan.dimension === 'operator_group' ||
    plan.dimension === 'networks' ||
    plan.measure === 'operator_count';
  if (s.operators?.length) conditions.push(`f.operator IN (${list(s.operators)})`);
  if (groups?.length) conditions.push(`o.operator_group IN (${list(groups)})`);
  if (s.notGroups?.length) conditions.push(`o.operator_group NOT IN (${list(s.notGroups)})`);
  const table = when === 'latest' ? 'fact_operator f' : 'fact_operator_time_series f';
  return {
    from: needsGroups ? `${table} JOIN operators o ON o.operator = f.operator` : table,
    groupExpr: 'o.operator_group',
    conditions,
    forecast: false,
    altnetTable: false,
  };
}

function where(conditions: string[]): string {
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** HAVING clauses for subjects defined by how many networks a postcode has. */
function networkHaving(s: Subject, groupExpr: string): string | null {
  if (s.minNetworks) return `HAVING COUNT(DISTINCT ${groupExpr}) >= ${s.minNetworks}`;
  if (s.exactNetworks) return `HAVING COUNT(DISTINCT ${groupExpr}) = ${s.exactNetworks}`;
  if (s.soleGroup)
    return `HAVING COUNT(DISTINCT ${groupExpr}) = 1 AND MIN(${groupExpr}) = ${sqlString(s.soleGroup)}`;
  return null;
}

function hasSubject(plan: Plan): boolean {
  const s = plan.subject;
  // A forecast question is always about forecast presence, even with no network named.
  if (plan.dataset === 'upc_forecast') return true;
  return Boolean(
    s.tech ||
      // "No broadband at all": the absence of any network is a subject too.
      s.absent ||
      s.gigabit ||
      s.altnet ||
      s.operators?.length ||
      s.operatorGroups?.length ||
      s.notGroups?.length ||
      s.allGroups?.length ||
      s.minNetworks ||
      s.exactNetworks ||
      s.exclude ||
      s.onlyTech ||
      s.bestDownBelow ||
      s.belowUso ||
      s.minDown ||
      s.minUp ||
      s.soleGroup,
  );
}

interface PresenceOptions {
  /** Snapshot filter: latest table, one date, a list of dates or a range. */
  dates?: string[];
  /** `also`: further snapshots kept beside the range ("each January, plus the latest"). */
  range?: { from: string; to: string; months?: number[]; also?: string[] };
  /** Extra key kept beside the postcode (reported_at for time, a network or technology for network dimensions). */
  keys?: string[];
}

/**
 * Snapshots from..to, or only those of some calendar months. (Listing the chosen dates instead of EXTRACT(MONTH)
 * was measured slower on DuckDB at full scale: the list turns the interval view's join into a merge join.)
 */
function rangeCondition(range: NonNullable<PresenceOptions['range']>): string {
  const between = `f.reported_at BETWEEN ${date(range.from)} AND ${date(range.to)}`;
  const points = range.months
    ? `${between} AND EXTRACT(MONTH FROM f.reported_at) IN (${range.months.join(', ')})`
    : between;
  return range.also?.length ? `(${points} OR f.reported_at IN (${range.also.map(date).join(', ')}))` : points;
}

/** A SELECT of the DISTINCT postcodes (plus keys) where the subject is present. */
function presence(plan: Plan, ctx: TimeContext, options: PresenceOptions = {}): string {
  const nowDates =
    plan.dataset === 'upc_forecast' ? options.dates?.filter((d) => !isForecastPoint(d, ctx)) : undefined;
  if (nowDates?.length) return forecastFromSnapshot(plan, ctx, options, nowDates);
  const fast = fastPresence(plan, ctx, options);
  if (fast) return fast;
  const s = plan.subject;
  if (s.onlyTech) {
    return `SELECT f.postcode FROM fact_operator f GROUP BY f.postcode\n    HAVING SUM(CASE WHEN f.tech <> ${sqlString(s.onlyTech)} THEN 1 ELSE 0 END) = 0`;
  }
  if (s.bestDownBelow) {
    return `SELECT f.postcode FROM fact_operator f GROUP BY f.postcode\n    HAVING MAX(f.fastest_down) < ${s.bestDownBelow}`;
  }
  if (s.belowUso) {
    // Postcodes with no row offering the USO's speeds, those with no service at all included.
    return `SELECT u.postcode FROM upc_output u\n    WHERE NOT EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND ${segmentSql('below_uso', 'row')})`;
  }
  const latest = !options.dates && !options.range && (!plan.time.at || plan.time.at === ctx.latest);
  const src = source(plan, latest && plan.dataset === 'upc' ? 'latest' : 'series');
  const conditions = [...src.conditions];
  // The snapshots read: the dates or the range asked for, else the plan's point in time.
  const snapshots = (point: string | undefined) =>
    options.dates
      ? options.dates.length === 1
        ? `f.reported_at = ${date(options.dates[0]!)}`
        : `f.reported_at IN (${options.dates.map(date).join(', ')})`
      : options.range
        ? rangeCondition(options.range)
        : `f.reported_at = ${date(point!)}`;
  if (src.forecast) conditions.push(snapshots(plan.time.at ?? ctx.forecastLast));
  else if (!latest || options.dates || options.range) conditions.push(snapshots(plan.time.at));
  const keys = options.keys ?? [];
  if (s.exclude) {
    // Present, but not where the excluded service is (same snapshot choice, postcodes only).
    const without: Plan = {
      ...plan,
      subject: {
        tech: s.exclude.tech,
        gigabit: s.exclude.gigabit,
        minDown: s.exclude.minDown,
        operatorGroups: s.exclude.operatorGroups,
      },
    };
    const rest: Plan = { ...plan, subject: { ...s, exclude: undefined } };
    const base = presence(rest, ctx, options);
    // At several snapshots (a change, a series) the excluded service is tested at each snapshot: a postcode that
    // was cable-only gigabit a year ago and has full fibre now counts a year ago.
    if (keys.includes('f.reported_at') && (options.dates?.length ?? 0) !== 1) {
      const excludedAt = presence(without, ctx, { ...options, keys: ['f.reported_at'] }).replace(
        /\n\s*/g,
        ' ',
      );
      const test = `NOT EXISTS (SELECT 1 FROM (${excludedAt}) x WHERE x.postcode = f.postcode AND x.reported_at = f.reported_at)`;
      return base.includes('WHERE') ? `${base}\n      AND ${test}` : `${base}\n    WHERE ${test}`;
    }
    const excludedSql = presence(without, ctx, { ...options, keys: [] });
    return base.includes('WHERE')
      ? `${base}\n      AND f.postcode NOT IN (${excludedSql.replace(/\n\s*/g, ' ')})`
      : `${base}\n    WHERE f.postcode NOT IN (${excludedSql.replace(/\n\s*/g, ' ')})`;
  }
  if (s.allGroups?.length) {
    // Overlap of named networks: the postcodes where each one is present, intersected. Each network may carry
    // its own technology ("Openreach full fibre and Virgin Media").
    return s.allGroups
      .map((group) => {
        const single: Plan = {
          ...plan,
          subject: {
            ...s,
            allGroups: undefined,
            groupTech: undefined,
            operatorGroups: [group],
            tech: s.groupTech?.[group] ?? s.tech,
          },
        };
        return presence(single, ctx, options);
      })
      .join('\n    INTERSECT\n    ');
  }
  const having = networkHaving(s, src.groupExpr);
  if (having) {
    const groupConds = [...conditions];
    const groupKeys = [...keys, 'f.postcode'];
    // A key may carry an output name ("f.operator AS operator"): GROUP BY takes the expression alone.
    const groupBy = groupKeys.map((key) => key.replace(/ AS \w+$/, ''));
    return `SELECT ${groupKeys.join(', ')} FROM ${src.from}\n    ${where(groupConds)}\n    GROUP BY ${groupBy.join(', ')}\n    ${having}`.replace(
      /\n {4}\n/g,
      '\n',
    );
  }
  return `SELECT DISTINCT ${[...keys, 'f.postcode'].join(', ')} FROM ${src.from}\n    ${where(conditions)}`.trimEnd();
}

/**
 * "Now" in a forecast question is the latest availability snapshot (DATA.md), which is not a forecast point: a
 * window from now to a forecast point ("how much will full fibre rise between now and 2030") reads full fibre in
 * that snapshot for its first end and the forecast for the other, as one presence (the same keys on both sides).
 */
function forecastFromSnapshot(
  plan: Plan,
  ctx: TimeContext,
  options: PresenceOptions,
  snapshots: string[],
): string {
  const points = (options.dates ?? []).filter((d) => isForecastPoint(d, ctx));
  const now: Plan = { ...plan, dataset: 'upc', subject: { ...plan.subject, tech: FULL_FIBRE }, time: {} };
  // A forecast network is keyed by its operator column; the snapshot's by its operator group.
  const groupExpr = source(now, 'series').groupExpr;
  const keys = options.keys?.map((key) => key.replace(/^f\.operator AS /, `${groupExpr} AS `));
  const parts = [presence(now, ctx, { ...options, dates: snapshots, ...(keys ? { keys } : {}) })];
  if (points.length) parts.push(presence(plan, ctx, { ...options, dates: points }));
  return parts.join('\n    UNION ALL\n    ');
}

function geoConditions(plan: Plan, alias = 'u'): string[] {
  const out: string[] = [];
  if (plan.geo)
    out.push(`${alias}.${plan.geo.column} ${plan.geo.not ? 'NOT IN' : 'IN'} (${list(plan.geo.values)})`);
  if (plan.urbanRural && plan.dimension !== 'urban_rural')
    out.push(`${alias}.urban_rural = ${sqlString(plan.urbanRural)}`);
  return out;
}

/** A query of figures read from a table (`from`, with its alias) and joined to each postcode's place. */
interface PlaceQuery {
  with?: string;
  figures: string;
  from: string;
  alias: string;
  conditions: string[];
  orderBy: string;
}

/** One row for the whole area, or one row per place (ranked by `orderBy`) when the dimension is a place. */
function perPlace(plan: Plan, dim: Dimension | undefined, q: PlaceQuery): string {
  return [
    q.with ?? '',
    `SELECT ${dim ? `u.${dim}, ` : ''}${q.figures}`,
    `FROM ${q.from}`,
    `JOIN upc_output u ON u.postcode = ${q.alias}.postcode`,
    where(q.conditions),
    dim ? `GROUP BY u.${dim}` : '',
    dim ? orderLimit(plan, q.orderBy, `u.${dim}`) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function orderLimit(plan: Plan, column: string, tieBreak?: string): string {
  const direction = plan.order === 'asc' ? 'ASC' : 'DESC';
  const parts = [`ORDER BY ${column} ${direction}${tieBreak ? `, ${tieBreak}` : ''}`];
  if (plan.limit) parts.push(`LIMIT ${plan.limit}`);
  return parts.join('\n');
}

function subjectPhrase(plan: Plan): string {
  const s = plan.subject;
  const parts: string[] = [];
  if (s.operators?.length) parts.push(s.operators.join(' or '));
  if (s.operatorGroups?.length) parts.push(`${s.operatorGroups.join(' or ')} network`);
  if (s.allGroups?.length) parts.push(`both ${s.allGroups.join(' and ')}`);
  if (s.soleGroup) parts.push(`${s.soleGroup} as the only option`);
  if (s.altnet) parts.push('an altnet');
  if (s.tech === FULL_FIBRE) parts.push(`${SEGMENTS.full_fibre.label} (FTTP)`);
  else if (s.tech) parts.push(s.tech.toUpperCase());
  if (s.gigabit)
    parts.push(
      s.symmetric
        ? `symmetric gigabit (fastest_down and fastest_up >= ${GIGABIT_MBPS})`
        : `${SEGMENTS.gigabit.label} service (${segmentSql('gigabit', 'row', { alias: '' })})`,
    );
  if (s.exclude) parts.push(`no ${excludedWords(s.exclude)}`);
  if (s.minDown) parts.push(`a download speed of at least ${s.minDown} Mbit/s on offer`);
  if (s.minUp) parts.push(`an upload speed of at least ${s.minUp} Mbit/s on offer`);
  if (s.minNetworks)
    parts.push(`${s.minNetworks} or more distinct ${s.networksAreAltnets ? 'altnets' : 'networks'}`);
  if (s.exactNetworks) parts.push(`exactly ${s.exactNetworks} distinct networks`);
  if (s.onlyTech) parts.push(`only ${s.onlyTech.toUpperCase()}`);
  if (s.bestDownBelow) parts.push(`a best download speed under ${s.bestDownBelow} Mbit/s`);
  if (s.belowUso)
    parts.push(`${SEGMENTS.below_uso.label} (no row with ${segmentSql('below_uso', 'row', { alias: '' })})`);
  return parts.join(' with ') || 'any service';
}

export function buildQuery(plan: Plan, ctx: TimeContext): BuiltQuery {
  if (plan.withUk && !plan.geo && plan.dimension && GEO_DIMENSIONS.has(plan.dimension))
    return buildRowsWithUkTotal(plan, plan.dimension, ctx);
  if (plan.alongside?.length) return buildAlongside(plan, (part) => buildQuery(part, ctx));
  return onlyListedPoints(plan, withParentPlace(plan, buildPlanQuery(plan, ctx)));
}

/** The date column of a series' rows. */
const SERIES_DATE_COLUMNS = ['reported_at', 'forecast_date', 'month'];

/**
 * A series asked at listed dates that are not evenly spaced ("CityFibre's forecast footprint at the end of 2026, 2028
 * and 2030"): the series over their span, keeping those points. Levels only: a change since the previous point would
 * be measured from a point the answer no longer shows.
 */
function onlyListedPoints(plan: Plan, built: BuiltQuery): BuiltQuery {
  const points = plan.time.points;
  if (!points?.length || !plan.dimension || !TIME_DIMENSIONS.has(plan.dimension)) return built;
  const column = SERIES_DATE_COLUMNS.find((name) => name in built.columns);
  if (!column) return built;
  const tail = /\nORDER BY ([^\n]+)(?:\nLIMIT (\d+))?$/.exec(built.sql);
  const order = (tail?.[1] ?? column).replace(/\b[a-z]\.(?=[a-z_])/g, '');
  const sql = [
    `WITH series AS (\n${tail ? built.sql.slice(0, tail.index) : built.sql}\n)`,
    'SELECT * FROM series',
    `WHERE ${column} IN (${points.map((p) => date(p)).join(', ')})`,
    `ORDER BY ${order}`,
  ].join('\n');
  return {
    ...built,
    sql,
    steps: [...built.steps, `Keeps the points asked for: ${points.map(formatMonth).join(', ')}.`],
  };
}

/** The levels a list of local authorities can be named within (the plan's place column). */
const PARENT_LEVELS = new Set<string>(['country', 'government_region']);

/**
 * Local authorities listed across several nations or regions ("LAs in Scotland, Wales or Northern Ireland below
 * 50% FF"): each row says which of them it is in, as an analyst reading the list needs. The parent comes from the
 * place summary (one row per authority and level), joined on the authority's name, and the ranking is kept.
 */
function withParentPlace(plan: Plan, built: BuiltQuery): BuiltQuery {
  const geo = plan.geo;
  if (!geo || geo.values.length < 2 || !PARENT_LEVELS.has(geo.column) || plan.dimension !== 'la_name')
    return built;
  if (plan.withUk || plan.compare?.length || plan.rankWithin || plan.leaderPerDimension || plan.countGroups)
    return built;
  // A plan built on another one (a test on each place's share) already has it from the inner plan.
  if (built.sql.includes(`SELECT answer.*, places.${geo.column}\n`)) return built;
  const tail = /\nORDER BY ([^\n]+)(?:\nLIMIT (\d+))?$/.exec(built.sql);
  if (!tail) return built;
  // The final ordering names output columns, some through the alias of their table ("u.la_name").
  const order = (tail[1] ?? '').replace(/\b[a-z]\.(?=[a-z_])/g, '');
  const sql = [
    `WITH answer AS (\n${built.sql.slice(0, tail.index)}\n)`,
    `SELECT answer.*, places.${geo.column}`,
    'FROM answer',
    `JOIN (SELECT DISTINCT la_name, ${geo.column} FROM ${SERVICE_AREA_TABLE}) places ON places.la_name = answer.la_name`,
    `ORDER BY ${order}`,
    ...(tail[2] ? [`LIMIT ${tail[2]}`] : []),
  ].join('\n');
  return {
    ...built,
    sql,
    columns: { ...built.columns, [geo.column]: geo.column === 'country' ? 'nation' : 'region' },
    steps: [
      ...built.steps,
      `Names the ${geo.column === 'country' ? 'nation' : 'region'} each local authority is in.`,
    ],
  };
}

function buildPlanQuery(plan: Plan, ctx: TimeContext): BuiltQuery {
  if (plan.withUk && plan.geo) return buildWithUk(plan, plan.geo, ctx);
  if (plan.subject.score) return buildScoreTest(plan, plan.subject.score, ctx);
  if (plan.compare?.length) return buildSideBySide(plan, ctx);
  if (plan.rankWithin) return buildRankedWithin(plan, plan.rankWithin, ctx);
  if (plan.rankOf?.length) return buildRankOf(plan, plan.rankOf, ctx);
  if (plan.urbanRuralGap) return buildUrbanRuralGap(plan, ctx);
  if (plan.placeStats?.length) return buildPlaceStats(plan, plan.placeStats, ctx);
  if (plan.placeBands) return buildPlaceBands(plan, plan.placeBands, ctx);
  if (plan.groupFilter) return buildGroupFilter(plan, plan.groupFilter, ctx);
  switch (plan.dataset) {
    case 'take_up':
      return buildTakeUp(plan, ctx);
    default:
      break;
  }
  switch (plan.measure) {
    case 'avg_attractiveness':
    case 'avg_deprivation':
      return buildScores(plan, ctx);
    case 'first_date':
      return buildFirstDate(plan);
    case 'max_down':
    case 'max_up':
    case 'max_speeds':
    case 'avg_down':
      return buildSpeeds(plan);
    case 'operator_count':
      return buildOperatorCount(plan, ctx);
    case 'place_count':
      return buildPlaceCount(plan, ctx);
    case 'first_postcodes':
    case 'first_premises':
      return buildFirst(plan, ctx);
    case 'change_premises':
    case 'change_pp':
    case 'change_postcodes':
      return buildChange(plan, ctx);
    case 'share_of_subject_pct':
      return buildShareOfSubject(plan, ctx);
    case 'coverage_pct':
      if (plan.within) return buildShareWithin(plan, plan.within, ctx);
      if (plan.footprintShare && plan.dimension && plan.urbanRural && isEmptySubject(plan))
        return buildSettingShareByPlace(plan, plan.urbanRural);
      if (plan.footprintShare && plan.dimension) return buildFootprintSplit(plan, ctx);
      if (plan.footprintShare && (plan.geo || plan.urbanRural)) return buildFootprintShare(plan, ctx);
      break;
    default:
      break;
  }
  if (plan.measure === 'operator_list') return buildOperatorList(plan);
  if (plan.leaderPerDimension) return buildLeaders(plan, ctx);
  if (plan.dimension === 'networks') return buildNetworkDistribution(plan, ctx);
  if (plan.dimension === 'speed_band') return buildSpeedBands(plan, ctx);
  if (plan.dimension && TIME_DIMENSIONS.has(plan.dimension)) {
    const by = seriesPlace(plan);
    if (by) return buildSeriesByPlace(plan, by, ctx);
    if (plan.thenBy === 'operator_group') return buildSeriesByNetwork(plan, ctx);
    const series =
      // A share's flow is in points of the place's premises, from the levels (buildFlowByDifference).
      plan.flow &&
      (plan.measure === 'coverage_pct' || !(plan.dataset === 'upc' && isFirstActivationSubject(plan)))
        ? buildFlowByDifference(plan, ctx)
        : buildSeries(plan, ctx);
    const labelled = plan.dimension === 'year' ? withYearLabel(series) : series;
    return plan.order ? rankSeries(plan, labelled) : labelled;
  }
  if (plan.within && plan.dimension === 'operator_group')
    return buildOverlapByNetwork(plan, plan.within, ctx);
  if (plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension)) return buildByNetwork(plan, ctx);
  return buildLevels(plan, ctx);
}

/**
 * The places named, a row each, and the UK as a whole as one more row ("gigabit coverage in Wales, and how does that
 * compare with the UK as a whole"): the plan by its place, and the same plan without the place, labelled "United
 * Kingdom". The two parts are one compiler's output for the same measure, so their columns line up.
 */
function buildWithUk(plan: Plan, geo: NonNullable<Plan['geo']>, ctx: TimeContext): BuiltQuery {
  const { withUk: _withUk, ukRest, ...rest } = plan;
  // Each place a row, then the UK as one more row (one place too: "Highland's gigabit coverage vs the UK" is two
  // rows, the place's and the UK's, read down one column), or the rest of the UK.
  // "Each NE council's coverage and the UK's": the finer places asked for, a row each; else a row per place named.
  const column = rest.dimension && GEO_DIMENSIONS.has(rest.dimension) ? rest.dimension : geo.column;
  const places = buildQuery({ ...rest, dimension: column }, ctx);
  const uk = buildQuery(
    {
      ...rest,
      geo: ukRest ? { ...geo, not: true } : undefined,
      dimension: undefined,
      order: undefined,
      limit: undefined,
    },
    ctx,
  );
  const label = ukRest ? 'Rest of the UK' : 'United Kingdom';
  const sql = unionWithUk(plan, places, uk, column, label);
  return {
    sql,
    columns: withGapColumn(plan, places.columns),
    steps: [
      ...places.steps,
      ukRest
        ? `Computes the same figures for the rest of the UK (every place but ${geo.values.join(', ')}) and adds them as one more row, "Rest of the UK".`
        : 'Computes the same figures for the whole UK and adds them as one more row, "United Kingdom".',
    ],
  };
}

/** The share column a place and the UK are compared on (its gap to the UK is in points of it). */
const GAP_SOURCE = (columns: Record<string, string>) =>
  'coverage_pct' in columns ? 'coverage_pct' : Object.keys(columns).find((c) => c.endsWith('_pct'));

/**
 * The places' rows, then the UK's as one more row labelled in the place column; with ukGap, each row's share less
 * the UK's in points (0 on the UK's own row).
 */
function unionWithUk(plan: Plan, places: BuiltQuery, uk: BuiltQuery, column: string, label: string): string {
  const gap = plan.ukGap ? GAP_SOURCE(places.columns) : undefined;
  if (!gap)
    return [
      `SELECT * FROM (\n${places.sql}\n) places`,
      'UNION ALL',
      `SELECT '${label}' AS ${column}, uk.* FROM (\n${uk.sql}\n) uk`,
    ].join('\n');
  // From the counts when the answer has them, so the gap is not a difference of two rounded shares.
  const exact =
    gap === 'coverage_pct' && 'premises_passed' in places.columns && 'total_premises' in places.columns;
  const share = (alias: string) =>
    exact ? `100.0 * ${alias}.premises_passed / NULLIF(${alias}.total_premises, 0)` : `${alias}.${gap}`;
  // The UK's figures once, read by every place's gap and as the UK's own row.
  return [
    `WITH uk AS (\n${uk.sql}\n)`,
    `SELECT places.*, ${round(`${share('places')} - (SELECT ${share('u')} FROM uk u)`)} AS gap_to_uk_pp FROM (\n${places.sql}\n) places`,
    'UNION ALL',
    `SELECT '${label}' AS ${column}, uk.*, 0 AS gap_to_uk_pp FROM uk`,
  ].join('\n');
}

function withGapColumn(plan: Plan, columns: Record<string, string>): Record<string, string> {
  return plan.ukGap && GAP_SOURCE(columns)
    ? { ...columns, gap_to_uk_pp: "the place's share less the UK's, in percentage points" }
    : columns;
}

/**
 * "FF % by nation, plus a UK total row": each place of the grouping a row (ranked as asked), then the same figures
 * for the whole UK as one more row, labelled "United Kingdom" in the place column.
 */
function buildRowsWithUkTotal(plan: Plan, column: string, ctx: TimeContext): BuiltQuery {
  const { withUk: _withUk, ukRest: _ukRest, ...rest } = plan;
  const places = buildQuery(rest, ctx);
  const whole = (p: Plan): Plan => ({ ...p, dimension: undefined, order: undefined, limit: undefined });
  const uk = buildQuery({ ...whole(rest), alongside: rest.alongside?.map(whole) }, ctx);
  const sql = unionWithUk(plan, places, uk, column, 'United Kingdom');
  return {
    sql,
    columns: withGapColumn(plan, places.columns),
    steps: [
      ...places.steps,
      'Computes the same figures for the whole UK and adds them as one more row, "United Kingdom".',
    ],
  };
}

/** The place column a series is split by ("each year, by region"), when it is one. */
function seriesPlace(plan: Plan): GeoColumn | undefined {
  return plan.thenBy && GEO_DIMENSIONS.has(plan.thenBy) ? (plan.thenBy as GeoColumn) : undefined;
}

/** A place column's label in the model ("local authority"). */
const placeWord = (column: GeoColumn) => DIMENSION_LIST.find((d) => d.id === column)?.label ?? column;

/**
 * Series stacked one after another, each labelled in `column` with its value ("Leeds", "CityFibre"): each part is
 * the plan's series for that one value alone, compiled as if asked on its own (every fast path kept).
 */
function stackedSeries(
  column: string,
  label: string,
  values: string[],
  partFor: (value: string) => Plan,
  ctx: TimeContext,
): BuiltQuery {
  const parts = values.map((value) => buildPlanQuery(partFor(value), ctx));
  const first = parts[0]!;
  const union = parts
    .map((part, i) => `SELECT ${sqlString(values[i]!)} AS ${column}, s${i}.* FROM (\n${part.sql}\n) s${i}`)
    .join('\nUNION ALL\n');
  return {
    sql: `WITH series AS (\n${union}\n)\nSELECT * FROM series\nORDER BY ${column}, reported_at`,
    columns: { [column]: label, ...first.columns },
    steps: [
      ...first.steps,
      `Does the same for each of ${values.join(', ')}, a series each, one after another.`,
    ],
  };
}

/**
 * A series for each network named ("CF vs Netomnia vs brsk premises passed at each quarter start since Jan 24").
 */
function buildSeriesByNetwork(plan: Plan, ctx: TimeContext): BuiltQuery {
  const groups = plan.subject.operatorGroups ?? [];
  if (groups.length < 2 || plan.order || plan.flow || plan.subject.allGroups?.length)
    throw new Error('a series for each network needs the networks named, listed point by point');
  return stackedSeries(
    'operator_group',
    'the network (operator group)',
    groups,
    (group) => ({ ...plan, thenBy: undefined, subject: { ...plan.subject, operatorGroups: [group] } }),
    ctx,
  );
}

/** At most this many places named are each compiled as a series of their own (beyond it, one grouped pass). */
const STACKED_PLACES = 12;

/**
 * A series for each place ("FF coverage in Leeds, Bradford and Wakefield each year", "gigabit % by region since
 * 2021"): the plan's dimension is the time grain and `thenBy` the place column. Places named are each the series
 * the plan would give for that place alone (every fast path kept), stacked with the place's name; every place of a
 * level is one pass grouped by place and snapshot, each place's share of its own premises.
 */
function buildSeriesByPlace(plan: Plan, by: GeoColumn, ctx: TimeContext): BuiltQuery {
  if (plan.order || plan.flow)
    throw new Error('a series for each place is listed point by point, not ranked or as additions');
  const alone: Plan = { ...plan, thenBy: undefined };
  const named = plan.geo?.column === by ? plan.geo.values : [];
  if (named.length >= 2 && named.length <= STACKED_PLACES)
    return stackedSeries(
      by,
      placeWord(by),
      named,
      (value) => ({ ...alone, geo: { ...plan.geo!, values: [value] } }),
      ctx,
    );
  const s = plan.subject;
  if (isBelowUsoOnly(plan) || s.onlyTech || s.bestDownBelow)
    throw new Error('this condition is counted as a series for one place at a time');
  const { from, to, months, also } = seriesPoints(alone, ctx);
  const unit = plan.measure === 'postcodes' ? 'postcodes' : 'premises';
  const figures = (value: string, total: string) =>
    `SUM(${value}) AS ${unit},\n       ${round(`100.0 * SUM(${value}) / MAX(${total})`)} AS coverage_pct`;
  // A yearly series is read by its year, as withYearLabel labels a single one.
  const yearOf = (alias: string) =>
    plan.dimension === 'year' ? `CAST(EXTRACT(YEAR FROM ${alias}.reported_at) AS INTEGER) AS year, ` : '';
  const columns = {
    [by]: placeWord(by),
    ...(plan.dimension === 'year' ? { year: 'year' } : {}),
    ...seriesColumns(plan, unit),
  };
  const summarised =
    (AREA_SUMMARY_GEO_COLUMNS as readonly string[]).includes(by) && atAreaGrain(plan, undefined);
  // Each place's own total, from the place summary (the same premises as upc_output's).
  const areaTotals = `totals AS (\n  SELECT a.${by}, SUM(a.${unit}) AS total FROM ${SERVICE_AREA_TABLE} a ${where(areaGeo(plan, 'a'))}\n  GROUP BY a.${by}\n)`;
  const firstArea = summarised && isFirstActivationSubject(alone) ? areaFirstActivation(alone, ctx) : null;
  if (plan.dataset === 'upc' && firstArea) {
    // Full fibre is never withdrawn: each place's premises by first activation, accumulated at each point.
    const dates = [...monthsBetween(from, to, months), ...also];
    const sql = [
      `WITH by_first_date AS (\n  SELECT f.${by}, f.first_full_fibre AS first_date, ${areaCount(unit)} AS ${unit}\n  FROM ${firstArea.table} f\n  ${where([...firstArea.conditions, ...areaGeo(plan)])}\n  GROUP BY f.${by}, f.first_full_fibre\n),`,
      `${areaTotals},`,
      `snapshots AS (\n  SELECT reported_at FROM (VALUES ${dates.map((d) => `(${date(d)})`).join(', ')}) AS s(reported_at)\n)`,
      `SELECT b.${by}, ${yearOf('s')}s.reported_at, ${figures(`b.${unit}`, 't.total')}`,
      'FROM snapshots s',
      'JOIN by_first_date b ON b.first_date <= s.reported_at',
      `JOIN totals t ON t.${by} = b.${by}`,
      `GROUP BY b.${by}, s.reported_at`,
      `ORDER BY b.${by}, s.reported_at`,
    ].join('\n');
    return {
      sql,
      columns,
      steps: [
        `Counts the ${unit} of each ${placeWord(by)} by the date full fibre first arrived (${firstArea.table}); full fibre is never withdrawn, so a postcode has it in every snapshot from that date on.`,
        `Accumulates them for each of the ${dates.length} snapshots from ${dates[0]} to ${dates[dates.length - 1]}, and divides by each ${placeWord(by)}'s own total for its coverage percentage.`,
      ],
    };
  }
  if (plan.dataset === 'upc' && summarised && isSpeedSummarySubject(alone)) {
    const threshold = Math.max(s.gigabit ? GIGABIT_MBPS : 0, s.minDown ?? 0);
    const sql = [
      `WITH ${areaTotals}`,
      `SELECT f.${by}, ${yearOf('f')}f.reported_at, ${figures(`f.${unit}`, 't.total')}`,
      `FROM ${SPEED_SUMMARY_TABLE} f`,
      `JOIN totals t ON t.${by} = f.${by}`,
      where([
        `f.fastest_down >= ${threshold}`,
        rangeCondition({ from, to, ...(months ? { months } : {}), also }),
        ...geoConditions(plan, 'f'),
      ]),
      `GROUP BY f.${by}, f.reported_at`,
      `ORDER BY f.${by}, f.reported_at`,
    ].join('\n');
    return {
      sql,
      columns,
      steps: [
        `For each snapshot from ${from} to ${to}, adds up the ${unit} of each ${placeWord(by)} whose fastest download from any operator is at least ${threshold} Mbit/s, from ${SPEED_SUMMARY_TABLE}.`,
        `Divides by each ${placeWord(by)}'s own total for its coverage percentage.`,
      ],
    };
  }
  const geo = geoConditions(plan);
  const weight = unit === 'postcodes' ? '1' : 'u.premises';
  const inner = presence(alone, ctx, {
    range: { from, to, ...(months ? { months } : {}), also },
    keys: ['f.reported_at'],
  });
  const sql = [
    `WITH passed AS (\n  ${inner}\n),`,
    `totals AS (\n  SELECT u.${by}, SUM(${weight}) AS total FROM upc_output u ${where(geo)}\n  GROUP BY u.${by}\n)`.replace(
      ' \n',
      '\n',
    ),
    `SELECT u.${by}, ${yearOf('p')}p.reported_at, ${figures(weight, 't.total')}`,
    'FROM passed p',
    'JOIN upc_output u ON u.postcode = p.postcode',
    `JOIN totals t ON t.${by} = u.${by}`,
    where(geo),
    `GROUP BY u.${by}, p.reported_at`,
    `ORDER BY u.${by}, p.reported_at`,
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns,
    steps: [
      `For each ${plan.dataset === 'upc_forecast' ? 'forecast point' : 'snapshot'} from ${from} to ${to}, finds the DISTINCT postcodes with ${subjectPhrase(plan)}.`,
      `Adds up ${unit} from upc_output by ${placeWord(by)} and snapshot, and divides by each ${placeWord(by)}'s own total for its coverage percentage.`,
    ],
  };
}

/** The last line of a ranked query: `ORDER BY <column> ASC|DESC[, tie break]`, then an optional LIMIT. */
const FINAL_RANKING = /\nORDER BY ([a-z_][a-z0-9_]*) (ASC|DESC)(?:, [^\n]+)?(?:\nLIMIT \d+)?$/;

/**
 * Group-wise ranking ("for each region, which local authority has the lowest full-fibre coverage"): the figures
 * per place as the plan without the grouping would compute them, each place joined to the coarser place it lies
 * in, ranked within it by a window (ROW_NUMBER ... PARTITION BY), keeping the first `limit` of each.
 */
function buildRankedWithin(plan: Plan, group: GeoColumn, ctx: TimeContext): BuiltQuery {
  const dim = plan.dimension;
  if (!dim || !PLACE_COLUMNS.has(dim) || !nestsIn(dim as GeoColumn, group))
    throw new Error(`places by ${dim ?? 'nothing'} cannot be ranked within each ${group}`);
  if (plan.groupFilter || plan.leaderPerDimension)
    throw new Error('a ranking within each place cannot be combined with a place test or leaders');
  const { rankWithin: _group, limit: _limit, ...rest } = plan;
  const order = plan.order ?? 'desc';
  const inner = buildQuery({ ...rest, order }, ctx);
  // The per-place query ranks by its measure in its last line: that is the measure to rank by in each group.
  const ranking = FINAL_RANKING.exec(inner.sql);
  if (!ranking) throw new Error(`the figures by ${dim} have no ranking to apply within each ${group}`);
  const figures = inner.sql.slice(0, ranking.index);
  const [, measure, direction] = ranking;
  const limit = plan.limit ?? 1;
  const position = `rank_in_${group}`;
  // Local authorities and the levels above them are listed once in local_authorities; postcode levels in upc_output.
  const placesTable = LA_PLACE_COLUMNS.includes(dim) ? 'local_authorities' : 'upc_output';
  const sql = [
    `WITH figures AS (\n${figures}\n),`,
    `places AS (\n  SELECT DISTINCT ${dim}, ${group} FROM ${placesTable}\n),`,
    `ranked AS (\n  SELECT pl.${group}, f.*,\n         ROW_NUMBER() OVER (PARTITION BY pl.${group} ORDER BY f.${measure} ${direction}, f.${dim}) AS ${position}\n  FROM figures f\n  JOIN places pl ON pl.${dim} = f.${dim}\n)`,
    'SELECT *',
    'FROM ranked',
    `WHERE ${position} <= ${limit}`,
    `ORDER BY ${group}, ${position}`,
  ].join('\n');
  const which = order === 'asc' ? 'lowest' : 'highest';
  return {
    sql,
    columns: {
      [group]: `the ${group} the ${dim} lies in`,
      ...inner.columns,
      [position]: `the ${dim}'s position in its ${group} (1 = the ${which} ${measure})`,
    },
    steps: [
      ...inner.steps,
      `Ranks the ${dim} values within each ${group} by ${measure} (${which} first) and keeps the first ${limit} of each.`,
    ],
  };
}

/**
 * One place's position among its peers ("where does Cardiff rank among Welsh councils for full fibre"): the figures
 * of every place of the level (within the plan's place, the peers, when it names one), ranked by the measure with
 * RANK() (places with the same figure share a position), then only the places asked, each with its position and the
 * number of places ranked.
 */
function buildRankOf(plan: Plan, places: string[], ctx: TimeContext): BuiltQuery {
  if (plan.limit) throw new Error("a place's rank cannot be combined with a top N");
  const dim = plan.dimension as string;
  const { figures, measure, inner } = placeFigures({ ...plan, rankOf: undefined }, ctx, "a place's rank");
  const order = plan.order ?? 'desc';
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const sql = [
    `WITH figures AS (\n${figures}\n),`,
    `ranked AS (\n  SELECT f.*,\n         RANK() OVER (ORDER BY f.${measure} ${direction}) AS rank,\n         COUNT(*) OVER () AS places_ranked\n  FROM figures f\n)`,
    'SELECT *',
    'FROM ranked',
    `WHERE ${dim} IN (${places.map(sqlString).join(', ')})`,
    'ORDER BY rank',
  ].join('\n');
  const which = order === 'asc' ? 'lowest' : 'highest';
  return {
    sql,
    columns: {
      ...inner.columns,
      rank: `the ${dim}'s position (1 = the ${which} ${measure})`,
      places_ranked: `the number of ${dim} values ranked`,
    },
    steps: [
      ...inner.steps,
      `Ranks every ${dim} by ${measure} (${which} first; equal figures share a position) and keeps ${places.join(', ')}.`,
    ],
  };
}

/** The figures of every place of the plan's level, and the column that holds its measure (what it ranks by). */
function placeFigures(
  plan: Plan,
  ctx: TimeContext,
  what: string,
): { figures: string; measure: string; inner: BuiltQuery } {
  const dim = plan.dimension;
  if (!dim || !PLACE_COLUMNS.has(dim)) throw new Error(`${what} needs places, not ${dim ?? 'one figure'}`);
  if (plan.groupFilter || plan.leaderPerDimension || plan.rankWithin || plan.compare?.length)
    throw new Error(`${what} cannot be combined with a place test, leaders or figures side by side`);
  const { placeStats: _stats, placeBands: _bands, limit: _limit, ...rest } = plan;
  const inner = buildQuery({ ...rest, order: 'desc' }, ctx);
  const ranking = FINAL_RANKING.exec(inner.sql);
  if (!ranking) throw new Error(`the figures by ${dim} have no single measure for ${what}`);
  return { figures: inner.sql.slice(0, ranking.index), measure: ranking[1] as string, inner };
}

/**
 * Every place of the plan's level (within its place), each with these figures, 0 where the figures' query has no
 * row for it (a place with none of the subject counts in a median or a band as much as any other).
 */
function everyPlace(plan: Plan, figures: string, columns: string[]): string {
  const dim = plan.dimension as string;
  const geo = plan.geo ? [`u.${plan.geo.column} IN (${list(plan.geo.values)})`] : [];
  return [
    `WITH raw AS (\n${figures}\n)`,
    `SELECT pl.${dim}, ${columns.map((c) => `COALESCE(r.${c}, 0) AS ${c}`).join(', ')}`,
    `FROM (SELECT DISTINCT u.${dim} FROM upc_output u ${where(geo)}) pl`.replace(' )', ')'),
    `LEFT JOIN raw r ON r.${dim} = pl.${dim}`,
  ].join('\n');
}

const STAT_SQL: Record<PlaceStat, (column: string) => string> = {
  median: (c) => `PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY f.${c})`,
  p10: (c) => `PERCENTILE_CONT(0.1) WITHIN GROUP (ORDER BY f.${c})`,
  p25: (c) => `PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY f.${c})`,
  p75: (c) => `PERCENTILE_CONT(0.75) WITHIN GROUP (ORDER BY f.${c})`,
  p90: (c) => `PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY f.${c})`,
  mean: (c) => `AVG(f.${c})`,
  min: (c) => `MIN(f.${c})`,
  max: (c) => `MAX(f.${c})`,
};

/**
 * Statistics over places ("the median local authority's full fibre coverage"): each place's figure as the plan by
 * place computes it, then the median, mean, lowest or highest of them, every place counting once whatever its size.
 */
function buildPlaceStats(plan: Plan, stats: PlaceStat[], ctx: TimeContext): BuiltQuery {
  const { figures, measure, inner } = placeFigures(plan, ctx, 'a statistic of places');
  const dim = plan.dimension as string;
  // A change between two dates ("the median LA coverage a year ago vs now, and the change in the median"): the
  // statistic at each date and its change, not the statistic of the places' changes.
  const level =
    plan.measure === 'change_pp' ? 'coverage_\\d{4}_\\d{2}_pct' : '(?:premises|postcodes)_\\d{4}_\\d{2}';
  const levels = [
    ...new Set([...inner.sql.matchAll(new RegExp(`\\bAS (${level})\\b`, 'g'))].map((m) => m[1] as string)),
  ];
  if (plan.measure.startsWith('change_') && levels.length === 2) {
    const [from, to] = levels as [string, string];
    const parts = stats.flatMap((stat) => [
      `${round(STAT_SQL[stat](from))} AS ${stat}_${from}`,
      `${round(STAT_SQL[stat](to))} AS ${stat}_${to}`,
      `${round(`${STAT_SQL[stat](to)} - ${STAT_SQL[stat](from)}`)} AS ${stat}_change`,
    ]);
    return {
      sql: [
        `WITH figures AS (\n${everyPlace(plan, figures, [from, to])}\n)`,
        `SELECT COUNT(*) AS places,\n       ${parts.join(',\n       ')}`,
        'FROM figures f',
      ].join('\n'),
      columns: {
        places: `the number of ${dim} values`,
        ...Object.fromEntries(
          stats.flatMap((stat) => [
            [`${stat}_${from}`, `the ${stat} of the ${dim} values' ${from}`],
            [`${stat}_${to}`, `the ${stat} of the ${dim} values' ${to}`],
            [`${stat}_change`, `the change in the ${stat}, from ${from} to ${to}`],
          ]),
        ),
      },
      steps: [
        ...inner.steps,
        `Takes the ${stats.join(', ')} of the ${dim} values at each date (each counted once) and the change between them.`,
      ],
    };
  }
  const columns = stats.map((stat) => `${stat}_${measure}`);
  const sql = [
    `WITH figures AS (\n${everyPlace(plan, figures, [measure])}\n)`,
    `SELECT COUNT(*) AS places,\n       ${stats.map((stat, i) => `${round(STAT_SQL[stat](measure))} AS ${columns[i]}`).join(',\n       ')}`,
    'FROM figures f',
  ].join('\n');
  return {
    sql,
    columns: {
      places: `the number of ${dim} values`,
      ...Object.fromEntries(columns.map((c, i) => [c, `the ${stats[i]} of the ${dim} values' ${measure}`])),
    },
    steps: [
      ...inner.steps,
      `Takes the ${stats.join(', ')} of the ${measure} of the ${dim} values, each counted once whatever its size.`,
    ],
  };
}

/** Places by bands of their figure ("LAs by gigabit coverage in 10% bands"): how many fall in each band. */
function buildPlaceBands(plan: Plan, width: number, ctx: TimeContext): BuiltQuery {
  const { figures, measure, inner } = placeFigures(plan, ctx, 'bands of places');
  const dim = plan.dimension as string;
  // A share of 100% is in the top band (90 to 100), not a band of its own.
  const share = plan.measure === 'coverage_pct' || plan.measure === 'line_share_pct';
  const start = `FLOOR(f.${measure} / ${width}) * ${width}`;
  const from = share ? `LEAST(${start}, ${100 - width})` : start;
  const sql = [
    `WITH figures AS (\n${everyPlace(plan, figures, [measure])}\n),`,
    `banded AS (\n  SELECT ${from} AS band_from FROM figures f\n)`,
    `SELECT band_from, band_from + ${width} AS band_to, COUNT(*) AS places`,
    'FROM banded',
    'GROUP BY band_from',
    'ORDER BY band_from',
  ].join('\n');
  return {
    sql,
    columns: {
      band_from: `the band's lower bound (${measure})`,
      band_to: "the band's upper bound (not included, but for the top band of a share)",
      places: `the number of ${dim} values in the band`,
    },
    steps: [
      ...inner.steps,
      `Puts each ${dim} in a band of ${width} by its ${measure} and counts the ${dim} values in each band.`,
    ],
  };
}

/**
 * The urban-rural gap ("how wide is the urban-rural gap in full fibre in each nation"): the plan's figures for urban
 * and for rural premises (by place, when it has places), then each setting's share and the gap in points, urban
 * minus rural, computed from the counts (not from two rounded shares).
 */
function buildUrbanRuralGap(plan: Plan, ctx: TimeContext): BuiltQuery {
  if (plan.measure !== 'coverage_pct') throw new Error('an urban-rural gap is a gap between two shares');
  const dim = plan.dimension && PLACE_COLUMNS.has(plan.dimension) ? plan.dimension : undefined;
  if (plan.dimension && !dim)
    throw new Error(`an urban-rural gap by ${plan.dimension} is not a gap of places`);
  const { urbanRuralGap: _gap, order, limit, urbanRural: _setting, ...rest } = plan;
  const inner = buildQuery(
    dim ? { ...rest, splitUrbanRural: true } : { ...rest, dimension: 'urban_rural' },
    ctx,
  );
  const [passed, total] = ['premises_passed', 'total_premises'];
  if (!(passed in inner.columns) || !(total in inner.columns))
    throw new Error('the figures for urban and rural premises have no counts to take the gap from');
  const of = (setting: string, column: string) =>
    `SUM(CASE WHEN s.urban_rural = '${setting}' THEN s.${column} ELSE 0 END)`;
  const share = (setting: string) => `100.0 * ${of(setting, passed)} / NULLIF(${of(setting, total)}, 0)`;
  const sql = [
    `WITH split AS (\n${inner.sql}\n)`,
    `SELECT ${dim ? `s.${dim}, ` : ''}${round(share('urban'))} AS urban_coverage_pct,`,
    `       ${round(share('rural'))} AS rural_coverage_pct,`,
    `       ${round(`${share('urban')} - ${share('rural')}`)} AS gap_pp`,
    'FROM split s',
    ...(dim ? [`GROUP BY s.${dim}`] : []),
    ...(dim || order
      ? [`ORDER BY gap_pp ${order === 'asc' ? 'ASC' : 'DESC'}${dim ? `, s.${dim}` : ''}`]
      : []),
    ...(limit && dim ? [`LIMIT ${limit}`] : []),
  ].join('\n');
  return {
    sql,
    columns: {
      urban_coverage_pct: 'share of urban premises',
      rural_coverage_pct: 'share of rural premises',
      gap_pp: 'urban minus rural, in percentage points',
    },
    steps: [
      ...inner.steps,
      `Takes the urban and the rural share${dim ? ` of each ${dim}` : ''} from the counts, and the gap between them in points (urban minus rural)${dim ? ', widest first' : ''}.`,
    ],
  };
}

/** No condition on the postcode: every premises counts. */
function isEmptySubject(plan: Plan): boolean {
  return Object.values(plan.subject).every((v) => v === undefined || v === false);
}

/**
 * The share of each place's premises that are rural (or urban) ("what proportion of premises in each nation is
 * rural"): no network or technology, only where the premises are.
 */
function buildSettingShareByPlace(plan: Plan, setting: 'urban' | 'rural'): BuiltQuery {
  const dim = plan.dimension as string;
  if (!PLACE_COLUMNS.has(plan.dimension as Dimension))
    throw new Error(`the ${setting} share is of places, not ${dim}`);
  const inSetting = `SUM(CASE WHEN u.urban_rural = ${sqlString(setting)} THEN u.premises ELSE 0 END)`;
  const column = `${setting}_share_pct`;
  const geo = plan.geo ? [`u.${plan.geo.column} IN (${list(plan.geo.values)})`] : [];
  const sql = [
    `SELECT u.${dim}, ${inSetting} AS ${setting}_premises, SUM(u.premises) AS total_premises,`,
    `       ${round(`100.0 * ${inSetting} / NULLIF(SUM(u.premises), 0)`)} AS ${column}`,
    'FROM upc_output u',
    where(geo),
    `GROUP BY u.${dim}`,
    `ORDER BY ${column} ${plan.order === 'asc' ? 'ASC' : 'DESC'}, u.${dim}`,
    ...(plan.limit ? [`LIMIT ${plan.limit}`] : []),
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      [`${setting}_premises`]: `${setting} premises`,
      total_premises: 'all premises',
      [column]: `share of the place's premises that are ${setting}`,
    },
    steps: [
      `Adds up each ${dim}'s premises in ${setting} postcodes and all its premises in upc_output, and divides.`,
    ],
  };
}

/**
 * What is without the subject at two dates ("% of premises with no full fibre by region, a year ago vs now"): the
 * change of the subject's presence, each place's whole count less it (every place, 0 present where none), and the
 * change in points.
 */
function buildAbsentChange(plan: Plan, ctx: TimeContext): BuiltQuery {
  const dim = plan.dimension;
  if (dim && !PLACE_COLUMNS.has(dim))
    throw new Error(`what is without the subject by ${dim} is not a count of places`);
  const { absent: _absent, ...present } = plan.subject;
  const inner = buildChangeRanked({ ...plan, subject: present, order: undefined, limit: undefined }, ctx);
  const from = plan.time.from ?? addMonths(ctx.latest, -12);
  const to = plan.time.to ?? ctx.latest;
  const unit = plan.measure === 'change_postcodes' ? 'postcodes' : 'premises';
  const [a, b] = [`${unit}_${label(from)}`, `${unit}_${label(to)}`];
  const end = FINAL_RANKING.exec(inner.sql);
  const presentSql = end ? inner.sql.slice(0, end.index) : inner.sql;
  const geo = plan.geo ? [`u.${plan.geo.column} IN (${list(plan.geo.values)})`] : [];
  if (plan.urbanRural) geo.push(`u.urban_rural = ${sqlString(plan.urbanRural)}`);
  const count = unit === 'postcodes' ? 'COUNT(*)' : 'SUM(u.premises)';
  const totals = dim
    ? `SELECT u.${dim}, ${count} AS total FROM upc_output u ${where(geo)} GROUP BY u.${dim}`
    : `SELECT ${count} AS total FROM upc_output u ${where(geo)}`;
  const without = (col: string) => `t.total - COALESCE(p.${col}, 0)`;
  const share = (col: string) => round(`100.0 * (${without(col)}) / NULLIF(t.total, 0)`);
  const [wa, wb] = [`${unit}_without_${label(from)}`, `${unit}_without_${label(to)}`];
  const order = plan.measure === 'change_pp' ? 'pp_change' : `${unit}_change`;
  const sql = [
    `WITH present AS (\n${presentSql}\n),`,
    `totals AS (\n  ${totals.replace(/ {2,}/g, ' ')}\n)`,
    `SELECT ${dim ? `t.${dim}, ` : ''}${without(a)} AS ${wa},`,
    `       ${without(b)} AS ${wb},`,
    `       (${without(b)}) - (${without(a)}) AS ${unit}_change,`,
    `       ${share(a)} AS share_without_${label(from)}_pct,`,
    `       ${share(b)} AS share_without_${label(to)}_pct,`,
    `       ${round(`100.0 * (COALESCE(p.${a}, 0) - COALESCE(p.${b}, 0)) / NULLIF(t.total, 0)`)} AS pp_change`,
    'FROM totals t',
    dim ? `LEFT JOIN present p ON p.${dim} = t.${dim}` : 'CROSS JOIN present p',
    ...(dim ? [`ORDER BY ${order} ${plan.order === 'desc' ? 'DESC' : 'ASC'}, t.${dim}`] : []),
    ...(dim && plan.limit ? [`LIMIT ${plan.limit}`] : []),
  ].join('\n');
  return {
    sql,
    columns: {
      [wa]: `${unit} without it at ${from}`,
      [wb]: `${unit} without it at ${to}`,
      [`${unit}_change`]: `the change in ${unit} without it (negative: fewer without)`,
      [`share_without_${label(from)}_pct`]: `share of all ${unit} without it at ${from}`,
      [`share_without_${label(to)}_pct`]: `share of all ${unit} without it at ${to}`,
      pp_change: 'the change in that share, in percentage points',
    },
    steps: [
      ...inner.steps,
      `Takes the ${unit} with it at each date from all ${unit}${dim ? ` of each ${dim}` : ''}: what is without it, its share and the change (fewer without: a fall).`,
    ],
  };
}

/** Below the USO and nothing else: a condition each snapshot of fact_operator_time_series can say again. */
function isBelowUsoOnly(plan: Plan): boolean {
  const { belowUso, ...rest } = plan.subject;
  return (
    plan.dataset === 'upc' &&
    Boolean(belowUso) &&
    Object.values(rest).every((v) => v === undefined || v === false)
  );
}

/**
 * The postcodes that meet the USO at each of these snapshots (a row of fact_operator_time_series with its speeds),
 * counted by `unit` in the place: what is below the USO at a snapshot is the place's whole count less these. Every
 * postcode is in every snapshot (upc_output_time_series repeats it) with today's premises, as in every series.
 */
function usoServed(plan: Plan, dates: string[], unit: 'premises' | 'postcodes'): string {
  return [
    `served AS (\n  SELECT s.reported_at, ${unit === 'postcodes' ? 'COUNT(*)' : 'SUM(u.premises)'} AS served`,
    `  FROM (SELECT DISTINCT f.reported_at, f.postcode FROM fact_operator_time_series f`,
    `        WHERE f.reported_at IN (${dates.map(date).join(', ')}) AND ${segmentSql('below_uso', 'row')}) s`,
    '  JOIN upc_output u ON u.postcode = s.postcode',
    `  ${where(geoConditions(plan))}`.trimEnd(),
    '  GROUP BY s.reported_at\n)',
  ]
    .filter((line) => line.trim())
    .join('\n');
}

/** Premises below the USO at each point of a series ("below the USO in Wales each month of 2026"). */
function buildBelowUsoSeries(plan: Plan, dates: string[], unit: 'premises' | 'postcodes'): BuiltQuery {
  if (dates.length === 0) throw new Error('the series has no snapshot in the period asked');
  const total = placeTotal(plan, unit, geoConditions(plan));
  const below = `${total} - COALESCE(sv.served, 0)`;
  const column = `${unit}_below_uso`;
  const sql = [
    `WITH points AS (\n  SELECT DISTINCT f.reported_at FROM fact_operator_time_series f WHERE f.reported_at IN (${dates.map(date).join(', ')})\n),`,
    usoServed(plan, dates, unit),
    `SELECT p.reported_at, ${below} AS ${column},`,
    `       ${round(`100.0 * (${below}) / ${total}`)} AS share_below_uso_pct`,
    'FROM points p',
    'LEFT JOIN served sv ON sv.reported_at = p.reported_at',
    'ORDER BY p.reported_at',
  ].join('\n');
  return {
    sql,
    columns: {
      reported_at: 'snapshot date',
      [column]: `${unit} with no service of the USO's speeds at that snapshot`,
      share_below_uso_pct: `share of all ${unit} below the USO`,
    },
    steps: [
      `For each snapshot from ${dates[0]} to ${dates[dates.length - 1]}, finds the DISTINCT postcodes with a row of fact_operator_time_series meeting the USO (${segmentSql('below_uso', 'row', { alias: '' })}).`,
      `Subtracts their ${unit} from all ${unit} in upc_output${plan.geo ? ` in ${describeGeo(plan)}` : ''}: what is below the USO at that snapshot, and its share. Premises are today's counts.`,
    ],
  };
}

/** Premises below the USO at two snapshots and the change ("how far has the number below the USO fallen since"). */
function buildBelowUsoChange(plan: Plan, ctx: TimeContext): BuiltQuery {
  const from = plan.time.from ?? addMonths(ctx.latest, -12);
  const to = plan.time.to ?? ctx.latest;
  const unit = plan.measure === 'change_postcodes' ? 'postcodes' : 'premises';
  const total = placeTotal(plan, unit, geoConditions(plan));
  const at = (d: string) =>
    `${total} - COALESCE((SELECT served FROM served WHERE reported_at = ${date(d)}), 0)`;
  const fromCol = `${unit}_below_uso_${label(from)}`;
  const toCol = `${unit}_below_uso_${label(to)}`;
  const share = plan.measure === 'change_pp';
  const sql = [
    `WITH ${usoServed(plan, [from, to], unit)}`,
    `SELECT ${at(from)} AS ${fromCol},`,
    `       ${at(to)} AS ${toCol},`,
    `       (${at(to)}) - (${at(from)}) AS ${unit}_change${
      share ? `,\n       ${round(`100.0 * ((${at(to)}) - (${at(from)})) / ${total}`)} AS pp_change` : ''
    }`,
  ].join('\n');
  return {
    sql,
    columns: {
      [fromCol]: `${unit} below the USO at ${from}`,
      [toCol]: `${unit} below the USO at ${to}`,
      [`${unit}_change`]: `the change from ${from} to ${to} (negative: fewer below the USO)`,
      ...(share ? { pp_change: 'the change in the share below the USO, in percentage points' } : {}),
    },
    steps: [
      `Finds the DISTINCT postcodes with a row of fact_operator_time_series meeting the USO (${segmentSql('below_uso', 'row', { alias: '' })}) at ${from} and at ${to}.`,
      `Subtracts their ${unit} from all ${unit}${plan.geo ? ` in ${describeGeo(plan)}` : ''} at each date, and the earlier from the later.`,
    ],
  };
}

/** A series' last line: its points in date order. */
const SERIES_ORDER = /\nORDER BY (?:[a-z]\.)?reported_at$/;

/**
 * The points of a series ranked by their figure ("which month in the past year had the biggest full-fibre net
 * adds": the monthly additions, highest first, the first `limit` kept): the series as it would be listed, then
 * ordered by what each point added (a flow) or by its level.
 */
/**
 * A yearly series read by its year ("full fibre premises by year from 2022"): each point is a year's December
 * snapshot (or the month asked), and the analyst reads it as "2022", so the year comes first beside the date.
 */
function withYearLabel(series: BuiltQuery): BuiltQuery {
  const end = SERIES_ORDER.exec(series.sql);
  if (!end) return series;
  const sql = [
    `WITH yearly AS (\n${series.sql.slice(0, end.index)}\n)`,
    'SELECT CAST(EXTRACT(YEAR FROM reported_at) AS INTEGER) AS year, yearly.*',
    'FROM yearly',
    'ORDER BY reported_at',
  ].join('\n');
  return { ...series, sql, columns: { year: 'year', ...series.columns } };
}

function rankSeries(plan: Plan, series: BuiltQuery): BuiltQuery {
  const labels: string[] = Object.keys(series.columns).filter((c) => c === 'year' || c === 'reported_at');
  const figures = Object.keys(series.columns).filter((c) => !labels.includes(c));
  const column =
    figures.find((c) => c.startsWith('new_')) ??
    (plan.measure === 'coverage_pct' ? figures.find((c) => c === 'coverage_pct') : undefined) ??
    figures[0];
  const end = SERIES_ORDER.exec(series.sql);
  if (!column || !end) throw new Error('this series cannot be ranked by its figure');
  const direction = plan.order === 'asc' ? 'ASC' : 'DESC';
  const sql = [
    `WITH series AS (\n${series.sql.slice(0, end.index)}\n)`,
    `SELECT ${[...labels, ...figures].join(', ')}`,
    'FROM series',
    `ORDER BY ${column} ${direction}, reported_at`,
    ...(plan.limit ? [`LIMIT ${plan.limit}`] : []),
  ].join('\n');
  const which = plan.order === 'asc' ? 'lowest' : 'highest';
  return {
    sql,
    columns: series.columns,
    steps: [
      ...series.steps,
      `Ranks the points by ${column} (${which} first)${plan.limit ? ` and keeps the first ${plan.limit}` : ''}.`,
    ],
  };
}

/**
 * Subjects side by side (side-by-side.ts): each subject's figures computed as the plan would compute them alone,
 * then joined on the place (FULL JOIN: a place one subject does not reach still has the others' figures, and its
 * own count is 0), each subject's columns named after it, the place's total once. The ranking, if any, is the
 * first subject's measure, applied to the whole.
 */
function buildSideBySide(plan: Plan, ctx: TimeContext): BuiltQuery {
  const parts = sideBySideParts(plan);
  const dim = plan.dimension;
  const built = parts.map((part) => buildQuery(part.plan, ctx));
  const ranking = dim ? FINAL_RANKING.exec(built[0]!.sql) : null;
  const withoutRanking = (sql: string) => {
    const own = dim ? FINAL_RANKING.exec(sql) : null;
    return own ? sql.slice(0, own.index) : sql;
  };
  const alias = (i: number) => `s${i + 1}`;
  const ctes = built.map((b, i) => `${alias(i)} AS (\n${withoutRanking(b.sql)}\n)`);
  const select: string[] = [];
  const columns: Record<string, string> = {};
  if (dim) select.push(`COALESCE(${built.map((_, i) => `${alias(i)}.${dim}`).join(', ')}) AS ${dim}`);
  const totals = new Set<string>();
  built.forEach((b, i) => {
    for (const [name, meaning] of Object.entries(b.columns)) {
      if (name === dim) continue;
      if (name.startsWith('total_')) {
        // The place's total is the same for every subject: shown once.
        if (totals.has(name)) continue;
        totals.add(name);
        select.push(`COALESCE(${built.map((_, j) => `${alias(j)}.${name}`).join(', ')}) AS ${name}`);
        columns[name] = meaning;
        continue;
      }
      const output = `${parts[i]!.prefix}_${name}`;
      // A place another subject reaches and this one does not has none of this one: 0, not blank.
      select.push(`${dim ? `COALESCE(${alias(i)}.${name}, 0)` : `${alias(i)}.${name}`} AS ${output}`);
      columns[output] = meaning;
    }
  });
  const from = built.map((_, i) =>
    i === 0
      ? `FROM ${alias(0)}`
      : dim
        ? `FULL JOIN ${alias(i)} ON ${alias(i)}.${dim} = ${
            i === 1
              ? `${alias(0)}.${dim}`
              : `COALESCE(${built
                  .slice(0, i)
                  .map((_, j) => `${alias(j)}.${dim}`)
                  .join(', ')})`
          }`
        : `CROSS JOIN ${alias(i)}`,
  );
  // The places' own total is shared by every subject, so it keeps its name ("the 5 largest LAs").
  const rankedBy =
    ranking && (/^total_/.test(ranking[1]!) ? ranking[1]! : `${parts[0]!.prefix}_${ranking[1]}`);
  const order = ranking
    ? [`ORDER BY ${rankedBy} ${ranking[2]}, ${dim}`, ...(plan.limit ? [`LIMIT ${plan.limit}`] : [])]
    : [];
  const sql = [`WITH ${ctes.join(',\n')}`, `SELECT ${select.join(',\n       ')}`, ...from, ...order].join(
    '\n',
  );
  return {
    sql,
    columns,
    steps: [
      ...built.flatMap((b, i) => [`For ${parts[i]!.prefix.replace(/_/g, ' ')}:`, ...b.steps]),
      `Puts the figures side by side${dim ? `, one row per ${dim}` : ''}, each subject's columns named after it${ranking ? `, ranked by ${rankedBy}` : ''}.`,
    ],
  };
}

/**
 * All premises (or postcodes) of the place asked about: from service_by_area (every live postcode counted by
 * place) when the place is one of its columns, else from upc_output. The same total either way.
 */
function placeTotal(plan: Plan, unit: 'premises' | 'postcodes', geo: string[]): string {
  if (atAreaGrain(plan, undefined)) return areaTotal(plan, unit);
  return `(SELECT SUM(${unit === 'postcodes' ? '1' : 'premises'}) FROM upc_output u ${where(geo)})`.replace(
    ' )',
    ')',
  );
}

/** Premises / postcodes / coverage by a geographic dimension (or in total). */
function buildLevels(plan: Plan, ctx: TimeContext): BuiltQuery {
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  const geo = geoConditions(plan);
  const subject = hasSubject(plan);
  const steps: string[] = [];
  const columns: Record<string, string> = {};
  const when =
    plan.dataset === 'upc_forecast'
      ? `at the forecast point ${plan.time.at}`
      : plan.time.at && plan.time.at !== ctx.latest
        ? `in the ${plan.time.at} snapshot`
        : 'in the latest snapshot';
  // "Urban vs rural in each nation": the urban and the rural part of each place, a row each.
  const split = Boolean(plan.splitUrbanRural && dim && dim !== 'urban_rural');
  const dimColumns = dim ? (split ? `u.${dim}, u.urban_rural` : `u.${dim}`) : '';
  const selectDim = dim ? `${dimColumns}, ` : '';
  const groupBy = dim ? `GROUP BY ${dimColumns}` : '';
  const unit =
    plan.measure === 'postcodes'
      ? 'postcodes'
      : plan.measure === 'households'
        ? 'households'
        : plan.measure === 'population'
          ? 'population'
          : plan.measure === 'business_sites'
            ? 'business_sites'
            : 'premises';
  // Business sites are upc_output's bus_sites_total; the other units are columns of their own name.
  const unitColumn = unit === 'business_sites' ? 'bus_sites_total' : unit;
  const weight = unit === 'postcodes' ? '1' : `u.${unitColumn}`;

  if (!subject) {
    const measures =
      unit === 'postcodes' || plan.measure === 'premises'
        ? ['COUNT(*) AS postcodes', 'SUM(u.premises) AS premises']
        : [`SUM(u.${unitColumn}) AS ${unit}`, 'COUNT(*) AS postcodes'];
    const fromArea = (unit === 'postcodes' || plan.measure === 'premises') && atAreaGrain(plan, dim);
    const sql = fromArea
      ? [areaPlaces(plan, dim), dim ? orderLimit(plan, unit, `f.${dim}`) : ''].filter(Boolean).join('\n')
      : [
          `SELECT ${selectDim}${measures.join(', ')}`,
          'FROM upc_output u',
          where(geo),
          groupBy,
          dim ? orderLimit(plan, measures[0]!.includes('premises') ? 'premises' : unit, `u.${dim}`) : '',
        ]
          .filter(Boolean)
          .join('\n');
    steps.push(
      `Counts postcodes and adds up ${unit} in upc_output (one row per live postcode, latest snapshot)${dim ? ` for each ${dim}` : ''}${fromArea ? `, from ${SERVICE_AREA_TABLE} (upc_output counted by local authority in advance)` : ''}.`,
    );
    columns.postcodes = 'number of postcodes';
    columns.premises = 'premises (households + business sites)';
    return { sql, columns, steps };
  }

  const absent = Boolean(plan.subject.absent);
  const passedExpr = `CASE WHEN p.postcode IS ${absent ? '' : 'NOT '}NULL THEN ${weight} ELSE 0 END`;
  // Columns are named after what they count: "premises that cannot get 30 Mbit/s" are not premises passed.
  const below = plan.subject.belowUso
    ? 'uso'
    : plan.subject.bestDownBelow
      ? `${plan.subject.bestDownBelow}_mbps`
      : '';
  const name = absent ? `${unit}_without` : below ? `${unit}_below_${below}` : `${unit}_passed`;
  const totalName = `total_${unit}`;
  const pctName = absent ? 'share_without_pct' : below ? `share_below_${below}_pct` : 'coverage_pct';
  const wantsPct = plan.measure === 'coverage_pct';
  // "The ten largest local authorities": ranked by their own premises, the measure shown beside.
  const rankColumn = plan.rankBySize ? totalName : wantsPct ? pctName : name;
  // Premises are in postcodes: a count of either, read postcode by postcode, shows the other beside it ("so17
  // postcodes with 2+ altnets" is also how many premises they hold; "premises in CB1 with both" is in how many).
  const other =
    dim === 'postcode' ? null : unit === 'premises' ? 'postcodes' : unit === 'postcodes' ? 'premises' : null;
  const otherWeight = other === 'postcodes' ? '1' : 'u.premises';
  const otherName = other ? name.replace(unit, other) : null;
  const select = [
    `SUM(${passedExpr}) AS ${name}`,
    `SUM(${weight}) AS ${totalName}`,
    `${round(`100.0 * SUM(${passedExpr}) / NULLIF(SUM(${weight}), 0)`)} AS ${pctName}`,
  ];
  const companion =
    other && otherName
      ? `SUM(CASE WHEN p.postcode IS ${absent ? '' : 'NOT '}NULL THEN ${otherWeight} ELSE 0 END) AS ${otherName}`
      : null;
  // Long lists of places keep those with any; the nations, regions and urban/rural are listed whole, a place with
  // none at 0 ("premises with 2+ altnets by nation" shows Northern Ireland's 0).
  const listedWhole = dim === 'country' || dim === 'government_region' || dim === 'urban_rural';
  const havingNonZero =
    !wantsPct && dim && !absent && !plan.rankBySize && !listedWhole ? `HAVING SUM(${passedExpr}) > 0` : '';
  const area =
    (unit === 'premises' || unit === 'postcodes') && atAreaGrain(plan, dim) && !split
      ? absent
        ? areaAbsence(plan, ctx)
        : areaPresence(plan, ctx)
      : null;
  const areaSql =
    area &&
    areaLevels(area, plan, {
      dim,
      unit: unit as 'premises' | 'postcodes',
      name,
      totalName,
      pctName,
      havingNonZero: Boolean(havingNonZero),
      orderLimit: (column, tieBreak) => orderLimit(plan, column, tieBreak),
      orderColumn: rankColumn,
    });
  // Postcodes listed by a speed ("which postcodes in M14 can't get 30 meg") show each one's best download today.
  const sp = plan.subject;
  const bestSpeed =
    dim === 'postcode' &&
    plan.dataset === 'upc' &&
    (!plan.time.at || plan.time.at === ctx.latest) &&
    Boolean(sp.bestDownBelow || sp.minDown || sp.belowUso || sp.gigabit);
  if (bestSpeed) columns.best_down_mbps = 'the fastest download on offer at the postcode, Mbit/s';
  const sql =
    areaSql ||
    [
      `WITH passed AS (\n  ${presence(plan, ctx)}\n)`,
      `SELECT ${selectDim}${[...select, ...(companion ? [companion] : []), ...(bestSpeed ? ['MAX(b.fastest_down) AS best_down_mbps'] : [])].join(',\n       ')}`,
      'FROM upc_output u',
      'LEFT JOIN passed p ON p.postcode = u.postcode',
      bestSpeed ? `LEFT JOIN ${POSTCODE_SERVICE_TABLE} b ON b.postcode = u.postcode` : '',
      where(geo),
      groupBy,
      havingNonZero,
      dim
        ? split && !plan.order && !plan.limit
          ? `ORDER BY ${dimColumns}`
          : orderLimit(plan, rankColumn, dimColumns)
        : '',
    ]
      .filter(Boolean)
      .join('\n');
  steps.push(
    `Finds every postcode with ${subjectPhrase(plan)} ${when} (DISTINCT postcodes, so an operator with several technologies counts once)${areaSql ? `, counted by local authority in advance in ${area!.table}` : ''}.`,
  );
  steps.push(
    `Joins them to upc_output${geo.length ? ` filtered to ${describeGeo(plan)}` : ''} and adds up ${unit}${dim ? ` for each ${dim}${split ? ', urban and rural apart' : ''}` : ''}${absent ? ' where the postcode is NOT among them' : ''}.`,
  );
  steps.push(
    `Coverage is ${unit} ${absent ? 'without it' : 'passed'} divided by all ${unit}${dim ? ` in the same ${dim}` : ''}, as a percentage.`,
  );
  columns[name] = absent
    ? `${unit} without ${subjectPhrase(plan)}`
    : `${unit} in postcodes with ${subjectPhrase(plan)}`;
  columns[totalName] = `all ${unit}`;
  columns[pctName] = `percentage of all ${unit}${dim ? ` in the same ${dim}` : ''}`;
  if (other && otherName)
    columns[otherName] = absent
      ? `${other} without ${subjectPhrase(plan)}`
      : `${other} in postcodes with ${subjectPhrase(plan)}`;
  return { sql, columns, steps };
}

function describeGeo(plan: Plan): string {
  const parts: string[] = [];
  if (plan.geo)
    parts.push(
      plan.geo.label
        ? `${plan.geo.label} (its ${plan.geo.values.length} districts)`
        : `${plan.geo.column} = ${plan.geo.values.join(' or ')}`,
    );
  if (plan.urbanRural) parts.push(`${plan.urbanRural} postcodes`);
  return parts.join(', ');
}

/** Premises by operator, network (operator group) or technology. */
function buildByNetwork(plan: Plan, ctx: TimeContext): BuiltQuery {
  const dim = plan.dimension as 'operator' | 'operator_group' | 'tech';
  const src = source(plan, plan.time.at && plan.time.at !== ctx.latest ? 'series' : 'latest');
  const keyExpr =
    dim === 'tech'
      ? 'f.tech'
      : dim === 'operator_group' || src.forecast || src.altnetTable
        ? src.groupExpr
        : 'f.operator';
  const keyName = dim === 'tech' ? 'tech' : src.altnetTable || src.forecast ? 'operator' : dim;
  const planForPresence: Plan =
    dim === 'operator_group' && !src.altnetTable && !src.forecast
      ? { ...plan, dimension: 'operator_group' }
      : plan;
  let inner = presence(planForPresence, ctx, { keys: [`${keyExpr} AS ${keyName}`] });
  // "Premises with only one FF network, by network": each postcode with exactly one network, keyed by that network
  // (counting networks within a network's own rows would always find one).
  if (plan.subject.exactNetworks === 1 && dim === 'operator_group' && !src.altnetTable && !src.forecast) {
    if (plan.time.at && plan.time.at !== ctx.latest)
      throw new Error('the only network is read at the latest snapshot');
    const s = plan.subject;
    if (s.operatorGroups?.length || s.notGroups?.length || s.allGroups?.length || s.exclude || s.absent)
      throw new Error('the only network of each postcode is read over every network');
    inner = `SELECT MIN(${src.groupExpr}) AS ${keyName}, f.postcode FROM ${src.from}\n    ${where(src.conditions)}\n    GROUP BY f.postcode\n    HAVING COUNT(DISTINCT ${src.groupExpr}) = 1`;
  }
  const geo = geoConditions(plan);
  const unit = plan.measure === 'postcodes' ? 'postcodes' : 'premises';
  const measure = unit === 'postcodes' ? 'COUNT(*) AS postcodes' : 'SUM(u.premises) AS premises';
  const total = placeTotal(plan, 'premises', geo);
  const areaSql = atAreaGrain(plan, undefined)
    ? areaByKey(plan, ctx, keyName, keyExpr, unit, (column, tieBreak) => orderLimit(plan, column, tieBreak))
    : null;
  const sql =
    areaSql ??
    [
      `WITH passed AS (\n  ${inner}\n)`,
      // Read postcode by postcode, each network's premises show the postcodes they are in (and its postcodes, premises).
      `SELECT p.${keyName}, ${measure}${unit === 'premises' ? `,\n       ${round(`100.0 * SUM(u.premises) / ${total}`)} AS share_of_all_premises_pct,\n       COUNT(*) AS postcodes` : ',\n       SUM(u.premises) AS premises'}`,
      'FROM passed p',
      'JOIN upc_output u ON u.postcode = p.postcode',
      where(geo),
      `GROUP BY p.${keyName}`,
      orderLimit(plan, unit, `p.${keyName}`),
    ]
      .filter(Boolean)
      .join('\n');
  return {
    sql,
    columns: {
      [keyName]: keyName === 'operator_group' ? 'the network (operator group)' : keyName,
      [unit]: `${unit} passed (distinct postcodes)`,
      share_of_all_premises_pct: `share of all premises${geo.length ? ` in ${describeGeo(plan)}` : ' in the UK'}`,
      ...(unit === 'premises'
        ? { postcodes: 'postcodes it is present in' }
        : { premises: 'premises in those postcodes' }),
    },
    steps: [
      `Lists each ${keyName === 'operator_group' ? 'network (operator group)' : keyName} with the DISTINCT postcodes where it offers ${subjectPhrase({ ...plan, subject: { ...plan.subject, operatorGroups: plan.subject.operatorGroups } })}${src.forecast ? ` at the forecast point ${plan.time.at}` : ''}.`,
      `Adds up ${unit} from upc_output${geo.length ? ` in ${describeGeo(plan)}` : ''} and ranks them.`,
    ],
  };
}

/** The first and last points of a series: the ones asked for, within the data's dates. */
function seriesSpan(plan: Plan, ctx: TimeContext): { from: string; to: string } {
  let from = plan.time.seriesFrom;
  let to = plan.time.seriesTo;
  if (plan.dataset === 'upc_forecast') {
    from = from && from >= ctx.forecastFirst ? from : ctx.forecastFirst;
    to = to && to <= ctx.forecastLast ? to : ctx.forecastLast;
  } else {
    to = to && to <= ctx.latest ? to : ctx.latest;
    // "Over the last 4 quarters": the last N quarterly points up to the latest (January, April, July, October).
    const quarters = plan.time.lastQuarters;
    if (!from && quarters && plan.dimension === 'quarter') {
      const month = Number(to.slice(5, 7));
      const lastPoint = addMonths(to, -((month - 1) % 3));
      from = addMonths(lastPoint, -3 * (quarters - 1));
    }
    if (!from)
      from =
        plan.dimension === 'quarter' || plan.dimension === 'year' ? ctx.earliest : addMonths(ctx.latest, -12);
    if (from < ctx.earliest) from = ctx.earliest;
  }
  return { from, to };
}

const GRAIN_MONTHS: Partial<Record<Dimension, number>> = { month: 1, quarter: 3, half_year: 6, year: 12 };

/**
 * What each point of a series added ("gigabit premises added in each of the last 3 months"), for subjects without
 * a first activation date to count from: the series of levels from one point earlier, each point minus the one
 * before it (LAG), keeping the points asked for.
 */
function buildFlowByDifference(plan: Plan, ctx: TimeContext): BuiltQuery {
  const step = GRAIN_MONTHS[plan.dimension as Dimension] ?? 1;
  const { from, to } = seriesSpan(plan, ctx);
  const first = plan.dataset === 'upc_forecast' ? ctx.forecastFirst : ctx.earliest;
  const earlier = addMonths(from, -step) >= first ? addMonths(from, -step) : from;
  const levels = buildSeries(
    { ...plan, flow: undefined, time: { ...plan.time, seriesFrom: earlier, seriesTo: to } },
    ctx,
  );
  const unit = plan.measure === 'postcodes' ? 'postcodes' : 'premises';
  const column = `new_${unit}`;
  // A share's change from point to point ("QoQ change in gigabit coverage"): the points the premises added, over the
  // place's premises (today's counts, the same at every point), not a difference of two rounded shares.
  const points = plan.measure === 'coverage_pct' && 'coverage_pct' in levels.columns;
  const total = points ? placeTotal(plan, unit, geoConditions(plan)) : '';
  const sql = [
    `WITH levels AS (\n${levels.sql}\n),`,
    `added AS (\n  SELECT reported_at, ${unit}, ${unit} - LAG(${unit}) OVER (ORDER BY reported_at) AS ${column}${points ? ', coverage_pct' : ''}\n  FROM levels\n)`,
    // The level beside what it gained: "net adds month by month" reads best against the level it moved.
    `SELECT reported_at, ${unit}, ${column}${points ? `, coverage_pct,\n       ${round(`100.0 * ${column} / ${total}`)} AS pp_change` : ''}${plan.growthPct ? `,\n       ${round(`100.0 * ${column} / NULLIF(${unit} - ${column}, 0)`)} AS growth_pct` : ''}`,
    'FROM added',
    // From the first point of the series on or after `from` (a quarterly series' first is a quarter's snapshot).
    `WHERE reported_at >= ${date(monthsBetween(from, to, pointMonths(plan))[0] ?? from)}`,
    'ORDER BY reported_at',
  ].join('\n');
  return {
    sql,
    columns: {
      reported_at: 'snapshot date',
      [unit]: `${unit} with ${subjectPhrase(plan)}`,
      [column]: `${unit} added since the previous point`,
      ...(points
        ? {
            coverage_pct: `share of all ${unit}`,
            pp_change: 'change in the share since the previous point (percentage points)',
          }
        : {}),
      ...(plan.growthPct ? { growth_pct: `${unit} added as a % of the previous point's` } : {}),
    },
    steps: [
      ...levels.steps,
      `Subtracts each point's ${unit} from the next one's: what each point added since the one before (from ${from}).`,
      ...(points
        ? [
            `Divides what each point added by all ${unit} of the place: the change in coverage in percentage points.`,
          ]
        : []),
    ],
  };
}

/** The months a series' points fall in, or undefined for every month (a monthly series, or the forecast's points). */
function pointMonths(plan: Plan): number[] | undefined {
  const forecast = plan.dataset === 'upc_forecast';
  // Quarters are the January, April, July and October snapshots; year-ends are December's.
  if (plan.dimension === 'quarter' && !forecast)
    return plan.time.quarterNumber ? [(plan.time.quarterNumber - 1) * 3 + 1] : [1, 4, 7, 10];
  if (plan.dimension === 'year') return [plan.time.seriesMonth ?? 12];
  // Half-years of availability end in June and December, as the forecast's points do, unless two months are named.
  if (plan.dimension === 'half_year' && !forecast) return plan.time.seriesMonths ?? [6, 12];
  return undefined;
}

/** Levels over time (month, quarter, half-year). */
/** A series' window, the calendar months of its points, and the snapshots kept beside them. */
function seriesPoints(
  plan: Plan,
  ctx: TimeContext,
): { from: string; to: string; months: number[] | undefined; also: string[] } {
  const forecast = plan.dataset === 'upc_forecast';
  const { from, to } = seriesSpan(plan, ctx);
  const months = pointMonths(plan);
  // "Each January since 2022, plus the latest figure": the latest snapshot after the series' last point.
  // A yearly series asked up to this year ("by year from 2022 to 2026") ends with the year so far: the latest.
  // (A month named, "every March", is that month's snapshot each year: the latest March is its last point.)
  const yearToDate =
    plan.dimension === 'year' &&
    plan.time.seriesMonth === undefined &&
    (plan.time.seriesTo ?? '') >= ctx.latest &&
    !monthsBetween(from, to, months).includes(ctx.latest);
  const points = monthsBetween(from, to, months);
  const lastPoint = points[points.length - 1] ?? to;
  const also =
    !forecast && ((plan.time.withLatest && ctx.latest > lastPoint) || yearToDate) ? [ctx.latest] : [];
  return { from, to, months, also };
}

function buildSeries(plan: Plan, ctx: TimeContext): BuiltQuery {
  const geo = geoConditions(plan);
  const forecast = plan.dataset === 'upc_forecast';
  const { from, to, months, also } = seriesPoints(plan, ctx);
  const quarterly = plan.dimension === 'quarter' && !forecast;
  const unit = plan.measure === 'postcodes' ? 'postcodes' : 'premises';
  if (!forecast && isBelowUsoOnly(plan))
    return buildBelowUsoSeries(plan, [...monthsBetween(from, to, months), ...also], unit);
  if (!forecast && isFirstActivationSubject(plan)) {
    return buildFirstActivationSeries(plan, ctx, [...monthsBetween(from, to, months), ...also], unit);
  }
  if (!forecast && isSpeedSummarySubject(plan)) {
    return buildSpeedSummarySeries(plan, { from, to, ...(months ? { months } : {}), also }, unit, quarterly);
  }
  if (forecast && isForecastAreaSubject(plan)) {
    return buildForecastAreaSeries(plan, { from, to, ...(months ? { months } : {}) }, unit);
  }
  const inner = presence(plan, ctx, {
    range: { from, to, ...(months ? { months } : {}), also },
    keys: ['f.reported_at'],
  });
  const measure = unit === 'postcodes' ? 'COUNT(*) AS postcodes' : 'SUM(u.premises) AS premises';
  const total = placeTotal(plan, unit, geo);
  const sql = [
    `WITH passed AS (\n  ${inner}\n)`,
    `SELECT p.reported_at, ${measure},\n       ${round(`100.0 * ${unit === 'postcodes' ? 'COUNT(*)' : 'SUM(u.premises)'} / ${total}`)} AS coverage_pct`,
    'FROM passed p',
    'JOIN upc_output u ON u.postcode = p.postcode',
    where(geo),
    'GROUP BY p.reported_at',
    'ORDER BY p.reported_at',
  ]
    .filter(Boolean)
    .join('\n');
  const grain = forecast
    ? 'forecast point (June and December)'
    : quarterly
      ? 'quarter (January, April, July and October snapshots)'
      : 'monthly snapshot';
  return {
    sql,
    columns: seriesColumns(plan, unit),
    steps: [
      `For each ${grain} from ${from} to ${to}, finds the DISTINCT postcodes with ${subjectPhrase(plan)} in ${forecast ? 'forecast_footprint' : 'fact_operator_time_series'}.`,
      `Adds up ${unit} from upc_output${geo.length ? ` in ${describeGeo(plan)}` : ''} and divides by the total for the coverage percentage. Premises are today's premises counts, so changes come from the network, not from new-build.`,
    ],
  };
}

/** The columns of a coverage series: a snapshot date, the count with the subject, and its share of all. */
function seriesColumns(plan: Plan, unit: string): BuiltQuery['columns'] {
  return {
    reported_at: 'snapshot date',
    [unit]: `${unit} with ${subjectPhrase(plan)}`,
    coverage_pct: `share of all ${unit}`,
  };
}

/**
 * A speed threshold on its own (gigabit, "at least 300 Mbit/s"), in the whole country or a place made of whole
 * local authorities: coverage_by_speed_time_series already counts, per snapshot and local authority, the postcodes
 * and premises by their fastest download of any operator, so a long series sums a few thousand rows instead of
 * finding the distinct postcodes of every snapshot (the same numbers).
 */
function isSpeedSummarySubject(plan: Plan): boolean {
  const { gigabit, minDown, ...rest } = plan.subject;
  if (plan.dataset !== 'upc' || (!gigabit && !minDown)) return false;
  if (!Object.values(rest).every((v) => v === undefined || v === false)) return false;
  return !plan.geo || (SPEED_SUMMARY_GEO_COLUMNS as readonly string[]).includes(plan.geo.column);
}

function buildSpeedSummarySeries(
  plan: Plan,
  range: NonNullable<PresenceOptions['range']>,
  unit: 'premises' | 'postcodes',
  quarterly: boolean,
): BuiltQuery {
  const geo = geoConditions(plan);
  const threshold = Math.max(plan.subject.gigabit ? GIGABIT_MBPS : 0, plan.subject.minDown ?? 0);
  const total = placeTotal(plan, unit, geo);
  const sql = [
    `SELECT f.reported_at, SUM(f.${unit}) AS ${unit},`,
    `       ${round(`100.0 * SUM(f.${unit}) / ${total}`)} AS coverage_pct`,
    `FROM ${SPEED_SUMMARY_TABLE} f`,
    where([`f.fastest_down >= ${threshold}`, rangeCondition(range), ...geoConditions(plan, 'f')]),
    'GROUP BY f.reported_at',
    'ORDER BY f.reported_at',
  ].join('\n');
  const grain = quarterly ? 'quarter (January, April, July and October snapshots)' : 'monthly snapshot';
  return {
    sql,
    columns: seriesColumns(plan, unit),
    steps: [
      `For each ${grain} from ${range.from} to ${range.to}, adds up the ${unit}${geo.length ? ` in ${describeGeo(plan)}` : ''} whose fastest download from any operator is at least ${threshold} Mbit/s, from ${SPEED_SUMMARY_TABLE} (the postcodes of fact_operator_time_series counted per snapshot and local authority in advance).`,
      `Divides by all ${unit} in upc_output${geo.length ? ` in ${describeGeo(plan)}` : ''} for the coverage percentage. Premises are today's premises counts, so changes come from the network, not from new-build.`,
    ],
  };
}

/**
 * One named network's forecast over time, in the whole country or a place made of whole local authorities:
 * forecast_coverage_by_area already counts, per forecast point and local authority, the postcodes (and premises)
 * where each network is forecast, so the series sums a few hundred rows instead of expanding every point.
 */
function isForecastAreaSubject(plan: Plan): boolean {
  // The technology is no condition: every forecast is full fibre (the long form ignores it too). The summary has
  // rows at the forecast points only, as the view does, so any range selects the same points in both.
  const { operatorGroups, tech: _tech, ...rest } = plan.subject;
  if (operatorGroups?.length !== 1) return false;
  if (!Object.values(rest).every((v) => v === undefined || v === false)) return false;
  return !plan.geo || (SPEED_SUMMARY_GEO_COLUMNS as readonly string[]).includes(plan.geo.column);
}

function buildForecastAreaSeries(
  plan: Plan,
  range: NonNullable<PresenceOptions['range']>,
  unit: 'premises' | 'postcodes',
): BuiltQuery {
  const geo = geoConditions(plan);
  const network = plan.subject.operatorGroups![0]!;
  const total = placeTotal(plan, unit, geo);
  // The long form counts postcodes with COUNT(*) (BIGINT): the cast keeps the answer's column types the same.
  const measure = unit === 'postcodes' ? 'CAST(SUM(f.postcodes) AS BIGINT)' : 'SUM(f.premises)';
  const sql = [
    `SELECT f.reported_at, ${measure} AS ${unit},`,
    `       ${round(`100.0 * ${measure} / ${total}`)} AS coverage_pct`,
    `FROM ${FORECAST_AREA_TABLE} f`,
    where([`f.operator = ${sqlString(network)}`, rangeCondition(range), ...geoConditions(plan, 'f')]),
    'GROUP BY f.reported_at',
    'ORDER BY f.reported_at',
  ].join('\n');
  return {
    sql,
    columns: seriesColumns(plan, unit),
    steps: [
      `For each forecast point (June and December) from ${range.from} to ${range.to}, adds up the ${unit}${geo.length ? ` in ${describeGeo(plan)}` : ''} where ${network} is forecast, from ${FORECAST_AREA_TABLE} (the postcodes of forecast_footprint counted per point and local authority in advance).`,
      `Divides by all ${unit} in upc_output${geo.length ? ` in ${describeGeo(plan)}` : ''} for the coverage percentage. Premises are today's premises counts.`,
    ],
  };
}

/** The 1st of every month from `from` to `to`, keeping only the given calendar months when listed. */
function monthsBetween(from: string, to: string, months?: number[]): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addMonths(d, 1)) {
    if (!months || months.includes(Number(d.slice(5, 7)))) out.push(d);
  }
  return out;
}

/**
 * Full fibre (of any network, or of named networks) is never withdrawn, and a postcode's first full fibre is the
 * earliest activated_date in the latest snapshot (the catalog's definition). So a level series of full fibre
 * needs no month-by-month scan of fact_operator_time_series: premises are summed per first-activation date once
 * and accumulated over the listed snapshots — the same numbers, in a fraction of the time.
 */
function isFirstActivationSubject(plan: Plan): boolean {
  // Any networks may be named (operators, operator groups); nothing else may narrow or negate the subject.
  const { tech, operators: _operators, operatorGroups: _groups, ...rest } = plan.subject;
  if (plan.dataset !== 'upc' || tech !== FULL_FIBRE) return false;
  return Object.values(rest).every((v) => v === undefined || v === false);
}

/** Each postcode's first activation of the subject (latest snapshot): the base of the first-activation queries. */
function firstPassedCte(plan: Plan, src: Source): string {
  const fast = fastFirstActivation(plan);
  if (fast) return `first_passed AS (\n  ${fast}\n)`;
  return `first_passed AS (\n  SELECT f.postcode, MIN(f.activated_date) AS first_date FROM ${src.from}\n    ${where(src.conditions)}\n    GROUP BY f.postcode\n)`;
}

/** Premises (or postcodes) per first-activation date, in the place asked about. */
function byFirstDateCte(unit: 'premises' | 'postcodes', geo: string[]): string {
  const measure = unit === 'postcodes' ? 'COUNT(*)' : 'SUM(u.premises)';
  return [
    'by_first_date AS (',
    `  SELECT fp.first_date, ${measure} AS ${unit}`,
    '  FROM first_passed fp JOIN upc_output u ON u.postcode = fp.postcode',
    geo.length ? `  ${where(geo)}` : '',
    '  GROUP BY fp.first_date',
    ')',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The premises (or postcodes) per first-activation date: from a place summary when the place allows, else each
 * postcode's first activation joined to upc_output. With the total of the place, read from the same source.
 */
function firstDates(
  plan: Plan,
  ctx: TimeContext,
  unit: 'premises' | 'postcodes',
): { ctes: string; total: string; area?: string } {
  const area = atAreaGrain(plan, undefined) ? areaFirstActivation(plan, ctx) : null;
  if (area) {
    const conditions = [...area.conditions, ...areaGeo(plan)];
    return {
      ctes: `by_first_date AS (\n  SELECT f.first_full_fibre AS first_date, ${areaCount(unit)} AS ${unit}\n  FROM ${area.table} f\n  ${where(conditions)}\n  GROUP BY f.first_full_fibre\n)`,
      total: areaTotal(plan, unit),
      area: area.table,
    };
  }
  const geo = geoConditions(plan);
  return {
    ctes: `${firstPassedCte(plan, source(plan, 'latest'))}, ${byFirstDateCte(unit, geo)}`,
    total: `(SELECT SUM(${unit === 'postcodes' ? '1' : 'premises'}) FROM upc_output u ${where(geo)})`.replace(
      ' )',
      ')',
    ),
  };
}

function buildFirstActivationSeries(
  plan: Plan,
  ctx: TimeContext,
  dates: string[],
  unit: 'premises' | 'postcodes',
): BuiltQuery {
  const geo = geoConditions(plan);
  if (plan.flow) return buildFirstActivationFlow(plan, ctx, dates, unit, geo);
  const { ctes, total } = firstDates(plan, ctx, unit);
  const sql = [
    `WITH ${ctes}, snapshots AS (`,
    `  SELECT reported_at FROM (VALUES ${dates.map((d) => `(${date(d)})`).join(', ')}) AS s(reported_at)`,
    ')',
    `SELECT s.reported_at, SUM(b.${unit}) AS ${unit},`,
    `       ${round(`100.0 * SUM(b.${unit}) / ${total}`)} AS coverage_pct`,
    'FROM snapshots s',
    'JOIN by_first_date b ON b.first_date <= s.reported_at',
    'GROUP BY s.reported_at',
    'ORDER BY s.reported_at',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: seriesColumns(plan, unit),
    steps: [
      `Finds each postcode's first full-fibre activation (the earliest activated_date in fact_operator${plan.subject.operators?.length || plan.subject.operatorGroups?.length ? ' for the named networks' : ''}); full fibre is never withdrawn, so a postcode has it in every snapshot from that date on.`,
      `Adds up ${unit} from upc_output${geo.length ? ` in ${describeGeo(plan)}` : ''} per first-activation date, then accumulates them for each of the ${dates.length} snapshots from ${dates[0]} to ${dates[dates.length - 1]} and divides by the total for the coverage percentage. Premises are today's premises counts, so changes come from the network, not from new-build.`,
    ],
  };
}

/** What each snapshot added: first activations after the previous snapshot, up to this one. */
function buildFirstActivationFlow(
  plan: Plan,
  ctx: TimeContext,
  dates: string[],
  unit: 'premises' | 'postcodes',
  geo: string[],
): BuiltQuery {
  const step = dates.length >= 2 ? monthsApart(dates[0]!, dates[1]!) : 1;
  const pairs = dates.map((d, i) => [d, i === 0 ? addMonths(d, -step) : dates[i - 1]!] as const);
  const column = `new_${unit}`;
  const sql = [
    `WITH ${firstDates(plan, ctx, unit).ctes}, snapshots AS (`,
    `  SELECT reported_at, previous FROM (VALUES ${pairs.map(([d, p]) => `(${date(d)}, ${date(p)})`).join(', ')}) AS s(reported_at, previous)`,
    ')',
    // The level at each snapshot beside what it added, as the flow by difference shows them.
    `${plan.growthPct ? ', flow AS (\n' : ''}SELECT s.reported_at,\n       (SELECT SUM(l.${unit}) FROM by_first_date l WHERE l.first_date <= s.reported_at) AS ${unit},\n       COALESCE(SUM(b.${unit}), 0) AS ${column}`,
    'FROM snapshots s',
    'LEFT JOIN by_first_date b ON b.first_date > s.previous AND b.first_date <= s.reported_at',
    'GROUP BY s.reported_at',
    // "With the YoY growth %": each addition over the level before it.
    plan.growthPct
      ? `)\nSELECT reported_at, ${unit}, ${column}, ${round(`100.0 * ${column} / NULLIF(${unit} - ${column}, 0)`)} AS growth_pct\nFROM flow\nORDER BY reported_at`
      : 'ORDER BY s.reported_at',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      reported_at: 'snapshot date',
      [unit]: `${unit} with ${subjectPhrase(plan)}`,
      [column]: `${unit} that got ${subjectPhrase(plan)} since the previous snapshot`,
      ...(plan.growthPct ? { growth_pct: `${unit} added as a % of the previous snapshot's` } : {}),
    },
    steps: [
      `Finds each postcode's first full-fibre activation (the earliest activated_date in fact_operator); full fibre is never withdrawn, so a postcode is new at the first snapshot on or after that date.`,
      `For each of the ${dates.length} snapshots from ${dates[0]} to ${dates[dates.length - 1]}, adds up the ${unit}${geo.length ? ` in ${describeGeo(plan)}` : ''} whose first activation came after the previous snapshot.`,
    ],
  };
}

function monthsApart(from: string, to: string): number {
  const [y1, m1] = from.split('-').map(Number) as [number, number];
  const [y2, m2] = to.split('-').map(Number) as [number, number];
  return Math.max(1, (y2 - y1) * 12 + (m2 - m1));
}

/**
 * A change between two snapshots read from a place summary: full fibre of any network or of one (first
 * activations: a postcode has it at D when first_full_fibre <= D), or altnets per altnet (their monthly rows);
 * null when the plan does not fit a place summary. The figures and columns are the long form's.
 */
function areaChangeSql(
  plan: Plan,
  ctx: TimeContext,
  o: {
    from: string;
    to: string;
    unit: 'premises' | 'postcodes';
    fromCol: string;
    toCol: string;
    /** The network key of a change per network (only altnets here). */
    keyName?: string;
  },
): string | null {
  const { from, to, unit } = o;
  const dim = o.keyName ? undefined : plan.dimension;
  if (!atAreaGrain(plan, dim)) return null;
  let table: string;
  let conditions: string[];
  let at: (d: string) => string;
  if (plan.subject.altnet && !plan.subject.operators?.length) {
    const altnets = areaPresence(plan, ctx, {
      dates: [to],
      keys: o.keyName ? [`f.operator AS ${o.keyName}`] : [],
    });
    if (altnets?.table !== ALTNET_AREA_TABLE) return null;
    table = altnets.table;
    conditions = [
      ...altnets.conditions.filter((c) => !c.startsWith('f.reported_at')),
      `f.reported_at IN (${date(from)}, ${date(to)})`,
    ];
    at = (d) => `f.reported_at = ${date(d)}`;
  } else {
    const first = o.keyName ? null : areaFirstActivation(plan, ctx);
    if (!first) return null;
    table = first.table;
    conditions = [...first.conditions, `f.first_full_fibre <= ${date(from > to ? from : to)}`];
    at = (d) => `f.first_full_fibre <= ${date(d)}`;
  }
  const sumAt = (d: string) => `SUM(CASE WHEN ${at(d)} THEN f.${unit} ELSE 0 END)`;
  const gained = `${sumAt(to)} - ${sumAt(from)}`;
  const select = [
    `${sumAt(from)} AS ${o.fromCol}`,
    `${sumAt(to)} AS ${o.toCol}`,
    `${gained} AS ${unit}_gained`,
    // The gain as a share of where it started: "premises now vs a year ago, and the % growth".
    ...(plan.measure === 'change_pp' && !plan.growthPct
      ? []
      : [`${round(`100.0 * (${gained}) / NULLIF(${sumAt(from)}, 0)`)} AS ${unit}_change_pct`]),
  ];
  const key = o.keyName ? `f.${o.keyName}` : dim ? `f.${dim}` : '';
  let totals = '';
  let joinTotals = '';
  let orderColumn = `${unit}_gained`;
  if (plan.measure === 'change_pp') {
    let base = areaTotal(plan, 'premises');
    if (dim) {
      totals =
        `WITH totals AS (\n  SELECT t.${dim}, SUM(t.premises) AS premises FROM ${SERVICE_AREA_TABLE} t ${where(areaGeo(plan, 't'))} GROUP BY t.${dim}\n)`.replace(
          '  GROUP',
          ' GROUP',
        );
      joinTotals = `JOIN totals t ON t.${dim} = f.${dim}`;
      base = 'MAX(t.premises)';
    }
    select.push(`${round(`100.0 * (${gained}) / ${base}`)} AS pp_change`);
    for (const d of [from, to])
      select.push(`${round(`100.0 * ${sumAt(d)} / ${base}`)} AS coverage_${label(d)}_pct`);
    orderColumn = 'pp_change';
  }
  return [
    totals,
    `SELECT ${key ? `${key},\n       ` : ''}${select.join(',\n       ')}`,
    `FROM ${table} f`,
    joinTotals,
    where([...conditions, ...areaGeo(plan)]),
    key ? `GROUP BY ${key}` : '',
    key ? orderLimit(plan, orderColumn, key) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Change between two snapshots (gains, percentage-point growth). */
function buildChange(plan: Plan, ctx: TimeContext): BuiltQuery {
  const built = buildChangeRanked(plan, ctx);
  if (plan.rankByGrowth && plan.measure !== 'change_pp') {
    // Ranked by the growth in per cent of where each started, the change itself beside it.
    const growth = `${plan.measure === 'change_postcodes' ? 'postcodes' : 'premises'}_change_pct`;
    const ranking = FINAL_RANKING.exec(built.sql);
    if (!ranking || !built.sql.includes(` AS ${growth}`)) return built;
    return {
      ...built,
      sql: built.sql.replace(`\nORDER BY ${ranking[1]} `, `\nORDER BY ${growth} `),
      steps: [...built.steps, `Ranks by ${growth}, the change as a per cent of the earlier level.`],
    };
  }
  if (!plan.rankByLevel) return built;
  // Ranked by the level reached, not by the change: the final ordering names the later date's column instead.
  const to = plan.time.to ?? ctx.latest;
  const level =
    plan.measure === 'change_pp'
      ? `coverage_${label(to)}_pct`
      : `${plan.measure === 'change_postcodes' ? 'postcodes' : 'premises'}_${label(to)}`;
  const ranking = FINAL_RANKING.exec(built.sql);
  if (!ranking || !built.sql.includes(` AS ${level}`)) return built;
  return {
    ...built,
    sql: built.sql.replace(`\nORDER BY ${ranking[1]} `, `\nORDER BY ${level} `),
    steps: [...built.steps, `Ranks by ${level}, the level at the later date, with the change beside it.`],
  };
}

function buildChangeRanked(plan: Plan, ctx: TimeContext): BuiltQuery {
  // These conditions are read from the latest snapshot only (the postcode's technologies and best speed today):
  // a change over time cannot be computed from them, so no SQL is written that would pretend to.
  const s = plan.subject;
  if (isBelowUsoOnly(plan) && !plan.dimension) return buildBelowUsoChange(plan, ctx);
  if (s.absent && !s.belowUso && !s.exclude) return buildAbsentChange(plan, ctx);
  if (s.onlyTech || s.bestDownBelow !== undefined || s.belowUso)
    throw new Error(
      'this condition is held for the latest snapshot only: its change over time is not in the data',
    );
  const from = plan.time.from ?? addMonths(ctx.latest, -12);
  const to = plan.time.to ?? ctx.latest;
  const dim = plan.dimension;
  const geo = geoConditions(plan);
  const unit = plan.measure === 'change_postcodes' ? 'postcodes' : 'premises';
  const weight = unit === 'postcodes' ? '1' : 'u.premises';
  const fromCol = `${unit}_${label(from)}`;
  const toCol = `${unit}_${label(to)}`;
  const networkDim = dim && NETWORK_DIMENSIONS.has(dim);
  const src = networkDim ? source(plan, 'series') : undefined;
  const keyExpr =
    dim === 'tech'
      ? 'f.tech'
      : dim === 'operator_group' || src?.altnetTable || src?.forecast
        ? src!.groupExpr
        : 'f.operator';
  const keyName = dim === 'tech' ? 'tech' : src?.altnetTable ? 'operator' : (dim as string);
  const keys = networkDim ? ['f.reported_at', `${keyExpr} AS ${keyName}`] : ['f.reported_at'];
  const inner = presence(networkDim && dim === 'operator_group' ? { ...plan } : plan, ctx, {
    dates: [from, to],
    keys,
  });
  const dimSelect = networkDim ? `p.${keyName}` : dim ? `u.${dim}` : '';
  const gained = `SUM(CASE WHEN p.reported_at = ${date(to)} THEN ${weight} ELSE 0 END) - SUM(CASE WHEN p.reported_at = ${date(from)} THEN ${weight} ELSE 0 END)`;
  const fromSum = `SUM(CASE WHEN p.reported_at = ${date(from)} THEN ${weight} ELSE 0 END)`;
  const select = [
    `${fromSum} AS ${fromCol}`,
    `SUM(CASE WHEN p.reported_at = ${date(to)} THEN ${weight} ELSE 0 END) AS ${toCol}`,
    `${gained} AS ${unit}_gained`,
    // The gain as a share of where it started: "premises now vs a year ago, and the % growth".
    ...(plan.measure === 'change_pp' && !plan.growthPct
      ? []
      : [`${round(`100.0 * (${gained}) / NULLIF(${fromSum}, 0)`)} AS ${unit}_change_pct`]),
    // Postcodes switched on are read with the premises in them ("how many LS6 postcodes has Netomnia switched on").
    ...(unit === 'postcodes'
      ? [
          `SUM(CASE WHEN p.reported_at = ${date(to)} THEN u.premises ELSE 0 END) - SUM(CASE WHEN p.reported_at = ${date(from)} THEN u.premises ELSE 0 END) AS premises_gained`,
        ]
      : []),
  ];
  // Full fibre is never withdrawn: the postcodes that have it at each date follow from first activations in the
  // latest snapshot, which is much cheaper than reading two snapshots of the time series (same numbers).
  const byFirstActivation = !networkDim && isFirstActivationSubject(plan);
  const latestSrc = byFirstActivation ? source(plan, 'latest') : undefined;
  const ctes = latestSrc
    ? [
        firstPassedCte(plan, latestSrc),
        `passed AS (\n  SELECT s.reported_at, fp.postcode\n  FROM first_passed fp JOIN (VALUES (${date(from)}), (${date(to)})) AS s(reported_at) ON fp.first_date <= s.reported_at\n)`,
      ]
    : [`passed AS (\n  ${inner}\n)`];
  let joinTotals = '';
  let orderColumn = `${unit}_gained`;
  if (plan.measure === 'change_pp') {
    let base: string;
    if (dim && !networkDim) {
      ctes.push(
        `totals AS (\n  SELECT u.${dim}, SUM(u.premises) AS premises FROM upc_output u ${where(geo)} GROUP BY u.${dim}\n)`.replace(
          ' GROUP',
          ' GROUP',
        ),
      );
      joinTotals = `JOIN totals t ON t.${dim} = u.${dim}`;
      base = 'MAX(t.premises)';
    } else {
      base = `(SELECT SUM(u.premises) FROM upc_output u ${where(geo)})`.replace(' )', ')');
    }
    select.push(`${round(`100.0 * (${gained}) / ${base}`)} AS pp_change`);
    // The coverage at both ends, so a change in points is said with its start and end ("from 61.2% to 68.4%").
    for (const at of [from, to])
      select.push(
        `${round(`100.0 * SUM(CASE WHEN p.reported_at = ${date(at)} THEN ${weight} ELSE 0 END) / ${base}`)} AS coverage_${label(at)}_pct`,
      );
    orderColumn = 'pp_change';
  }
  const areaSql = areaChangeSql(plan, ctx, {
    from,
    to,
    unit,
    fromCol,
    toCol,
    keyName: networkDim ? keyName : undefined,
  });
  // The explanation names the summary the SQL reads, so it says what the SQL does.
  const summary = areaSql ? /\bFROM (\w+)/.exec(areaSql)?.[1] : undefined;
  const sql =
    areaSql ??
    [
      `WITH ${ctes.join(',\n')}`,
      `SELECT ${dimSelect ? `${dimSelect},\n       ` : ''}${select.join(',\n       ')}`,
      'FROM passed p',
      'JOIN upc_output u ON u.postcode = p.postcode',
      joinTotals,
      where(geo),
      dimSelect ? `GROUP BY ${dimSelect}` : '',
      dimSelect ? orderLimit(plan, orderColumn, dimSelect) : '',
    ]
      .filter(Boolean)
      .join('\n');
  return {
    sql,
    columns: {
      [fromCol]: `${unit} with ${subjectPhrase(plan)} on ${from}`,
      [toCol]: `${unit} with ${subjectPhrase(plan)} on ${to}`,
      [`${unit}_gained`]: `change between the two snapshots`,
      [`${unit}_change_pct`]: `the change as a per cent of the earlier ${unit}`,
      ...(unit === 'postcodes' ? { premises_gained: 'change in the premises of those postcodes' } : {}),
      pp_change: 'change in coverage, percentage points',
      ...(plan.measure === 'change_pp'
        ? {
            [`coverage_${label(from)}_pct`]: `coverage on ${from}, %`,
            [`coverage_${label(to)}_pct`]: `coverage on ${to}, %`,
          }
        : {}),
    },
    steps: [
      byFirstActivation
        ? `Finds each postcode's first full-fibre activation (the earliest activated_date in fact_operator); full fibre is never withdrawn, so the postcodes with it on ${from} and on ${to} are those first activated by then.`
        : `Finds the DISTINCT postcodes with ${subjectPhrase(plan)} in the ${from} and ${to} snapshots of ${plan.subject.altnet && !plan.subject.operators ? 'fact_altnet_time_series' : 'fact_operator_time_series'}.`,
      `Adds up ${unit} ${summary ? `from ${summary}, a summary built with the warehouse (the postcodes of each local authority counted in advance, each postcode counted once),` : 'from upc_output'} at each date${dim ? ` for each ${dim}` : ''} and takes the difference${plan.measure === 'change_pp' ? `; percentage points divide the change by all premises${dim && !networkDim ? ` of the ${dim}` : ''}` : ''}.`,
    ],
  };
}

/** Postcodes that got the subject for the first time in the window. */
function buildFirst(plan: Plan, ctx: TimeContext): BuiltQuery {
  const from = plan.time.from ?? addMonths(ctx.latest, -12);
  const src = source(plan, 'latest');
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  const geo = geoConditions(plan);
  const fast = fastFirstActivation(plan);
  // The forecast has no activation dates: a postcode's first forecast point is its first full fibre, and the window
  // ends where the question's does (the forecast runs past the latest snapshot).
  const firstSeen = src.forecast ? 'MIN(f.reported_at)' : 'MIN(f.activated_date)';
  // A window that ends before the latest snapshot ("first full fibre during 2025") ends there too.
  const to = plan.time.to && (src.forecast || plan.time.to < ctx.latest) ? plan.time.to : undefined;
  const until = to ? ` AND ${firstSeen} <= ${date(to)}` : '';
  const inner = fast
    ? `SELECT fp.postcode FROM (${fast}) fp WHERE fp.first_date > ${date(from)}${to ? ` AND fp.first_date <= ${date(to)}` : ''}`
    : `SELECT f.postcode FROM ${src.from}\n    ${where(src.conditions)}\n    GROUP BY f.postcode\n    HAVING ${firstSeen} > ${date(from)}${until}`;
  const area = atAreaGrain(plan, dim) ? areaFirstActivation(plan, ctx) : null;
  const orderBy = plan.measure === 'first_premises' ? 'premises' : 'postcodes';
  // COUNT(*) of no rows is 0 where the place summary's SUM is NULL: COALESCE keeps the long form's answer.
  const sql = area
    ? [
        `SELECT ${dim ? `f.${dim}, ` : ''}CAST(COALESCE(SUM(f.postcodes), 0) AS BIGINT) AS postcodes, SUM(f.premises) AS premises`,
        `FROM ${area.table} f`,
        where([
          ...area.conditions,
          `f.first_full_fibre > ${date(from)}`,
          ...(to ? [`f.first_full_fibre <= ${date(to)}`] : []),
          ...areaGeo(plan),
        ]),
        dim ? `GROUP BY f.${dim}` : '',
        dim ? orderLimit(plan, orderBy, `f.${dim}`) : '',
      ]
        .filter(Boolean)
        .join('\n')
    : perPlace(plan, dim, {
        with: `WITH first_time AS (\n  ${inner}\n)`,
        figures: 'COUNT(*) AS postcodes, SUM(u.premises) AS premises',
        from: 'first_time ft',
        alias: 'ft',
        conditions: geo,
        orderBy,
      });
  return {
    sql,
    columns: {
      postcodes: 'postcodes that got it for the first time',
      premises: 'premises in those postcodes',
    },
    steps: [
      `Takes each postcode's earliest activated_date for ${subjectPhrase(plan)} in the latest snapshot; postcodes whose first activation is after ${from}${to ? ` and no later than ${to}` : ''} got it for the first time ${plan.time.phrase ?? 'in the window'}.`,
      `Counts those postcodes and their premises${dim ? ` by ${dim}` : ''}.`,
    ],
  };
}

function buildOperatorCount(plan: Plan, ctx: TimeContext): BuiltQuery {
  const src = source(plan, plan.time.at && plan.time.at !== ctx.latest ? 'series' : 'latest');
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  const conditions = [...src.conditions, ...geoConditions(plan)];
  // A forecast counts the networks at its point (the last one when none is named): never over every half-year.
  if (src.forecast) conditions.push(`f.reported_at = ${date(plan.time.at ?? ctx.forecastLast)}`);
  else if (plan.time.at && plan.time.at !== ctx.latest)
    conditions.push(`f.reported_at = ${date(plan.time.at)}`);
  const noun = plan.subject.altnet ? 'altnets' : 'networks';
  const names = `STRING_AGG(DISTINCT ${src.groupExpr}, ', ' ORDER BY ${src.groupExpr}) AS ${noun.slice(0, -1)}_names`;
  // Altnets per place: the altnets with a row in the place at the snapshot, from the monthly place summary.
  const altnets =
    dim && src.altnetTable && atAreaGrain(plan, dim)
      ? areaPresence(plan, ctx, { keys: ['f.operator AS operator'] })
      : null;
  const counted =
    altnets?.table === ALTNET_AREA_TABLE && dim
      ? [
          `SELECT f.${dim}, COUNT(DISTINCT f.operator) AS ${noun}`,
          `FROM ${altnets.table} f`,
          where([...altnets.conditions, ...areaGeo(plan)]),
          `GROUP BY f.${dim}`,
        ].join('\n')
      : perPlace({ ...plan, order: undefined, limit: undefined }, dim, {
          figures: `COUNT(DISTINCT ${src.groupExpr}) AS ${noun}${dim ? '' : `,\n       ${names}`}`,
          from: src.from,
          alias: 'f',
          conditions,
          orderBy: noun,
        }).replace(/\nORDER BY [^\n]+$/, '');
  // Every place of the level asked, those with none at 0: "how many altnets in each Welsh LA" lists all 22.
  const places = atAreaGrain(plan, dim)
    ? `SELECT DISTINCT f.${dim} FROM ${SERVICE_AREA_TABLE} f ${where(areaGeo(plan))}`
    : `SELECT DISTINCT u.${dim} FROM upc_output u ${where(geoConditions(plan))}`;
  const sql = dim
    ? [
        `WITH counted AS (\n${counted}\n), places AS (\n  ${places.trim()}\n)`,
        `SELECT p.${dim}, COALESCE(c.${noun}, 0) AS ${noun}`,
        'FROM places p',
        `LEFT JOIN counted c ON c.${dim} = p.${dim}`,
        orderLimit(plan, noun, `p.${dim}`),
      ].join('\n')
    : counted;
  return {
    sql,
    columns: { [noun]: `number of distinct ${noun}` },
    steps: [
      `Counts the distinct ${noun === 'altnets' ? 'altnets (canonical names from fact_altnet)' : 'networks (operator groups)'} present${dim ? ` in each ${dim}` : ''}${plan.geo ? ` in ${describeGeo(plan)}` : ''}.`,
      ...(dim
        ? [`Lists every ${dim}${plan.geo ? ` in ${describeGeo(plan)}` : ''}, those with none at 0.`]
        : []),
    ],
  };
}

/**
 * "Which 5 altnets are present in the most local authorities": for each network (or altnet), how many places of the
 * level asked it is present in (a postcode of it there, with the subject's technology), ranked if asked.
 */
function buildPlaceCount(plan: Plan, ctx: TimeContext): BuiltQuery {
  const level = plan.placeLevel ?? 'la_name';
  const src = source(plan, plan.time.at && plan.time.at !== ctx.latest ? 'series' : 'latest');
  const conditions = [...src.conditions, ...geoConditions(plan)];
  if (plan.time.at && plan.time.at !== ctx.latest) conditions.push(`f.reported_at = ${date(plan.time.at)}`);
  const key = plan.dimension === 'operator' || src.altnetTable ? 'operator' : 'operator_group';
  const definition = DIMENSION_LIST.find((d) => d.id === level);
  const column =
    definition && 'countColumn' in definition ? String(definition.countColumn) : `${level}_count`;
  const sql = [
    `SELECT ${src.groupExpr} AS ${key}, COUNT(DISTINCT u.${level}) AS ${column}`,
    `FROM ${src.from}`,
    'JOIN upc_output u ON u.postcode = f.postcode',
    where(conditions),
    `GROUP BY ${src.groupExpr}`,
    orderLimit(plan, column, key),
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: { [column]: `number of ${level} values where the network is present` },
    steps: [
      `Finds the postcodes of each ${key === 'operator' ? 'altnet' : 'network'} with ${subjectPhrase(plan)} and counts the distinct ${level} values they lie in${plan.geo ? ` within ${describeGeo(plan)}` : ''}.`,
    ],
  };
}

function buildNetworkDistribution(plan: Plan, ctx: TimeContext): BuiltQuery {
  const latest = plan.dataset === 'upc' && (!plan.time.at || plan.time.at === ctx.latest);
  const src = source(plan, latest ? 'latest' : 'series');
  const conditions = [...src.conditions];
  if (src.forecast) conditions.push(`f.reported_at = ${date(plan.time.at ?? ctx.forecastLast)}`);
  else if (!latest) conditions.push(`f.reported_at = ${date(plan.time.at!)}`);
  const geo = geoConditions(plan);
  const column = atAreaGrain(plan, undefined)
    ? networkCountColumn(plan, ctx, conditions, src.groupExpr)
    : null;
  // "0, 1, 2, 3 or more": the last band holds every count from it up.
  const band = (expr: string) => (plan.topBand ? `LEAST(${expr}, ${plan.topBand})` : expr);
  // The last band is labelled as such ("3+"); the rows stay in the order of the counts.
  const label = (expr: string) =>
    plan.topBand
      ? `CASE WHEN ${expr} >= ${plan.topBand} THEN '${plan.topBand}+' ELSE CAST(${expr} AS VARCHAR) END`
      : expr;
  // The service summary counted by place has the networks of each postcode as a column: sum its groups (those
  // with none, or no service, count as 0, as the long form's LEFT JOIN does).
  const areaSql =
    column &&
    [
      `WITH n AS (\n  SELECT CAST(${band(`CASE WHEN f.${column} > 0 THEN f.${column} ELSE 0 END`)} AS BIGINT) AS networks, f.postcodes, f.premises\n  FROM ${SERVICE_AREA_TABLE} f${geo.length || plan.bandsFromOne ? `\n  ${where([...(geo.length ? areaGeo(plan) : []), ...(plan.bandsFromOne ? [`f.${column} >= 1`] : [])])}` : ''}\n)`,
      `SELECT ${label('n.networks')} AS networks, CAST(SUM(n.postcodes) AS BIGINT) AS postcodes, SUM(n.premises) AS premises,\n       ${round('100.0 * SUM(n.premises) / SUM(SUM(n.premises)) OVER ()')} AS share_of_premises_pct`,
      'FROM n',
      'GROUP BY n.networks',
      'ORDER BY n.networks',
    ].join('\n');
  const sql =
    areaSql ||
    [
      `WITH n AS (\n  ${fastNetworkCounts(plan, ctx, conditions, src.groupExpr) ?? `SELECT f.postcode, COUNT(DISTINCT ${src.groupExpr}) AS networks\n  FROM ${src.from}\n  ${where(conditions)}\n  GROUP BY f.postcode`}\n)`,
      `SELECT ${label(band('COALESCE(n.networks, 0)'))} AS networks, COUNT(*) AS postcodes, SUM(u.premises) AS premises,\n       ${round('100.0 * SUM(u.premises) / SUM(SUM(u.premises)) OVER ()')} AS share_of_premises_pct`,
      'FROM upc_output u',
      'LEFT JOIN n ON n.postcode = u.postcode',
      where([...geo, ...(plan.bandsFromOne ? ['n.networks >= 1'] : [])]),
      `GROUP BY ${band('COALESCE(n.networks, 0)')}`,
      `ORDER BY ${band('COALESCE(n.networks, 0)')}`,
    ]
      .filter(Boolean)
      .join('\n');
  return {
    sql,
    columns: {
      networks: plan.topBand
        ? `number of distinct networks (${plan.topBand}+: ${plan.topBand} or more)`
        : 'number of distinct networks',
      postcodes: 'postcodes',
      premises: 'premises',
      share_of_premises_pct: plan.bandsFromOne
        ? 'share of the premises with at least one, %'
        : 'share of all premises, %',
    },
    steps: [
      `Counts, for each postcode, the distinct ${src.altnetTable ? 'altnets' : 'networks (operator groups)'} offering ${subjectPhrase({ ...plan, subject: { ...plan.subject, minNetworks: undefined } })}.`,
      plan.bandsFromOne
        ? 'Keeps the postcodes with at least one; then adds up postcodes and premises for each number of networks.'
        : 'Postcodes with none count as 0; then adds up postcodes and premises for each number of networks.',
    ],
  };
}

/**
 * Premises by the band of the best download speed at their postcode (the model's SPEED_BANDS), postcodes with no
 * service in the first band: from the service summary by place when the place is made of whole local authorities,
 * else from each postcode's summary. Only today's snapshot, and only for all premises (no subject).
 */
function buildSpeedBands(plan: Plan, ctx: TimeContext): BuiltQuery {
  if (hasSubject(plan) || plan.dataset !== 'upc') throw new Error('speed bands are of all premises');
  if (plan.time.at && plan.time.at !== ctx.latest) throw new Error('speed bands are of the latest snapshot');
  if (!['premises', 'postcodes', 'coverage_pct'].includes(plan.measure))
    throw new Error(`speed bands count premises or postcodes, not ${plan.measure}`);
  // The question's own cut points, else the model's bands. Highest band first: each postcode falls in the first
  // band whose lower bound its best speed reaches.
  const allBands = plan.bandCuts?.length ? speedBandsAt(plan.bandCuts) : [...SPEED_BANDS];
  const bands = [...allBands].reverse().filter((b) => b.fromMbps > 0);
  const lowest = allBands[0]!;
  const caseOf = (value: (b: (typeof allBands)[number]) => string) =>
    `CASE ${bands.map((b) => `WHEN f.fastest_down >= ${b.fromMbps} THEN ${value(b)}`).join(' ')} ELSE ${value(lowest)} END`;
  const area = atAreaGrain(plan, undefined);
  const rows = area
    ? `SELECT f.fastest_down, f.postcodes, f.premises FROM ${SERVICE_AREA_TABLE} f${plan.geo || plan.urbanRural ? ` ${where(areaGeo(plan))}` : ''}`
    : `SELECT s.fastest_down, 1 AS postcodes, u.premises FROM upc_output u LEFT JOIN ${POSTCODE_SERVICE_TABLE} s ON s.postcode = u.postcode${plan.geo || plan.urbanRural ? ` ${where(geoConditions(plan))}` : ''}`;
  const sql = [
    `WITH banded AS (\n  SELECT ${caseOf((b) => String(b.fromMbps))} AS band_from_mbps,\n         ${caseOf((b) => sqlString(b.label))} AS speed_band,\n         f.postcodes, f.premises\n  FROM (${rows}) f\n)`,
    'SELECT b.band_from_mbps, b.speed_band, CAST(SUM(b.postcodes) AS BIGINT) AS postcodes, SUM(b.premises) AS premises,',
    `       ${round('100.0 * SUM(b.premises) / SUM(SUM(b.premises)) OVER ()')} AS share_of_premises_pct`,
    'FROM banded b',
    'GROUP BY b.band_from_mbps, b.speed_band',
    'ORDER BY b.band_from_mbps',
  ].join('\n');
  return {
    sql,
    columns: {
      band_from_mbps: 'the lower bound of the band, Mbit/s',
      speed_band: 'the band of the best download speed at the postcode',
      postcodes: 'postcodes',
      premises: 'premises',
      share_of_premises_pct: 'share of all premises, %',
    },
    steps: [
      "Takes each postcode's best download speed on offer (none counts as 0).",
      `Puts it in a band (${allBands.map((b) => b.label).join('; ')}) and adds up postcodes and premises in each.`,
    ],
  };
}

function buildSpeeds(plan: Plan): BuiltQuery {
  if (plan.dimension && NETWORK_DIMENSIONS.has(plan.dimension) && plan.measure !== 'avg_down')
    return buildSpeedsByNetwork(plan);
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  const conditions = [...geoConditions(plan)];
  if (plan.subject.tech) conditions.push(technologySql(plan.subject.tech));
  if (plan.measure === 'avg_down') {
    const sql = perPlace(plan, dim, {
      with: 'WITH best AS (\n  SELECT f.postcode, MAX(f.fastest_down) AS best_down FROM fact_operator f GROUP BY f.postcode\n)',
      figures: `${round('AVG(b.best_down)', 1)} AS avg_best_download_mbps`,
      from: 'best b',
      alias: 'b',
      conditions: geoConditions(plan),
      orderBy: 'avg_best_download_mbps',
    });
    return {
      sql,
      columns: { avg_best_download_mbps: 'average over postcodes of the best download speed on offer' },
      steps: [
        'Takes the best download speed on offer in each postcode, then averages it over postcodes (not weighted by premises).',
      ],
    };
  }
  const speeds = speedColumns(plan);
  const sql = perPlace(plan, dim, {
    figures: speeds.map((c) => `MAX(f.${c}) AS max_${c}_mbps`).join(', '),
    from: 'fact_operator f',
    alias: 'f',
    conditions,
    orderBy: `max_${speeds[0]}_mbps`,
  });
  return {
    sql,
    columns: Object.fromEntries(
      speeds.map((c) => [`max_${c}_mbps`, `the highest ${c.replace('_', ' ')} speed on offer, Mbit/s`]),
    ),
    steps: [
      `Takes the highest ${speeds.join(' and the highest ')} on offer in fact_operator (latest snapshot)${plan.geo ? ` in ${describeGeo(plan)}` : ''}.`,
    ],
  };
}

/**
 * When the subject first reached the place ("when did LS6 2YU first get FTTP"): the earliest activation date of its
 * rows in the latest snapshot, or its first forecast point; per network or per place when grouped so ("when did each
 * altnet first go live in DE"). Earliest first unless the question asks newest first.
 */
function buildFirstDate(plan: Plan): BuiltQuery {
  const s = plan.subject;
  if (
    plan.dataset === 'take_up' ||
    plan.compare?.length ||
    plan.within ||
    plan.groupFilter ||
    s.minNetworks ||
    s.exactNetworks ||
    s.soleGroup ||
    s.absent ||
    s.allGroups?.length ||
    s.exclude ||
    s.onlyTech ||
    s.belowUso ||
    s.bestDownBelow
  )
    throw new Error('a first date is of a network or technology being present');
  const src = source(plan, 'latest');
  const forecast = src.forecast;
  const column = forecast ? 'forecast_first_date' : 'first_available';
  const figure = `MIN(f.${forecast ? 'reported_at' : 'activated_date'}) AS ${column}`;
  const dim = plan.dimension;
  const byPlace = dim !== undefined && PLACE_COLUMNS.has(dim);
  const byNetwork = dim !== undefined && NETWORK_DIMENSIONS.has(dim);
  if (dim && !byPlace && !byNetwork) throw new Error(`a first date is by place or by network, not by ${dim}`);
  // The forecast and the altnet table hold networks in their operator column; elsewhere a network is its group.
  const key = byPlace
    ? `u.${dim}`
    : byNetwork
      ? forecast || src.altnetTable || (dim === 'operator' && !s.altnet)
        ? 'f.operator'
        : 'o.operator_group'
      : undefined;
  const from =
    key === 'o.operator_group' && !src.from.includes('JOIN operators')
      ? `${src.from} JOIN operators o ON o.operator = f.operator`
      : src.from;
  const placeJoin =
    plan.geo || plan.urbanRural || byPlace ? '\nJOIN upc_output u ON u.postcode = f.postcode' : '';
  const conditions = [...src.conditions, ...geoConditions(plan)];
  // Earliest first, as a date is read; "newest first" asks the other way.
  const order = plan.order === 'desc' ? 'DESC' : 'ASC';
  const sql = [
    `SELECT ${key ? `${key}, ` : ''}${figure}`,
    `FROM ${from}${placeJoin}`,
    where(conditions),
    key ? `GROUP BY ${key}` : '',
    key ? `ORDER BY ${column} ${order}, ${key}${plan.limit ? `\nLIMIT ${plan.limit}` : ''}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const what = forecast
    ? 'the first forecast point at which it is present (forecast_footprint)'
    : `its earliest activation date in the latest snapshot (activated_date in ${src.from.split(' ')[0]})`;
  return {
    sql,
    columns: {
      ...(key ? { [key.split('.')[1]!]: key.split('.')[1]! } : {}),
      [column]: forecast
        ? 'the first forecast date at which it is present'
        : 'the date it was first available (earliest activation)',
    },
    steps: [
      `Finds the rows of ${subjectPhrase(plan)}${plan.geo ? ` in ${describeGeo(plan)}` : ''} and takes ${what}${key ? `, for each ${key.split('.')[1]!.replace('_', ' ')}` : ''}.`,
    ],
  };
}

/** The speed columns a fastest-speed measure reads: download, upload, or both (download first, it ranks). */
function speedColumns(plan: Plan): ('fastest_down' | 'fastest_up')[] {
  if (plan.measure === 'max_speeds') return ['fastest_down', 'fastest_up'];
  return [plan.measure === 'max_up' ? 'fastest_up' : 'fastest_down'];
}

/**
 * Premises or postcodes whose score in the latest quarter passes a test ("postcodes with a digital deprivation score
 * of 0.7 or higher", "premises scoring 0.8+ on attractiveness with no FF today"), with the rest of the subject read as
 * usual: counted, with the share of the place's premises beside, for the whole place or by place.
 */
function buildScoreTest(plan: Plan, score: NonNullable<Subject['score']>, ctx: TimeContext): BuiltQuery {
  if (!['premises', 'postcodes', 'coverage_pct'].includes(plan.measure))
    throw new Error(`a score test counts premises or postcodes, not ${plan.measure}`);
  if (plan.dataset === 'take_up' || plan.compare?.length || plan.within || plan.groupFilter)
    throw new Error('a score test is on availability, one subject');
  if (plan.time.from || plan.time.to || (plan.time.at && plan.time.at !== ctx.latest))
    throw new Error('a score test is read at the latest snapshot');
  const dim = plan.dimension;
  if (dim && !PLACE_COLUMNS.has(dim)) throw new Error('a score test is by place only');
  const column = SCORE_COLUMNS[score.of];
  const { score: _score, ...rest } = plan.subject;
  const others: Plan = {
    ...plan,
    dataset: 'upc',
    subject: rest,
    dimension: undefined,
    order: undefined,
    limit: undefined,
  };
  const scored = `SELECT a.postcode FROM postcode_attractiveness a\n    WHERE a.reported_at = (SELECT MAX(reported_at) FROM postcode_attractiveness) AND a.${column} ${GROUP_OPS[score.op]} ${score.value}`;
  // The rest of the subject as every other answer reads it (its presence; "no FF" keeps the postcodes outside it).
  const passed = hasSubject(others)
    ? `${scored}\n      AND a.postcode ${rest.absent ? 'NOT IN' : 'IN'} (${presence(others, ctx).replace(/\n\s*/g, ' ')})`
    : scored;
  const unit = plan.measure === 'postcodes' ? '1' : 'u.premises';
  const count = plan.measure === 'postcodes' ? 'postcodes' : 'premises';
  const counted = `SUM(CASE WHEN p.postcode IS NOT NULL THEN ${unit} ELSE 0 END)`;
  const sortBy = plan.measure === 'coverage_pct' ? 'coverage_pct' : count;
  const sql = [
    `WITH passed AS (\n  ${passed}\n)`,
    `SELECT ${dim ? `u.${dim}, ` : ''}${counted} AS ${count},`,
    `       SUM(${unit}) AS total_${count},`,
    `       ${round(`100.0 * ${counted} / NULLIF(SUM(${unit}), 0)`)} AS coverage_pct`,
    'FROM upc_output u',
    'LEFT JOIN passed p ON p.postcode = u.postcode',
    where(geoConditions(plan)),
    dim ? `GROUP BY u.${dim}\nORDER BY ${sortBy} ${plan.order === 'asc' ? 'ASC' : 'DESC'}, u.${dim}` : '',
    dim && plan.limit ? `LIMIT ${plan.limit}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const test = `${COMPARISON_WORDS[score.op]} ${score.value}`;
  return {
    sql,
    columns: {
      ...(dim ? { [dim]: dim.replace(/_/g, ' ') } : {}),
      [count]: `${count} whose ${column.replace(/_/g, ' ')} is ${test}`,
      [`total_${count}`]: `all ${count}`,
      coverage_pct: `share of all ${count}, %`,
    },
    steps: [
      `Takes the postcodes whose ${column} in the latest quarter of postcode_attractiveness is ${test}${hasSubject(others) ? `, ${rest.absent ? 'without' : 'with'} ${subjectPhrase(others)}` : ''}.`,
      `Adds up their ${count}${dim ? ` for each ${dim.replace(/_/g, ' ')}` : ''}, beside all ${count} there.`,
    ],
  };
}

function buildScores(plan: Plan, ctx: TimeContext): BuiltQuery {
  const column = plan.measure === 'avg_deprivation' ? 'digital_deprivation' : 'general_attractiveness';
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  // Scores of the postcodes with (or without) the subject: in the forecast at its point, else available today.
  const subject = hasSubject(plan);
  const forecastPoint = plan.time.at ?? ctx.forecastLast;
  const at = (when: string) => presence({ ...plan, time: { at: when } }, ctx);
  // Over a window, the postcodes that newly have the subject: present at its end, not at its start.
  const passed = !subject
    ? ''
    : plan.time.from && plan.time.to
      ? `${at(plan.time.to)}\n  EXCEPT\n  ${at(plan.time.from)}`
      : presence(
          plan.dataset === 'upc_forecast' ? { ...plan, time: { ...plan.time, at: forecastPoint } } : plan,
          ctx,
        );
  // Scores are quarterly: a date asked ("the October 2026 quarter", "in January 2025") reads the last quarter up to it.
  const upTo = plan.dataset === 'upc' && plan.time.at ? ` WHERE reported_at <= ${date(plan.time.at)}` : '';
  const conditions = [
    `a.reported_at = (SELECT MAX(reported_at) FROM postcode_attractiveness${upTo})`,
    ...geoConditions(plan),
    ...(subject ? [`a.postcode ${plan.subject.absent ? 'NOT IN' : 'IN'} (SELECT postcode FROM passed)`] : []),
  ];
  const name = `avg_${column}`;
  // With no subject, the scores counted by place: AVG's sum and count per quarter, local authority and class.
  const fromArea = !subject && atAreaGrain(plan, dim);
  const sql = fromArea
    ? [
        `SELECT ${dim ? `f.${dim}, ` : ''}${round(`SUM(f.${column}_sum) / NULLIF(SUM(f.${column}_count), 0)`, 4)} AS ${name}, CAST(COALESCE(SUM(f.postcodes), 0) AS BIGINT) AS postcodes`,
        `FROM ${ATTRACTIVENESS_AREA_TABLE} f`,
        where([
          `f.reported_at = (SELECT MAX(reported_at) FROM ${ATTRACTIVENESS_AREA_TABLE}${upTo})`,
          ...areaGeo(plan),
        ]),
        dim ? `GROUP BY f.${dim}` : '',
        dim ? orderLimit(plan, name, `f.${dim}`) : '',
      ]
        .filter(Boolean)
        .join('\n')
    : perPlace(plan, dim, {
        ...(subject ? { with: `WITH passed AS (\n  ${passed}\n)` } : {}),
        figures: `${round(`AVG(a.${column})`, 4)} AS ${name}, COUNT(*) AS postcodes`,
        from: 'postcode_attractiveness a',
        alias: 'a',
        conditions,
        orderBy: name,
      });
  return {
    sql,
    columns: { [name]: `average ${column.replace('_', ' ')} score (0 to 1)` },
    steps: [
      `Averages ${column} over postcodes in the latest quarter of postcode_attractiveness${subject ? ` ${plan.subject.absent ? 'without' : 'with'} ${subjectPhrase(plan)}${plan.time.from && plan.time.to ? ` on ${plan.time.to} but not on ${plan.time.from}` : plan.dataset === 'upc_forecast' ? ` at the forecast point ${forecastPoint}` : ' in the latest snapshot'}` : ''}${dim ? ` for each ${dim}` : ''}.`,
    ],
  };
}

/**
 * One network's share of a technology or of gigabit, from the place summaries: when the plan names one network
 * and the same technology (or gigabit) as its base, the network's postcodes with it are among the base's (the
 * network offering full fibre there means the postcode has full fibre), so its premises are the overlap the long
 * form counts. Null otherwise.
 */
function areaShareOfSubject(plan: Plan, base: Plan, ctx: TimeContext): string | null {
  const s = plan.subject;
  if (!atAreaGrain(plan, undefined) || s.operators?.length || s.operatorGroups?.length !== 1) return null;
  if (!s.tech === !s.gigabit) return null;
  const all = areaPresence(base, ctx);
  const network = areaPresence(plan, ctx);
  if (all?.table !== SERVICE_AREA_TABLE || !network || network.table !== NETWORK_AREA_TABLE || network.key)
    return null;
  const geo = areaGeo(plan);
  // SUM of no rows is NULL where the long form's CASE sum is 0 (but NULL when there is no base at all).
  const operatorPremises = 'CASE WHEN s.premises IS NULL THEN NULL ELSE COALESCE(o.premises, 0) END';
  return [
    `WITH subject AS (\n  SELECT SUM(f.premises) AS premises FROM ${all.table} f ${where([...all.conditions, ...geo])}\n), operator AS (\n  SELECT SUM(f.premises) AS premises FROM ${network.table} f ${where([...network.conditions, ...geo])}\n)`,
    `SELECT ${operatorPremises} AS operator_premises,`,
    '       s.premises AS all_subject_premises,',
    `       ${round(`100.0 * (${operatorPremises}) / s.premises`)} AS share_pct`,
    'FROM subject s CROSS JOIN operator o',
  ].join('\n');
}

/**
 * A share within a base ("where Virgin Media cable is available, what share of premises also have Openreach full
 * fibre"): the premises where the base is present, and of them those that also have the subject.
 */
function buildShareWithin(plan: Plan, within: Subject, ctx: TimeContext): BuiltQuery {
  if (plan.dimension === 'operator_group') return buildOverlapByNetwork(plan, within, ctx);
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  const base: Plan = { ...plan, subject: within, within: undefined };
  const subject: Plan = { ...plan, within: undefined };
  // Counted among the base: the premises with the subject, or without it ("what % do not yet have ...").
  const { absent, ...present } = plan.subject;
  const counted = `SUM(CASE WHEN p.postcode IS ${absent ? '' : 'NOT '}NULL THEN u.premises ELSE 0 END)`;
  const sql = [
    `WITH base AS (\n  ${presence(base, ctx)}\n), passed AS (\n  ${presence({ ...subject, subject: present }, ctx)}\n)`,
    `SELECT ${dim ? `u.${dim}, ` : ''}${counted} AS premises_${absent ? 'without' : 'passed'},`,
    '       SUM(u.premises) AS base_premises,',
    `       ${round(`100.0 * ${counted} / NULLIF(SUM(u.premises), 0)`)} AS share_pct`,
    'FROM upc_output u',
    'JOIN base b ON b.postcode = u.postcode',
    'LEFT JOIN passed p ON p.postcode = u.postcode',
    where(geoConditions(plan)),
    dim ? `GROUP BY u.${dim}` : '',
    dim ? orderLimit(plan, 'share_pct', `u.${dim}`) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      [`premises_${absent ? 'without' : 'passed'}`]: `premises ${absent ? 'without' : 'with'} ${subjectPhrase({ ...subject, subject: present })} among them`,
      base_premises: `premises with ${subjectPhrase(base)}`,
      share_pct: 'share of those premises, %',
    },
    steps: [
      `Finds the postcodes with ${subjectPhrase(base)}: the base of the share.`,
      `Of their premises${plan.geo ? ` in ${describeGeo(plan)}` : ''}, adds up those in postcodes that ${absent ? 'do not have' : 'also have'} ${subjectPhrase({ ...subject, subject: present })}, and divides.`,
    ],
  };
}

/**
 * Each other network's overlap with one network's footprint ("which 5 FF networks overlap Community Fibre the most"):
 * for every network, the premises where it and the base network are both present, and their share of the base's
 * premises; ranked by the overlap.
 */
function buildOverlapByNetwork(plan: Plan, within: Subject, ctx: TimeContext): BuiltQuery {
  if (plan.dataset !== 'upc' || (plan.time.at && plan.time.at !== ctx.latest) || plan.time.from)
    throw new Error('overlaps by network are of the latest snapshot');
  const base: Plan = { ...plan, subject: within, within: undefined, dimension: undefined };
  const others: Plan = { ...plan, within: undefined, dimension: 'operator_group' };
  const src = source(others, 'latest');
  const passed = presence(others, ctx, { keys: [`${src.groupExpr} AS operator_group`] });
  const geo = geoConditions(plan);
  const geoB = geoConditions(plan, 'ub');
  const baseTotal = `(SELECT SUM(ub.premises) FROM base bb JOIN upc_output ub ON ub.postcode = bb.postcode${geoB.length ? ` WHERE ${geoB.join(' AND ')}` : ''})`;
  const sql = [
    `WITH base AS (\n  ${presence(base, ctx)}\n), passed AS (\n  ${passed}\n)`,
    'SELECT p.operator_group, SUM(u.premises) AS premises_passed,',
    `       ${round(`100.0 * SUM(u.premises) / NULLIF(${baseTotal}, 0)`)} AS share_of_base_pct`,
    'FROM passed p',
    'JOIN base b ON b.postcode = p.postcode',
    'JOIN upc_output u ON u.postcode = p.postcode',
    where(geo),
    'GROUP BY p.operator_group',
    orderLimit(plan, 'premises_passed', 'p.operator_group'),
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      operator_group: 'the network (operator group)',
      premises_passed: `premises where the network and ${subjectPhrase(base)} are both present`,
      share_of_base_pct: `share of the premises with ${subjectPhrase(base)}, %`,
    },
    steps: [
      `Finds the postcodes with ${subjectPhrase(base)}: the footprint the others overlap.`,
      `For each other network with ${subjectPhrase(others)}, adds up the premises of its postcodes inside that footprint, and ranks them.`,
    ],
  };
}

/**
 * The subject's own premises split by class or place, each part's share of them all ("Gigaclear's urban/rural mix as a
 * % of its footprint", "how CityFibre's footprint splits by region").
 */
function buildFootprintSplit(plan: Plan, ctx: TimeContext): BuiltQuery {
  const dim = plan.dimension!;
  if (dim !== 'urban_rural' && !PLACE_COLUMNS.has(dim))
    throw new Error(`a footprint splits by place, not ${dim}`);
  if (!hasSubject(plan) || plan.dataset !== 'upc') throw new Error('a footprint split needs a subject');
  const whole: Plan = {
    ...plan,
    dimension: undefined,
    footprintShare: undefined,
    order: undefined,
    limit: undefined,
  };
  const sql = [
    `WITH passed AS (\n  ${presence(whole, ctx)}\n)`,
    `SELECT u.${dim}, SUM(u.premises) AS premises_there,`,
    `       ${round('100.0 * SUM(u.premises) / SUM(SUM(u.premises)) OVER ()')} AS share_of_footprint_pct`,
    'FROM passed p',
    'JOIN upc_output u ON u.postcode = p.postcode',
    where(geoConditions({ ...plan, dimension: undefined })),
    `GROUP BY u.${dim}`,
    orderLimit({ ...plan, order: plan.order ?? 'desc' }, 'premises_there', `u.${dim}`),
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      [dim]: dim.replace(/_/g, ' '),
      premises_there: `premises ${subjectPhrase(whole)} there`,
      share_of_footprint_pct: `share of all the premises ${subjectPhrase(whole)}, %`,
    },
    steps: [
      `Finds the postcodes with ${subjectPhrase(whole)}${plan.geo ? ` in ${describeGeo(plan)}` : ''}.`,
      `Adds up their premises for each ${dim.replace(/_/g, ' ')} and divides by them all.`,
    ],
  };
}

/**
 * The share of the subject's own premises in a place or class: those in it over all of them, wherever they are
 * ("what share of CityFibre's footprint is rural").
 */
function buildFootprintShare(plan: Plan, ctx: TimeContext): BuiltQuery {
  // The part is the urban/rural class when one is asked (within the place, if any), else the place.
  const whole: Plan = {
    ...plan,
    geo: plan.urbanRural ? plan.geo : undefined,
    urbanRural: undefined,
    footprintShare: undefined,
  };
  const part = plan.urbanRural
    ? `u.urban_rural = ${sqlString(plan.urbanRural)}`
    : geoConditions({ ...plan, urbanRural: undefined }).join(' AND ');
  const inPart = `SUM(CASE WHEN ${part} THEN u.premises ELSE 0 END)`;
  // With no subject, the whole is every premises of the place ("what % of Scottish premises are rural").
  const subject = hasSubject(whole);
  const sql = [
    subject ? `WITH passed AS (\n  ${presence(whole, ctx)}\n)` : '',
    `SELECT ${inPart} AS premises_there,`,
    '       SUM(u.premises) AS footprint_premises,',
    `       ${round(`100.0 * ${inPart} / NULLIF(SUM(u.premises), 0)`)} AS share_of_footprint_pct`,
    subject ? 'FROM passed p' : 'FROM upc_output u',
    subject ? 'JOIN upc_output u ON u.postcode = p.postcode' : '',
    whole.geo ? where(geoConditions(whole)) : '',
  ]
    .filter(Boolean)
    .join('\n');
  const there = plan.urbanRural ? `${plan.urbanRural} postcodes` : describeGeo(plan);
  return {
    sql,
    columns: {
      premises_there: `premises with ${subjectPhrase(whole)} in ${there}`,
      footprint_premises: `all premises with ${subjectPhrase(whole)}${whole.geo ? ` in ${describeGeo(whole)}` : ''}`,
      share_of_footprint_pct: `share of those premises in ${there}, %`,
    },
    steps: [
      `Finds every postcode with ${subjectPhrase(whole)}${whole.geo ? ` in ${describeGeo(whole)}` : ', wherever it is'}.`,
      `Adds up their premises, and those of them in ${there}, and divides.`,
    ],
  };
}

function buildShareOfSubject(plan: Plan, ctx: TimeContext): BuiltQuery {
  const geo = geoConditions(plan);
  const groups = plan.subject.operatorGroups ?? [];
  const operators = plan.subject.operators ?? [];
  const base: Plan = {
    ...plan,
    subject: { ...plan.subject, operatorGroups: undefined, operators: undefined },
  };
  if (!base.subject.tech && !base.subject.gigabit) base.subject.tech = FULL_FIBRE;
  const whoName = [...groups, ...operators].join(' / ') || 'the operator';
  const sql =
    areaShareOfSubject(plan, base, ctx) ??
    [
      `WITH subject AS (\n  ${presence(base, ctx)}\n), operator AS (\n  ${presence(plan, ctx)}\n)`,
      `SELECT SUM(CASE WHEN o.postcode IS NOT NULL THEN u.premises ELSE 0 END) AS operator_premises,`,
      '       SUM(u.premises) AS all_subject_premises,',
      `       ${round('100.0 * SUM(CASE WHEN o.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises)')} AS share_pct`,
      'FROM upc_output u',
      'JOIN subject s ON s.postcode = u.postcode',
      'LEFT JOIN operator o ON o.postcode = u.postcode',
      where(geo),
    ]
      .filter(Boolean)
      .join('\n');
  return {
    sql,
    columns: {
      operator_premises: `premises where ${whoName} offers it`,
      all_subject_premises: `all premises with ${subjectPhrase(base)}`,
      share_pct: `${whoName}'s share, %`,
    },
    steps: [
      `Finds all postcodes with ${subjectPhrase(base)}, and those where ${whoName} offers it.`,
      'Divides the premises of the second set by those of the first.',
    ],
  };
}

function previousQuarters(latest: string, n: number): string[] {
  const [y, qn] = latest.split('Q').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const index = y * 4 + (qn - 1) - i;
    out.push(`${Math.floor(index / 4)}Q${(index % 4) + 1}`);
  }
  return out;
}

function buildTakeUp(plan: Plan, ctx: TimeContext): BuiltQuery {
  // A technology read as the subject ("what share of lines were full fibre") is the take-up technology.
  // A brand's share of one technology's lines ("Community Fibre's share of all FTTP lines") keeps it as a filter.
  const subjectTech =
    plan.subject.tech && !plan.takeUp?.shareOf?.startsWith('tech:')
      ? takeUpTech(plan.subject.tech)
      : undefined;
  const t = {
    ...plan.takeUp,
    ...(!plan.takeUp?.tech && !plan.takeUp?.techs && subjectTech ? { tech: subjectTech } : {}),
  };
  const filters: string[] = [];
  if (t.operators?.length) filters.push(`operator IN (${list(t.operators)})`);
  if (t.tech) filters.push(`tech = ${sqlString(t.tech)}`);
  if (t.techs?.length) filters.push(`tech IN (${list(t.techs)})`);
  if (t.segment) filters.push(`segment = ${sqlString(t.segment)}`);
  if (plan.measure === 'lines_change_pct') return buildTakeUpChange(plan, ctx, filters);
  if (
    plan.measure !== 'share_of_subject_pct' &&
    ((plan.dimension && GEO_DIMENSIONS.has(plan.dimension)) ||
      // Lines in a place, or in rural or urban postcodes: take_up_postcode joined to each postcode's place.
      ((plan.geo || plan.urbanRural) && (!plan.dimension || LINE_KEYS.has(plan.dimension))))
  )
    return buildTakeUpByPlace(plan, ctx, filters);
  if (plan.measure === 'share_of_subject_pct') return buildTakeUpRate(plan, ctx);
  if (plan.time.quarterNumber) filters.push(`quarter LIKE ${sqlString(`%Q${plan.time.quarterNumber}`)}`);
  const quarters = takeUpQuarters(plan, ctx);
  if (t.shareOf) return buildLineShare(plan, ctx, t.shareOf, filters, quarters);
  // Each brand's share of all lines: its change between two quarters ("which brands gained the most share yoy"),
  // or its share in each quarter of a series ("BT, Sky and TalkTalk's share of lines each Q4").
  const perBrand =
    plan.measure === 'line_share_pct' &&
    ((t.operators?.length ?? 0) >= 2 || plan.dimension === 'operator' || plan.dimension === 'operator_group');
  if (perBrand && (t.change || t.fromQuarter) && plan.dimension !== 'quarter')
    return buildBrandShareChange(plan, ctx, filters);
  if (perBrand && plan.dimension === 'quarter') return buildBrandSharesByQuarter(filters, quarters);
  // "What share of lines were full fibre, each Q4": a technology's share of all lines (every brand's).
  if (
    plan.measure === 'line_share_pct' &&
    t.tech &&
    !t.operators?.length &&
    (!plan.dimension || plan.dimension === 'quarter')
  ) {
    const others = filters.filter((f) => !f.startsWith('tech ='));
    return buildLineShare(plan, ctx, `tech:${t.tech}`, others, quarters);
  }
  // Brands named with no row for each ("the combined market share of BT and Sky"): their lines together.
  if (plan.measure === 'line_share_pct' && !plan.dimension && t.operators?.length) {
    const others = filters.filter((f) => !f.startsWith('operator IN'));
    return buildLineShare(plan, ctx, `${OPERATORS_PREFIX}${t.operators.join('|')}`, others, quarters);
  }
  return buildLines(plan, filters, quarters);
}

/** Which quarters a take-up answer covers: the conditions on take_up_quarterly, and the words for them. */
interface TakeUpQuarters {
  timeFilters: string[];
  quarterText: string;
}

function takeUpQuarters(plan: Plan, ctx: TimeContext): TakeUpQuarters {
  const timeFilters: string[] = [];
  if (plan.time.quarterYear) timeFilters.push(`quarter LIKE ${sqlString(`${plan.time.quarterYear}Q%`)}`);
  else if (plan.time.lastQuarters)
    timeFilters.push(`quarter IN (${list(previousQuarters(ctx.latestQuarter, plan.time.lastQuarters))})`);
  else if (plan.time.quarter && plan.dimension !== 'quarter')
    timeFilters.push(`quarter = ${sqlString(plan.time.quarter)}`);
  else if (plan.dimension === 'quarter' && plan.time.seriesFrom) {
    timeFilters.push(`quarter_start >= ${date(plan.time.seriesFrom)}`);
    if (plan.time.seriesTo) timeFilters.push(`quarter_start <= ${date(plan.time.seriesTo)}`);
  }
  const quarterText =
    plan.time.quarter ??
    (plan.time.lastQuarters
      ? `the last ${plan.time.lastQuarters} quarters`
      : plan.time.quarterYear
        ? `${plan.time.quarterYear}`
        : 'every quarter');
  return { timeFilters, quarterText };
}

/** Take-up rate: full-fibre lines as a share of the premises that can get full fibre, in one quarter. */
function buildTakeUpRate(plan: Plan, ctx: TimeContext): BuiltQuery {
  const geo = geoConditions(plan);
  // The premises with full fibre today, counted by place in service_by_area when the place allows.
  const fullFibre = atAreaGrain(plan, undefined)
    ? areaPresence({ ...plan, dataset: 'upc', subject: { tech: FULL_FIBRE }, time: {} }, ctx)
    : null;
  const quarter = plan.time.quarter ?? ctx.latestQuarter;
  // Each part is computed once, and the place's filter is repeated rather than shared through a CTE (a CTE
  // used twice is materialised in full, which keeps the engine from narrowing take_up_postcode early).
  const inArea = geo.length ? ` AND t.postcode IN (SELECT u.postcode FROM upc_output u ${where(geo)})` : '';
  const lineFilter = `t.tech = ${sqlString(SEGMENTS.full_fibre.takeUpTech)} AND t.quarter = ${sqlString(quarter)}`;
  const sql = [
    'WITH lines AS (',
    // A place's lines counted by place in take_up_by_area (the same sums as its postcodes' lines).
    ...(fullFibre && geo.length
      ? [
          `  SELECT SUM(t.lines) AS fttp_lines FROM ${TAKE_UP_AREA_TABLE} t`,
          `  WHERE ${[lineFilter, ...areaGeo(plan, 't')].join(' AND ')}`,
        ]
      : [`  SELECT SUM(t.lines) AS fttp_lines FROM take_up_postcode t`, `  WHERE ${lineFilter}${inArea}`]),
    '), passed AS (',
    ...(fullFibre
      ? [
          `  SELECT SUM(f.premises) AS full_fibre_premises FROM ${fullFibre.table} f`,
          `  WHERE ${[...fullFibre.conditions, ...areaGeo(plan)].join(' AND ')}`,
        ]
      : [
          '  SELECT SUM(u.premises) AS full_fibre_premises FROM upc_output u',
          `  WHERE ${[...geo, `EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND ${FULL_FIBRE_ROW})`].join(' AND ')}`,
        ]),
    ')',
    'SELECT l.fttp_lines, p.full_fibre_premises,',
    `       ${round('100.0 * l.fttp_lines / p.full_fibre_premises')} AS take_up_pct`,
    'FROM lines l CROSS JOIN passed p',
  ].join('\n');
  return {
    sql,
    columns: {
      fttp_lines: 'full-fibre lines',
      full_fibre_premises: 'premises that can get full fibre',
      take_up_pct: 'take-up, %',
    },
    steps: [
      `Adds up full-fibre (fttp) lines in take_up_postcode for ${quarter}${geo.length ? ` in ${describeGeo(plan)}` : ''}.`,
      'Divides by the premises in postcodes with full fibre available (fact_operator, latest snapshot).',
    ],
  };
}

/** Several brands' lines together, as `buildLineShare` is asked for them ("operators:BT|Sky"). */
const OPERATORS_PREFIX = 'operators:';

/** One brand's or one technology's share of all lines ("tech:fttp"), in a quarter or for each quarter. */
function buildLineShare(
  plan: Plan,
  ctx: TimeContext,
  shareOf: string,
  filters: string[],
  { timeFilters, quarterText }: TakeUpQuarters,
): BuiltQuery {
  const operators = shareOf.startsWith(OPERATORS_PREFIX)
    ? shareOf.slice(OPERATORS_PREFIX.length).split('|')
    : undefined;
  const condition = operators
    ? `operator IN (${list(operators)})`
    : shareOf.startsWith('tech:')
      ? `tech = ${sqlString(shareOf.slice(5))}`
      : shareOf.startsWith('segment:')
        ? `segment = ${sqlString(shareOf.slice(8))}`
        : `operator = ${sqlString(shareOf)}`;
  const who = operators
    ? `${operators.join(', ')} lines together`
    : shareOf.startsWith('tech:') || shareOf.startsWith('segment:')
      ? `${shareOf.replace(/^\w+:/, '')} lines`
      : `${shareOf} lines`;
  // A change asked as such, or between two quarters named ("FTTP % of lines, 2021Q4 vs 2026Q4").
  if ((plan.takeUp?.change || plan.takeUp?.fromQuarter) && plan.dimension !== 'quarter')
    return buildLineShareChange(plan, ctx, condition, who, filters);
  const byQuarter = plan.dimension === 'quarter';
  const sql = [
    `SELECT ${byQuarter ? 'quarter, ' : ''}SUM(CASE WHEN ${condition} THEN lines ELSE 0 END) AS ${shareOf.startsWith('tech:') || shareOf.startsWith('segment:') ? 'matching' : 'operator'}_lines,`,
    '       SUM(lines) AS total_lines,',
    `       ${round(`100.0 * SUM(CASE WHEN ${condition} THEN lines ELSE 0 END) / SUM(lines)`)} AS share_pct`,
    'FROM take_up_quarterly',
    where([
      ...filters,
      ...(byQuarter
        ? timeFilters
        : timeFilters.length
          ? timeFilters
          : [`quarter = ${sqlString(ctx.latestQuarter)}`]),
    ]),
    byQuarter ? 'GROUP BY quarter\nORDER BY quarter' : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: { share_pct: `share of all lines that are ${who}` },
    steps: [
      `Adds up ${who} and all lines in take_up_quarterly${byQuarter ? ' for each quarter' : ` for ${quarterText}`}, and divides.`,
    ],
  };
}

/**
 * The change in a share of lines between two quarters, in percentage points ("Sky's share of lines, 2025Q4 vs
 * 2026Q4"): the share in each quarter, and the later minus the earlier.
 */
function buildLineShareChange(
  plan: Plan,
  ctx: TimeContext,
  condition: string,
  who: string,
  filters: string[],
): BuiltQuery {
  const { before, now } = changeQuarters(plan, ctx);
  const share = (q: string) => `MAX(CASE WHEN quarter = ${sqlString(q)} THEN share END)`;
  const linesAt = (q: string) => `MAX(CASE WHEN quarter = ${sqlString(q)} THEN lines END)`;
  const beforeCol = `share_${before.toLowerCase()}_pct`;
  const nowCol = `share_${now.toLowerCase()}_pct`;
  // The lines behind each share beside it: "Sky's lines, market share and its change" is answered in one table.
  const beforeLines = `lines_${before.toLowerCase()}`;
  const nowLines = `lines_${now.toLowerCase()}`;
  const sql = [
    'WITH shares AS (',
    `  SELECT quarter, SUM(CASE WHEN ${condition} THEN lines ELSE 0 END) AS lines,`,
    `         100.0 * SUM(CASE WHEN ${condition} THEN lines ELSE 0 END) / SUM(lines) AS share`,
    '  FROM take_up_quarterly',
    `  ${where([...filters, `quarter IN (${list([before, now])})`])}`,
    '  GROUP BY quarter',
    ')',
    `SELECT ${linesAt(before)} AS ${beforeLines},`,
    `       ${linesAt(now)} AS ${nowLines},`,
    `       ${round(share(before))} AS ${beforeCol},`,
    `       ${round(share(now))} AS ${nowCol},`,
    `       ${round(`${share(now)} - ${share(before)}`)} AS pp_change`,
    'FROM shares',
  ].join('\n');
  return {
    sql,
    columns: {
      [beforeLines]: `lines that are ${who} in ${before}`,
      [nowLines]: `lines that are ${who} in ${now}`,
      [beforeCol]: `share of all lines that are ${who} in ${before}, %`,
      [nowCol]: `share of all lines that are ${who} in ${now}, %`,
      pp_change: 'change in the share, percentage points',
    },
    steps: [
      `Computes the share of all lines that are ${who} in take_up_quarterly for ${before} and for ${now}.`,
      'Subtracts the earlier share from the later one: the change in percentage points.',
    ],
  };
}

/** A brand's lines and all lines per quarter, filtered alike but for the brands: the parts of a share of lines. */
function brandAndTotalLines(filters: string[], timeFilters: string[]): string {
  const all = filters.filter((f) => !f.startsWith('operator IN'));
  return [
    'WITH brand AS (',
    '  SELECT quarter, operator, SUM(lines) AS lines',
    '  FROM take_up_quarterly',
    `  ${where([...filters, ...timeFilters])}`,
    '  GROUP BY quarter, operator',
    '), totals AS (',
    '  SELECT quarter, SUM(lines) AS lines',
    '  FROM take_up_quarterly',
    `  ${where([...all, ...timeFilters])}`,
    '  GROUP BY quarter',
    ')',
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Each brand's share of all lines in each quarter of a series: a row per quarter and brand. */
function buildBrandSharesByQuarter(
  filters: string[],
  { timeFilters, quarterText }: TakeUpQuarters,
): BuiltQuery {
  const sql = [
    brandAndTotalLines(filters, timeFilters),
    'SELECT b.quarter, b.operator, b.lines, t.lines AS total_lines,',
    `       ${round('100.0 * b.lines / t.lines')} AS share_pct`,
    'FROM brand b',
    'JOIN totals t ON t.quarter = b.quarter',
    'ORDER BY b.quarter, b.operator',
  ].join('\n');
  return {
    sql,
    columns: {
      lines: "the brand's subscriber lines",
      total_lines: 'all lines in the quarter',
      share_pct: "the brand's share of all lines in the quarter, %",
    },
    steps: [
      `Adds up each brand's lines and all lines in take_up_quarterly for ${quarterText}, quarter by quarter.`,
      "Divides each brand's lines by all lines of the same quarter: its share of lines.",
    ],
  };
}

/**
 * Each brand's share of all lines in two quarters and the change in points ("which 5 brands gained the most share
 * yoy", "how did Sky's and TalkTalk's share move last quarter"): a row per brand, ranked by the change if asked.
 */
function buildBrandShareChange(plan: Plan, ctx: TimeContext, filters: string[]): BuiltQuery {
  const { before, now } = changeQuarters(plan, ctx);
  const beforeCol = `share_${before.toLowerCase()}_pct`;
  const nowCol = `share_${now.toLowerCase()}_pct`;
  // A brand with no lines in a quarter has no share there: 0, not missing.
  const share = (q: string) => `COALESCE(MAX(CASE WHEN s.quarter = ${sqlString(q)} THEN s.share END), 0)`;
  const sql = [
    `${brandAndTotalLines(filters, [`quarter IN (${list([before, now])})`])}, shares AS (`,
    '  SELECT b.quarter, b.operator, 100.0 * b.lines / t.lines AS share',
    '  FROM brand b JOIN totals t ON t.quarter = b.quarter',
    ')',
    `SELECT s.operator, ${round(share(before))} AS ${beforeCol},`,
    `       ${round(share(now))} AS ${nowCol},`,
    `       ${round(`${share(now)} - ${share(before)}`)} AS pp_change`,
    'FROM shares s',
    'GROUP BY s.operator',
    // "Top 5 ISPs by share, with the pp change QoQ": ranked by the share now unless the change is what ranks.
    plan.order || plan.limit
      ? orderLimit(plan, plan.rankByLevel ? nowCol : 'pp_change', 's.operator')
      : 'ORDER BY s.operator',
  ].join('\n');
  return {
    sql,
    columns: {
      [beforeCol]: `the brand's share of all lines in ${before}, %`,
      [nowCol]: `the brand's share of all lines in ${now}, %`,
      pp_change: 'change in the share, percentage points',
    },
    steps: [
      `Computes each brand's share of all lines in take_up_quarterly for ${before} and for ${now}.`,
      'Subtracts the earlier share from the later one for each brand: the change in percentage points.',
    ],
  };
}

/** Lines, by operator, technology, segment or quarter; a market share when split by anything but quarter. */
function buildLines(plan: Plan, filters: string[], { timeFilters, quarterText }: TakeUpQuarters): BuiltQuery {
  const dim =
    plan.dimension === 'operator' ||
    plan.dimension === 'tech' ||
    plan.dimension === 'segment' ||
    plan.dimension === 'quarter'
      ? plan.dimension
      : plan.dimension === 'operator_group'
        ? 'operator'
        : undefined;
  const allFilters = [...filters, ...timeFilters];
  // "Lines by operator x segment", "lines by quarter and technology": a row for each pair.
  const then = plan.thenBy ? (plan.thenBy === 'operator_group' ? 'operator' : plan.thenBy) : undefined;
  if (dim && then && then !== dim && ['operator', 'tech', 'segment', 'quarter'].includes(then)) {
    return {
      sql: [
        `SELECT ${dim}, ${then}, SUM(lines) AS lines`,
        'FROM take_up_quarterly',
        where(allFilters),
        `GROUP BY ${dim}, ${then}`,
        `ORDER BY ${dim}, ${then}`,
      ]
        .filter(Boolean)
        .join('\n'),
      columns: { lines: 'subscriber lines' },
      steps: [
        `Adds up subscriber lines in take_up_quarterly${filters.length ? ` where ${filters.join(' and ')}` : ''} for ${quarterText}, by ${dim} and ${then}: a row for each pair.`,
      ],
    };
  }
  // "Sky vs TalkTalk vs Vodafone lines each quarter of 2026": a series for each brand named, not their sum.
  const brandSeries = dim === 'quarter' && (plan.takeUp?.operators?.length ?? 0) >= 2;
  if (brandSeries) {
    return {
      sql: [
        'SELECT quarter, operator, SUM(lines) AS lines',
        'FROM take_up_quarterly',
        where(allFilters),
        'GROUP BY quarter, operator',
        'ORDER BY quarter, operator',
      ].join('\n'),
      columns: { lines: 'subscriber lines' },
      steps: [
        `Adds up subscriber lines in take_up_quarterly where ${filters.join(' and ')} for ${quarterText}, by quarter and operator: a series for each brand named.`,
      ],
    };
  }
  const share = plan.measure === 'line_share_pct' && dim && dim !== 'quarter';
  // By brand, a share is of every brand's lines (market share); by technology or segment, of the lines asked
  // about ("Sky's base by technology": the mix of Sky's own lines).
  const byBrand = dim === 'operator';
  const totalSql = `(SELECT SUM(lines) FROM take_up_quarterly ${where(
    byBrand ? allFilters.filter((f) => !f.startsWith('operator')) : allFilters,
  )})`.replace(' )', ')');
  const sql = [
    `SELECT ${dim ? `${dim}, ` : ''}SUM(lines) AS lines${share ? `,\n       ${round(`100.0 * SUM(lines) / ${totalSql}`)} AS share_pct` : ''}`,
    'FROM take_up_quarterly',
    where(allFilters),
    dim ? `GROUP BY ${dim}` : '',
    dim === 'quarter' ? 'ORDER BY quarter' : dim ? orderLimit(plan, 'lines', dim) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      lines: 'subscriber lines',
      share_pct: byBrand || !filters.length ? 'share of all lines, %' : `share of the lines asked about, %`,
    },
    steps: [
      `Adds up subscriber lines in take_up_quarterly${filters.length ? ` where ${filters.join(' and ')}` : ''} for ${quarterText}${dim ? `, by ${dim}` : ''}.`,
      ...(share
        ? [
            byBrand
              ? 'Market share divides each by all lines in the same quarter.'
              : `Divides each by all the lines asked about${filters.length ? ` (${filters.join(' and ')})` : ''} in the same quarter: the mix.`,
          ]
        : []),
    ],
  };
}

/** The reported operator names behind named networks ("Which retailers report on Openreach?"). */
function buildOperatorList(plan: Plan): BuiltQuery {
  const groups = [...(plan.subject.operatorGroups ?? []), ...(plan.subject.allGroups ?? [])];
  const conditions = groups.length ? [`operator_group IN (${list(groups)})`] : [];
  if (plan.subject.operators?.length) conditions.push(`operator IN (${list(plan.subject.operators)})`);
  const sql = [
    'SELECT operator, operator_group, network_type, is_altnet',
    'FROM operators',
    where(conditions.length > 1 ? [`(${conditions.join(' OR ')})`] : conditions),
    'ORDER BY operator_group, operator',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: { operator: 'the name reported in fact_operator', operator_group: 'the network it runs on' },
    steps: ['Lists the operator names in the operators table that belong to the named network(s).'],
  };
}

/** The leading network (most premises passed) in each place. */
function buildLeaders(plan: Plan, ctx: TimeContext): BuiltQuery {
  const dim = plan.dimension as string;
  const src = source(
    { ...plan, dimension: 'operator_group' },
    plan.time.at && plan.time.at !== ctx.latest ? 'series' : 'latest',
  );
  const inner = presence({ ...plan, dimension: 'operator_group' }, ctx, {
    keys: [`${src.groupExpr} AS operator_group`],
  });
  const geo = geoConditions(plan);
  // Per place and network from network_by_area, the place's totals from service_by_area.
  const area = atAreaGrain(plan, plan.dimension)
    ? areaPresence({ ...plan, dimension: 'operator_group' }, ctx, {
        keys: [`${src.groupExpr} AS operator_group`],
      })
    : null;
  const figures =
    area?.key === 'operator_group'
      ? [
          `by_network AS (\n  SELECT f.${dim}, f.operator_group, SUM(f.premises) AS premises\n  FROM ${area.table} f\n  ${where([...area.conditions, ...areaGeo(plan)])}\n  GROUP BY f.${dim}, f.operator_group\n),`,
          `totals AS (\n  SELECT f.${dim}, SUM(f.premises) AS premises FROM ${SERVICE_AREA_TABLE} f ${where(areaGeo(plan))} GROUP BY f.${dim}\n),`.replace(
            '  GROUP',
            ' GROUP',
          ),
        ]
      : null;
  const sql = [
    ...(figures
      ? [`WITH ${figures[0]}`, figures[1]]
      : [
          `WITH passed AS (\n  ${inner}\n),`,
          `by_network AS (\n  SELECT u.${dim}, p.operator_group, SUM(u.premises) AS premises\n  FROM passed p JOIN upc_output u ON u.postcode = p.postcode\n  ${where(geo)}\n  GROUP BY u.${dim}, p.operator_group\n),`.replace(
            /\n {2}\n/g,
            '\n',
          ),
          `totals AS (\n  SELECT u.${dim}, SUM(u.premises) AS premises FROM upc_output u ${where(geo)} GROUP BY u.${dim}\n),`,
        ]),
    `ranked AS (\n  SELECT b.${dim}, b.operator_group, b.premises,\n         ROW_NUMBER() OVER (PARTITION BY b.${dim} ORDER BY b.premises DESC, b.operator_group) AS position\n  FROM by_network b\n)`,
    // The first N of each place carry their rank in it; the leader alone (or the Nth alone) needs none.
    `SELECT r.${dim}, ${(plan.limit ?? 1) > 1 && !plan.leaderPosition ? 'r.position AS rank_in_place, ' : ''}r.operator_group, r.premises,`,
    `       ${round('100.0 * r.premises / t.premises')} AS share_of_premises_pct`,
    'FROM ranked r',
    `JOIN totals t ON t.${dim} = r.${dim}`,
    // The leader, the first N of each place ("the top 3 networks in each region"), or the Nth ("the no. 2").
    `WHERE r.position ${plan.leaderPosition ? `= ${plan.leaderPosition}` : (plan.limit ?? 1) > 1 ? `<= ${plan.limit}` : '= 1'}`,
    `ORDER BY r.${dim}${(plan.limit ?? 1) > 1 ? ', r.position' : ''}`,
  ].join('\n');
  return {
    sql,
    columns: {
      ...((plan.limit ?? 1) > 1
        ? { rank_in_place: `the network's rank in its ${dim} (1 = most premises)` }
        : {}),
      operator_group: `the network with the most premises passed with ${subjectPhrase(plan)}`,
      premises: 'premises it passes',
      share_of_premises_pct: `its share of all premises in the ${dim}`,
    },
    steps: [
      `Adds up, for each ${dim} and each network (operator group), the premises in DISTINCT postcodes where the network offers ${subjectPhrase(plan)}.`,
      plan.leaderPosition
        ? `Keeps the network in position ${plan.leaderPosition} by premises in each ${dim} (ties broken alphabetically).`
        : (plan.limit ?? 1) > 1
          ? `Keeps the ${plan.limit} networks with the most premises in each ${dim}, in order (ties broken alphabetically).`
          : `Keeps the network with the most premises in each ${dim} (ties broken alphabetically).`,
    ],
  };
}

/** Lines in the latest quarter against the same quarter a year earlier. */
/** The two quarters of a take-up change: the one asked (else the latest) and the one it is compared with. */
function changeQuarters(plan: Plan, ctx: TimeContext): { before: string; now: string } {
  const now = plan.time.quarter ?? ctx.latestQuarter;
  // Two quarters named: the change between them.
  if (plan.takeUp?.fromQuarter) return { before: plan.takeUp.fromQuarter, now };
  const [year, quarter] = now.split('Q') as [string, string];
  // Year on year compares the same quarter a year earlier; quarter on quarter the quarter before.
  const before =
    plan.takeUp?.change === 'qoq'
      ? Number(quarter) === 1
        ? `${Number(year) - 1}Q4`
        : `${year}Q${Number(quarter) - 1}`
      : `${Number(year) - 1}Q${quarter}`;
  return { before, now };
}

function buildTakeUpChange(plan: Plan, ctx: TimeContext, filters: string[]): BuiltQuery {
  const { before, now } = changeQuarters(plan, ctx);
  const dim =
    plan.dimension === 'operator' || plan.dimension === 'tech' || plan.dimension === 'segment'
      ? plan.dimension
      : undefined;
  const thenCol = `lines_${before.toLowerCase()}`;
  const nowCol = `lines_${now.toLowerCase()}`;
  const pctCol = plan.takeUp?.fromQuarter
    ? 'change_pct'
    : `${plan.takeUp?.change === 'qoq' ? 'qoq' : 'yoy'}_change_pct`;
  const thenExpr = `SUM(CASE WHEN quarter = ${sqlString(before)} THEN lines ELSE 0 END)`;
  const nowExpr = `SUM(CASE WHEN quarter = ${sqlString(now)} THEN lines ELSE 0 END)`;
  const sql = [
    `SELECT ${dim ? `${dim}, ` : ''}${thenExpr} AS ${thenCol},`,
    `       ${nowExpr} AS ${nowCol},`,
    `       ${nowExpr} - ${thenExpr} AS change_lines,`,
    `       ${round(`100.0 * (${nowExpr} - ${thenExpr}) / NULLIF(${thenExpr}, 0)`)} AS ${pctCol}`,
    'FROM take_up_quarterly',
    where([...filters, `quarter IN (${list([before, now])})`]),
    dim ? `GROUP BY ${dim}` : '',
    dim ? orderLimit(plan, plan.takeUp?.rankByChange ? 'change_lines' : pctCol, dim) : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    sql,
    columns: {
      [thenCol]: `lines in ${before}`,
      [nowCol]: `lines in ${now}`,
      change_lines: `lines added from ${before} to ${now}`,
      [pctCol]: plan.takeUp?.fromQuarter
        ? `change from ${before} to ${now}, %`
        : plan.takeUp?.change === 'qoq'
          ? 'change on the quarter before, %'
          : 'change on the same quarter a year earlier, %',
    },
    steps: [
      `Adds up lines in take_up_quarterly${filters.length ? ` where ${filters.join(' and ')}` : ''} for ${before} and ${now}, and compares them.`,
    ],
  };
}

/** Lines by place: postcode-level take-up (latest four quarters) joined to the postcode geography. */
function buildTakeUpByPlace(plan: Plan, ctx: TimeContext, filters: string[]): BuiltQuery {
  const dim = plan.dimension && GEO_DIMENSIONS.has(plan.dimension) ? plan.dimension : undefined;
  const quarter = plan.time.quarter ?? ctx.latestQuarter;
  const conditions = [
    ...filters.map((f) => `t.${f}`),
    `t.quarter = ${sqlString(quarter)}`,
    ...geoConditions(plan),
  ];
  // Lines of one place by operator, technology or segment ("who has the most lines in Hull").
  const key = plan.dimension && LINE_KEYS.has(plan.dimension) ? lineKey(plan.dimension) : undefined;
  if (key) {
    // "What share of lines does each brand have in Bristol": each row's lines over all the place's lines (every
    // brand's, whatever brands the rows are kept to).
    const share = plan.measure === 'line_share_pct';
    const all = conditions.filter((c) => !c.startsWith('t.operator IN'));
    const total = `(SELECT SUM(t.lines) FROM take_up_postcode t JOIN upc_output u ON u.postcode = t.postcode ${where(all)})`;
    return {
      sql: [
        `SELECT t.${key}, SUM(t.lines) AS lines${share ? `,\n       ${round(`100.0 * SUM(t.lines) / ${total}`)} AS share_pct` : ''}`,
        'FROM take_up_postcode t',
        'JOIN upc_output u ON u.postcode = t.postcode',
        where(conditions),
        `GROUP BY t.${key}`,
        orderLimit(plan, 'lines', `t.${key}`),
      ].join('\n'),
      columns: {
        lines: 'subscriber lines',
        ...(share ? { share_pct: 'share of all lines in the place, %' } : {}),
      },
      steps: [
        `Adds up lines in take_up_postcode (postcode-level take-up, latest four quarters) for ${quarter} in ${describeGeo(plan)}, by ${key}.`,
        ...(share ? ['Divides each by all lines in the place in the same quarter: its share of lines.'] : []),
      ],
    };
  }
  // A share of the place's lines ("what share of lines in the CF area are full fibre"): its lines that match over
  // all its lines. A share asked of one technology or one brand named as a filter ("FTTP share of lines by nation",
  // "VM share of lines by region") is the share of that technology or brand.
  let shareOf = plan.measure === 'line_share_pct' ? plan.takeUp?.shareOf : undefined;
  if (plan.measure === 'line_share_pct' && !shareOf) {
    const tech = filters.map((f) => /^tech = '([^']+)'$/.exec(f)?.[1]).find(Boolean);
    const brands = plan.takeUp?.operators ?? [];
    const techFilters = filters.filter((f) => f.startsWith('tech '));
    if (tech && techFilters.length === 1 && brands.length === 0) {
      shareOf = `tech:${tech}`;
      conditions.splice(conditions.indexOf(`t.tech = ${sqlString(tech)}`), 1);
    } else if (brands.length === 1 && techFilters.length === 0) {
      shareOf = brands[0];
      conditions.splice(conditions.indexOf(`t.operator IN (${list(brands)})`), 1);
    }
  }
  if (shareOf) {
    const match = shareOf.startsWith('tech:')
      ? `t.tech = ${sqlString(shareOf.slice(5))}`
      : `t.operator = ${sqlString(shareOf)}`;
    const matching = `SUM(CASE WHEN ${match} THEN t.lines ELSE 0 END)`;
    const who = shareOf.startsWith('tech:') ? `${shareOf.slice(5)} lines` : `${shareOf} lines`;
    return {
      sql: perPlace(plan, dim, {
        figures: `${matching} AS matching_lines, SUM(t.lines) AS total_lines,\n       ${round(`100.0 * ${matching} / NULLIF(SUM(t.lines), 0)`)} AS share_pct`,
        from: 'take_up_postcode t',
        alias: 't',
        conditions,
        orderBy: 'share_pct',
      }),
      columns: {
        matching_lines: who,
        total_lines: 'all lines',
        share_pct: `share of all lines that are ${who}`,
      },
      steps: [
        `Adds up ${who} and all lines in take_up_postcode for ${quarter}${plan.geo ? ` in ${describeGeo(plan)}` : ''}${dim ? `, by ${dim} of the postcode` : ''}, and divides.`,
      ],
    };
  }
  const sql = perPlace(plan, dim, {
    figures: 'SUM(t.lines) AS lines',
    from: 'take_up_postcode t',
    alias: 't',
    conditions,
    orderBy: 'lines',
  });
  return {
    sql,
    columns: { lines: 'subscriber lines' },
    steps: [
      `Adds up lines in take_up_postcode (postcode-level take-up, latest four quarters) for ${quarter}${filters.length ? ` where ${filters.join(' and ')}` : ''}${plan.geo ? ` in ${describeGeo(plan)}` : ''}${dim ? `, by ${dim} of the postcode` : ''}.`,
    ],
  };
}

/** Fastest speed on offer per network (operator group), operator or technology. */
function buildSpeedsByNetwork(plan: Plan): BuiltQuery {
  const speeds = speedColumns(plan);
  // An altnet is a network: its retail variants ("CityFibre Sky", "brsk FTTP") are rows of the same one.
  const key =
    plan.dimension === 'tech'
      ? 'f.tech'
      : plan.dimension === 'operator' && !plan.subject.altnet
        ? 'f.operator'
        : 'o.operator_group';
  const keyName = key.split('.')[1]!;
  const conditions = [...geoConditions(plan)];
  if (plan.subject.tech) conditions.push(technologySql(plan.subject.tech));
  if (plan.subject.altnet) conditions.push('o.is_altnet');
  const geoJoin = plan.geo || plan.urbanRural ? '\nJOIN upc_output u ON u.postcode = f.postcode' : '';
  const sql = [
    `SELECT ${key}, ${speeds.map((c) => `MAX(f.${c}) AS max_${c}_mbps`).join(', ')}`,
    `FROM fact_operator f\nJOIN operators o ON o.operator = f.operator${geoJoin}`,
    where(conditions),
    `GROUP BY ${key}`,
    orderLimit(plan, `max_${speeds[0]}_mbps`, key),
  ].join('\n');
  return {
    sql,
    columns: {
      [keyName]: keyName,
      ...Object.fromEntries(
        speeds.map((c) => [`max_${c}_mbps`, `the highest ${c.replace('_', ' ')} on offer, Mbit/s`]),
      ),
    },
    steps: [
      `Takes the highest ${speeds.join(' and the highest ')} on offer for each ${keyName === 'operator_group' ? 'network' : keyName} in fact_operator (latest snapshot)${plan.subject.tech ? ` with ${plan.subject.tech}` : ''}.`,
    ],
  };
}

const GROUP_OPS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
/** The count column of "how many <places> ...", named after the places. */
export const GROUP_COUNT_COLUMNS: Partial<Record<Dimension, string>> = Object.fromEntries(
  DIMENSION_LIST.flatMap((d) => ('countColumn' in d ? [[d.id, d.countColumn]] : [])),
);

/**
 * Places whose share passes a test: the per-place query as it stands, filtered on its coverage column, then
 * listed (ordered by the share) or counted. The share is computed exactly as in the per-place answer, so the
 * places counted are the ones that list would show.
 */
function buildGroupFilter(
  plan: Plan,
  filter: NonNullable<Plan['groupFilter']>,
  ctx: TimeContext,
): BuiltQuery {
  const { groupFilter: _filter, countGroups: _count, order: _order, limit: _limit, ...rest } = plan;
  if (filter.on === 'count') return buildCountFilter(plan, filter, ctx);
  const inner = buildQuery({ ...rest, measure: 'coverage_pct' }, ctx);
  const dimension = plan.dimension;
  // The share is coverage, or the share lacking something ("below the USO", "without full fibre").
  const keys = Object.keys(inner.columns);
  const share = 'coverage_pct' in inner.columns ? 'coverage_pct' : keys.find((k) => /^share_.*_pct$/.test(k));
  if (!dimension || !share) return inner;
  // The test is on the exact share, not the rounded one shown: 98.996% is not "99% or more".
  const total = keys.find((k) => k.startsWith('total_'));
  const part = keys.find((k) => k !== total && k !== share && k !== dimension);
  const exact = total && part ? `100.0 * g.${part} / NULLIF(g.${total}, 0)` : `g.${share}`;
  const source = `(\nSELECT g.*, ${exact} AS share_exact_pct\nFROM (\n${inner.sql}\n) AS g\n) AS g`;
  const test = `g.share_exact_pct ${GROUP_OPS[filter.op]} ${filter.value}`;
  return placesPassing(plan, inner, source, test, share, 'share');
}

/**
 * Places whose count passes a test ("postcode areas with over 500 premises below the USO"): the per-place count
 * as it stands, filtered on its count column, then listed (largest first unless asked otherwise) or counted.
 */
function buildCountFilter(
  plan: Plan,
  filter: NonNullable<Plan['groupFilter']>,
  ctx: TimeContext,
): BuiltQuery {
  const { groupFilter: _filter, countGroups: _count, order: _order, limit: _limit, ...rest } = plan;
  const inner = buildQuery(rest, ctx);
  const dimension = plan.dimension;
  const keys = Object.keys(inner.columns);
  // A count of premises or postcodes, or of networks ("councils with 4 or more altnets").
  const count = keys.find(
    (k) =>
      k !== dimension &&
      (/premises|postcodes/.test(k) || /^(?:networks|altnets)$/.test(k)) &&
      !/total|pct/.test(k),
  );
  if (!dimension || !count) throw new Error('a count test needs a count per place');
  const source = `(\n${inner.sql}\n) AS g`;
  const test = `g.${count} ${GROUP_OPS[filter.op]} ${filter.value}`;
  return placesPassing(plan, inner, source, test, count, count.replace(/_/g, ' '));
}

/**
 * The places of a per-place query (`source`, alias g) that pass `test`: counted as one figure ("how many ..."), or
 * listed, ordered by the column tested.
 */
function placesPassing(
  plan: Plan,
  inner: BuiltQuery,
  source: string,
  test: string,
  sortBy: string,
  what: string,
): BuiltQuery {
  // The forecast names its networks by operator: the column the rows carry.
  const dimension =
    plan.dimension === 'operator_group' && !('operator_group' in inner.columns) && 'operator' in inner.columns
      ? 'operator'
      : plan.dimension!;
  const words = describeGroupFilter(plan.groupFilter!);
  const steps = [...inner.steps, `Keep the places whose ${what} is ${words}.`];
  if (plan.countGroups) {
    const column = GROUP_COUNT_COLUMNS[dimension] ?? 'places';
    return {
      sql: `SELECT COUNT(*) AS ${column}\nFROM ${source}\nWHERE ${test}`,
      columns: { [column]: `${column.replace(/_/g, ' ')} whose ${what} is ${words}` },
      steps: [...steps, 'Count them.'],
    };
  }
  const keys = Object.keys(inner.columns);
  // The points of a series that pass ("when is Wales forecast to pass 95% FF"): in date order, the first first.
  if (TIME_DIMENSIONS.has(dimension)) {
    return {
      sql: `SELECT ${keys.map((k) => `g.${k}`).join(', ')}\nFROM ${source}\nWHERE ${test}\nORDER BY g.reported_at${plan.limit ? `\nLIMIT ${plan.limit}` : ''}`,
      columns: inner.columns,
      steps: [
        ...inner.steps,
        `Keep the points whose ${what} is ${words}${plan.limit === 1 ? ', and the first of them' : ''}.`,
      ],
    };
  }
  const direction = (plan.order ?? 'desc') === 'asc' ? 'ASC' : 'DESC';
  return {
    sql: `SELECT ${[dimension, ...keys.filter((k) => k !== dimension)].map((k) => `g.${k}`).join(', ')}\nFROM ${source}\nWHERE ${test}\nORDER BY g.${sortBy} ${direction}, g.${dimension}${plan.limit ? `\nLIMIT ${plan.limit}` : ''}`,
    columns: inner.columns,
    steps,
  };
}

/** The groupings of lines take-up holds per postcode (a network is its retail operator there). */
const LINE_KEYS = new Set<Dimension>(['operator', 'operator_group', 'tech', 'segment']);
const lineKey = (dimension: Dimension) => (dimension === 'operator_group' ? 'operator' : dimension);
