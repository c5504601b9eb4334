/**
 * The built-in analyst's understanding of a question, before any SQL is written. Every question it can
 * answer is a measure of a "subject" (which networks or technologies must be present in a postcode),
 * grouped by a dimension, filtered to a place, at a time or over a window, optionally ranked. Keeping this
 * explicit is what lets the analyst explain its SQL and describe its result without inventing anything.
 */
import type { Dataset } from '@qa/contracts';

export type { Dataset };

export const GEO_COLUMNS = [
  'la_name',
  'government_region',
  'country',
  'postcode_area',
  'postcode_district',
] as const;
export type GeoColumn = (typeof GEO_COLUMNS)[number];

export const DIMENSIONS = [
  ...GEO_COLUMNS,
  'urban_rural',
  'operator',
  'operator_group',
  'tech',
  'segment',
  'month',
  'quarter',
  'half_year',
  'year',
  'networks',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** Technologies as the data names them (fact_operator.tech). */
export const TECHS = ['fttponly', 'fttc', 'adsl', 'cable', 'fwa'] as const;
export type Tech = (typeof TECHS)[number];

/** The place columns of a postcode (upc_output): every postcode is in exactly one of each. */
export const PLACE_COLUMNS: ReadonlySet<Dimension> = new Set<GeoColumn>(GEO_COLUMNS);

/** The dimensions that are places (a row per area): they can be filtered to a place and drawn on a map. */
export const GEO_DIMENSIONS: ReadonlySet<Dimension> = new Set<Dimension>([...GEO_COLUMNS, 'urban_rural']);

/** What must be present in a postcode for it to count. */
export interface Subject {
  tech?: Tech;
  gigabit?: boolean;
  /** Reported operator names (fact_operator.operator), already resolved from the question. */
  operators?: string[];
  /** Operator groups (networks): Openreach, Virgin Media, CityFibre, ... */
  operatorGroups?: string[];
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
  /** Postcodes where this group is the only one offering the subject (e.g. the only gigabit option). */
  soleGroup?: string;
  /** Gigabit both ways: fastest_up >= 1000 as well. */
  symmetric?: boolean;
  /** Present, but WITHOUT this ("FWA premises with no full fibre"). */
  exclude?: { tech?: 'fttponly'; gigabit?: boolean };
}

export const MEASURES = [
  'premises',
  'postcodes',
  'households',
  'population',
  'coverage_pct',
  'change_premises',
  'change_pp',
  'change_postcodes',
  'first_postcodes',
  'first_premises',
  'operator_count',
  'max_down',
  'max_up',
  'avg_down',
  'lines',
  'line_share_pct',
  'avg_attractiveness',
  'avg_deprivation',
  'share_of_subject_pct',
  'operator_list',
  'lines_change_pct',
] as const;
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
  /** How the time was expressed, for the explanation ("in the last 6 months"). */
  phrase?: string;
}

export interface GeoFilter {
  column: GeoColumn;
  values: string[];
  /** How the place was named when it stands for several values (a county). */
  label?: string;
}

export interface Plan {
  dataset: Dataset;
  measure: Measure;
  subject: Subject;
  dimension?: Dimension;
  geo?: GeoFilter;
  urbanRural?: 'urban' | 'rural';
  time: TimeSpec;
  /** "Who leads in each region": the top network per value of `dimension`. */
  leaderPerDimension?: boolean;
  /** "New full-fibre premises month by month": each point is what was added since the previous one. */
  flow?: boolean;
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
  };
  /**
   * Keep only the places whose measure passes this test ("local authorities under 70% gigabit"); with
   * `countGroups`, answer with how many places pass it ("how many regions are below 85% FTTP") as one figure.
   */
  groupFilter?: { op: 'gt' | 'gte' | 'lt' | 'lte'; value: number };
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

/** A place test in words: "above 90%", "at most 50%". */
export function describeGroupFilter(filter: NonNullable<Plan['groupFilter']>): string {
  const words = { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most' }[filter.op];
  return `${words} ${Number(filter.value.toFixed(2))}%`;
}
