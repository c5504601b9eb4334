/**
 * `npm run data:import -- <dir> [--data-dir ./data]`
 * Validates the contract files in <dir> (CSV or Parquet) and swaps them in as the warehouse; prints every issue.
 */
import { resolve } from 'node:path';
import { importWarehouse } from '../importer/import.js';
import { defaultDataDir, parseArgs, stringFlag } from './args.js';

const SHOWN_ISSUES = 200;
const args = parseArgs(process.argv.slice(2));
const source = args.positional[0];
if (!source) {
  console.error('usage: npm run data:import -- <dir with CSV or Parquet files> [--data-dir ./data]');
  process.exit(2);
}
const dataDir = resolve(stringFlag(args, 'data-dir', defaultDataDir()));
const sourceDir = resolve(process.env.INIT_CWD ?? process.cwd(), source);
try {
  const result = await importWarehouse({ dataDir, sourceDir, onProgress: (m) => console.log(`  ${m}`) });
  if (result.ok) {
    console.log(`Imported in ${(result.elapsedMs / 1000).toFixed(1)} s into ${result.path}:`);
    for (const t of result.tables) console.log(`  ${t.name}: ${t.rows.toLocaleString('en-GB')} rows`);
  } else {
    console.error(
      `Import rejected: ${result.issues.length.toLocaleString('en-GB')} problem(s); the current warehouse is unchanged.`,
    );
    for (const i of result.issues.slice(0, SHOWN_ISSUES)) {
      const where = [
        i.file,
        i.line !== undefined ? `line ${i.line}` : '',
        i.column ? `column ${i.column}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      console.error(`  ${where}: ${i.message}${i.value !== undefined ? ` (value: "${i.value}")` : ''}`);
    }
    if (result.issues.length > SHOWN_ISSUES)
      console.error(`  ... and ${result.issues.length - SHOWN_ISSUES} more.`);
    if (result.issuesFile) console.error(`Every problem is listed in ${result.issuesFile}.`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`data:import failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
