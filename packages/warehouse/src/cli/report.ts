/**
 * `npm run data:report -- [--data-dir ./data] [--pg <url>] [--json]`
 * Prints every calibration figure (docs/data-contract.md) beside the generated one.
 */
import { resolve } from 'node:path';
import { openWarehouse } from '../engine/open-warehouse.js';
import { calibrationReport, renderCalibrationTable } from '../report/calibration.js';
import { defaultDataDir, parseArgs, stringFlag } from './args.js';

const args = parseArgs(process.argv.slice(2));
const dataDir = resolve(stringFlag(args, 'data-dir', defaultDataDir()));
const pgUrl = args.flags.pg === undefined ? undefined : stringFlag(args, 'pg', '');

try {
  const warehouse = await openWarehouse({ dataDir, warehouseUrl: pgUrl || undefined });
  try {
    const started = Date.now();
    const report = await calibrationReport(warehouse);
    if (args.flags.json) console.log(JSON.stringify(report, null, 2));
    else {
      console.log(renderCalibrationTable(report));
      console.log(`(${warehouse.kind}, computed in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await warehouse.close();
  }
} catch (err) {
  console.error(`data:report failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
