/**
 * The semantic catalog: the one description of the warehouse that everything else reads. The query agent's
 * prompts, the built-in analyst, the chat tools, the help dialog, the SQL guard (valid tables and columns), the
 * engines (`describe()`), the PostgreSQL loader and the importer (column types) all take names, types and
 * meanings from here, so nothing about the schema is written twice.
 *
 * Every worked example is portable SQL (runs unchanged on DuckDB and PostgreSQL); a test runs them all.
 */
import { LATEST_SNAPSHOT } from '../generator/calendar.js';
import { NETWORKS, operatorRows } from '../generator/networks.js';
import { DATASET_LIST } from '../semantic/datasets.js';
import { LA_PLACE_COLUMNS } from '../semantic/dimensions.js';
import { segmentSql, segmentTerms } from '../semantic/model.js';
import { FULL_FIBRE, SEGMENTS, TAKE_UP_TECHS, TECHNOLOGY_SEGMENTS, TECHS } from '../semantic/segments.js';

/** The model's row predicates, as the examples write them (alias f, or no alias). */
const FF = (alias = 'f') => segmentSql('full_fibre', 'row', { alias });
const GIGABIT = (alias = 'f') => segmentSql('gigabit', 'row', { alias });
const TAKE_UP_FF = SEGMENTS.full_fibre.takeUpTech;
const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`);
const orList = (values: readonly string[]) =>
  `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

export type DatasetId = 'upc' | 'upc_forecast' | 'take_up';
export type ColumnType = 'text' | 'integer' | 'double' | 'date' | 'boolean';
export type Theme =
  | 'coverage_growth'
  | 'alternative_networks'
  | 'competition'
  | 'market_leaders'
  | 'regional_analysis'
  | 'forecasts'
  | 'take_up';

export interface CatalogColumn {
  name: string;
  type: ColumnType;
  description: string;
  /** A few typical values, for prompts and the help dialog. */
  examples?: string[];
}

export interface CatalogTable {
  name: string;
  dataset: DatasetId;
  /** One row per ... */
  grain: string;
  description: string;
  /** The columns that identify a row. */
  key: string[];
  /** For latest-snapshot tables: the time-series table they are the last snapshot of. */
  latestOf?: string;
  /** The date column that orders snapshots, if any. */
  timeColumn?: string;
  columns: CatalogColumn[];
}

export interface CatalogDataset {
  id: DatasetId;
  title: string;
  description: string;
  grain: string;
  tables: string[];
}

export interface CatalogDefinition {
  term: string;
  definition: string;
}

export interface CatalogExample {
  id: string;
  theme: Theme;
  dataset: DatasetId;
  question: string;
  sql: string;
  notes?: string;
}

export const THEMES: { id: Theme; title: string; description: string }[] = [
  {
    id: 'coverage_growth',
    title: 'Coverage growth',
    description: 'How full fibre and gigabit coverage grew over time.',
  },
  {
    id: 'alternative_networks',
    title: 'Alternative networks',
    description: 'Footprints and growth of the altnets (CityFibre, Hyperoptic, Community Fibre, ...).',
  },
  {
    id: 'competition',
    title: 'Competition analysis',
    description: 'Overbuild: how many full-fibre networks compete at each premises, head-to-head overlaps.',
  },
  {
    id: 'market_leaders',
    title: 'Market leaders',
    description: 'Which networks pass the most premises, nationally and by area.',
  },
  {
    id: 'regional_analysis',
    title: 'Regional analysis',
    description: 'Coverage by nation, region, local authority, postcode area, urban or rural.',
  },
  {
    id: 'forecasts',
    title: 'Forecasts',
    description: 'Forecast full-fibre footprints to 2030 and attractiveness scores.',
  },
  {
    id: 'take_up',
    title: 'Take-up',
    description: 'Subscriber lines (market share) by retail operator and technology.',
  },
];

const POSTCODE_COLUMN: CatalogColumn = {
  name: 'postcode',
  type: 'text',
  description: 'Unit postcode in standard form with one space.',
  examples: ['SW1A 1AA', 'LS6 2EB'],
};

const UPC_COLUMNS: CatalogColumn[] = [
  POSTCODE_COLUMN,
  {
    name: 'reported_at',
    type: 'date',
    description: 'Snapshot date, always the first day of a month.',
    examples: [LATEST_SNAPSHOT],
  },
  { name: 'post_sector', type: 'text', description: 'Postcode sector.', examples: ['SW1A 1'] },
  {
    name: 'postcode_district',
    type: 'text',
    description: 'Outward code (postcode district).',
    examples: ['SW1A'],
  },
  {
    name: 'postcode_area',
    type: 'text',
    description: 'Letters of the outward code (postcode area).',
    examples: ['SW'],
  },
  {
    name: 'la_code',
    type: 'text',
    description: 'ONS local authority district code (2024 boundaries).',
    examples: ['E09000033'],
  },
  {
    name: 'la_name',
    type: 'text',
    description: 'Local authority district name.',
    examples: ['Westminster', 'Leeds'],
  },
  {
    name: 'government_region',
    type: 'text',
    description:
      'Region or nation: North East, North West, Yorkshire and The Humber, East Midlands, West Midlands, East of England, London, South East, South West, Wales, Scotland, Northern Ireland.',
    examples: ['London', 'Scotland'],
  },
  {
    name: 'country',
    type: 'text',
    description: 'England, Wales, Scotland or Northern Ireland.',
    examples: ['England'],
  },
  { name: 'eastings', type: 'integer', description: 'Grid reference easting in metres.' },
  { name: 'northings', type: 'integer', description: 'Grid reference northing in metres.' },
  { name: 'latitude', type: 'double', description: 'WGS84 latitude.' },
  { name: 'longitude', type: 'double', description: 'WGS84 longitude.' },
  { name: 'urban_rural', type: 'text', description: "'urban' or 'rural'.", examples: ['urban', 'rural'] },
  { name: 'population', type: 'double', description: 'Estimated residents (modelled, may be fractional).' },
  { name: 'households', type: 'double', description: 'Estimated households.' },
  { name: 'bus_sites_total', type: 'double', description: 'Estimated business sites.' },
  {
    name: 'premises',
    type: 'double',
    description: 'households + bus_sites_total. Sum this (over distinct postcodes) for "premises passed".',
  },
  {
    name: 'exchange_code',
    type: 'text',
    description: 'Code of the Openreach exchange serving the postcode.',
  },
  {
    name: 'exchange_name',
    type: 'text',
    description: 'Name of the Openreach exchange serving the postcode.',
  },
];

const FACT_COLUMNS: CatalogColumn[] = [
  POSTCODE_COLUMN,
  {
    name: 'operator',
    type: 'text',
    description:
      'Operator as reported (see operators; Openreach appears once per retailer: BT, Sky, TalkTalk, Vodafone).',
    examples: ['BT', 'Virgin Cable', 'CityFibre Vodafone', 'Hyperoptic'],
  },
  {
    name: 'tech',
    type: 'text',
    description: `${orList(TECHNOLOGY_SEGMENTS.map((t) => `'${t.tech}' (${t.label})`))}.`,
    examples: [FULL_FIBRE, SEGMENTS.fttc.tech, SEGMENTS.cable.tech],
  },
  {
    name: 'fastest_down',
    type: 'integer',
    description: `Fastest download speed on offer, Mbit/s. Gigabit means ${GIGABIT('')}.`,
  },
  { name: 'fastest_up', type: 'integer', description: 'Fastest upload speed on offer, Mbit/s.' },
  {
    name: 'activated_date',
    type: 'date',
    description:
      'First snapshot in which this operator-tech appeared in this postcode (2021-01-01 = already there).',
  },
  { name: 'reported_at', type: 'date', description: 'Snapshot date (first of the month).' },
];

const ALTNET_FACT_COLUMNS: CatalogColumn[] = FACT_COLUMNS.map((c) =>
  c.name === 'operator'
    ? {
        ...c,
        description:
          'Canonical altnet name (= operators.operator_group): the CityFibre retailer variants are collapsed to CityFibre.',
        examples: ['CityFibre', 'Hyperoptic', 'Community Fibre', 'Gigaclear'],
      }
    : c.name === 'tech'
      ? {
          ...c,
          description: `Always '${FULL_FIBRE}' (altnets are full-fibre networks).`,
          examples: [FULL_FIBRE],
        }
      : c,
);

/** postcode_service_latest's columns; service_by_area groups by all of them but the postcode. */
const SERVICE_SUMMARY_COLUMNS: CatalogColumn[] = [
  { name: 'postcode', type: 'text', description: 'The postcode.' },
  {
    name: 'fastest_down',
    type: 'integer',
    description:
      'Best download speed of any operator and technology, Mbit/s (MAX of fact_operator.fastest_down).',
  },
  {
    name: 'only_tech',
    type: 'text',
    description: 'The technology when it is the only one on offer at the postcode, else NULL.',
  },
  ...TECHS.map((t) => ({
    name: `has_${t}`,
    type: 'boolean' as const,
    description: `True when any operator reports tech = '${t}' at the postcode.`,
  })),
  {
    name: 'meets_uso',
    type: 'boolean',
    description: `True when any operator offers the USO's decent broadband at the postcode (${segmentSql('below_uso', 'row', { alias: '' })} on one row). Below the USO = postcodes where it is false, plus the postcodes not in this table (no service).`,
  },
  {
    name: 'full_fibre_networks',
    type: 'integer',
    description: `Distinct networks (operator groups) with full fibre (${FF('')}) at the postcode.`,
  },
  {
    name: 'gigabit_networks',
    type: 'integer',
    description: `Distinct networks (operator groups) with ${GIGABIT('')} at the postcode.`,
  },
  {
    name: 'sole_gigabit_network',
    type: 'text',
    description: 'The network when exactly one offers gigabit (gigabit_networks = 1), else NULL.',
  },
  {
    name: 'first_full_fibre',
    type: 'date',
    description: `The postcode's first full-fibre activation: MIN(activated_date) over its ${FF('')} rows (NULL without full fibre). Full fibre is never withdrawn, so first_full_fibre <= D gives the postcodes with full fibre at snapshot D.`,
  },
];

/** network_postcode_latest's columns; network_by_area groups by all of them but the postcode. */
const NETWORK_SUMMARY_COLUMNS: CatalogColumn[] = [
  { name: 'postcode', type: 'text', description: 'The postcode.' },
  { name: 'operator_group', type: 'text', description: 'The network (operators.operator_group).' },
  {
    name: 'fastest_down',
    type: 'integer',
    description: "The network's best download speed at the postcode, Mbit/s.",
  },
  ...TECHS.map((t) => ({
    name: `has_${t}`,
    type: 'boolean' as const,
    description: `True when the network reports tech = '${t}' at the postcode.`,
  })),
  {
    name: 'first_full_fibre',
    type: 'date',
    description:
      "The network's first full-fibre activation at the postcode (MIN(activated_date) of its full-fibre rows), NULL without full fibre.",
  },
];

export const TABLES: CatalogTable[] = [
  {
    name: 'upc_output_time_series',
    dataset: 'upc',
    grain: 'postcode x monthly snapshot (2021-01-01 to the latest)',
    description:
      'Every live postcode at every monthly snapshot, with its geography and demographics. Postcode attributes are the same in every snapshot, so most questions use upc_output instead.',
    key: ['postcode', 'reported_at'],
    timeColumn: 'reported_at',
    columns: UPC_COLUMNS,
  },
  {
    name: 'upc_output',
    dataset: 'upc',
    grain: 'postcode (latest snapshot only)',
    description:
      'The latest snapshot of upc_output_time_series: one row per live postcode. The source of premises, households and geography for any count, share or denominator.',
    key: ['postcode'],
    latestOf: 'upc_output_time_series',
    timeColumn: 'reported_at',
    columns: UPC_COLUMNS,
  },
  {
    name: 'fact_operator_time_series',
    dataset: 'upc',
    grain: 'postcode x operator x tech x monthly snapshot',
    description:
      'Which operator reaches each postcode with which technology and speeds, at every monthly snapshot. Filter reported_at to the snapshots you need (a single date or a short IN list) - scanning every month is slow.',
    key: ['postcode', 'operator', 'tech', 'reported_at'],
    timeColumn: 'reported_at',
    columns: FACT_COLUMNS,
  },
  {
    name: 'fact_operator',
    dataset: 'upc',
    grain: 'postcode x operator x tech (latest snapshot only)',
    description:
      'The latest snapshot of fact_operator_time_series. Use it for any "now" / "current" question.',
    key: ['postcode', 'operator', 'tech'],
    latestOf: 'fact_operator_time_series',
    timeColumn: 'reported_at',
    columns: FACT_COLUMNS,
  },
  {
    name: 'fact_altnet_time_series',
    dataset: 'upc',
    grain: 'postcode x altnet x monthly snapshot',
    description:
      'Altnets only (operators.is_altnet), operator already canonical (CityFibre once, not per retailer). Same columns as fact_operator_time_series.',
    key: ['postcode', 'operator', 'tech', 'reported_at'],
    timeColumn: 'reported_at',
    columns: ALTNET_FACT_COLUMNS,
  },
  {
    name: 'fact_altnet',
    dataset: 'upc',
    grain: 'postcode x altnet (latest snapshot only)',
    description: 'The latest snapshot of fact_altnet_time_series.',
    key: ['postcode', 'operator', 'tech'],
    latestOf: 'fact_altnet_time_series',
    timeColumn: 'reported_at',
    columns: ALTNET_FACT_COLUMNS,
  },
  {
    name: 'operators',
    dataset: 'upc',
    grain: 'reported operator name',
    description:
      'One row per operator name used in fact_operator, with the network it runs on. Join on operator and group by operator_group to count networks.',
    key: ['operator'],
    columns: [
      {
        name: 'operator',
        type: 'text',
        description: 'The name used in fact_operator.',
        examples: ['BT', 'CityFibre Zen'],
      },
      {
        name: 'operator_group',
        type: 'text',
        description:
          "The network it runs on: 'Openreach', 'Virgin Media', 'nexfibre', 'CityFibre', 'KCOM', or the altnet's own name.",
        examples: ['Openreach', 'Virgin Media', 'CityFibre', 'Hyperoptic'],
      },
      {
        name: 'network_type',
        type: 'text',
        description: "'openreach', 'virgin', 'kcom', 'altnet' or 'fwa'.",
        examples: ['openreach', 'altnet'],
      },
      {
        name: 'is_altnet',
        type: 'boolean',
        description:
          'True only for independent full-fibre networks (not Openreach, Virgin Media, nexfibre, KCOM, FWA).',
      },
    ],
  },
  {
    name: 'local_authorities',
    dataset: 'upc',
    grain: 'local authority district (361, 2024 boundaries)',
    description: 'Reference list of local authority districts with their totals and centroid.',
    key: ['la_code'],
    columns: [
      { name: 'la_code', type: 'text', description: 'ONS code.', examples: ['E08000035'] },
      { name: 'la_name', type: 'text', description: 'Name.', examples: ['Leeds'] },
      {
        name: 'government_region',
        type: 'text',
        description: 'Region or nation.',
        examples: ['Yorkshire and The Humber'],
      },
      { name: 'country', type: 'text', description: 'Nation.', examples: ['England'] },
      { name: 'population', type: 'double', description: 'Residents (sum over its postcodes).' },
      { name: 'households', type: 'double', description: 'Households (sum over its postcodes).' },
      { name: 'premises', type: 'double', description: 'Premises (sum over its postcodes).' },
      { name: 'latitude', type: 'double', description: 'Centroid latitude.' },
      { name: 'longitude', type: 'double', description: 'Centroid longitude.' },
    ],
  },
  {
    name: 'coverage_by_speed_time_series',
    dataset: 'upc',
    grain: 'monthly snapshot x local authority x urban/rural x fastest download speed',
    description: `A summary of fact_operator_time_series for speed series: per snapshot, local authority and urban/rural class, the postcodes (and their premises, from upc_output) whose fastest download from any operator is exactly fastest_down. Postcodes with no service are not in it. SUM over ${GIGABIT('')} gives the same gigabit postcodes and premises as the DISTINCT postcodes of fact_operator_time_series joined to upc_output, in a fraction of the time; use it for speed-threshold trends over many snapshots (national, or places made of whole local authorities).`,
    key: ['reported_at', 'la_code', 'urban_rural', 'fastest_down'],
    timeColumn: 'reported_at',
    columns: [
      ...UPC_COLUMNS.filter((c) => ['reported_at', ...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      {
        name: 'fastest_down',
        type: 'integer',
        description:
          'The best download speed of any operator and technology at these postcodes in this snapshot, Mbit/s (MAX of fact_operator_time_series.fastest_down).',
      },
      { name: 'postcodes', type: 'integer', description: 'Postcodes with that fastest download.' },
      {
        name: 'premises',
        type: 'double',
        description: "Their premises (today's counts, from upc_output), as in every coverage series.",
      },
    ],
  },
  {
    name: 'postcode_service_latest',
    dataset: 'upc',
    grain: 'postcode (latest snapshot)',
    description:
      'A per-postcode summary of fact_operator at the latest snapshot: one row per postcode with any service (postcodes with none are not in it). Filtering it selects the same postcodes as grouping fact_operator by postcode, in a fraction of the time; join it to upc_output on postcode for premises and places. Networks are operator groups.',
    key: ['postcode'],
    columns: SERVICE_SUMMARY_COLUMNS,
  },
  {
    name: 'network_postcode_latest',
    dataset: 'upc',
    grain: 'postcode x network (operator group), latest snapshot',
    description:
      'A summary of fact_operator joined to operators at the latest snapshot: one row per postcode and network (operator group) present there. Its rows are the DISTINCT (operator_group, postcode) pairs of fact_operator, so premises per network come from joining it to upc_output without DISTINCT; a condition on one technology (has_<tech>) or on a speed (fastest_down >= X), not both at once, selects the same pairs as that condition on fact_operator.',
    key: ['postcode', 'operator_group'],
    columns: NETWORK_SUMMARY_COLUMNS,
  },
  {
    name: 'service_by_area',
    dataset: 'upc',
    grain:
      'local authority x urban/rural x every combination of postcode_service_latest columns (latest snapshot)',
    description:
      "postcode_service_latest counted by place: every live postcode of upc_output (with or without service) grouped by its local authority (and region and nation), urban/rural class and all of postcode_service_latest's columns but first_full_fibre (see first_full_fibre_by_area), with altnets (distinct fact_altnet networks at the postcode). A condition on those columns selects whole groups, so SUM(postcodes) and SUM(premises) over it give the same figures as filtering postcode_service_latest and joining upc_output; SUM over every row of a place is the place's total. Postcodes with no service have NULL service columns and altnets 0.",
    key: [...LA_PLACE_COLUMNS, 'urban_rural', ...SERVICE_SUMMARY_COLUMNS.slice(1, -1).map((c) => c.name)],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      ...SERVICE_SUMMARY_COLUMNS.slice(1, -1),
      {
        name: 'altnets',
        type: 'integer',
        description: 'Distinct altnets (fact_altnet.operator) at the postcode, 0 for none.',
      },
      { name: 'postcodes', type: 'integer', description: 'Postcodes in the group.' },
      { name: 'premises', type: 'double', description: 'Their premises (from upc_output).' },
    ],
  },
  {
    name: 'network_by_area',
    dataset: 'upc',
    grain: 'local authority x urban/rural x network x every combination of network_postcode_latest columns',
    description:
      "network_postcode_latest counted by place: its rows joined to upc_output, grouped by local authority (and region and nation), urban/rural class and all of network_postcode_latest's columns but first_full_fibre (see network_first_full_fibre_by_area). SUM(postcodes) or SUM(premises) over the rows of ONE network gives its DISTINCT postcodes and their premises; networks share postcodes, so never add several networks together.",
    key: [...LA_PLACE_COLUMNS, 'urban_rural', ...NETWORK_SUMMARY_COLUMNS.slice(1, -1).map((c) => c.name)],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      ...NETWORK_SUMMARY_COLUMNS.slice(1, -1),
      { name: 'postcodes', type: 'integer', description: 'Postcodes in the group.' },
      { name: 'premises', type: 'double', description: 'Their premises (from upc_output).' },
    ],
  },
  {
    name: 'first_full_fibre_by_area',
    dataset: 'upc',
    grain: 'local authority x urban/rural x first full-fibre activation',
    description:
      "postcode_service_latest's first full fibre counted by place: every live postcode of upc_output grouped by local authority (and region and nation), urban/rural class, has_fttponly and first_full_fibre (both NULL without service). Full fibre is never withdrawn, so SUM(premises) over the rows with has_fttponly AND first_full_fibre <= D gives the premises with full fibre at snapshot D; SUM over every row of a place is its total.",
    key: [...LA_PLACE_COLUMNS, 'urban_rural', 'has_fttponly', 'first_full_fibre'],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      ...SERVICE_SUMMARY_COLUMNS.filter((c) => ['has_fttponly', 'first_full_fibre'].includes(c.name)),
      { name: 'postcodes', type: 'integer', description: 'Postcodes in the group.' },
      { name: 'premises', type: 'double', description: 'Their premises (from upc_output).' },
    ],
  },
  {
    name: 'network_first_full_fibre_by_area',
    dataset: 'upc',
    grain: 'local authority x urban/rural x network x first full-fibre activation',
    description:
      "network_postcode_latest's first full fibre per network counted by place: its rows joined to upc_output, grouped by local authority (and region and nation), urban/rural class, operator_group, has_fttponly and first_full_fibre. SUM over one network's rows with has_fttponly AND first_full_fibre <= D gives its full-fibre postcodes and premises at snapshot D; never add networks together.",
    key: [...LA_PLACE_COLUMNS, 'urban_rural', 'operator_group', 'has_fttponly', 'first_full_fibre'],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      ...NETWORK_SUMMARY_COLUMNS.filter((c) =>
        ['operator_group', 'has_fttponly', 'first_full_fibre'].includes(c.name),
      ),
      { name: 'postcodes', type: 'integer', description: 'Postcodes in the group.' },
      { name: 'premises', type: 'double', description: 'Their premises (from upc_output).' },
    ],
  },
  {
    name: 'network_pair_by_area',
    dataset: 'upc',
    grain: 'local authority x urban/rural x ordered pair of networks at a postcode',
    description:
      'network_postcode_latest joined to itself on postcode, counted by place: for every ordered pair of two networks (operator_group, other_group) present at the same postcodes, with whether each has full fibre there, the postcodes and premises. The rows of one pair give the postcodes where both networks are (the overlap); never add pairs together.',
    key: [
      ...LA_PLACE_COLUMNS,
      'urban_rural',
      'operator_group',
      'has_fttponly',
      'other_group',
      'other_has_fttponly',
    ],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      { name: 'operator_group', type: 'text', description: 'The first network.' },
      {
        name: 'has_fttponly',
        type: 'boolean',
        description: 'The first network has full fibre at the postcodes.',
      },
      { name: 'other_group', type: 'text', description: 'The second network (never the first).' },
      {
        name: 'other_has_fttponly',
        type: 'boolean',
        description: 'The second network has full fibre at the postcodes.',
      },
      { name: 'postcodes', type: 'integer', description: 'Postcodes where both networks are.' },
      { name: 'premises', type: 'double', description: 'Their premises (from upc_output).' },
    ],
  },
  {
    name: 'altnet_by_area_time_series',
    dataset: 'upc',
    grain: 'month x altnet (fact_altnet.operator) x local authority x urban/rural',
    description:
      "fact_altnet_time_series counted by place: per monthly snapshot and altnet, the DISTINCT postcodes where it is present (and their premises, from upc_output) in each local authority and urban/rural class. SUM over one altnet's rows at one date gives its postcodes and premises then; altnets share postcodes, so never add several altnets together.",
    key: ['reported_at', 'operator', 'la_code', 'urban_rural'],
    timeColumn: 'reported_at',
    columns: [
      { name: 'reported_at', type: 'date', description: 'Snapshot date, always the first day of a month.' },
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      { name: 'operator', type: 'text', description: 'The altnet, as fact_altnet.operator.' },
      { name: 'postcodes', type: 'integer', description: 'Postcodes where the altnet is present.' },
      { name: 'premises', type: 'double', description: "Their premises (today's counts, from upc_output)." },
    ],
  },
  {
    name: 'forecast_footprint',
    dataset: 'upc_forecast',
    grain: 'postcode x network x half-year (June and December, 2024-12-01 to 2030-12-01)',
    description:
      'Forecast full-fibre presence: a row means the network is forecast to be present at that date. Dates up to the latest snapshot match the actual footprint.',
    key: ['postcode', 'operator', 'reported_at'],
    timeColumn: 'reported_at',
    columns: [
      POSTCODE_COLUMN,
      {
        name: 'operator',
        type: 'text',
        description:
          "An operator_group value: 'Openreach', 'Virgin Media', 'nexfibre', 'CityFibre', 'KCOM', or an altnet name.",
        examples: ['Openreach', 'CityFibre'],
      },
      { name: 'tech', type: 'text', description: `Always '${FULL_FIBRE}'.`, examples: [FULL_FIBRE] },
      {
        name: 'reported_at',
        type: 'date',
        description: "Forecast date: 'YYYY-06-01' = end of H1, 'YYYY-12-01' = end of H2.",
        examples: ['2026-12-01', '2030-12-01'],
      },
    ],
  },
  {
    name: 'forecast_network_entry',
    dataset: 'upc_forecast',
    grain: 'postcode x network (forecast_footprint.operator)',
    description:
      'A summary of forecast_footprint: one row per postcode and network ever forecast there, with the first forecast point at which it is. A network stays forecast once it is, so the rows with entry_date <= D are exactly the DISTINCT (operator, postcode) pairs of forecast_footprint at forecast point D.',
    key: ['postcode', 'operator'],
    columns: [
      POSTCODE_COLUMN,
      { name: 'operator', type: 'text', description: 'The network, as forecast_footprint.operator.' },
      {
        name: 'entry_date',
        type: 'date',
        description: 'The first forecast point at which it is forecast there.',
      },
    ],
  },
  {
    name: 'forecast_postcode_entry',
    dataset: 'upc_forecast',
    grain: 'postcode (with any network forecast)',
    description:
      'A summary of forecast_footprint: one row per postcode with any network forecast, with the first forecast point at which at least one, two, three and four distinct networks are forecast there (NULL when never). At forecast point D, first_entry <= D gives the postcodes with any network forecast; second_entry <= D those with two or more.',
    key: ['postcode'],
    columns: [
      POSTCODE_COLUMN,
      ...(['first', 'second', 'third', 'fourth'] as const).map((n, i) => ({
        name: `${n}_entry`,
        type: 'date' as const,
        description: `The first forecast point with at least ${i + 1} distinct network${i ? 's' : ''} forecast at the postcode.`,
      })),
    ],
  },
  {
    name: 'forecast_coverage_by_area',
    dataset: 'upc_forecast',
    grain: 'forecast point x network x local authority x urban/rural',
    description:
      "A summary of forecast_footprint for one network's forecast over time: per forecast point, network, local authority and urban/rural class, the postcodes (and their premises, from upc_output) where the network is forecast. SUM over the rows of one network gives the same postcodes and premises as its DISTINCT postcodes in forecast_footprint joined to upc_output. Postcodes count once per network, so do not add networks together.",
    key: ['reported_at', 'operator', 'la_code', 'urban_rural'],
    timeColumn: 'reported_at',
    columns: [
      {
        name: 'reported_at',
        type: 'date',
        description: "Forecast date: 'YYYY-06-01' = end of H1, 'YYYY-12-01' = end of H2.",
      },
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      { name: 'operator', type: 'text', description: 'The network, as forecast_footprint.operator.' },
      { name: 'postcodes', type: 'integer', description: 'Postcodes where the network is forecast.' },
      { name: 'premises', type: 'double', description: "Their premises (today's counts, from upc_output)." },
    ],
  },
  {
    name: 'postcode_attractiveness',
    dataset: 'upc_forecast',
    grain: 'postcode x quarter (first day of the quarter, from 2024-01-01)',
    description: 'Modelled scores used to judge where networks will build next.',
    key: ['postcode', 'reported_at'],
    timeColumn: 'reported_at',
    columns: [
      POSTCODE_COLUMN,
      {
        name: 'reported_at',
        type: 'date',
        description: 'First day of the quarter.',
        examples: ['2026-10-01'],
      },
      {
        name: 'digital_deprivation',
        type: 'double',
        description:
          '0..1, higher = more in need (poor connectivity, rural, less affluent). Falls once full fibre arrives.',
      },
      {
        name: 'general_attractiveness',
        type: 'double',
        description: '0..1, higher = more attractive to build (dense, urban, affluent, not yet built).',
      },
    ],
  },
  {
    name: 'attractiveness_by_area',
    dataset: 'upc_forecast',
    grain: 'quarter x local authority x urban/rural',
    description:
      'postcode_attractiveness counted by place: per quarter, local authority and urban/rural class, the postcodes of upc_output scored, and for each score its sum and the number of postcodes with one. The average score of a place is SUM(<score>_sum) / SUM(<score>_count), as AVG over its postcodes.',
    key: ['reported_at', 'la_code', 'urban_rural'],
    timeColumn: 'reported_at',
    columns: [
      { name: 'reported_at', type: 'date', description: 'First day of the quarter.' },
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      { name: 'postcodes', type: 'integer', description: 'Postcodes scored.' },
      ...(['digital_deprivation', 'general_attractiveness'] as const).flatMap((score) => [
        { name: `${score}_sum`, type: 'double' as const, description: `Sum of their ${score} scores.` },
        {
          name: `${score}_count`,
          type: 'integer' as const,
          description: `Postcodes with a ${score} score (AVG's denominator).`,
        },
      ]),
    ],
  },
  {
    name: 'forecast_pair_by_area',
    dataset: 'upc_forecast',
    grain: 'local authority x urban/rural x ordered pair of forecast networks x their entry points',
    description:
      'forecast_network_entry joined to itself on postcode, counted by place: for every ordered pair of two networks forecast at the same postcodes, with the entry point of each, the postcodes and premises. At forecast point D the rows of one pair with entry_date <= D and other_entry_date <= D give the postcodes where both are forecast.',
    key: [...LA_PLACE_COLUMNS, 'urban_rural', 'operator', 'entry_date', 'other_operator', 'other_entry_date'],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      { name: 'operator', type: 'text', description: 'The first network, as forecast_footprint.operator.' },
      { name: 'entry_date', type: 'date', description: 'The first forecast point with the first network.' },
      { name: 'other_operator', type: 'text', description: 'The second network (never the first).' },
      {
        name: 'other_entry_date',
        type: 'date',
        description: 'The first forecast point with the second network.',
      },
      { name: 'postcodes', type: 'integer', description: 'Postcodes where both are forecast.' },
      { name: 'premises', type: 'double', description: "Their premises (today's counts, from upc_output)." },
    ],
  },
  {
    name: 'forecast_entry_by_area',
    dataset: 'upc_forecast',
    grain: 'local authority x urban/rural x first forecast points with 1, 2, 3 and 4 networks',
    description:
      'forecast_postcode_entry counted by place: every live postcode of upc_output grouped by local authority (and region and nation), urban/rural class and its first_entry .. fourth_entry (NULL when never). At forecast point D, SUM(premises) over the rows with first_entry <= D gives the premises with any network forecast, as forecast_postcode_entry joined to upc_output does; SUM over every row of a place is its total.',
    key: [...LA_PLACE_COLUMNS, 'urban_rural', 'first_entry', 'second_entry', 'third_entry', 'fourth_entry'],
    columns: [
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      ...(['first', 'second', 'third', 'fourth'] as const).map((n, i) => ({
        name: `${n}_entry`,
        type: 'date' as const,
        description: `The first forecast point with at least ${i + 1} distinct network${i ? 's' : ''} forecast at the postcode (NULL when never).`,
      })),
      { name: 'postcodes', type: 'integer', description: 'Postcodes in the group.' },
      { name: 'premises', type: 'double', description: 'Their premises (from upc_output).' },
    ],
  },
  {
    name: 'take_up_by_area',
    dataset: 'take_up',
    grain: 'quarter x local authority x urban/rural x retail operator x tech x segment',
    description:
      "take_up_postcode's lines counted by place: per quarter, local authority (and region and nation), urban/rural class, retail operator, technology and segment, the lines of the postcodes there (from upc_output). SUM(lines) over a place gives the same lines as take_up_postcode joined to upc_output.",
    key: ['quarter', 'la_code', 'urban_rural', 'operator', 'tech', 'segment'],
    columns: [
      { name: 'quarter', type: 'text', description: "Quarter label, e.g. '2026Q4'." },
      ...UPC_COLUMNS.filter((c) => [...LA_PLACE_COLUMNS, 'urban_rural'].includes(c.name)),
      { name: 'operator', type: 'text', description: 'Retail operator, as take_up_postcode.operator.' },
      { name: 'tech', type: 'text', description: 'Technology, as take_up_postcode.tech.' },
      { name: 'segment', type: 'text', description: 'Segment, as take_up_postcode.segment.' },
      { name: 'lines', type: 'integer', description: 'Subscriber lines.' },
    ],
  },
  {
    name: 'take_up_quarterly',
    dataset: 'take_up',
    grain: 'quarter x retail operator x tech x segment (national)',
    description: 'Subscriber lines (market share) by retail brand and technology, nationally, from 2021Q1.',
    key: ['quarter', 'operator', 'tech', 'segment'],
    timeColumn: 'quarter_start',
    columns: [
      {
        name: 'quarter',
        type: 'text',
        description: "Quarter label 'YYYYQn' (sorts chronologically).",
        examples: ['2025Q1'],
      },
      {
        name: 'quarter_start',
        type: 'date',
        description: 'First day of the quarter.',
        examples: ['2025-01-01'],
      },
      {
        name: 'operator',
        type: 'text',
        description:
          'Retail brand (not the network): BT, Sky, TalkTalk, Vodafone, Virgin Media, Zen, Hyperoptic, Community Fibre, ...',
        examples: ['BT', 'Sky', 'Virgin Media'],
      },
      {
        name: 'tech',
        type: 'text',
        description: `${orList(quoted(TAKE_UP_TECHS))} (note: ${TAKE_UP_FF} here, ${FULL_FIBRE} in the availability tables).`,
        examples: [TAKE_UP_FF, SEGMENTS.fttc.takeUpTech],
      },
      {
        name: 'segment',
        type: 'text',
        description: "'residential' or 'business'.",
        examples: ['residential'],
      },
      { name: 'lines', type: 'integer', description: 'Subscriber lines.' },
    ],
  },
  {
    name: 'take_up_postcode',
    dataset: 'take_up',
    grain: 'postcode x quarter x retail operator x tech x segment (latest four quarters)',
    description:
      "Subscriber lines at postcode level for the latest four quarters. Lines in a postcode never exceed its premises; fttp lines appear only where full fibre is available. It is computed when queried: filter quarter with a literal ('2026Q4') or (SELECT MAX(quarter) FROM take_up_quarterly), and narrow the postcodes (e.g. by joining upc_output for an area) rather than scanning it all.",
    key: ['postcode', 'quarter', 'operator', 'tech', 'segment'],
    columns: [
      POSTCODE_COLUMN,
      { name: 'quarter', type: 'text', description: "Quarter label 'YYYYQn'.", examples: ['2026Q4'] },
      { name: 'operator', type: 'text', description: 'Retail brand.', examples: ['BT'] },
      {
        name: 'tech',
        type: 'text',
        description: `${orList(quoted(TAKE_UP_TECHS))}.`,
        examples: [TAKE_UP_FF],
      },
      { name: 'segment', type: 'text', description: "'residential' or 'business'.", examples: ['business'] },
      { name: 'lines', type: 'integer', description: 'Subscriber lines.' },
    ],
  },
];

/** The contract's tables of each dataset (the semantic model's): the ones the warehouse keeps row counts of. */
export const DATASET_TABLES = Object.fromEntries(DATASET_LIST.map((d) => [d.id, d.tables])) as {
  [D in (typeof DATASET_LIST)[number] as D['id']]: D['tables'];
};

export const DATASETS: CatalogDataset[] = DATASET_LIST.map((d) => ({
  id: d.id,
  title: d.title,
  description: d.description,
  grain: d.grain,
  tables: [...d.tables, ...d.summaryTables],
}));

/** What the catalog adds to a term of the semantic model for the LLM: where to read it, how it shows in the data. */
const TERM_NOTES: Partial<Record<keyof typeof SEGMENTS, string>> = {
  full_fibre: 'Read it from fact_operator / fact_operator_time_series.',
  gigabit: "Virgin Media's DOCSIS 3.1 cable offers 1130 Mbit/s.",
  cable_only_gigabit: "In practice Virgin Media's cable where no network has full fibre.",
  superfast: 'A postcode that has it has a row at that speed.',
  below_uso:
    'Postcodes with no fact_operator row at all count too: anti-join upc_output to the postcodes that have such a row (or use postcode_service_latest.meets_uso).',
  altnet:
    'CityFibre, Hyperoptic, Community Fibre, Gigaclear, ... fact_altnet already holds only altnets, under their canonical name.',
  full_fibre_networks:
    'Overbuild is 2 or more; "3+" and "4+" likewise. "Two or more altnets" counts DISTINCT fact_altnet.operator.',
};

export const DEFINITIONS: CatalogDefinition[] = [
  // The named filters of the semantic model, stated as it defines them.
  ...segmentTerms().map((t) => {
    const note = TERM_NOTES[t.id as keyof typeof SEGMENTS];
    return { term: t.term, definition: `${t.definition}.${note ? ` ${note}` : ''}` };
  }),
  {
    term: 'FTTC / ADSL / FWA',
    definition: `${TECHNOLOGY_SEGMENTS.filter((t) => t.tech !== FULL_FIBRE)
      .map((t) => `${t.tech} = ${t.definition.replace(/^a row with tech '\w+': /, '')}`)
      .join(
        '; ',
      )}. Typical speeds: fttc 30-80 Mbit/s, adsl 8-24 Mbit/s (Openreach stopped selling it from September 2023, so it remains only where nothing better exists), fwa 30-300 Mbit/s.`,
  },
  {
    term: 'Network vs reported operator',
    definition:
      "Openreach's network is reported once per retailer (BT, Sky, TalkTalk, Vodafone) and CityFibre per retailer ('CityFibre Vodafone', 'CityFibre TalkTalk', 'CityFibre Zen', 'CityFibre Sky'). To count or rank networks, join operators and use operator_group. Virgin Media = 'Virgin Cable' (cable) + 'Virgin Media RFOG' (its own full fibre); 'nexfibre Virgin Media' is the separate nexfibre wholesale network (operator_group 'nexfibre').",
  },
  {
    term: 'Premises passed',
    definition:
      'SUM(upc_output.premises) over the DISTINCT postcodes where a network is present - never a sum over fact_operator rows (one postcode has several operator and tech rows). Postcodes passed = COUNT(DISTINCT postcode).',
  },
  {
    term: 'Coverage %',
    definition:
      'Premises passed / all premises of the area (from upc_output), x 100. Use 100.0 * ... so the division is decimal on every engine.',
  },
  {
    term: 'Premises passed vs market share',
    definition:
      'Availability (premises passed, coverage) comes from the upc tables; market share means subscriber lines from the take_up tables. A network can pass many premises and have few lines.',
  },
  {
    term: 'Latest / current / now',
    definition: `The latest snapshot (${LATEST_SNAPSHOT}): use upc_output, fact_operator, fact_altnet. For a past date or a change over time use the _time_series tables filtered to the snapshot dates needed (always the 1st of a month).`,
  },
  {
    term: 'Growth over a period',
    definition: `Premises passed at the later snapshot minus premises passed at the earlier one. "Last 6 months" compares the latest snapshot with the one 6 months earlier. For full fibre (never withdrawn) this equals the premises whose first full fibre, MIN(activated_date) over ${FULL_FIBRE} rows of fact_operator, falls in the period - the fastest way to compute it; for anything else compare two reported_at dates of the time series.`,
  },
  {
    term: 'First full fibre',
    definition: `A postcode got full fibre for the first time at MIN(activated_date) over its ${FULL_FIBRE} rows in fact_operator (full fibre is never withdrawn in this data).`,
  },
  {
    term: 'Local authority, region, nation',
    definition:
      'la_name / la_code (361 districts, 2024 boundaries), government_region (9 English regions + Wales, Scotland, Northern Ireland), country. They are columns of upc_output: join fact tables to upc_output on postcode to group by them.',
  },
  {
    term: 'Modelled data',
    definition:
      'The geography (local authorities, regions, postcode areas and districts) is real. Operator footprints, speeds, take-up, forecasts and attractiveness are modelled (synthetic), calibrated to public national figures: no public source names operators at postcode level.',
  },
];

/** Operator names and groups as generated (real data imported with data:import may add others). */
export const OPERATOR_NAMING = {
  openreachRetailers: ['BT', 'Sky', 'TalkTalk', 'Vodafone'],
  operators: operatorRows(),
  networks: [...new Set(NETWORKS.filter((n) => !n.forecastOnly).map((n) => n.group))],
};

const L = LATEST_SNAPSHOT;
const SIX_MONTHS_BEFORE = '2026-05-01';
const YEAR_BEFORE = '2025-11-01';

export const EXAMPLES: CatalogExample[] = [
  // coverage growth
  {
    id: 'coverage-growth-la-6-months',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Which local authorities gained the most full fibre premises in the last 6 months?',
    sql: `WITH first_ff AS (
  SELECT postcode FROM fact_operator
  WHERE ${FF('')}
  GROUP BY postcode
  HAVING MIN(activated_date) > DATE '${SIX_MONTHS_BEFORE}'
)
SELECT u.la_name, SUM(u.premises) AS premises_gained
FROM first_ff f JOIN upc_output u ON u.postcode = f.postcode
GROUP BY u.la_name
ORDER BY premises_gained DESC, u.la_name
LIMIT 10`,
    notes:
      'Full fibre is never withdrawn, so the premises gained since a date are those whose first full fibre (MIN(activated_date) in the latest snapshot) came after it. This reads only the latest snapshot; comparing two reported_at dates of fact_operator_time_series gives the same numbers more slowly.',
  },
  {
    id: 'coverage-growth-two-snapshots',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'How many premises had full fibre in Manchester a year ago and now?',
    sql: `WITH ff AS (
  SELECT DISTINCT f.postcode, f.reported_at FROM fact_operator_time_series f
  WHERE ${FF()} AND f.reported_at IN (DATE '${YEAR_BEFORE}', DATE '${L}')
    AND f.postcode IN (SELECT postcode FROM upc_output WHERE la_name = 'Manchester')
)
SELECT ff.reported_at, SUM(u.premises) AS full_fibre_premises
FROM ff JOIN upc_output u ON u.postcode = ff.postcode
GROUP BY ff.reported_at
ORDER BY ff.reported_at`,
    notes:
      'The time series at chosen dates: list the reported_at values you need (the 1st of a month) and narrow the postcodes early; every month of the whole country is much slower.',
  },
  {
    id: 'coverage-growth-national-trend',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'How has UK full fibre coverage grown, year by year?',
    sql: `WITH first_ff AS (
  SELECT postcode, MIN(activated_date) AS first_date FROM fact_operator
  WHERE ${FF('')}
  GROUP BY postcode
), by_first_date AS (
  SELECT f.first_date, SUM(u.premises) AS premises
  FROM first_ff f JOIN upc_output u ON u.postcode = f.postcode
  GROUP BY f.first_date
), dates AS (
  SELECT reported_at FROM (VALUES (DATE '2021-01-01'), (DATE '2022-01-01'), (DATE '2023-01-01'),
    (DATE '2024-01-01'), (DATE '2025-01-01'), (DATE '2026-01-01'), (DATE '${L}')) AS d(reported_at)
)
SELECT d.reported_at,
       100.0 * SUM(b.premises) / (SELECT SUM(premises) FROM upc_output) AS full_fibre_pct
FROM dates d JOIN by_first_date b ON b.first_date <= d.reported_at
GROUP BY d.reported_at
ORDER BY d.reported_at`,
    notes:
      'A trend over many dates from first activation dates (full fibre is never withdrawn): premises are summed per first date once, then accumulated. For measures that can go down, use fact_operator_time_series at a few listed dates.',
  },
  {
    id: 'coverage-first-full-fibre-last-year',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'How many postcodes got full fibre for the first time in the last year?',
    sql: `SELECT COUNT(*) AS postcodes
FROM (
  SELECT postcode FROM fact_operator
  WHERE ${FF('')}
  GROUP BY postcode
  HAVING MIN(activated_date) > DATE '${YEAR_BEFORE}'
) t`,
  },
  {
    id: 'coverage-gigabit-by-month',
    theme: 'coverage_growth',
    dataset: 'upc',
    question: 'Gigabit-capable premises in Wales, quarter by quarter this year',
    sql: `WITH g AS (
  SELECT DISTINCT f.postcode, f.reported_at FROM fact_operator_time_series f
  WHERE ${GIGABIT()}
    AND f.reported_at IN (DATE '2026-01-01', DATE '2026-04-01', DATE '2026-07-01', DATE '2026-10-01')
    AND f.postcode IN (SELECT postcode FROM upc_output WHERE country = 'Wales')
)
SELECT g.reported_at, SUM(u.premises) AS gigabit_premises
FROM g JOIN upc_output u ON u.postcode = g.postcode
GROUP BY g.reported_at
ORDER BY g.reported_at`,
  },
  // alternative networks
  {
    id: 'altnets-top',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Top 10 altnets by premises passed',
    sql: `SELECT a.operator, SUM(u.premises) AS premises
FROM (SELECT DISTINCT operator, postcode FROM fact_altnet) a
JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator
ORDER BY premises DESC, a.operator
LIMIT 10`,
  },
  {
    id: 'altnets-growth-year',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Which altnets added the most premises in the last 12 months?',
    sql: `WITH a AS (
  SELECT DISTINCT operator, postcode, reported_at FROM fact_altnet_time_series
  WHERE reported_at IN (DATE '${YEAR_BEFORE}', DATE '${L}')
)
SELECT a.operator,
       SUM(CASE WHEN a.reported_at = DATE '${L}' THEN u.premises ELSE 0 END)
     - SUM(CASE WHEN a.reported_at = DATE '${YEAR_BEFORE}' THEN u.premises ELSE 0 END) AS premises_added
FROM a JOIN upc_output u ON u.postcode = a.postcode
GROUP BY a.operator
ORDER BY premises_added DESC, a.operator
LIMIT 10`,
  },
  {
    id: 'altnets-in-la',
    theme: 'alternative_networks',
    dataset: 'upc',
    question: 'Which altnets operate in Leeds, and how many premises does each pass?',
    sql: `SELECT a.operator, COUNT(DISTINCT a.postcode) AS postcodes, SUM(u.premises) AS premises
FROM fact_altnet a JOIN upc_output u ON u.postcode = a.postcode
WHERE u.la_name = 'Leeds'
GROUP BY a.operator
ORDER BY premises DESC, a.operator`,
    notes:
      'fact_altnet has one row per postcode and altnet, so SUM(premises) counts each postcode once per altnet.',
  },
  // competition
  {
    id: 'competition-overbuild-counts',
    theme: 'competition',
    dataset: 'upc',
    question: 'How many premises can get 1, 2, 3 or more full-fibre networks?',
    sql: `WITH n AS (
  SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE ${FF()}
  GROUP BY f.postcode
)
SELECT COALESCE(n.networks, 0) AS networks, COUNT(*) AS postcodes, SUM(u.premises) AS premises
FROM upc_output u LEFT JOIN n ON n.postcode = u.postcode
GROUP BY COALESCE(n.networks, 0)
ORDER BY networks`,
  },
  {
    id: 'competition-overbuild-by-region',
    theme: 'competition',
    dataset: 'upc',
    question: 'Share of premises with two or more full-fibre networks, by region',
    sql: `WITH ob AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE ${FF()}
  GROUP BY f.postcode
  HAVING MIN(o.operator_group) <> MAX(o.operator_group)
)
SELECT u.government_region,
       100.0 * SUM(CASE WHEN ob.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS overbuilt_pct
FROM upc_output u LEFT JOIN ob ON ob.postcode = u.postcode
GROUP BY u.government_region
ORDER BY overbuilt_pct DESC, u.government_region`,
    notes:
      'Two or more networks: MIN(operator_group) <> MAX(operator_group) gives the same postcodes as COUNT(DISTINCT operator_group) >= 2 and is faster (no distinct count per postcode).',
  },
  {
    id: 'competition-head-to-head',
    theme: 'competition',
    dataset: 'upc',
    question: 'Where do Openreach and CityFibre overlap most? Top 10 local authorities by premises',
    sql: `WITH both_nets AS (
  SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE ${FF()} AND o.operator_group IN ('Openreach', 'CityFibre')
  GROUP BY f.postcode
  HAVING COUNT(DISTINCT o.operator_group) = 2
)
SELECT u.la_name, SUM(u.premises) AS premises
FROM upc_output u JOIN both_nets b ON b.postcode = u.postcode
GROUP BY u.la_name
ORDER BY premises DESC, u.la_name
LIMIT 10`,
  },
  // market leaders
  {
    id: 'leaders-networks-national',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Rank the full-fibre networks by premises passed',
    sql: `WITH g AS (
  SELECT DISTINCT o.operator_group, f.postcode
  FROM fact_operator f JOIN operators o ON o.operator = f.operator
  WHERE ${FF()}
)
SELECT g.operator_group, SUM(u.premises) AS premises,
       100.0 * SUM(u.premises) / (SELECT SUM(premises) FROM upc_output) AS coverage_pct
FROM g JOIN upc_output u ON u.postcode = g.postcode
GROUP BY g.operator_group
ORDER BY premises DESC, g.operator_group`,
  },
  {
    id: 'leaders-by-region',
    theme: 'market_leaders',
    dataset: 'upc',
    question: 'Who has the biggest full-fibre network in each region?',
    sql: `WITH g AS (
  SELECT u.government_region, x.operator_group, SUM(u.premises) AS premises
  FROM (SELECT DISTINCT o.operator_group, f.postcode
        FROM fact_operator f JOIN operators o ON o.operator = f.operator
        WHERE ${FF()}) x
  JOIN upc_output u ON u.postcode = x.postcode
  GROUP BY u.government_region, x.operator_group
), ranked AS (
  SELECT government_region, operator_group, premises,
         ROW_NUMBER() OVER (PARTITION BY government_region ORDER BY premises DESC, operator_group) AS rn
  FROM g
)
SELECT government_region, operator_group, premises FROM ranked WHERE rn = 1 ORDER BY government_region`,
  },
  {
    id: 'leaders-virgin-footprint',
    theme: 'market_leaders',
    dataset: 'upc',
    question: "What is Virgin Media's total footprint (cable plus its own full fibre)?",
    sql: `SELECT COUNT(*) AS postcodes, SUM(premises) AS premises,
       100.0 * SUM(premises) / (SELECT SUM(premises) FROM upc_output) AS coverage_pct
FROM upc_output
WHERE postcode IN (SELECT f.postcode FROM fact_operator f JOIN operators o ON o.operator = f.operator
                   WHERE o.operator_group = 'Virgin Media')`,
  },
  // regional analysis
  {
    id: 'regional-gigabit-ranking',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Rank regions by gigabit-capable premises',
    sql: `WITH g AS (SELECT DISTINCT postcode FROM fact_operator WHERE ${GIGABIT('')})
SELECT u.government_region,
       SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) AS gigabit_premises,
       100.0 * SUM(CASE WHEN g.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS gigabit_pct
FROM upc_output u LEFT JOIN g ON g.postcode = u.postcode
GROUP BY u.government_region
ORDER BY gigabit_premises DESC, u.government_region`,
  },
  {
    id: 'regional-worst-la',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Which 10 local authorities have the lowest full fibre coverage?',
    sql: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE ${FF('')})
SELECT u.la_name, u.government_region,
       100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS full_fibre_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
GROUP BY u.la_name, u.government_region
ORDER BY full_fibre_pct ASC, u.la_name
LIMIT 10`,
  },
  {
    id: 'regional-urban-rural',
    theme: 'regional_analysis',
    dataset: 'upc',
    question: 'Full fibre coverage in urban and rural areas of each nation',
    sql: `WITH ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE ${FF('')})
SELECT u.country, u.urban_rural,
       100.0 * SUM(CASE WHEN ff.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS full_fibre_pct
FROM upc_output u LEFT JOIN ff ON ff.postcode = u.postcode
GROUP BY u.country, u.urban_rural
ORDER BY u.country, u.urban_rural`,
  },
  // forecasts
  {
    id: 'forecast-coverage-2030',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Forecast full fibre coverage by region at the end of 2030',
    sql: `WITH f AS (SELECT DISTINCT postcode FROM forecast_footprint WHERE reported_at = DATE '2030-12-01')
SELECT u.government_region,
       100.0 * SUM(CASE WHEN f.postcode IS NOT NULL THEN u.premises ELSE 0 END) / SUM(u.premises) AS forecast_pct
FROM upc_output u LEFT JOIN f ON f.postcode = u.postcode
GROUP BY u.government_region
ORDER BY forecast_pct DESC, u.government_region`,
  },
  {
    id: 'forecast-overlap',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'How many premises are forecast to have both Openreach and CityFibre by the end of 2028?',
    sql: `SELECT SUM(u.premises) AS premises
FROM upc_output u
WHERE u.postcode IN (
  SELECT postcode FROM forecast_footprint
  WHERE reported_at = DATE '2028-12-01' AND operator IN ('Openreach', 'CityFibre')
  GROUP BY postcode
  HAVING COUNT(DISTINCT operator) = 2)`,
  },
  {
    id: 'forecast-network-trajectory',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: "Openreach's forecast full fibre footprint at the end of 2026, 2028 and 2030",
    sql: `SELECT f.reported_at, SUM(u.premises) AS premises
FROM forecast_footprint f JOIN upc_output u ON u.postcode = f.postcode
WHERE f.operator = 'Openreach' AND f.reported_at IN (DATE '2026-12-01', DATE '2028-12-01', DATE '2030-12-01')
GROUP BY f.reported_at
ORDER BY f.reported_at`,
    notes:
      'forecast_footprint has one row per postcode, network and date, so a sum per network and date is safe.',
  },
  {
    id: 'forecast-attractiveness',
    theme: 'forecasts',
    dataset: 'upc_forecast',
    question: 'Most attractive local authorities to build in that still lack full fibre (latest quarter)',
    sql: `WITH latest AS (SELECT MAX(reported_at) AS reported_at FROM postcode_attractiveness),
ff AS (SELECT DISTINCT postcode FROM fact_operator WHERE ${FF('')})
SELECT u.la_name, AVG(a.general_attractiveness) AS avg_attractiveness, COUNT(*) AS postcodes_without_full_fibre
FROM postcode_attractiveness a
JOIN latest l ON l.reported_at = a.reported_at
JOIN upc_output u ON u.postcode = a.postcode
LEFT JOIN ff ON ff.postcode = a.postcode
WHERE ff.postcode IS NULL
GROUP BY u.la_name
HAVING COUNT(*) >= 10
ORDER BY avg_attractiveness DESC, u.la_name
LIMIT 10`,
    notes:
      'Postcodes without something: LEFT JOIN the DISTINCT postcodes that have it and keep the rows where it IS NULL (an anti-join both engines run fast).',
  },
  // take-up
  {
    id: 'take-up-share-latest',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Market share of lines by operator in the latest quarter',
    sql: `WITH q AS (SELECT * FROM take_up_quarterly WHERE quarter = (SELECT MAX(quarter) FROM take_up_quarterly))
SELECT operator, SUM(lines) AS lines, 100.0 * SUM(lines) / (SELECT SUM(lines) FROM q) AS share_pct
FROM q
GROUP BY operator
ORDER BY lines DESC, operator`,
  },
  {
    id: 'take-up-fttp-share-trend',
    theme: 'take_up',
    dataset: 'take_up',
    question: 'Share of lines on full fibre, quarter by quarter',
    sql: `SELECT quarter, 100.0 * SUM(CASE WHEN tech = '${TAKE_UP_FF}' THEN lines ELSE 0 END) / SUM(lines) AS fttp_share_pct
FROM take_up_quarterly
GROUP BY quarter
ORDER BY quarter`,
  },
  {
    id: 'take-up-la-fttp',
    theme: 'take_up',
    dataset: 'take_up',
    question:
      'Full fibre take-up in Leeds: fttp lines as a share of premises that can get full fibre (latest quarter)',
    sql: `WITH lines AS (
  SELECT SUM(t.lines) AS fttp_lines FROM take_up_postcode t
  WHERE t.tech = '${TAKE_UP_FF}' AND t.quarter = (SELECT MAX(quarter) FROM take_up_quarterly)
    AND t.postcode IN (SELECT postcode FROM upc_output WHERE la_name = 'Leeds')
),
passed AS (
  SELECT SUM(u.premises) AS ff_premises FROM upc_output u
  WHERE u.la_name = 'Leeds'
    AND EXISTS (SELECT 1 FROM fact_operator f WHERE f.postcode = u.postcode AND ${FF()})
)
SELECT 100.0 * lines.fttp_lines / passed.ff_premises AS take_up_pct
FROM lines CROSS JOIN passed`,
    notes:
      'take_up_postcode is large: narrow it to one quarter and to the postcodes of the place before adding up lines. A CTE used more than once is computed in full first, so repeat a small filter instead of sharing a CTE.',
  },
];

export const CATALOG_NOTES = [
  'Geography is real (ONS local authority districts on 2024 boundaries, regions and nations, postcode areas and districts); postcode units, operator footprints, speeds, take-up, forecasts and attractiveness are modelled (synthetic), calibrated to public national figures.',
  `The latest snapshot is ${LATEST_SNAPSHOT}; snapshots are monthly from 2021-01-01, always on the 1st of the month.`,
  "Write portable SQL (it runs on DuckDB and PostgreSQL): DATE literals as DATE 'YYYY-MM-DD', 100.0 * a / b for percentages, CASE WHEN for conditional sums, no engine-specific functions.",
  'Count postcodes with COUNT(DISTINCT postcode) and premises with SUM(upc_output.premises) over distinct postcodes; never sum premises over fact rows.',
  'Time series tables are large: filter reported_at to the dates you need.',
  'To exclude postcodes that appear in another table use NOT EXISTS (...) or LEFT JOIN ... WHERE x.postcode IS NULL rather than NOT IN (subquery), which PostgreSQL runs very slowly on large tables.',
];

export const catalog = {
  datasets: DATASETS,
  tables: TABLES,
  definitions: DEFINITIONS,
  examples: EXAMPLES,
  themes: THEMES,
  notes: CATALOG_NOTES,
  operatorNaming: OPERATOR_NAMING,
  latestSnapshot: LATEST_SNAPSHOT,
};

export type Catalog = typeof catalog;

export function catalogTable(name: string): CatalogTable | undefined {
  return TABLES.find((t) => t.name === name.toLowerCase());
}

export const CATALOG_TABLE_NAMES: readonly string[] = TABLES.map((t) => t.name);
