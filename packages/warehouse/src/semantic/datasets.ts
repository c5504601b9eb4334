/** The datasets of the query tool (`available_databases`), their tables and grain. */
import { FIRST_SNAPSHOT, LAST_FORECAST, LATEST_SNAPSHOT } from '../generator/calendar.js';
import type { DatasetDefinition } from './model-schema.js';

export const DATASET_LIST = [
  {
    id: 'upc',
    title: 'Availability (UPC)',
    description:
      "Which operator's network reaches each postcode, with which technology and speed, plus postcode geography and demographics.",
    grain: `postcode x month (snapshot on the 1st of each month, ${FIRST_SNAPSHOT} to ${LATEST_SNAPSHOT})`,
    tables: [
      'upc_output_time_series',
      'upc_output',
      'fact_operator_time_series',
      'fact_operator',
      'fact_altnet_time_series',
      'fact_altnet',
      'operators',
      'local_authorities',
    ],
    summaryTables: [
      'coverage_by_speed_time_series',
      'postcode_service_latest',
      'network_postcode_latest',
      'service_by_area',
      'network_by_area',
      'first_full_fibre_by_area',
      'network_first_full_fibre_by_area',
      'altnet_by_area_time_series',
      'network_pair_by_area',
    ],
    phrases: ['availability', 'coverage', 'footprint', 'upc'],
  },
  {
    id: 'upc_forecast',
    title: 'Forecasts',
    description: 'Forecast full-fibre network presence to 2030 and postcode attractiveness scores.',
    grain: `postcode x half-year (June and December) to ${LAST_FORECAST.slice(0, 7)}`,
    tables: ['forecast_footprint', 'postcode_attractiveness'],
    summaryTables: [
      'forecast_network_entry',
      'forecast_postcode_entry',
      'forecast_coverage_by_area',
      'forecast_entry_by_area',
      'forecast_pair_by_area',
      'attractiveness_by_area',
    ],
    phrases: ['forecast', 'forecasts', 'fcst', 'projection', 'plans', 'by 2030'],
  },
  {
    id: 'take_up',
    title: 'Take-up',
    description: 'Subscriber lines (market share) by retail operator and technology.',
    grain: 'quarter (2021Q1 onwards), national and postcode level',
    tables: ['take_up_quarterly', 'take_up_postcode'],
    summaryTables: ['take_up_by_area'],
    phrases: ['take-up', 'take up', 'lines', 'subscribers', 'signed up', 'sign-ups', 'customers'],
  },
] as const satisfies readonly DatasetDefinition[];

export type DatasetName = (typeof DATASET_LIST)[number]['id'];
export const DATASETS_BY_ID = Object.fromEntries(DATASET_LIST.map((d) => [d.id, d])) as {
  [D in (typeof DATASET_LIST)[number] as D['id']]: D;
};
