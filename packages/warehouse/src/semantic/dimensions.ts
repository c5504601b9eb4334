/**
 * The dimensions of the data contract: what an answer is grouped or filtered by. Places run from the nation down
 * to the unit postcode (all columns of upc_output, so every postcode has one value of each); then urban/rural, the
 * network (operator_group) against the retail or reported operator, the technology, the take-up segment, the time
 * grains and the number of networks at a postcode. Identifiers are the plan's dimensions.
 */
import type { DimensionDefinition } from './model-schema.js';

export const DIMENSION_LIST = [
  {
    id: 'country',
    kind: 'place',
    column: 'country',
    table: 'upc_output',
    label: 'nation',
    plural: 'nations',
    countColumn: 'nations',
    rank: 1,
    wholeLocalAuthorities: true,
    mappable: true,
    example: 'Scotland',
    phrases: ['nation', 'nations', 'country', 'countries', 'home nation', 'home nations', 'devolved nations'],
  },
  {
    id: 'government_region',
    kind: 'place',
    column: 'government_region',
    table: 'upc_output',
    label: 'region',
    plural: 'regions',
    countColumn: 'regions',
    rank: 2,
    wholeLocalAuthorities: true,
    mappable: true,
    example: 'North East',
    // The twelve "regions and nations" are this column: England's nine regions, Wales, Scotland and Northern Ireland.
    phrases: [
      'region',
      'regions',
      'rgn',
      'rgns',
      'government region',
      'government regions',
      'english regions',
      'region and nation',
      'regions and nations',
      'nations and regions',
      'region or nation',
      'region/nation',
      'regions/nations',
    ],
  },
  {
    id: 'la_name',
    kind: 'place',
    column: 'la_name',
    codeColumn: 'la_code',
    table: 'upc_output',
    label: 'local authority',
    plural: 'local authorities',
    countColumn: 'local_authorities',
    rank: 3,
    wholeLocalAuthorities: true,
    mappable: true,
    example: 'Leeds',
    phrases: [
      'local authority',
      'local authorities',
      'la',
      'las',
      'council',
      'councils',
      'district council',
      'unitary',
      'unitary authority',
      'borough',
      'boroughs',
      'lad',
      'authority',
      'authorities',
      "la's",
    ],
  },
  {
    id: 'postcode_area',
    kind: 'place',
    column: 'postcode_area',
    table: 'upc_output',
    label: 'postcode area',
    plural: 'postcode areas',
    countColumn: 'postcode_areas',
    rank: 4,
    example: 'LS',
    phrases: [
      'postcode area',
      'postcode areas',
      'pcd area',
      'pcd areas',
      'pc area',
      'pc areas',
      'area',
      'areas',
    ],
  },
  {
    id: 'postcode_district',
    kind: 'place',
    column: 'postcode_district',
    table: 'upc_output',
    label: 'postcode district',
    plural: 'postcode districts',
    countColumn: 'postcode_districts',
    rank: 5,
    example: 'LS1',
    phrases: [
      'postcode district',
      'postcode districts',
      'pcd district',
      'pcd districts',
      'district',
      'districts',
      'outward code',
      'outcode',
    ],
  },
  {
    id: 'post_sector',
    kind: 'place',
    column: 'post_sector',
    table: 'upc_output',
    label: 'post sector',
    plural: 'post sectors',
    countColumn: 'post_sectors',
    rank: 6,
    example: 'LS1 4',
    phrases: ['post sector', 'post sectors', 'postcode sector', 'postcode sectors', 'sector', 'sectors'],
  },
  {
    id: 'postcode',
    kind: 'place',
    column: 'postcode',
    table: 'upc_output',
    label: 'postcode',
    plural: 'postcodes',
    countColumn: 'postcodes',
    rank: 7,
    example: 'LS1 4AP',
    phrases: ['postcode', 'unit postcode', 'full postcode'],
  },
  {
    id: 'urban_rural',
    kind: 'class',
    column: 'urban_rural',
    table: 'upc_output',
    label: 'urban or rural setting',
    plural: 'urban and rural settings',
    example: 'rural',
    phrases: [
      'urban',
      'rural',
      'urban/rural',
      'towns',
      'countryside',
      'urban vs rural',
      'urban rural',
      'setting',
    ],
  },
  {
    id: 'operator_group',
    kind: 'network',
    column: 'operator_group',
    table: 'operators',
    label: 'network',
    plural: 'networks',
    example: 'Openreach',
    phrases: [
      'network',
      'networks',
      'infrastructure',
      'wholesale network',
      'build',
      'operator group',
      'builder',
      'builders',
      'competitors',
      'competitor',
      'rivals',
      'rival networks',
      'players',
      'infra players',
      'infrastructure players',
      // Plain words for a network: "which company provides gigabit to the most homes".
      'company',
      'companies',
      'firm',
      'firms',
    ],
  },
  {
    id: 'operator',
    kind: 'network',
    column: 'operator',
    table: 'fact_operator',
    label: 'operator',
    plural: 'operators',
    example: 'BT',
    phrases: [
      'operator',
      'operators',
      'isp',
      'isps',
      'retailer',
      'retailers',
      'brand',
      'brands',
      'provider',
      'cp',
      'reseller',
      'resellers',
      'providers',
      'cps',
    ],
  },
  {
    id: 'tech',
    kind: 'technology',
    column: 'tech',
    table: 'fact_operator',
    label: 'technology',
    plural: 'technologies',
    example: 'fttponly',
    phrases: ['technology', 'technologies', 'tech', 'access technology'],
  },
  {
    id: 'segment',
    kind: 'segment',
    column: 'segment',
    table: 'take_up_quarterly',
    label: 'segment',
    plural: 'segments',
    example: 'residential',
    phrases: ['segment', 'residential', 'business', 'consumer', 'resi', 'res', 'businesses', 'sme', 'biz'],
  },
  {
    id: 'month',
    kind: 'time',
    column: 'reported_at',
    label: 'month',
    plural: 'months',
    months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    phrases: ['month', 'monthly', 'month by month', 'each month', 'mom'],
  },
  {
    id: 'quarter',
    kind: 'time',
    column: 'reported_at',
    label: 'quarter',
    plural: 'quarters',
    months: [1, 4, 7, 10],
    phrases: ['quarter', 'quarterly', 'quarter by quarter', 'each quarter', 'qoq'],
  },
  {
    id: 'half_year',
    kind: 'time',
    column: 'reported_at',
    label: 'half-year',
    plural: 'half-years',
    months: [6, 12],
    phrases: ['half-year', 'half year', 'half-yearly', 'h1', 'h2', 'every six months'],
  },
  {
    id: 'year',
    kind: 'time',
    column: 'reported_at',
    label: 'year',
    plural: 'years',
    months: [12],
    phrases: ['year', 'yearly', 'annual', 'annually', 'year by year', 'each year', 'yoy'],
  },
  {
    id: 'speed_band',
    kind: 'band',
    column: 'speed_band',
    label: 'speed band',
    plural: 'speed bands',
    example: '30 to 300 Mbit/s',
    phrases: [
      'speed band',
      'speed bands',
      'speed tier',
      'speed tiers',
      'speed bracket',
      'speed brackets',
      'speed category',
      'speed categories',
      'band of speed',
      'bands of speed',
      'speed distribution',
      'distribution of speeds',
      'distribution of best speeds',
      // "By the best download speed, using the bands below 30, 30 to 299, ...": bands named with speeds.
      'using the bands',
      'in bands',
      'into bands',
    ],
  },
  {
    id: 'networks',
    kind: 'count',
    label: 'number of networks present',
    plural: 'numbers of networks present',
    phrases: ['number of networks', 'how many networks each', 'networks per postcode'],
  },
] as const satisfies readonly DimensionDefinition[];

type IdsOf<T extends readonly { id: string }[]> = { [K in keyof T]: T[K]['id'] };
export type DimensionId = (typeof DIMENSION_LIST)[number]['id'];
export const DIMENSION_IDS = DIMENSION_LIST.map((d) => d.id) as unknown as IdsOf<typeof DIMENSION_LIST>;
export const DIMENSIONS = Object.fromEntries(DIMENSION_LIST.map((d) => [d.id, d])) as {
  [D in (typeof DIMENSION_LIST)[number] as D['id']]: D;
};

type PlaceDefinition = Extract<(typeof DIMENSION_LIST)[number], { kind: 'place' }>;
export type PlaceColumn = PlaceDefinition['id'];
/** The place levels, from the nation down to the unit postcode. */
export const PLACE_DIMENSIONS = DIMENSION_LIST.filter((d): d is PlaceDefinition => d.kind === 'place');
/** The place columns of upc_output, from the nation down (a tuple, for enums). */
export const PLACE_COLUMNS = PLACE_DIMENSIONS.map((d) => d.id) as unknown as readonly [
  PlaceColumn,
  ...PlaceColumn[],
];
/**
 * The columns of the places made of whole local authorities, from the local authority up (la_code, la_name,
 * government_region, country): summaries kept per local authority answer them.
 */
export const LA_PLACE_COLUMNS: readonly string[] = PLACE_DIMENSIONS.filter(
  (d) => 'wholeLocalAuthorities' in d,
)
  .reverse()
  .flatMap((d) => ('codeColumn' in d ? [d.codeColumn, d.column] : [d.column]));
/** Every column that names a place, the unit postcode first, with code columns before their names (la_code). */
export const PLACE_KEY_COLUMNS: readonly string[] = [...PLACE_DIMENSIONS]
  .reverse()
  .flatMap((d) => ('codeColumn' in d ? [d.codeColumn, d.column] : [d.column]));
/** The columns of the places with boundaries the product can draw (filled areas on a map), finest first. */
export const MAPPABLE_PLACE_COLUMNS: readonly string[] = [...PLACE_DIMENSIONS]
  .reverse()
  .filter((d) => 'mappable' in d)
  .flatMap((d) => ('codeColumn' in d ? [d.codeColumn, d.column] : [d.column]));
type TimeDefinition = Extract<(typeof DIMENSION_LIST)[number], { kind: 'time' }>;
export type TimeGrain = TimeDefinition['id'];
export const TIME_GRAINS = DIMENSION_LIST.filter((d): d is TimeDefinition => d.kind === 'time').map(
  (d) => d.id,
);
