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
export { type GuardOptions, type GuardResult, guardSql } from './guard/guard.js';
export { type ImportOptions, type ImportResult, importWarehouse } from './importer/import.js';
export {
  type CalibrationReport,
  type CalibrationRow,
  calibrationReport,
  renderCalibrationTable,
} from './report/calibration.js';
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
export { sqlString } from './sql/quote.js';
