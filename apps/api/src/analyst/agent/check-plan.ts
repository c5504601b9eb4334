/**
 * Checks a plan that came from outside the built-in analyst (a language model's structured output) before it is
 * compiled: its shape (the zod schema), every name against the data (networks, operators and places resolve to
 * the values the warehouse holds, through the question's resolved names or the lexicon), the combinations the
 * compiler supports, and dates inside the warehouse's range. A valid plan comes back with its names in the
 * data's spelling; an invalid one with errors written for the model to correct.
 */
import { FULL_FIBRE, MEASURE_LIST } from '@qa/warehouse';
import type { Lexicon } from '../reading/lexicon.js';
import type { TimeContext } from '../reading/time-phrases.js';
import { PLACE_COLUMNS, type Plan, TIME_DIMENSIONS } from '../semantic/plan.js';
import { planSchema, type SemanticPlan } from '../semantic/plan-schema.js';
import type { ResolvedEntity } from './planner.js';

export interface PlanCheckContext {
  lexicon: Lexicon;
  time: TimeContext;
  /** Names in the question already matched to the data. */
  entities: ResolvedEntity[];
}

export type PlanCheck = { ok: true; plan: Plan } | { ok: false; errors: string[] };

/** The measures each dataset can answer, as the semantic model declares them. */
const measuresOf = (dataset: 'take_up' | 'upc_forecast') =>
  new Set<string>(
    MEASURE_LIST.filter((m) => (m.datasets as readonly string[]).includes(dataset)).map((m) => m.id),
  );
const TAKE_UP_MEASURES = measuresOf('take_up');
const FORECAST_MEASURES = measuresOf('upc_forecast');
const CHANGE_MEASURES = new Set(['change_premises', 'change_pp', 'change_postcodes']);
/** Scores of the places forecast to be reached keep their subject. */
const SCORE_MEASURES = new Set<string>(MEASURE_LIST.filter((m) => m.unit === 'score').map((m) => m.id));

/** Drops nulls (strict structured output writes an absent field as null) so the plan reads as optional fields. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

export function checkPlan(raw: unknown, context: PlanCheckContext): PlanCheck {
  const parsed = planSchema.safeParse(withoutNulls(raw));
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'plan'}: ${issue.message}`),
    };
  }
  const errors: string[] = [];
  const plan = resolveNames(parsed.data, context, errors);
  checkCombinations(plan, errors);
  checkDates(plan, context.time, errors);
  if (errors.length) return { ok: false, errors };
  if (plan.dataset === 'upc_forecast' && !SCORE_MEASURES.has(plan.measure)) {
    // The forecast is of full fibre: the technology is implied, as the built-in analyst reads it.
    const { tech: _tech, gigabit: _gigabit, ...subject } = plan.subject;
    return { ok: true, plan: { ...plan, subject, notes: [], unknowns: [], assumptions: [] } };
  }
  return { ok: true, plan: { ...plan, notes: [], unknowns: [], assumptions: [] } };
}

type NameKind = 'network' | 'operator' | 'take_up_operator' | 'la_name' | 'government_region' | 'country';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

class NameResolver {
  constructor(
    private readonly context: PlanCheckContext,
    private readonly errors: string[],
  ) {}

  private known(kind: NameKind): readonly string[] {
    const { lexicon } = this.context;
    switch (kind) {
      case 'network':
        return lexicon.groups;
      case 'operator':
        return lexicon.operators.map((o) => o.operator);
      case 'take_up_operator':
        return lexicon.takeUpOperators;
      case 'la_name':
        return lexicon.localAuthorities.map((l) => l.la_name);
      case 'government_region':
        return lexicon.regions;
      case 'country':
        return lexicon.countries;
    }
  }

  /** The data's values for a name: an exact value, a name the question resolved, or the lexicon's reading. */
  resolve(kind: NameKind, name: string): string[] {
    const known = this.known(kind);
    const exact = known.find((value) => same(value, name));
    if (exact) return [exact];
    const fromQuestion = this.context.entities.find(
      (e) => same(e.text, name) && e.values.every((v) => known.includes(v)),
    );
    if (fromQuestion) return fromQuestion.values;
    const read = this.context.lexicon.find(name).filter((m) => same(m.text, name));
    for (const { entity } of read) {
      const values =
        entity.kind === 'group'
          ? [entity.group]
          : entity.kind === 'operator'
            ? [entity.operator]
            : entity.kind === 'la'
              ? [entity.name]
              : entity.kind === 'county'
                ? entity.laNames
                : entity.kind === 'region'
                  ? entity.names
                  : entity.kind === 'country'
                    ? [entity.name]
                    : [];
      if (values.length && values.every((v) => known.includes(v))) return values;
    }
    this.errors.push(`unknown ${kind.replace(/_/g, ' ')} "${name}": ${this.hint(kind, known)}`);
    return [name];
  }

  resolveAll(kind: NameKind, names: string[] | undefined): string[] | undefined {
    return names ? [...new Set(names.flatMap((name) => this.resolve(kind, name)))] : undefined;
  }

  private hint(kind: NameKind, known: readonly string[]): string {
    if (
      kind === 'network' ||
      kind === 'government_region' ||
      kind === 'country' ||
      kind === 'take_up_operator'
    )
      return `use one of ${known.join(', ')}`;
    return 'use a name exactly as the data holds it (see "Names found in the question")';
  }
}

function resolveNames(plan: SemanticPlan, context: PlanCheckContext, errors: string[]): SemanticPlan {
  const names = new NameResolver(context, errors);
  const s = plan.subject;
  const subject = {
    ...s,
    ...(s.operatorGroups ? { operatorGroups: names.resolveAll('network', s.operatorGroups) } : {}),
    ...(s.allGroups ? { allGroups: names.resolveAll('network', s.allGroups) } : {}),
    ...(s.operators ? { operators: names.resolveAll('operator', s.operators) } : {}),
    ...(s.soleGroup ? { soleGroup: names.resolve('network', s.soleGroup)[0] } : {}),
    ...(s.groupTech
      ? {
          groupTech: Object.fromEntries(
            Object.entries(s.groupTech).map(([group, tech]) => [names.resolve('network', group)[0], tech]),
          ),
        }
      : {}),
  };
  const takeUp = plan.takeUp?.operators
    ? { ...plan.takeUp, operators: names.resolveAll('take_up_operator', plan.takeUp.operators) }
    : plan.takeUp;
  return {
    ...plan,
    subject,
    ...(takeUp ? { takeUp } : {}),
    ...(plan.geo ? { geo: resolveGeo(plan.geo, names, context, errors) } : {}),
  };
}

function resolveGeo(
  geo: NonNullable<SemanticPlan['geo']>,
  names: NameResolver,
  context: PlanCheckContext,
  errors: string[],
): NonNullable<SemanticPlan['geo']> {
  switch (geo.column) {
    case 'la_name':
    case 'government_region':
    case 'country': {
      const values = [...new Set(geo.values.flatMap((v) => names.resolve(geo.column as NameKind, v)))];
      // One name standing for several values (a county, "the North") is kept as the place's label.
      const [only] = geo.values;
      const label = geo.label ?? (geo.values.length === 1 && values.length > 1 ? only : undefined);
      return { ...geo, values, ...(label ? { label } : {}) };
    }
    case 'postcode_area': {
      const values = geo.values.map((v) => v.trim().toUpperCase());
      for (const value of values) {
        if (!context.lexicon.postcodeAreas.has(value)) errors.push(`unknown postcode area "${value}"`);
      }
      return { ...geo, values };
    }
    case 'postcode_district':
    case 'post_sector':
    case 'postcode': {
      const column = geo.column as keyof typeof POSTCODE_SHAPES;
      const values = geo.values.map((v) => normalisePostcodePart(v, column));
      const shape = POSTCODE_SHAPES[column];
      for (const value of values) {
        const area = /^[A-Z]{1,2}/.exec(value)?.[0] ?? '';
        if (!shape.test(value) || !context.lexicon.postcodeAreas.has(area))
          errors.push(`unknown ${geo.column.replace(/_/g, ' ')} "${value}"`);
      }
      return { ...geo, values };
    }
  }
}

/** How a postcode district, a post sector and a unit postcode are written (upper case, one space). */
const POSTCODE_SHAPES = {
  postcode_district: /^[A-Z]{1,2}\d[A-Z\d]?$/,
  post_sector: /^[A-Z]{1,2}\d[A-Z\d]? \d$/,
  postcode: /^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/,
} as const;

/** Upper case with the data's one space: "ls14ap" -> "LS1 4AP", "ls1  4" -> "LS1 4", " ls1" -> "LS1". */
function normalisePostcodePart(value: string, column: keyof typeof POSTCODE_SHAPES): string {
  const text = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (column === 'postcode') {
    const unit = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})$/.exec(text);
    return unit ? `${unit[1]} ${unit[2]}` : text;
  }
  return text;
}

/** Dataset, measure and dimension combinations the compiler supports. */
function checkCombinations(plan: SemanticPlan, errors: string[]): void {
  const { dataset, measure, dimension, subject: s } = plan;
  if (dataset === 'take_up' && !TAKE_UP_MEASURES.has(measure))
    errors.push(`measure ${measure} is not available on take_up (use ${[...TAKE_UP_MEASURES].join(', ')})`);
  if (dataset !== 'take_up' && measure.startsWith('line'))
    errors.push(`measure ${measure} needs dataset take_up`);
  if (dataset !== 'take_up' && (plan.takeUp || dimension === 'segment'))
    errors.push('takeUp filters and the segment dimension need dataset take_up');
  if (dataset === 'upc_forecast') {
    if (!FORECAST_MEASURES.has(measure)) errors.push(`measure ${measure} is not available on upc_forecast`);
    if (s.tech && s.tech !== FULL_FIBRE)
      errors.push(`upc_forecast holds full fibre only: subject.tech must be ${FULL_FIBRE} or null`);
    if (dimension === 'month' || dimension === 'quarter')
      errors.push('upc_forecast points are half-yearly: use dimension half_year or year');
  }
  if (CHANGE_MEASURES.has(measure) && (!plan.time.from || !plan.time.to))
    errors.push(`measure ${measure} needs time.from and time.to`);
  if (plan.time.from && plan.time.to && plan.time.from >= plan.time.to)
    errors.push('time.from must be before time.to');
  if (plan.leaderPerDimension && !dimension) errors.push('leaderPerDimension needs a dimension');
  if (plan.groupFilter && !(dimension && PLACE_COLUMNS.has(dimension) && plan.dataset === 'upc'))
    errors.push('groupFilter needs dataset upc and a geography dimension (the places it keeps or counts)');
  if (plan.countGroups && !plan.groupFilter)
    errors.push('countGroups needs a groupFilter (the test the places pass)');
  if (plan.flow && !(dimension && TIME_DIMENSIONS.has(dimension))) errors.push('flow needs a time dimension');
  if (plan.rankBySize && !(dimension && PLACE_COLUMNS.has(dimension) && plan.limit && plan.dataset === 'upc'))
    errors.push('rankBySize needs dataset upc, a geography dimension and a limit (the largest N places)');
  if (plan.topBand && dimension !== 'networks') errors.push('topBand needs dimension networks');
  if (plan.bandsFromOne && dimension !== 'networks') errors.push('bandsFromOne needs dimension networks');
  if (plan.withUk && !plan.geo) errors.push('withUk needs geo: the places set beside the UK');
  if (plan.leaderPosition && !plan.leaderPerDimension) errors.push('leaderPosition needs leaderPerDimension');
  if (plan.ukGap && !(plan.withUk && plan.measure === 'coverage_pct'))
    errors.push('ukGap needs withUk and measure coverage_pct');
  if (plan.rankByGrowth && !['change_premises', 'change_postcodes'].includes(plan.measure))
    errors.push('rankByGrowth needs a change in premises or postcodes');
  if (plan.rankByLevel && !['change_premises', 'change_postcodes'].includes(plan.measure))
    errors.push('rankByLevel needs a change in premises or postcodes');
  if (plan.splitUrbanRural && !(dimension && PLACE_COLUMNS.has(dimension) && dimension !== 'urban_rural'))
    errors.push('splitUrbanRural needs a geography dimension other than urban_rural');
  if (plan.time.withLatest && !(dimension && TIME_DIMENSIONS.has(dimension)))
    errors.push('time.withLatest needs a time dimension (a series)');
  if (s.minNetworks && s.exactNetworks) errors.push('subject: give minNetworks or exactNetworks, not both');
  if (s.networksAreAltnets && !s.minNetworks && !s.exactNetworks)
    errors.push('subject.networksAreAltnets needs minNetworks or exactNetworks');
}

function checkDates(plan: SemanticPlan, time: TimeContext, errors: string[]): void {
  const t = plan.time;
  const [first, last] =
    plan.dataset === 'upc_forecast'
      ? [time.forecastFirst < time.earliest ? time.forecastFirst : time.earliest, time.forecastLast]
      : [time.earliest, time.latest];
  for (const key of ['at', 'from', 'to', 'seriesFrom', 'seriesTo'] as const) {
    const value = t[key];
    if (!value) continue;
    if (value < first || value > last)
      errors.push(`time.${key} ${value} is outside the data (${first} to ${last})`);
    else if (plan.dataset === 'upc' && !value.endsWith('-01') && key !== 'seriesTo')
      errors.push(`time.${key} ${value}: snapshots are on the 1st of each month`);
  }
  if (t.quarter && t.quarter > time.latestQuarter)
    errors.push(`time.quarter ${t.quarter} is after the latest take-up quarter (${time.latestQuarter})`);
}
