/**
 * `npm run bench:warehouse -- [--data-dir ./data] [--pg <url>] [--runs 5] [--pg-runs 1] [--schema warehouse_bench]`
 *
 * Runs the catalog's worked examples (one or more per question theme: coverage growth incl. a 6-month growth by
 * local authority and a first-full-fibre-in-the-last-year count, alternative networks, competition incl. an
 * overbuild count, market leaders, regional analysis incl. a gigabit-by-region ranking, forecasts incl. an
 * overlap, take-up) through the guard at full scale on DuckDB and, when a PostgreSQL URL is given (--pg or
 * TEST_DATABASE_URL), on PostgreSQL loaded from the same DuckDB build. Prints the median time per query and the
 * ratio. Goal: every query under 1 s on DuckDB, DuckDB at least 10x faster than PostgreSQL (geometric mean).
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { EXAMPLES } from '../src/catalog/catalog.js';
import { defaultDataDir, numberFlag, parseArgs, stringFlag } from '../src/cli/args.js';
import { ensureWarehouse, openWarehouse } from '../src/engine/open-warehouse.js';
import { loadPostgresFromDuckDb } from '../src/engine/postgres-load.js';
import type { Warehouse } from '../src/engine/types.js';

const DUCKDB_GOAL_MS = 1000;
const RATIO_GOAL = 10;

const args = parseArgs(process.argv.slice(2));
const dataDir = resolve(stringFlag(args, 'data-dir', defaultDataDir()));
const runs = numberFlag(args, 'runs', 5);
const pgRuns = numberFlag(args, 'pg-runs', 1);
const pgUrl = args.flags.pg !== undefined ? stringFlag(args, 'pg', '') : process.env.TEST_DATABASE_URL;
const schema = stringFlag(args, 'schema', 'warehouse_bench');
const timeoutMs = numberFlag(args, 'timeout-ms', 300_000);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function time(w: Warehouse, sql: string, n: number): Promise<{ median: number; rows: number }> {
  let first: Awaited<ReturnType<Warehouse['runGuarded']>>;
  try {
    first = await w.runGuarded(sql, { timeoutMs, rowLimit: 10_000 }); // warm-up (caches, plans)
  } catch (err) {
    console.log(`    failed: ${(err as Error).message}`);
    return { median: Number.NaN, rows: 0 };
  }
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await w.runGuarded(sql, { timeoutMs, rowLimit: 10_000 });
    times.push(performance.now() - t);
  }
  return { median: median(times), rows: first.rowCount };
}

const fmt = (ms: number) =>
  Number.isNaN(ms) ? 'failed' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`;

console.log(
  `Warehouse benchmark: ${dataDir}/warehouse, ${runs} timed runs per query on DuckDB and ${pgRuns} on PostgreSQL, each after one warm-up`,
);
console.log(
  `Machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
const ensured = await ensureWarehouse({
  dataDir,
  onProgress: (p) =>
    p.step !== 'done' && console.log(`  building: ${p.step} (${(p.elapsedMs / 1000).toFixed(0)} s)`),
});
console.log(
  `DuckDB build: ${ensured.meta.source}, scale ${ensured.meta.scale}, built ${ensured.meta.built_at}`,
);

const duck = await openWarehouse({ dataDir });
let pgw: Warehouse | undefined;
if (pgUrl) {
  console.log(`Loading PostgreSQL (schema ${schema}) from the DuckDB build if needed...`);
  await loadPostgresFromDuckDb({
    duckdbPath: ensured.path,
    url: pgUrl,
    schema,
    onProgress: (m) => console.log(m),
  });
  pgw = await openWarehouse({ warehouseUrl: pgUrl, schema });
} else {
  console.log('No PostgreSQL URL (--pg or TEST_DATABASE_URL): DuckDB only.');
}

const rows: string[][] = [];
const ratios: number[] = [];
let slow = 0;
for (const e of EXAMPLES) {
  const d = await time(duck, e.sql, runs);
  if (!(d.median <= DUCKDB_GOAL_MS)) slow++;
  let pgCell = '-';
  let ratioCell = '-';
  if (pgw) {
    const p = await time(pgw, e.sql, Math.max(1, pgRuns));
    const ratio = p.median / Math.max(d.median, 0.01);
    if (Number.isFinite(ratio)) ratios.push(ratio);
    pgCell = fmt(p.median);
    ratioCell = `${ratio.toFixed(1)}x`;
  }
  rows.push([e.id, e.theme, fmt(d.median), pgCell, ratioCell, String(d.rows)]);
  console.log(`  ${e.id}: DuckDB ${fmt(d.median)}${pgw ? `, PostgreSQL ${pgCell} (${ratioCell})` : ''}`);
}

const header = ['query', 'theme', 'DuckDB median', 'PostgreSQL median', 'ratio', 'rows'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log('');
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log('');
console.log(
  `DuckDB: ${EXAMPLES.length - slow} of ${EXAMPLES.length} queries under ${DUCKDB_GOAL_MS} ms median (goal: all).`,
);
if (ratios.length) {
  const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`PostgreSQL / DuckDB geometric mean: ${geo.toFixed(1)}x (goal: at least ${RATIO_GOAL}x).`);
}
console.log(
  `Load average after the run: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')}`,
);
await duck.close();
await pgw?.close();
