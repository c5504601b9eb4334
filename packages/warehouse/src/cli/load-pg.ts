/**
 * `npm run data:load-pg -- [--data-dir ./data] [--pg <url>] [--force]`
 * Copies the DuckDB build in DATA_DIR into PostgreSQL (WAREHOUSE_URL by default), so the server can run with
 * WAREHOUSE_URL set. A build PostgreSQL already holds is kept unless --force.
 */
import { resolve } from 'node:path';
import { loadPostgresFromDuckDb } from '../engine/postgres-load.js';
import { warehousePath } from '../generator/build.js';
import { defaultDataDir, parseArgs, stringFlag } from './args.js';

const args = parseArgs(process.argv.slice(2));
const dataDir = resolve(stringFlag(args, 'data-dir', defaultDataDir()));
const url = args.flags.pg === undefined ? process.env.WAREHOUSE_URL : stringFlag(args, 'pg', '');

if (!url) {
  console.error('data:load-pg needs a PostgreSQL URL: --pg <url> or WAREHOUSE_URL');
  process.exitCode = 1;
} else {
  try {
    const result = await loadPostgresFromDuckDb({
      duckdbPath: warehousePath(dataDir),
      url,
      force: Boolean(args.flags.force),
      onProgress: (message) => console.log(message),
    });
    if (result.loaded) {
      console.log(`\nSchema ${result.schema}, loaded in ${(result.elapsedMs / 1000).toFixed(1)} s:`);
      console.log(`  tables (${result.tables.length}):`);
      for (const t of result.tables)
        console.log(
          `    ${t.name.padEnd(32)} ${t.rows.toLocaleString('en-GB').padStart(12)} rows  ${t.seconds.toFixed(1).padStart(6)} s`,
        );
      console.log(`  indexes (${result.indexes.length}):`);
      for (const i of result.indexes) console.log(`    ${i}`);
      console.log(`  views (${result.views.length}): ${result.views.join(', ')}`);
      console.log('  statistics: ANALYZE of every table');
    } else {
      console.log(`PostgreSQL already holds this build (schema ${result.schema}); pass --force to reload.`);
    }
  } catch (err) {
    console.error(`data:load-pg failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
