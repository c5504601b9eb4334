/**
 * Is the compiled SQL the plan? The restatement is generated from the plan, so it is only true when the SQL does
 * everything the plan says. This lists every element of the plan that the SQL leaves out: each filter of the
 * subject (technology, gigabit, speed thresholds, networks and operators and their overlap, altnets, quantifiers
 * over networks, negation, the only network, exclusions), each place, urban or rural, the dataset, the measure (a
 * share divides, a change compares two dates, lines are summed from take-up), the grouping, the ranking, the
 * dates and the take-up filters.
 *
 * The SQL is read with DuckDB's parser (`sql-facts.ts`, as the warehouse guard reads it) and first passes the
 * guard itself, so SQL the guard would refuse is reported too. Each element is checked by what the SQL does
 * (a comparison on the right column with the right value, a GROUP BY, a LIMIT), never by a substring of its text.
 * Several compiled forms say the same thing (the fast paths read `has_fttponly` or `gigabit_networks` from the
 * postcode summaries rather than the technology's rows); each check accepts the forms the compiler writes.
 */
import {
  ALTNET_AREA_TABLE,
  addMonths,
  DIMENSION_LIST,
  FORECAST_AREA_TABLE,
  FORECAST_ENTRY_AREA_TABLE,
  FORECAST_ENTRY_COLUMNS,
  FORECAST_NETWORK_ENTRY_TABLE,
  FORECAST_PAIR_AREA_TABLE,
  FORECAST_POSTCODE_ENTRY_TABLE,
  FULL_FIBRE,
  guardSql,
  NETWORK_PAIR_AREA_TABLE,
  SEGMENTS,
  TAKE_UP_AREA_TABLE,
  TECHNOLOGY_SEGMENTS,
  takeUpTech,
} from '@qa/warehouse';
import {
  type Dimension,
  describeGroupFilter,
  GEO_DIMENSIONS,
  type Plan,
  SCORE_COLUMNS,
  type Tech,
  TIME_DIMENSIONS,
} from '../semantic/plan.js';
import type { TimeContext } from '../semantic/time-context.js';
import { alongsidePlans } from './alongside.js';
import { sideBySideParts } from './side-by-side.js';
import { buildQuery } from './sql-builder.js';
import {
  type Comparison,
  type ComparisonOp,
  type Constant,
  readSqlFacts,
  type SqlFacts,
} from './sql-facts.js';
import { datesInWords, excludedWords } from './words.js';

export interface PlanCheck {
  /** True when the guard accepts the SQL and nothing of the plan is missing from it. */
  ok: boolean;
  /** Why the guard (or the parser) refused the SQL. */
  refused?: string;
  /** Each plan element the SQL leaves out, in words: `the place ("Leeds")`, `the network ("CityFibre")`. */
  missing: string[];
}

/** Checks compiled SQL against its plan: the guard first, then every element of the plan. */
export async function verifyPlan(plan: Plan, built: { sql: string }, time: TimeContext): Promise<PlanCheck> {
  const guarded = await guardSql(built.sql);
  if (!guarded.ok) return { ok: false, refused: guarded.reason, missing: [] };
  const read = await readSqlFacts(built.sql);
  if (!read.ok) return { ok: false, refused: read.reason, missing: [] };
  // Figures of different kinds in one question: every figure's own query must be in the SQL, and do its plan (each
  // checked on its own query, so one figure's tables never stand in for another's).
  if (plan.alongside?.length) {
    // The figures by place with the UK as one more row: each figure's rows are checked, and the UK's row below.
    const ukRow = plan.withUk && !plan.geo;
    const checks = await Promise.all(
      alongsidePlans(ukRow ? { ...plan, withUk: undefined } : plan).map(async (part) => {
        const own = buildQuery(part, time).sql;
        if (!built.sql.includes(own)) return { missing: [`the figure ("${interpretFigure(part)}")`] };
        return verifyPlan(part, { sql: own }, time);
      }),
    );
    const missing = [...new Set(checks.flatMap((c) => c.missing))];
    if (ukRow && !/\bUNION ALL\s+SELECT 'United Kingdom' AS /.test(built.sql))
      missing.push('the UK as a whole ("compared with the UK")');
    return { ok: missing.length === 0, missing };
  }
  // Subjects side by side: every subject's plan must be done by the SQL (each part is one of its queries).
  const plans = plan.compare?.length
    ? sideBySideParts(plan).map((part) => ({ ...part.plan, ...(plan.limit ? { limit: plan.limit } : {}) }))
    : [plan];
  // A share within a base: the base must be in the SQL as a subject of its own.
  if (plan.within) plans.push({ ...plan, subject: plan.within, within: undefined });
  const missing = [...new Set(plans.flatMap((p) => missingFromSql(p, read.facts, time)))];
  // The UK beside the places: a row of its own, labelled as such, added to the places' rows.
  if (plan.withUk && !/\bUNION ALL\s+SELECT '(?:United Kingdom|Rest of the UK)' AS /.test(built.sql))
    missing.push('the UK as a whole ("compared with the UK")');
  if (plan.ukGap && !/ AS gap_to_uk_pp\b/.test(built.sql)) missing.push('the gap to the UK ("in points")');
  // Bands from one network: the premises with none are kept out by a test on the count.
  if (plan.bandsFromOne && !/\b[a-z_]*networks >= 1\b|\baltnets >= 1\b/.test(built.sql))
    missing.push('the bands from one network ("1, 2, 3")');
  return { ok: missing.length === 0, missing };
}

/** A figure in a few words, for a check that finds it missing. */
const interpretFigure = (plan: Plan) =>
  `${plan.measure.replace(/_/g, ' ')}${plan.geo ? ` in ${plan.geo.values.join(', ')}` : ''}`;

/** The sentence an answer gives when its SQL is not its plan. */
export function describePlanCheck(check: PlanCheck): string {
  if (check.refused)
    return `The SQL written for this reading was refused by the safety check: ${check.refused}`;
  // The elements keep the plan's own values (tests and logs compare them); the reader gets dates in words.
  return `The SQL written for this reading leaves out ${datesInWords(joinWords(check.missing))}.`;
}

const joinWords = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

// Technologies, groupings and thresholds in the semantic model's words and numbers.
const TECH_WORDS = Object.fromEntries(TECHNOLOGY_SEGMENTS.map((t) => [t.tech, t.label])) as Record<
  Tech,
  string
>;

const DIMENSION_WORDS: Record<Dimension, string> = {
  ...(Object.fromEntries(DIMENSION_LIST.map((d) => [d.id, `by ${d.label}`])) as Record<Dimension, string>),
  urban_rural: 'urban and rural',
  networks: 'by number of networks',
};

const GIGABIT_MBPS = SEGMENTS.gigabit.threshold.down;
const TIME_GRAINS = TIME_DIMENSIONS;
const SHARE_MEASURES = new Set<Plan['measure']>([
  'coverage_pct',
  'line_share_pct',
  'share_of_subject_pct',
  'lines_change_pct',
  'change_pp',
]);
const CHANGE_MEASURES = new Set<Plan['measure']>(['change_premises', 'change_pp', 'change_postcodes']);
const ALTNET_TABLES = ['fact_altnet', 'fact_altnet_time_series', ALTNET_AREA_TABLE];
/** The pair summaries: the rows of one pair of networks are the postcodes where both are (an overlap). */
const PAIR_TABLES = [NETWORK_PAIR_AREA_TABLE, FORECAST_PAIR_AREA_TABLE];
/** Where forecast presence is read: the view, or its summaries (schema/forecast-summary.ts). */
const FORECAST_TABLES = [
  'forecast_footprint',
  FORECAST_NETWORK_ENTRY_TABLE,
  FORECAST_POSTCODE_ENTRY_TABLE,
  FORECAST_AREA_TABLE,
  FORECAST_ENTRY_AREA_TABLE,
  FORECAST_PAIR_AREA_TABLE,
];
const TAKE_UP_TABLES = ['take_up_quarterly', 'take_up_postcode', TAKE_UP_AREA_TABLE];
const GROUP_OPS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** The facts, with the questions the checks ask of them. */
class Evidence {
  constructor(readonly facts: SqlFacts) {}

  /** Comparisons on one of these targets, with one of these operators. */
  on(targets: string[], ops?: ComparisonOp[]): Comparison[] {
    return this.facts.comparisons.filter((c) => targets.includes(c.target) && (!ops || ops.includes(c.op)));
  }

  /** The target is tested for equality with (or IN a list holding) this value. */
  equals(targets: string[], value: Constant): boolean {
    return this.on(targets, ['=', 'in']).some((c) => c.values.includes(value));
  }

  /** The target is compared with a number by one of the operators, passing the test. */
  number(targets: string[], ops: ComparisonOp[], test: (n: number) => boolean): boolean {
    return this.on(targets, ops).some((c) => c.values.some((v) => typeof v === 'number' && test(v)));
  }

  /** A count of networks per postcode tested as asked (a count over a grouped network is always 1: no test). */
  networkCount(ops: ComparisonOp[], test: (n: number) => boolean): boolean {
    const counts = NETWORK_COUNTS.filter((c) => !this.facts.countsWithinGroup.has(c));
    return this.number(counts, ops, test);
  }

  /** A bare boolean column used as a filter (`WHERE f.has_fttponly`). */
  flag(column: string): boolean {
    return this.on([column], ['true']).length > 0;
  }

  reads(...tables: string[]): boolean {
    return tables.some((t) => this.facts.tables.has(t));
  }

  aggregates(fn: string[], column?: string): boolean {
    return this.facts.aggregates.some(
      (a) => fn.includes(a.fn) && (column === undefined || a.columns.includes(column)),
    );
  }

  groups(column: string): boolean {
    return this.facts.groupBy.has(column);
  }

  /** Rows labelled one by one with each of these values in this column (a series for each place named). */
  labelled(column: string, values: string[]): boolean {
    const labels = this.facts.labels.get(column);
    return values.length > 0 && values.every((v) => labels?.has(v));
  }

  /** The months a series keeps: EXTRACT(MONTH ...) IN (...), else the months of its listed dates. */
  seriesMonths(): Set<number> | undefined {
    const filter = this.on(['month(reported_at)'], ['in', '=']).flatMap((c) => c.values);
    if (filter.length) return new Set(filter.map(Number));
    const dates = [...this.facts.dates];
    return dates.length >= 2 ? new Set(dates.map((d) => Number(d.slice(5, 7)))) : undefined;
  }
}

/** Every element of the plan the SQL's facts do not show, in words. */
export function missingFromSql(plan: Plan, facts: SqlFacts, time: TimeContext): string[] {
  const e = new Evidence(facts);
  return [
    ...datasetMissing(plan, e),
    ...subjectMissing(plan, e),
    ...placeMissing(plan, e),
    ...measureMissing(plan, e),
    ...dimensionMissing(plan, e),
    ...rankingMissing(plan, e),
    ...timeMissing(plan, e, time),
    ...takeUpMissing(plan, e),
    ...placeTestMissing(plan, e),
    ...scoreTestMissing(plan, e),
  ];
}

/** A test on a postcode's score must compare that score column with the value asked. */
function scoreTestMissing(plan: Plan, e: Evidence): string[] {
  const score = plan.subject.score;
  if (!score) return [];
  const column = SCORE_COLUMNS[score.of];
  const op = GROUP_OPS[score.op];
  return e.number([column], [op], (n) => n === score.value)
    ? []
    : [`the score test (${column} ${op} ${score.value})`];
}

function datasetMissing(plan: Plan, e: Evidence): string[] {
  if (plan.dataset === 'upc_forecast' && !e.reads(...FORECAST_TABLES, 'postcode_attractiveness'))
    return ['the forecast'];
  if (plan.dataset === 'take_up' && !e.reads(...TAKE_UP_TABLES)) return ['the take-up data (lines)'];
  if (plan.dataset === 'upc' && e.reads(...FORECAST_TABLES))
    return ['the availability data (not the forecast)'];
  return [];
}

/** The evidence that the SQL keeps only postcodes where this technology is present. */
function hasTech(plan: Plan, e: Evidence, tech: Tech): boolean {
  if (plan.dataset === 'upc_forecast') return tech === FULL_FIBRE && e.reads(...FORECAST_TABLES);
  return (
    e.equals(['tech'], tech) ||
    e.flag(`has_${tech}`) ||
    e.flag(`other_has_${tech}`) ||
    e.equals(['only_tech'], tech) ||
    (tech === FULL_FIBRE && e.on(['full_fibre_networks']).length > 0)
  );
}

function hasGigabit(e: Evidence): boolean {
  return (
    e.number(['fastest_down'], ['>=', '>'], (n) => n >= GIGABIT_MBPS) ||
    e.on(['gigabit_networks', 'sole_gigabit_network']).length > 0
  );
}

/** A network or operator name used as a filter (the forecast and fact_altnet name networks `operator`). */
function hasNetwork(e: Evidence, name: string): boolean {
  return e.equals(
    [
      'operator_group',
      'operator',
      'sole_gigabit_network',
      'min(operator_group)',
      'min(operator)',
      'other_group',
      'other_operator',
    ],
    name,
  );
}

const NETWORK_COUNTS = [
  'count(distinct operator_group)',
  'count(distinct operator)',
  'full_fibre_networks',
  'gigabit_networks',
  'altnets',
];

/**
 * Below the USO: the summary's flag (`meets_uso`), or no row offering the USO's speeds (NOT EXISTS a row with
 * both thresholds).
 */
function hasBelowUso(e: Evidence): boolean {
  const { down, up } = SEGMENTS.below_uso.threshold;
  if (e.facts.columns.has('meets_uso')) return true;
  // At past snapshots: the postcodes meeting the USO counted from the time series, then taken from the place's
  // whole count (what is left is below it).
  if (
    e.reads('fact_operator_time_series') &&
    e.facts.arithmetic.has('-') &&
    e.number(['fastest_down'], ['>=', '>'], (n) => n >= down) &&
    e.number(['fastest_up'], ['>=', '>'], (n) => n >= up)
  )
    return true;
  return e.facts.comparisons.some((c) => {
    if (!c.subquery || (c.op !== 'not exists' && c.op !== 'not in subquery')) return false;
    const inner = new Evidence(c.subquery);
    return (
      inner.number(['fastest_down'], ['>=', '>'], (n) => n >= down) &&
      inner.number(['fastest_up'], ['>=', '>'], (n) => n >= up)
    );
  });
}

function hasAltnet(e: Evidence): boolean {
  return e.reads(...ALTNET_TABLES) || e.flag('is_altnet') || e.on(['altnets']).length > 0;
}

function subjectMissing(plan: Plan, e: Evidence): string[] {
  const s = plan.subject;
  const missing: string[] = [];
  // Lines are counted by retail operator and technology (full fibre is `fttp` there): a subject on take-up is
  // carried by those filters; nothing else of a postcode's availability can be.
  if (plan.dataset === 'take_up' && plan.measure !== 'share_of_subject_pct') {
    const dropped = [
      s.tech && !e.equals(['tech'], takeUpTech(s.tech)) && TECH_WORDS[s.tech],
      s.gigabit && 'gigabit',
      s.altnet && 'altnets',
      ...[...(s.operatorGroups ?? []), ...(s.operators ?? [])].filter(
        (name) => !e.equals(['operator'], name),
      ),
    ].filter(Boolean);
    return dropped.length ? [`the subject on take-up ("${dropped.join(', ')}")`] : [];
  }
  const techs = new Set<Tech>([...(s.tech ? [s.tech] : []), ...Object.values(s.groupTech ?? {})]);
  for (const tech of techs)
    if (!hasTech(plan, e, tech)) missing.push(`the technology ("${TECH_WORDS[tech]}")`);
  if (s.gigabit && !hasGigabit(e)) missing.push('the speed ("gigabit")');
  if (s.symmetric && !e.number(['fastest_up'], ['>=', '>'], (n) => n >= GIGABIT_MBPS))
    missing.push('the upload speed ("symmetric gigabit")');
  const minDown = s.minDown;
  if (minDown && !e.number(['fastest_down'], ['>=', '>'], (n) => n >= minDown))
    missing.push(`the speed ("at least ${minDown} Mbit/s")`);
  const minUp = s.minUp;
  if (minUp && !e.number(['fastest_up'], ['>=', '>'], (n) => n >= minUp))
    missing.push(`the upload speed ("at least ${minUp} Mbit/s up")`);
  const below = s.bestDownBelow;
  if (below && !e.number(['fastest_down', 'max(fastest_down)'], ['<'], (n) => n === below))
    missing.push(`the speed ("best download under ${below} Mbit/s")`);
  if (s.belowUso && !hasBelowUso(e)) missing.push(`the speed ("${SEGMENTS.below_uso.label}")`);
  if (
    s.onlyTech &&
    !e.equals(['only_tech'], s.onlyTech) &&
    !e.on(['tech'], ['<>']).some((c) => c.values.includes(s.onlyTech!))
  )
    missing.push(`the technology ("only ${TECH_WORDS[s.onlyTech]}")`);
  for (const operator of s.operators ?? [])
    if (!e.equals(['operator'], operator)) missing.push(`the operator ("${operator}")`);
  for (const group of [...(s.operatorGroups ?? []), ...(s.allGroups ?? [])])
    if (!hasNetwork(e, group)) missing.push(`the network ("${group}")`);
  const all = s.allGroups ?? [];
  if (
    all.length >= 2 &&
    plan.measure !== 'operator_list' &&
    !e.facts.setOperations.some((op) => op.kind === 'INTERSECT' && op.inputs >= all.length) &&
    !(all.length === 2 && e.reads(...PAIR_TABLES))
  )
    missing.push(`the overlap ("${joinWords(all)} all present")`);
  if (s.altnet && !hasAltnet(e)) missing.push('the altnets');
  else if (s.networksAreAltnets && (s.minNetworks || s.exactNetworks) && !hasAltnet(e))
    missing.push('the altnets (networks counted)');
  const byCount = plan.dimension === 'networks';
  const min = s.minNetworks;
  // forecast_postcode_entry keeps the point at which a postcode reaches n networks: a test on the n-th column
  // (and, for exactly n, on the next) is the count.
  const reaches = (n: number) => {
    const column = FORECAST_ENTRY_COLUMNS[n - 1];
    return (
      column !== undefined &&
      e.reads(FORECAST_POSTCODE_ENTRY_TABLE, FORECAST_ENTRY_AREA_TABLE) &&
      e.on([column]).length > 0
    );
  };
  if (min && !byCount && !e.networkCount(['>=', '>'], (n) => n === min || n === min - 1) && !reaches(min))
    missing.push(`the number of networks ("at least ${min}")`);
  const exact = s.exactNetworks;
  if (
    exact &&
    !byCount &&
    !e.networkCount(['='], (n) => n === exact) &&
    !(reaches(exact) && reaches(exact + 1))
  )
    missing.push(`the number of networks ("exactly ${exact}")`);
  if (s.soleGroup) {
    const one = e.networkCount(['='], (n) => n === 1) || e.on(['sole_gigabit_network']).length > 0;
    if (!one || !hasNetwork(e, s.soleGroup)) missing.push(`the only network ("${s.soleGroup}")`);
  }
  const negations = e.facts.comparisons.filter(
    (c) =>
      (c.op === 'is null' && c.target === 'postcode') ||
      c.op === 'not in subquery' ||
      c.op === 'not exists' ||
      c.op === 'not',
  );
  if (s.notGroups?.length) {
    // "Other than Openreach": each network left out is a NOT IN on the network's rows.
    const left = s.notGroups.every((g) =>
      e.facts.comparisons.some(
        (c) => c.op === 'not in' && ['operator_group', 'operator'].includes(c.target) && c.values.includes(g),
      ),
    );
    if (!left) missing.push(`the networks left out ("other than ${s.notGroups.join(', ')}")`);
  }
  if (s.exclude) {
    const without = s.exclude;
    const excluded = negations.some((c) => {
      if (!c.subquery) return false;
      const inner = new Evidence(c.subquery);
      const minDown = without.minDown;
      return (
        (!without.tech || hasTech(plan, inner, without.tech)) &&
        (!without.gigabit || hasGigabit(inner)) &&
        (!minDown || inner.number(['fastest_down'], ['>=', '>'], (n) => n >= minDown)) &&
        (without.operatorGroups ?? []).every((g) => inner.equals(['operator_group', 'operator'], g))
      );
    });
    if (!excluded) missing.push(`the exclusion ("no ${excludedWords(without)}")`);
  }
  // (At two dates, what is without the subject is the whole count less it: outputs named "..._without_...".)
  const complement =
    e.facts.arithmetic.has('-') && e.facts.outputs.some((name) => /_without_\d{4}_\d{2}/.test(name));
  if (s.absent && !complement && negations.length < (s.exclude ? 2 : 1))
    missing.push('the negation ("without")');
  return missing;
}

function placeMissing(plan: Plan, e: Evidence): string[] {
  const missing: string[] = [];
  if (plan.geo) {
    const { column, values, label, not } = plan.geo;
    // Every place but these ("outside London"): each named in a NOT IN.
    const absent = values.filter((v) =>
      not ? !e.on([column], ['not in']).some((c) => c.values.includes(v)) : !e.equals([column], v),
    );
    if (absent.length === values.length) missing.push(`the place ("${label ?? values.join(', ')}")`);
    else if (absent.length) missing.push(`part of the place ("${absent.join(', ')}")`);
  }
  if (plan.urbanRural && !e.equals(['urban_rural'], plan.urbanRural) && !e.groups('urban_rural'))
    missing.push(`the ${plan.urbanRural} filter`);
  return missing;
}

function measureMissing(plan: Plan, e: Evidence): string[] {
  const m = plan.measure;
  const divides = e.facts.arithmetic.has('/');
  const subtracts = e.facts.arithmetic.has('-');
  const missing = (what: string) => [`the measure ("${what}")`];
  switch (m) {
    case 'premises':
      return e.aggregates(['sum'], 'premises') ? [] : missing('premises');
    case 'households':
    case 'population':
      return e.aggregates(['sum'], m) ? [] : missing(m);
    case 'business_sites':
      return e.aggregates(['sum'], 'bus_sites_total') ? [] : missing('business sites');
    case 'postcodes': {
      const counted =
        e.aggregates(['count_star', 'count']) ||
        e.aggregates(['sum'], 'postcodes') ||
        e.facts.aggregates.some((a) => a.fn === 'sum' && a.columns.length === 0);
      return counted ? [] : missing('postcodes');
    }
    case 'coverage_pct':
    case 'share_of_subject_pct':
      return divides ? [] : missing('a share: nothing is divided');
    case 'change_premises':
    case 'change_postcodes':
    case 'change_pp': {
      const out: string[] = [];
      if (!subtracts || e.facts.dates.size < 2) out.push('the change (two dates compared)');
      if (m === 'change_pp' && !divides) out.push('the change in points (a share: nothing is divided)');
      return out;
    }
    case 'first_postcodes':
    case 'first_premises': {
      // The first activation, from the change log or from the summaries' first full fibre (as first_date); in the
      // forecast, the first forecast point.
      const firsts = ['min(activated_date)', 'first_date', 'first_full_fibre'];
      if (plan.dataset === 'upc_forecast') firsts.push('min(reported_at)');
      return e.on(firsts, ['>', '>=']).length ? [] : missing('first activations');
    }
    case 'operator_count':
      return e.facts.aggregates.some(
        (a) =>
          a.fn === 'count' &&
          a.distinct &&
          (a.columns.includes('operator_group') || a.columns.includes('operator')),
      )
        ? []
        : missing('the number of networks');
    case 'place_count':
      return e.facts.aggregates.some(
        (a) => a.fn === 'count' && a.distinct && a.columns.includes(plan.placeLevel ?? 'la_name'),
      )
        ? []
        : missing('the number of places');
    case 'first_date':
      return e.aggregates(['min'], plan.dataset === 'upc_forecast' ? 'reported_at' : 'activated_date')
        ? []
        : missing('the first date');
    case 'max_down':
      return e.aggregates(['max'], 'fastest_down') ? [] : missing('the fastest download');
    case 'max_up':
      return e.aggregates(['max'], 'fastest_up') ? [] : missing('the fastest upload');
    case 'max_speeds':
      return [
        ...(e.aggregates(['max'], 'fastest_down') ? [] : missing('the fastest download')),
        ...(e.aggregates(['max'], 'fastest_up') ? [] : missing('the fastest upload')),
      ];
    case 'avg_down':
      return e.aggregates(['avg']) && e.facts.columns.has('fastest_down')
        ? []
        : missing('the average download');
    case 'lines':
      return e.aggregates(['sum'], 'lines') ? [] : missing('lines');
    case 'line_share_pct':
      return e.aggregates(['sum'], 'lines') && divides ? [] : missing('a share of lines');
    case 'lines_change_pct':
      return e.aggregates(['sum'], 'lines') && subtracts && divides ? [] : missing('the change in lines');
    // The average, or its sum over its count from the place summary.
    case 'avg_attractiveness':
      return e.aggregates(['avg'], 'general_attractiveness') ||
        (divides && e.aggregates(['sum'], 'general_attractiveness_sum'))
        ? []
        : missing('the attractiveness score');
    case 'avg_deprivation':
      return e.aggregates(['avg'], 'digital_deprivation') ||
        (divides && e.aggregates(['sum'], 'digital_deprivation_sum'))
        ? []
        : missing('the deprivation score');
    case 'operator_list':
      return e.reads('operators') && e.facts.outputs.includes('operator') ? [] : missing('the operators');
  }
}

function dimensionMissing(plan: Plan, e: Evidence): string[] {
  const d = plan.dimension;
  // A list of operator names is the answer itself, whatever grouping or order the reading gave it.
  if (plan.measure === 'operator_list') return [];
  if (!d) return plan.leaderPerDimension ? ['the places the leaders are found in'] : [];
  const grouping = [`the grouping ("${DIMENSION_WORDS[d]}")`];
  const out: string[] = [];
  if (d === 'operator_group') {
    const named = e.groups('operator_group');
    const asOperator = e.groups('operator') && (plan.dataset !== 'upc' || e.reads(...ALTNET_TABLES));
    if (!named && !asOperator) out.push(...grouping);
  } else if (TIME_GRAINS.has(d)) {
    out.push(...grainMissing(plan, e, d));
  } else if (!e.groups(d)) {
    out.push(...grouping);
  }
  if (plan.leaderPerDimension && !(e.facts.windows.has('row_number') || e.facts.windows.has('rank')))
    out.push('the leader in each place (one network per place)');
  if (plan.rankWithin && !(e.facts.windows.has('row_number') && e.facts.columns.has(plan.rankWithin)))
    out.push(`the ranking within each ${plan.rankWithin} ("${DIMENSION_WORDS[plan.rankWithin]}")`);
  // A second grouping: grouped by it, or (a series for each place or network named) each one's rows labelled.
  const named =
    plan.thenBy === plan.geo?.column ? (plan.geo?.values ?? []) : (plan.subject.operatorGroups ?? []);
  if (
    plan.thenBy &&
    !e.groups(plan.thenBy === 'operator_group' ? 'operator' : plan.thenBy) &&
    !e.groups(plan.thenBy) &&
    !e.labelled(plan.thenBy, named)
  )
    out.push(`the second grouping ("${DIMENSION_WORDS[plan.thenBy]}")`);
  if (plan.flow && !e.facts.outputs.some((name) => name.startsWith('new_')))
    out.push('the flow (what each point added)');
  if (plan.flow && plan.measure === 'coverage_pct' && !e.facts.outputs.includes('pp_change'))
    out.push('the change in the share from each point to the next (points)');
  return out;
}

function grainMissing(plan: Plan, e: Evidence, d: Dimension): string[] {
  const grouping = [`the grouping ("${DIMENSION_WORDS[d]}")`];
  if (plan.dataset === 'take_up') {
    if (d !== 'quarter' || !e.groups('quarter')) return grouping;
    const n = plan.time.quarterNumber;
    return n && !e.on(['quarter'], ['like']).some((c) => c.values.includes(`%Q${n}`))
      ? [`the quarter of each year ("Q${n}")`]
      : [];
  }
  if (!e.groups('reported_at')) return grouping;
  // Forecast points are half-yearly: every grain reads them as they are.
  if (plan.dataset === 'upc_forecast') return [];
  const seriesMonths = e.seriesMonths();
  // "..., plus the latest": one more point after the series' last, at the latest snapshot's own month.
  const lastDate = [...e.facts.dates].sort().at(-1);
  const months =
    plan.time.withLatest && seriesMonths && lastDate
      ? new Set(
          [...e.facts.dates]
            .filter((date) => date !== lastDate)
            .map((date) => Number(date.slice(5, 7)))
            .filter((m) => seriesMonths.has(m)),
        )
      : seriesMonths;
  const only = (allowed: number[]) => !!months && [...months].every((m) => allowed.includes(m));
  if (d === 'quarter') {
    const n = plan.time.quarterNumber;
    if (n) return only([(n - 1) * 3 + 1]) ? [] : [`the quarter of each year ("Q${n}")`];
    return only([1, 4, 7, 10]) ? [] : grouping;
  }
  if (d === 'half_year') return months && months.size <= 2 ? [] : grouping;
  if (d === 'year') {
    const month = plan.time.seriesMonth ?? 12;
    if (only([month])) return [];
    // The year so far: one more date after the last year-end, the latest snapshot ("by year to 2026", "plus the latest").
    const dates = [...e.facts.dates].sort();
    const last = dates.at(-1);
    const rest = dates.slice(0, -1);
    const yearEnds = rest.length > 0 && rest.every((date) => Number(date.slice(5, 7)) === month);
    return yearEnds && last && Number(last.slice(5, 7)) !== month
      ? []
      : [`the grouping ("by year", at month ${month})`];
  }
  return [];
}

function rankingMissing(plan: Plan, e: Evidence): string[] {
  const out: string[] = [];
  const limit = plan.limit;
  if (plan.rankWithin) {
    // The limit is per group: the rows whose position in their group is at most the limit.
    const kept = e.number([`rank_in_${plan.rankWithin}`], ['<=', '<', '='], (n) => n === (limit ?? 1));
    return kept ? [] : [`the number of results in each ${plan.rankWithin} ("${limit ?? 1}")`];
  }
  if (plan.placeStats?.length) {
    // Each statistic of the places' figures, taken over them (the median as PERCENTILE_CONT(0.5)).
    const fns = {
      median: ['percentile_cont', 'quantile_cont', 'median'],
      p10: ['percentile_cont', 'quantile_cont'],
      p25: ['percentile_cont', 'quantile_cont'],
      p75: ['percentile_cont', 'quantile_cont'],
      p90: ['percentile_cont', 'quantile_cont'],
      mean: ['avg'],
      min: ['min'],
      max: ['max'],
    } as const;
    const absent = plan.placeStats.filter(
      (stat) => !e.facts.aggregates.some((a) => (fns[stat] as readonly string[]).includes(a.fn)),
    );
    return absent.length ? [`the statistics of the places ("${absent.join(', ')}")`] : [];
  }
  if (plan.placeBands) return e.groups('band_from') ? [] : [`the bands of ${plan.placeBands} ("band_from")`];
  // The gap is taken from both settings' figures: urban and rural each named in the SQL.
  if (
    plan.urbanRuralGap &&
    !(
      e.equals(['s.urban_rural', 'urban_rural'], 'urban') &&
      e.equals(['s.urban_rural', 'urban_rural'], 'rural')
    ) &&
    !/urban_rural = 'urban'[\s\S]*urban_rural = 'rural'/.test(e.facts.outputs.join(' '))
  )
    out.push('the urban and the rural share ("urban-rural gap")');
  if (plan.rankOf?.length) {
    // Every place ranked, then only the places asked kept, each with its position.
    const missing = plan.rankOf.filter((v) => !e.equals([plan.dimension ?? ''], v));
    if (!e.facts.windows.has('rank')) out.push('the position of each place (a rank over all of them)');
    if (missing.length) out.push(`the places whose rank is asked ("${missing.join(', ')}")`);
    return out;
  }
  if (plan.leaderPerDimension) {
    // The first N networks of each place: their position in the place at most N.
    const kept = e.number(['position'], ['<=', '<', '='], (n) => n === (plan.leaderPosition ?? limit ?? 1));
    return kept ? [] : [`the number of networks in each place ("${limit ?? 1}")`];
  }
  if (limit && !e.facts.limits.includes(limit)) out.push(`the number of results ("${limit}")`);
  const d = plan.dimension;
  if (plan.measure === 'operator_list') return out;
  if (!d || TIME_GRAINS.has(d) || d === 'networks' || plan.countGroups || plan.leaderPerDimension) return out;
  if (!plan.order && !limit) return out;
  const ranking = e.facts.orderings[0];
  const first = ranking?.[0];
  const descending = (plan.order ?? 'desc') === 'desc';
  if (!first || first.descending !== descending)
    out.push(`the ranking ("${descending ? 'highest' : 'lowest'} first")`);
  else if (plan.rankBySize) {
    if (!/^total_/.test(first.target))
      out.push(`the ranking by the places' size (ranked by ${first.target})`);
  } else if (first.target === d || first.target === 'operator_group' || first.target === 'operator')
    out.push(`the ranking by the measure (ranked by ${first.target})`);
  // Rows of networks, technologies or operators share one base (all premises, all lines), so ranking by the
  // count ranks by the share; places each have their own base, so places must be ranked by the share itself.
  else if (
    SHARE_MEASURES.has(plan.measure) &&
    GEO_DIMENSIONS.has(d) &&
    !/_pct$|^pp_change$|^gap_pp$/.test(first.target) &&
    !plan.takeUp?.rankByChange
  )
    out.push(`the ranking by the share (ranked by ${first.target})`);
  else if (plan.rankByGrowth) {
    if (!/^(?:premises|postcodes)_change_pct$/.test(first.target))
      out.push(`the ranking by the growth in per cent (ranked by ${first.target})`);
  } else if (plan.rankByLevel) {
    // Ranked by the level at the later date, named for it ("premises_2026_11", a share "coverage_2026_11_pct").
    if (
      !/^(?:premises|postcodes)_\d{4}_\d{2}$|^coverage_\d{4}_\d{2}_pct$|^share_\d{4}q[1-4]_pct$/.test(
        first.target,
      )
    )
      out.push(`the ranking by the level reached (ranked by ${first.target})`);
  } else if (CHANGE_MEASURES.has(plan.measure) && !/_gained$|^pp_change$/.test(first.target))
    out.push(`the ranking by the change (ranked by ${first.target})`);
  return out;
}

function timeMissing(plan: Plan, e: Evidence, time: TimeContext): string[] {
  const t = plan.time;
  const out: string[] = [];
  const dates = e.facts.dates;
  const date = (d: string) => (dates.has(d) ? [] : [`the date ("${d}")`]);
  if (plan.dataset === 'take_up') {
    const quarters = e.on(['quarter'], ['=', 'in']).flatMap((c) => c.values);
    if (
      t.quarter &&
      plan.dimension !== 'quarter' &&
      plan.measure !== 'lines_change_pct' &&
      !quarters.includes(t.quarter)
    )
      out.push(`the quarter ("${t.quarter}")`);
    if (t.quarterYear && !e.on(['quarter'], ['like']).some((c) => c.values.includes(`${t.quarterYear}Q%`)))
      out.push(`the year ("${t.quarterYear}")`);
    if (t.lastQuarters && !e.on(['quarter'], ['in']).some((c) => c.values.length === t.lastQuarters))
      out.push(`the last ${t.lastQuarters} quarters`);
    if (plan.measure === 'lines_change_pct' && !e.on(['quarter'], ['in']).some((c) => c.values.length === 2))
      out.push('the change (two quarters compared)');
    return out;
  }
  const grain = plan.dimension && TIME_GRAINS.has(plan.dimension);
  const firsts = plan.measure === 'first_postcodes' || plan.measure === 'first_premises';
  if (CHANGE_MEASURES.has(plan.measure) || firsts) {
    if (t.from) out.push(...date(t.from));
    if (t.to && !firsts) out.push(...date(t.to));
    return out;
  }
  if (grain) return seriesMissing(plan, e, time);
  // A first date is read over every snapshot or forecast point: no date of the plan narrows it.
  if (plan.measure === 'first_date') return out;
  // A window on a level ("now vs 2 years ago", "between Dec 2026 and Dec 2028") is a time the SQL must use too.
  const window = [t.from, t.to].filter((d): d is string => d !== undefined);
  if (window.some((d) => !dates.has(d))) out.push(`the window ("${window.join(' to ')}")`);
  const scores = plan.measure === 'avg_attractiveness' || plan.measure === 'avg_deprivation';
  if (plan.dataset === 'upc_forecast' && !(scores && Object.keys(plan.subject).length === 0) && !t.from)
    out.push(...date(t.at ?? time.forecastLast));
  else if (plan.dataset !== 'upc_forecast' && t.at && t.at !== time.latest) out.push(...date(t.at));
  return out;
}

/**
 * A series starts and ends where the plan says, to within one point of its grain ("every March since 2022" starts
 * at March 2022 though the plan's range starts in January), within the dates the data holds.
 */
function seriesMissing(plan: Plan, e: Evidence, time: TimeContext): string[] {
  const t = plan.time;
  const dates = [...e.facts.dates].sort();
  const [first, last] =
    plan.dataset === 'upc_forecast' ? [time.forecastFirst, time.forecastLast] : [time.earliest, time.latest];
  const out: string[] = [];
  const earliest = dates[0];
  const latest = dates[dates.length - 1];
  if (t.seriesFrom && t.seriesFrom >= first && t.seriesFrom <= last) {
    const from = t.seriesFrom;
    const firstPoint = dates.some((d) => d >= from && d < addMonths(from, 12));
    // A flow also reads the point before the first, to say what the first one added.
    if (!firstPoint || (!plan.flow && earliest !== undefined && earliest < from))
      out.push(`the start of the series ("${from}")`);
  }
  if (t.seriesTo && t.seriesTo <= last && t.seriesTo >= first) {
    // A series "plus the latest" ends at the latest snapshot, its last regular point before it.
    const lastPoint = t.withLatest ? dates.filter((d) => d <= t.seriesTo!).at(-1) : latest;
    if (t.withLatest && !dates.includes(time.latest)) out.push(`the latest snapshot ("${time.latest}")`);
    if (!lastPoint || lastPoint > t.seriesTo || lastPoint <= addMonths(t.seriesTo, -12))
      out.push(`the end of the series ("${t.seriesTo}")`);
  }
  return out;
}

function takeUpMissing(plan: Plan, e: Evidence): string[] {
  const t = plan.takeUp;
  if (!t || plan.dataset !== 'take_up') return [];
  const out: string[] = [];
  for (const operator of t.operators ?? [])
    if (!e.equals(['operator'], operator)) out.push(`the take-up operator ("${operator}")`);
  for (const tech of [...(t.tech ? [t.tech] : []), ...(t.techs ?? [])])
    if (!e.equals(['tech'], tech)) out.push(`the take-up technology ("${tech}")`);
  if (t.segment && !e.equals(['segment'], t.segment)) out.push(`the segment ("${t.segment}")`);
  if (t.shareOf) {
    const of = t.shareOf.startsWith('tech:')
      ? e.equals(['tech'], t.shareOf.slice(5))
      : e.equals(['operator'], t.shareOf);
    if (!of || !e.facts.arithmetic.has('/'))
      out.push(`the share of lines ("${t.shareOf.replace('tech:', '')}")`);
  }
  if (t.rankByChange && plan.dimension && e.facts.orderings[0]?.[0]?.target !== 'change_lines')
    out.push('the ranking by the change in lines');
  return out;
}

function placeTestMissing(plan: Plan, e: Evidence): string[] {
  const filter = plan.groupFilter;
  if (!filter) return [];
  const out: string[] = [];
  const op = GROUP_OPS[filter.op];
  // A count test is on whichever count column the per-place query names (premises_passed, premises_below_uso, ...).
  const tested =
    filter.on === 'count'
      ? e.facts.comparisons
          .map((c) => c.target)
          .filter((t) => /^(?:premises|postcodes|business_sites|networks$|altnets$)/.test(t))
      : ['coverage_pct', 'share_exact_pct'];
  if (!e.number(tested, [op], (n) => n === filter.value))
    out.push(`the place test ("${describeGroupFilter(filter)}")`);
  if (plan.countGroups && !(e.facts.outputs.length === 1 && e.aggregates(['count_star', 'count'])))
    out.push('the count of places');
  return out;
}
