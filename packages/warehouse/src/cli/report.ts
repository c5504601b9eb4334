/**
 * `npm run data:report -- [--data-dir ./data] [--pg <url>] [--json]`
 * Prints every calibration figure (docs/data-contract.md) beside the generated one.
 */
import { resolve } from 'node:path';
import { openWarehouse } from '../engine/open-warehouse.js';
import { calibrationReport, renderCalibrationTable } from '../report/calibration.js';
import {
  coverageComparison,
  renderCoverageComparison,
  renderSeriesReport,
  seriesReport,
} from '../report/coverage.js';
import { defaultDataDir, parseArgs, stringFlag } from './args.js';

const args = parseArgs(process.argv.slice(2));
const dataDir = resolve(stringFlag(args, 'data-dir', defaultDataDir()));
const pgUrl = args.flags.pg === undefined ? undefined : stringFlag(args, 'pg', '');

try {
  const warehouse = await openWarehouse({ dataDir, warehouseUrl: pgUrl || undefined });
  try {
    const started = Date.now();
    const report = await calibrationReport(warehouse);
    // Per-authority comparison only for the generated UK warehouse (bring-your-own data has its own geography).
    const coverage =
      (await warehouse.describe()).source === 'imported' ? null : await coverageComparison(warehouse);
    const series = await seriesReport(warehouse, report.scale);
    if (args.flags.json) console.log(JSON.stringify({ ...report, coverage, series }, null, 2));
    else {
      console.log(renderCalibrationTable(report));
      if (coverage) console.log(`\n${renderCoverageComparison(coverage)}`);
      console.log(`\n${renderSeriesReport(series)}`);
      console.log(`(${warehouse.kind}, computed in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await warehouse.close();
  }
} catch (err) {
  console.error(`data:report failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
