/**
 * @qa/warehouse: the UK broadband warehouse (real geography, calibrated synthetic operator data), its engines
 * (DuckDB embedded, PostgreSQL), the semantic catalog, the SQL guard and the build/import entry points.
 */
export * from './catalog/catalog.js';
export { type RenderCatalogOptions, renderCatalogMarkdown } from './catalog/render.js';
export { DuckDbWarehouse } from './engine/duckdb-engine.js';
export {
  type EnsureWarehouseOptions,
  type EnsureWarehouseResult,
  ensureWarehouse,
  type OpenWarehouseOptions,
  openWarehouse,
  readWarehouseMeta,
} from './engine/open-warehouse.js';
export { DEFAULT_PG_SCHEMA, PostgresWarehouse } from './engine/postgres-engine.js';
export { type LoadPostgresOptions, loadPostgresFromDuckDb } from './engine/postgres-load.js';
export {
  type DatasetId,
  type DatasetStatus,
  DEFAULT_ROW_LIMIT,
  DEFAULT_TIMEOUT_MS,
  type DistinctValuesOptions,
  type EngineKind,
  type QueryOptions,
  type QueryResultSet,
  type ResultColumn,
  type Warehouse,
  type WarehouseCalendar,
  type WarehouseDescription,
  WarehouseError,
  type WarehouseErrorCode,
} from './engine/types.js';
export {
  type BuildOptions,
  type BuildProgress,
  type BuildSummary,
  buildWarehouse,
  DEFAULT_SCALE,
  DEFAULT_SEED,
  warehouseChecksum,
  warehousePath,
} from './generator/build.js';
export { addMonths, FIRST_SNAPSHOT, LATEST_SNAPSHOT } from './generator/calendar.js';
export { type County, type Geography, loadGeography } from './geography/geography.js';
export { type GuardOptions, type GuardResult, guardSql, parseSqlTree } from './guard/guard.js';
export { type ImportOptions, type ImportResult, importWarehouse } from './importer/import.js';
export {
  type CalibrationReport,
  type CalibrationRow,
  calibrationReport,
  renderCalibrationTable,
} from './report/calibration.js';
export {
  ALTNET_AREA_TABLE,
  AREA_SUMMARY_GEO_COLUMNS,
  ATTRACTIVENESS_AREA_TABLE,
  ATTRACTIVENESS_SCORES,
  createAreaSummaries,
  FIRST_FULL_FIBRE_AREA_TABLE,
  FORECAST_ENTRY_AREA_TABLE,
  FORECAST_PAIR_AREA_TABLE,
  NETWORK_AREA_COLUMNS,
  NETWORK_AREA_TABLE,
  NETWORK_FIRST_FULL_FIBRE_AREA_TABLE,
  NETWORK_PAIR_AREA_TABLE,
  SERVICE_AREA_COLUMNS,
  SERVICE_AREA_TABLE,
  TAKE_UP_AREA_TABLE,
} from './schema/area-summary.js';
export {
  createForecastSummaries,
  FORECAST_AREA_TABLE,
  FORECAST_ENTRY_COLUMNS,
  FORECAST_NETWORK_ENTRY_TABLE,
  FORECAST_POSTCODE_ENTRY_TABLE,
} from './schema/forecast-summary.js';
export {
  createPostcodeService,
  NETWORK_POSTCODE_TABLE,
  POSTCODE_SERVICE_TABLE,
  POSTCODE_SERVICE_TECHS,
} from './schema/postcode-service.js';
export {
  SPEED_SUMMARY_GEO_COLUMNS,
  SPEED_SUMMARY_TABLE,
} from './schema/speed-summary.js';
export {
  DATASET_LIST,
  DATASETS_BY_ID,
  type DatasetName,
} from './semantic/datasets.js';
export {
  DIMENSION_IDS,
  DIMENSION_LIST,
  DIMENSIONS,
  type DimensionId,
  LA_PLACE_COLUMNS,
  MAPPABLE_PLACE_COLUMNS,
  PLACE_COLUMNS,
  PLACE_DIMENSIONS,
  PLACE_KEY_COLUMNS,
  type PlaceColumn,
  TIME_GRAINS,
  type TimeGrain,
} from './semantic/dimensions.js';
export {
  MEASURE_IDS,
  MEASURE_LIST,
  MEASURES,
  type MeasureId,
  UNIT_SUFFIX,
} from './semantic/measures.js';
export {
  type ModelPhrase,
  modelPhrases,
  SEGMENT_LIST,
  type SegmentSqlOptions,
  type SemanticModel,
  segmentSql,
  segmentsNamedIn,
  segmentTerms,
  semanticModel,
  type TermDefinition,
  technologySql,
} from './semantic/model.js';
export {
  type DatasetDefinition,
  type DimensionDefinition,
  datasetSchema as datasetDefinitionSchema,
  dimensionSchema,
  type EngineSql,
  engineSqlSchema,
  type MeasureDefinition,
  measureSchema,
  type SegmentDefinition,
  segmentSchema,
} from './semantic/model-schema.js';
export {
  availabilityTech,
  FULL_FIBRE,
  GIGABIT_DOWN_MBPS,
  SEGMENTS,
  type SegmentId,
  SPEED_BANDS,
  SUPERFAST_DOWN_MBPS,
  speedBandsAt,
  TAKE_UP_TECHS,
  type TakeUpTech,
  TECHNOLOGY_SEGMENTS,
  TECHS,
  type Tech,
  takeUpTech,
  techSegment,
  ULTRAFAST_DOWN_MBPS,
  USO_DOWN_MBPS,
  USO_UP_MBPS,
} from './semantic/segments.js';
export { portable, type RenderSqlOptions, renderSql } from './semantic/sql.js';
export { sqlString } from './sql/quote.js';
