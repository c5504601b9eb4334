/**
 * The semantic query as a zod schema: the same plan the built-in analyst reads a question into (`Plan` in
 * builtin/plan.ts), documented field by field. The LLM planner returns it through structured output, and the
 * system prompt renders its grammar from these descriptions. The type check at the end of this file fails the
 * build when the schema and `Plan` drift apart.
 */
import { datasetSchema } from '@qa/contracts';
import { FULL_FIBRE, MEASURE_LIST, SEGMENTS, segmentSql, TECHNOLOGY_SEGMENTS } from '@qa/warehouse';
import { z } from 'zod';
import { DIMENSIONS, GEO_COLUMNS, MEASURES, PLACE_STATS, type Plan, TECHS } from './plan.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD');
const techSchema = z.enum(TECHS);

/** What each measure computes (the semantic model's descriptions); the grammar shown to the model lists them. */
export const MEASURE_MEANINGS = Object.fromEntries(MEASURE_LIST.map((m) => [m.id, m.description])) as Record<
  (typeof MEASURES)[number],
  string
>;

export const subjectSchema = z
  .object({
    tech: techSchema
      .optional()
      .describe(
        `A technology that must be present: ${TECHNOLOGY_SEGMENTS.map((t) => `${t.tech} = ${t.label}`).join(', ')}`,
      ),
    gigabit: z
      .boolean()
      .optional()
      .describe(`${SEGMENTS.gigabit.title}: ${segmentSql('gigabit', 'row', { alias: '' })}`),
    operators: z
      .array(z.string())
      .optional()
      .describe('Reported operator names (fact_operator.operator), exactly as in the data'),
    operatorGroups: z
      .array(z.string())
      .optional()
      .describe(
        'Networks (operator groups) of which ANY must be present, exactly as in the data (Openreach, CityFibre, ...)',
      ),
    allGroups: z
      .array(z.string())
      .optional()
      .describe('Networks that must ALL be present in the same postcode (an intersection, head to head)'),
    groupTech: z
      .record(z.string(), techSchema)
      .optional()
      .describe('A technology bound to one named network (network -> technology)'),
    altnet: z
      .boolean()
      .optional()
      .describe('An alternative network (altnet, not Openreach or Virgin Media) is present'),
    minNetworks: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('At least this many distinct networks present'),
    exactNetworks: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Exactly this many distinct networks present'),
    networksAreAltnets: z
      .boolean()
      .optional()
      .describe('minNetworks / exactNetworks count altnets rather than all networks'),
    absent: z
      .boolean()
      .optional()
      .describe('Negation: postcodes WITHOUT the subject ("cannot get", "no network offers")'),
    onlyTech: z
      .enum(['adsl', 'fttc', 'fwa'])
      .optional()
      .describe('Postcodes whose only technology is this one'),
    bestDownBelow: z
      .number()
      .positive()
      .optional()
      .describe('Postcodes whose best download speed is below this many Mbit/s'),
    minDown: z
      .number()
      .positive()
      .optional()
      .describe(
        `A download speed of at least this many Mbit/s on offer (${[SEGMENTS.superfast, SEGMENTS.ultrafast].map((s) => `${s.label} = ${s.threshold.down}`).join(', ')})`,
      ),
    minUp: z
      .number()
      .positive()
      .optional()
      .describe('An upload speed of at least this many Mbit/s on offer (a row with fastest_up >= minUp)'),
    soleGroup: z
      .string()
      .optional()
      .describe('Postcodes where this network is the only one offering the subject'),
    symmetric: z
      .boolean()
      .optional()
      .describe('Gigabit both ways: an upload speed of 1000 Mbit/s or more as well'),
    notGroups: z
      .array(z.string())
      .optional()
      .describe('Networks left out ("other than Openreach"): only the rows of other networks count'),
    exclude: z
      .object({
        tech: z.literal(FULL_FIBRE).optional().describe('without full fibre'),
        gigabit: z.boolean().optional().describe('without gigabit-capable service'),
        minDown: z
          .number()
          .positive()
          .optional()
          .describe(
            'without a download speed of at least this (Mbit/s): "superfast but not ultrafast" is 300',
          ),
        operatorGroups: z
          .array(z.string())
          .optional()
          .describe(
            'without these networks (with the technology above, if any): "CityFibre but no Openreach FTTP"',
          ),
      })
      .optional()
      .describe('Present, but WITHOUT this ("FWA premises with no full fibre")'),
    belowUso: z
      .boolean()
      .optional()
      .describe(`${SEGMENTS.below_uso.title}: ${SEGMENTS.below_uso.definition}`),
    score: z
      .object({
        of: z.enum(['deprivation', 'attractiveness']),
        op: z.enum(['gt', 'gte', 'lt', 'lte']),
        value: z.number().min(0).max(1),
      })
      .optional()
      .describe(
        'A test on the postcode score of the latest quarter (0 to 1): digital_deprivation or general_attractiveness ("deprivation of 0.7 or higher")',
      ),
  })
  .describe(
    'Which postcodes count: what must (or, with absent, must not) be present. Empty = every postcode',
  );

export const timeSchema = z
  .object({
    at: isoDate
      .optional()
      .describe('Snapshot date of a point-in-time answer (a monthly snapshot, the 1st of a month)'),
    from: isoDate.optional().describe('Start of the window of a change measure'),
    to: isoDate.optional().describe('End of the window of a change measure'),
    seriesFrom: isoDate
      .optional()
      .describe('First date of a series (dimension month, quarter, half_year or year)'),
    seriesTo: isoDate.optional().describe('Last date of a series'),
    quarter: z
      .string()
      .regex(/^\d{4}Q[1-4]$/, 'a quarter written like 2025Q3')
      .optional()
      .describe('take_up: one quarter, written like 2025Q3'),
    quarterYear: z.number().int().optional().describe('take_up: every quarter of this year'),
    lastQuarters: z.number().int().positive().optional().describe('take_up: the latest N quarters'),
    seriesMonth: z
      .number()
      .int()
      .min(1)
      .max(12)
      .optional()
      .describe('A yearly series at this month (1-12), "each January"'),
    quarterNumber: z
      .number()
      .int()
      .min(1)
      .max(4)
      .optional()
      .describe('A quarterly series of this quarter only (1-4), "each Q4"'),
    seriesMonths: z
      .array(z.number().int().min(1).max(12))
      .length(2)
      .optional()
      .describe(
        'A half-yearly series at these two months rather than June and December, "the Jan and Jul snapshots"',
      ),
    withLatest: z
      .boolean()
      .optional()
      .describe(
        'A series that also shows the latest snapshot after its last point ("each January, plus the latest")',
      ),
    points: z
      .array(isoDate)
      .min(2)
      .optional()
      .describe('A series of only these dates, listed in the question ("at the end of 2026, 2028 and 2030")'),
    phrase: z.string().optional().describe('How the question said the time ("in the last 6 months")'),
  })
  .describe('When: a snapshot, a window for a change, a series, or take-up quarters');

export const geoSchema = z
  .object({
    column: z.enum(GEO_COLUMNS).describe('The geography column the place is a value of'),
    values: z.array(z.string()).min(1).describe('The place names exactly as in the data'),
    label: z
      .string()
      .optional()
      .describe('How the place was named when it stands for several values (a county)'),
    not: z
      .boolean()
      .optional()
      .describe(
        'Every place but these ("outside London"); the rest of the UK beside a place is withUk with ukRest',
      ),
  })
  .describe('The place filter');

export const takeUpSchema = z
  .object({
    operators: z.array(z.string()).optional().describe('take_up operators, exactly as in the data'),
    tech: z.string().optional().describe('One take_up technology'),
    techs: z.array(z.string()).optional().describe('Several take_up technologies'),
    segment: z.enum(['residential', 'business']).optional(),
    shareOf: z
      .string()
      .optional()
      .describe('Share of lines of one operator, or of one technology written tech:<name>'),
    change: z
      .enum(['yoy', 'qoq'])
      .optional()
      .describe('lines_change_pct: year on year (default) or quarter on quarter'),
    rankByChange: z.boolean().optional().describe('Rank by the change in lines'),
    fromQuarter: z
      .string()
      .regex(/^\d{4}Q[1-4]$/)
      .optional()
      .describe(
        'lines_change_pct between two named quarters: the earlier one ("2021Q4"); time.quarter is the later',
      ),
  })
  .describe('Filters of the take_up dataset');

export const planSchema = z.object({
  dataset: datasetSchema.describe(
    'upc = availability snapshots (monthly), upc_forecast = full-fibre forecast points (half-yearly), take_up = subscriber lines (quarterly)',
  ),
  measure: z.enum(MEASURES).describe('What is counted or computed'),
  subject: subjectSchema,
  compare: z
    .array(subjectSchema)
    .max(4)
    .optional()
    .describe(
      'Further subjects measured like `subject`, as columns side by side ("FTTP and gigabit coverage by region": subject full fibre, compare [gigabit]; "CityFibre vs Openreach premises": subject CityFibre, compare [Openreach]). Only with measure premises, postcodes, coverage_pct or a change of them',
    ),
  within: subjectSchema
    .optional()
    .describe(
      'The base of a share: with measure coverage_pct, the share of the premises where `within` is present that also have `subject` ("where Virgin Media cable is available, what share also have Openreach FTTP": within Virgin Media cable, subject Openreach full fibre)',
    ),
  dimension: z
    .enum(DIMENSIONS)
    .optional()
    .describe(
      'The grouping, one row per value: a geography, urban_rural, a network (operator_group) or operator, a technology, segment, a time grain for a series (month, quarter, half_year, year), or networks (how many networks each postcode has). None = one figure',
    ),
  geo: geoSchema.optional(),
  urbanRural: z.enum(['urban', 'rural']).optional().describe('Only urban or only rural postcodes'),
  time: timeSchema,
  footprintShare: z
    .boolean()
    .optional()
    .describe(
      "With coverage_pct: the share of the subject's own premises that lie in geo / urbanRural ('what share of CityFibre's footprint is rural')",
    ),
  leaderPerDimension: z
    .boolean()
    .optional()
    .describe('The top network in each value of the dimension ("who leads in each region")'),
  rankWithin: z
    .enum(GEO_COLUMNS)
    .optional()
    .describe(
      'With a place dimension, order and limit: rank the places within each place of this coarser level and keep the first `limit` of each ("for each region, which LA has the lowest FTTP coverage": dimension la_name, rankWithin government_region, order asc, limit 1)',
    ),
  rankOf: z
    .array(z.string().min(1))
    .min(1)
    .max(10)
    .optional()
    .describe(
      'With a place dimension and order: rank every place of that level (within geo, the peers, when set) and keep only these places, each with its rank and the number ranked ("where does Cardiff rank among Welsh councils for FTTP": dimension la_name, geo country Wales, order desc, rankOf ["Cardiff"])',
    ),
  placeStats: z
    .array(z.enum(PLACE_STATS))
    .min(1)
    .optional()
    .describe(
      'With a place dimension: one row of statistics over the places\' figures, each place counted once ("the median LA full fibre coverage": dimension la_name, placeStats ["median"])',
    ),
  thenBy: z
    .enum(DIMENSIONS)
    .optional()
    .describe(
      'Take-up lines only: a second grouping beside dimension, a row per pair ("lines by operator x segment": dimension operator, thenBy segment)',
    ),
  urbanRuralGap: z
    .boolean()
    .optional()
    .describe(
      'With measure coverage_pct: the urban share, the rural share and the gap (urban minus rural, in points), one row or one per place of the dimension ("urban-rural gap in FTTP by nation, widest first": dimension country, urbanRuralGap, order desc)',
    ),
  placeBands: z
    .number()
    .positive()
    .optional()
    .describe(
      'With a place dimension: how many places fall in each band of this width of the measure ("LAs by gigabit coverage in 10% bands": dimension la_name, placeBands 10)',
    ),
  rankBySize: z
    .boolean()
    .optional()
    .describe(
      'With a place dimension, order and limit: rank the places by their own premises (the largest N places) and show the measure for each ("VM coverage in the 10 largest LAs")',
    ),
  splitUrbanRural: z
    .boolean()
    .optional()
    .describe(
      'With a place dimension: a row for the urban and the rural part of each place ("urban vs rural FF in each nation")',
    ),
  placeLevel: z
    .enum(GEO_COLUMNS)
    .optional()
    .describe(
      'With measure place_count and dimension operator_group/operator: the place level counted per network ("which altnets are present in the most LAs": la_name)',
    ),
  rankByLevel: z
    .boolean()
    .optional()
    .describe(
      'With a change measure, order and limit: rank by the level at the later date and show the change beside it ("top 5 altnets by premises passed and their yoy growth")',
    ),
  leaderPosition: z
    .number()
    .int()
    .min(2)
    .max(10)
    .optional()
    .describe(
      'With leaderPerDimension: the network at this position in each place instead of the leader ("the no. 2 FF network in each nation": 2)',
    ),
  ukGap: z
    .boolean()
    .optional()
    .describe(
      'With withUk and measure coverage_pct: each place\'s share minus the UK\'s, in points, as a column ("NE vs UK and the gap in pts")',
    ),
  rankByGrowth: z
    .boolean()
    .optional()
    .describe(
      'With change_premises or change_postcodes, order and limit: rank by the change as a % of the earlier level ("top 5 altnets by YoY % growth in premises passed")',
    ),
  withUk: z
    .boolean()
    .optional()
    .describe(
      'With geo: the places named, a row each, and the UK as a whole as one more row labelled "United Kingdom" ("coverage in Wales compared with the UK as a whole")',
    ),
  ukRest: z
    .boolean()
    .optional()
    .describe(
      'With withUk: the other row is the rest of the UK (the UK less the places named), labelled "Rest of the UK" ("Scotland versus the rest of the UK")',
    ),
  bandsFromOne: z
    .boolean()
    .optional()
    .describe(
      'With dimension networks: the bands start at one network ("1, 2, 3, 4+"); premises with none are left out',
    ),
  topBand: z
    .number()
    .int()
    .min(1)
    .max(10)
    .optional()
    .describe(
      'With dimension networks: the last band holds this many networks or more ("0, 1, 2, 3 or more": 3)',
    ),
  bandCuts: z
    .array(z.number().positive().max(100_000))
    .min(1)
    .max(8)
    .optional()
    .describe(
      'With dimension speed_band: the cut points in Mbit/s the question gives, ascending ("under 30, 30-300, 300+": [30, 300])',
    ),
  flow: z.boolean().optional().describe('A series where each point is what was added since the previous one'),
  growthPct: z
    .boolean()
    .optional()
    .describe('With flow: each point\'s addition also as a % of the level before it ("with YoY growth %")'),
  takeUp: takeUpSchema.optional(),
  groupFilter: z
    .object({
      op: z.enum(['gt', 'gte', 'lt', 'lte']),
      value: z
        .number()
        .min(0)
        .describe(
          'A percentage (50 for "more than half"), or with on "count" a number of premises or postcodes',
        ),
      on: z
        .enum(['share', 'count'])
        .optional()
        .describe('What is tested: the share (default), or the count of the measure ("over 500 premises")'),
    })
    .refine((f) => f.on === 'count' || f.value <= 100, 'A share is a percentage, at most 100')
    .optional()
    .describe(
      'Keep only the places (dimension: a geography) whose coverage_pct passes this test ("LAs under 70% gigabit")',
    ),
  countGroups: z
    .boolean()
    .optional()
    .describe(
      'With groupFilter: answer how many places pass it, as one figure ("how many regions are below 85% FTTP")',
    ),
  order: z.enum(['asc', 'desc']).optional().describe('Ranking by the measure: desc = most first'),
  limit: z.number().int().positive().optional().describe('How many rows a ranking keeps ("top 5")'),
});

/** The semantic query: a Plan without the reading's own bookkeeping (notes, unknowns, assumptions). */
export type SemanticPlan = z.infer<typeof planSchema>;

// The schema and the Plan type must describe the same thing: this fails to compile when they drift.
type Normalise<T> = T extends readonly (infer U)[]
  ? Normalise<U>[]
  : T extends object
    ? { [K in keyof T]-?: Normalise<Exclude<T[K], undefined>> | (undefined extends T[K] ? undefined : never) }
    : T;
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const schemaMatchesPlan: Same<
  Normalise<SemanticPlan>,
  // `alongside` (several figures in one question) is the built-in reader's: a model plans one figure per plan.
  Normalise<Omit<Plan, 'notes' | 'unknowns' | 'assumptions' | 'alongside'>>
> = true;
void schemaMatchesPlan;
