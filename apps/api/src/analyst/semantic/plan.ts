/**
 * The built-in analyst's understanding of a question, before any SQL is written. Every question it can
 * answer is a measure of a "subject" (which networks or technologies must be present in a postcode),
 * grouped by a dimension, filtered to a place, at a time or over a window, optionally ranked. Keeping this
 * explicit is what lets the analyst explain its SQL and describe its result without inventing anything.
 */
import type { Dataset } from '@qa/contracts';
import {
  DIMENSION_IDS,
  DIMENSION_LIST,
  type FULL_FIBRE,
  MEASURE_IDS,
  PLACE_COLUMNS as MODEL_PLACE_COLUMNS,
  type PlaceColumn,
  TECHS,
  type Tech,
} from '@qa/warehouse';

export type { Dataset };

// The plan's vocabulary is the semantic model's (@qa/warehouse, semantic/): its place levels, dimensions,
// technologies and measures, so a term added there is a term the plan can carry.

/** The place columns of upc_output, from the nation down to the unit postcode. */
export const GEO_COLUMNS = MODEL_PLACE_COLUMNS;
export type GeoColumn = PlaceColumn;

export const DIMENSIONS = DIMENSION_IDS;
export type Dimension = (typeof DIMENSIONS)[number];

/** Technologies as the data names them (fact_operator.tech). */
export { TECHS, type Tech };

/** The place columns of a postcode (upc_output): every postcode is in exactly one of each. */
export const PLACE_COLUMNS: ReadonlySet<Dimension> = new Set<Dimension>(GEO_COLUMNS);

/** The dimensions that are places (a row per area): they can be filtered to a place and drawn on a map. */
export const GEO_DIMENSIONS: ReadonlySet<Dimension> = new Set<Dimension>(
  DIMENSION_LIST.filter((d) => d.kind === 'place' || d.kind === 'class').map((d) => d.id),
);

/** The time grains of a series. */
export const TIME_DIMENSIONS: ReadonlySet<Dimension> = new Set<Dimension>(
  DIMENSION_LIST.filter((d) => d.kind === 'time').map((d) => d.id),
);

/** The dimensions of networks and technologies (a row per network, operator or technology). */
export const NETWORK_DIMENSIONS: ReadonlySet<Dimension> = new Set<Dimension>(
  DIMENSION_LIST.filter((d) => d.kind === 'network' || d.kind === 'technology').map((d) => d.id),
);

/** What must be present in a postcode for it to count. */
export interface Subject {
  tech?: Tech;
  gigabit?: boolean;
  /** Reported operator names (fact_operator.operator), already resolved from the question. */
  operators?: string[];
  /** Operator groups (networks): Openreach, Virgin Media, CityFibre, ... */
  operatorGroups?: string[];
  /** Networks left out ("other than Openreach", "excluding Virgin Media"): the rows of every other network. */
  notGroups?: string[];
  /** All of these groups must be present (overlap / head-to-head questions). */
  allGroups?: string[];
  /** A technology bound to one named network ("Openreach full fibre and Virgin Media"). */
  groupTech?: Record<string, Tech>;
  altnet?: boolean;
  /** Postcodes with at least / exactly this many distinct networks (operator groups) of the subject kind. */
  minNetworks?: number;
  exactNetworks?: number;
  /** Count distinct altnets rather than networks. */
  networksAreAltnets?: boolean;
  /** Negation: postcodes WITHOUT the subject. */
  absent?: boolean;
  /** Postcodes whose only technology is this one. */
  onlyTech?: 'adsl' | 'fttc' | 'fwa';
  /** Postcodes whose best download speed is below this (Mbit/s). */
  bestDownBelow?: number;
  /** A download speed of at least this (Mbit/s) on offer ("2Gbps+"). */
  minDown?: number;
  /** An upload speed of at least this (Mbit/s) on offer ("100Mbps+ upload"): a row with fastest_up >= minUp. */
  minUp?: number;
  /** Postcodes where this group is the only one offering the subject (e.g. the only gigabit option). */
  soleGroup?: string;
  /** Gigabit both ways: fastest_up >= 1000 as well. */
  symmetric?: boolean;
  /** Present, but WITHOUT this ("FWA premises with no full fibre"). */
  exclude?: {
    tech?: typeof FULL_FIBRE;
    gigabit?: boolean;
    /** A download tier lacking: "superfast but not ultrafast" excludes 300 Mbit/s or more. */
    minDown?: number;
    /** A network lacking: "CityFibre but no Openreach FTTP" excludes Openreach (with its technology, if named). */
    operatorGroups?: string[];
  };
  /**
   * Below the USO (the semantic model's segment): no service at the postcode offers the USO's 10 Mbit/s down and
   * 1 Mbit/s up; postcodes with no service count.
   */
  belowUso?: boolean;
  /**
   * A test on the postcode's score in the latest quarter ("a digital deprivation score of 0.7 or higher", "scoring
   * 0.8+ on attractiveness"): scores run from 0 to 1.
   */
  score?: { of: 'deprivation' | 'attractiveness'; op: 'gt' | 'gte' | 'lt' | 'lte'; value: number };
}

/** Statistics of the places' figures (placeStats). */
export const PLACE_STATS = ['min', 'p10', 'p25', 'median', 'mean', 'p75', 'p90', 'max'] as const;
export type PlaceStat = (typeof PLACE_STATS)[number];

export const MEASURES = MEASURE_IDS;
export type Measure = (typeof MEASURES)[number];

export interface TimeSpec {
  /** Snapshot date for a point-in-time answer ('YYYY-MM-DD'). */
  at?: string;
  /** Window for change measures: from -> to. */
  from?: string;
  to?: string;
  /** For series dimensions: inclusive bounds. */
  seriesFrom?: string;
  seriesTo?: string;
  /** take_up: a quarter label ('2025Q3') or the latest N quarters. */
  quarter?: string;
  quarterYear?: number;
  lastQuarters?: number;
  /** Yearly series at this month (1-12; default December), e.g. "each January". */
  seriesMonth?: number;
  /** Quarterly series of this quarter only (1-4), e.g. "each Q4". */
  quarterNumber?: number;
  /** A half-yearly series at these two months (1-12) rather than June and December ("the Jan and Jul snapshots"). */
  seriesMonths?: number[];
  /** A series that also shows the latest snapshot after its last point ("each January, plus the latest"). */
  withLatest?: boolean;
  /** A series of only these points, listed in the question ("at the end of 2026, 2028 and 2030"), ascending. */
  points?: string[];
  /** How the time was expressed, for the explanation ("in the last 6 months"). */
  phrase?: string;
}

export interface GeoFilter {
  column: GeoColumn;
  values: string[];
  /** How the place was named when it stands for several values (a county). */
  label?: string;
  /** Every place but these (the compiler's "rest of the UK"; never read from a question). */
  not?: boolean;
}

export interface Plan {
  dataset: Dataset;
  measure: Measure;
  subject: Subject;
  /**
   * Further subjects measured as `subject` is, in columns side by side ("full fibre and gigabit coverage by
   * region", "CityFibre vs Openreach full fibre premises"): the same measure, place, grouping and time for each.
   */
  compare?: Subject[];
  /**
   * Further figures of other kinds asked in the same question ("how many altnets operate in Wales, and how many
   * premises do they pass?"): each a whole plan of its own, answered as it would be alone, its columns beside this
   * plan's in one table (compile/alongside.ts).
   */
  alongside?: Plan[];
  /**
   * The base of a share ("where Virgin Media cable is available, what share also have Openreach full fibre",
   * "of the premises an altnet passes, what % have no Openreach FTTP"): with measure coverage_pct, the share of the
   * premises where this is present that also have `subject`.
   */
  within?: Subject;
  /**
   * With measure coverage_pct: the share of the subject's own premises that lie in the place or class asked
   * ("what share of CityFibre's footprint is rural", "what % of Openreach FTTP premises are in Scotland"): the
   * premises there over all the subject's premises, rather than the place's premises covered.
   */
  footprintShare?: boolean;
  dimension?: Dimension;
  geo?: GeoFilter;
  urbanRural?: 'urban' | 'rural';
  time: TimeSpec;
  /** "Who leads in each region": the top network per value of `dimension`. */
  leaderPerDimension?: boolean;
  /**
   * Group-wise ranking: with a place `dimension`, `order` and `limit`, the places are ranked within each place of
   * this coarser level and the first `limit` of each are kept ("for each region, which local authority has the
   * lowest full-fibre coverage": dimension la_name, rankWithin government_region, order asc, limit 1).
   */
  rankWithin?: GeoColumn;
  /**
   * With a place `dimension` and `order`: every place of that level (within `geo`, the peers, when set) is ranked by
   * the measure, and only these are kept, each with its position and how many were ranked ("where does Cardiff rank
   * among Welsh councils for full fibre": dimension la_name, geo Wales, rankOf ['Cardiff']).
   */
  rankOf?: string[];
  /**
   * With a place `dimension`: one row of statistics over the places' figures, each place counted once whatever its
   * size ("the median local authority's full fibre coverage", "mean and median LA gigabit coverage in Wales").
   */
  placeStats?: PlaceStat[];
  /**
   * With measure coverage_pct: the share in urban and in rural areas and the gap between them in points (urban
   * minus rural), one row, or one row per place of `dimension` ("how wide is the urban-rural gap in full fibre in
   * each nation, widest first").
   */
  urbanRuralGap?: boolean;
  /**
   * With a place `dimension`: how many places fall in each band of this width of the measure ("local authorities by
   * gigabit coverage in 10% bands": 10), a row per band from the lowest.
   */
  placeBands?: number;
  /**
   * With a place `dimension`, `order` and `limit`: the places are ranked by their own size (all their premises),
   * and the measure is shown for each ("Virgin Media's coverage in the ten largest local authorities").
   */
  rankBySize?: boolean;
  /**
   * With a change measure ranked: the rows ranked by the level at the later date, the change shown beside it ("top
   * 5 altnets by premises passed and their yoy growth").
   */
  rankByLevel?: boolean;
  /**
   * With a change in premises or postcodes ranked: the rows ranked by the change as a per cent of the earlier level,
   * not by the change itself ("the 5 altnets with the fastest YoY % growth in premises passed").
   */
  rankByGrowth?: boolean;
  /** With leaderPerDimension: the network at this place in each place's ranking ("the no. 2 network in each nation"). */
  leaderPosition?: number;
  /** With withUk and a share: each place's share less the UK's, in points, a column of every row ("and the gap"). */
  ukGap?: boolean;
  /** With a place `dimension`: each place's rows split into urban and rural ("urban vs rural FF in each nation"). */
  splitUrbanRural?: boolean;
  /**
   * With measure place_count and a network dimension: the place level counted ("which 5 altnets are present in the
   * most local authorities": la_name).
   */
  placeLevel?: GeoColumn;
  /**
   * Take-up lines only: a second grouping beside `dimension`, a row for each pair ("lines by operator x segment",
   * "total lines by quarter and technology").
   */
  thenBy?: Dimension;
  /** With dimension `networks`: the last band holds this many networks or more ("0, 1, 2, 3 or more"). */
  topBand?: number;
  /** With dimension `networks`: the bands start at one network ("1, 2, 3, 4+"): premises with none are left out. */
  bandsFromOne?: boolean;
  /**
   * The places named, a row each, and the UK as a whole as one more row ("FF coverage in Wales, and how does that
   * compare with the UK as a whole"): the place's figures beside the national ones, computed the same way.
   */
  withUk?: boolean;
  /**
   * With `withUk`: the other row is the rest of the UK, the UK less the places named ("Scotland versus the rest of
   * the UK"), labelled "Rest of the UK".
   */
  ukRest?: boolean;
  /**
   * With dimension `speed_band`: the question's own cut points in Mbit/s, ascending ("under 30, 30-300, 300+":
   * [30, 300]); each band runs from one cut to the next. Unset: the model's bands (the USO, superfast, ...).
   */
  bandCuts?: number[];
  /** "New full-fibre premises month by month": each point is what was added since the previous one. */
  flow?: boolean;
  /**
   * With `flow`: each point's addition also as a % of the level before it ("w/ YoY growth %"); with a change in points
   * between two dates, the premises' % growth beside it ("now vs Nov-25, YoY growth % and share").
   */
  growthPct?: boolean;
  /** take_up filters. */
  takeUp?: {
    operators?: string[];
    tech?: string;
    techs?: string[];
    segment?: 'residential' | 'business';
    shareOf?: string;
    /** Lines change: year on year (default) or quarter on quarter; rank by the change in lines. */
    change?: 'yoy' | 'qoq';
    rankByChange?: boolean;
    /** lines_change_pct between two named quarters ("ADSL lines, 2021Q4 vs 2026Q4"): the earlier one ('2021Q4'). */
    fromQuarter?: string;
  };
  /**
   * Keep only the places whose measure passes this test ("local authorities under 70% gigabit"); with
   * `countGroups`, answer with how many places pass it ("how many regions are below 85% FTTP") as one figure.
   */
  groupFilter?: {
    op: 'gt' | 'gte' | 'lt' | 'lte';
    value: number;
    /**
     * What is tested: the place's share (the default, a percentage), or its count of the plan's measure ("postcode
     * areas with over 500 premises below the USO": the premises counted, above 500).
     */
    on?: 'share' | 'count';
  };
  countGroups?: boolean;
  order?: 'asc' | 'desc';
  limit?: number;
  /** Words the analyst understood, for the explanation and the confidence. */
  notes: string[];
  /** Phrases it could not place; lowers confidence. */
  unknowns: string[];
  /** Ambiguities it resolved by a default; lowers confidence a little and is said in the analysis. */
  assumptions: string[];
}

/**
 * Whether every place of `fine` lies in exactly one place of `coarse`, so places can be ranked within it: local
 * authorities nest in regions and nations, post sectors in districts and areas, a unit postcode in every level.
 * Postcode areas and districts cross local authority boundaries, so they do not nest in them.
 */
export function nestsIn(fine: GeoColumn, coarse: GeoColumn): boolean {
  const rank = (c: GeoColumn) => GEO_COLUMNS.indexOf(c);
  if (rank(fine) <= rank(coarse)) return false;
  if (fine === 'postcode') return true;
  const wholeLa = (c: GeoColumn) => LA_LEVELS.has(c);
  return wholeLa(fine) ? wholeLa(coarse) : !wholeLa(coarse);
}

/** The place levels made of whole local authorities (the rest are postcode geography). */
const LA_LEVELS: ReadonlySet<GeoColumn> = new Set(
  DIMENSION_LIST.filter((d) => d.kind === 'place' && 'wholeLocalAuthorities' in d).map(
    (d) => d.id as GeoColumn,
  ),
);

/** The score columns of postcode_attractiveness, by the name a plan's score test gives them. */
export const SCORE_COLUMNS = {
  deprivation: 'digital_deprivation',
  attractiveness: 'general_attractiveness',
} as const;

/** A comparison in words, for the tests a plan holds (on a place's share or count, on a postcode's score). */
export const COMPARISON_WORDS = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' } as const;

/** A place test in words: "above 90%", "at most 50%". */
export function describeGroupFilter(filter: NonNullable<Plan['groupFilter']>): string {
  const words = COMPARISON_WORDS[filter.op];
  if (filter.on === 'count') return `${words} ${Number(filter.value.toFixed(2)).toLocaleString('en-GB')}`;
  return `${words} ${Number(filter.value.toFixed(2))}%`;
}
