/**
 * data:import: bring-your-own data. Reads CSV (optionally .gz) or Parquet files named after the contract tables,
 * validates every row (types, required values, keys, dates on the 1st, known regions and codes, references
 * between tables, postcode snapshots without gaps, take-up within premises and full-fibre availability),
 * reports every bad row, and only when everything is valid builds a new DuckDB file with the same storage as a
 * generated build and renames it over the old one. A failed import leaves the current warehouse untouched.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { type CatalogTable, catalogTable } from '../catalog/catalog.js';
import { queryObjects, snapshotDates } from '../engine/duckdb-values.js';
import { warehouseDir, warehousePath } from '../generator/build.js';
import { COUNTRIES, GOVERNMENT_REGIONS } from '../generator/geography-input.js';
import { createLatestAndViews, rowCounts, writeMeta } from '../generator/steps/finish.js';
import { contractViewDdl, WAREHOUSE_FORMAT_VERSION } from '../schema/storage.js';
import { segmentSql } from '../semantic/model.js';
import { FULL_FIBRE, SEGMENTS, TAKE_UP_TECHS, TECHS } from '../semantic/segments.js';
import { sqlString } from '../sql/quote.js';

export interface ImportOptions {
  /** DATA_DIR holding (or to hold) warehouse/warehouse.duckdb. */
  dataDir: string;
  /** Directory with the files to import. */
  sourceDir: string;
  onProgress?: (message: string) => void;
}

export interface ImportIssue {
  file: string;
  /** Line in a CSV file (header = line 1) or row number in a Parquet file. */
  line?: number;
  column?: string;
  value?: string;
  message: string;
}

export interface ImportResult {
  ok: boolean;
  /** The warehouse file, replaced only when ok. */
  path: string;
  issues: ImportIssue[];
  /** Where the full list of issues was written, when there were any. */
  issuesFile?: string;
  tables: { name: string; rows: number }[];
  elapsedMs: number;
}

const REQUIRED = ['upc_output_time_series', 'fact_operator_time_series', 'operators'] as const;
const OPTIONAL = [
  'local_authorities',
  'forecast_footprint',
  'postcode_attractiveness',
  'take_up_quarterly',
  'take_up_postcode',
] as const;
type ImportTable = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
const DERIVED = ['upc_output', 'fact_operator', 'fact_altnet', 'fact_altnet_time_series'];

/** Maximum issues kept per check in memory (all of them still go to the issues file). */
const MAX_ISSUES_PER_CHECK = 100_000;

const POSTCODE_RE = '^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][A-Z]{2}$';
const LA_CODE_RE = '^[ENSW][0-9]{8}$';
const QUARTER_RE = '^[0-9]{4}Q[1-4]$';

const DOMAINS: Record<string, Record<string, readonly string[]>> = {
  upc_output_time_series: {
    government_region: GOVERNMENT_REGIONS,
    country: COUNTRIES,
    urban_rural: ['urban', 'rural'],
  },
  fact_operator_time_series: { tech: TECHS },
  operators: { network_type: ['openreach', 'virgin', 'kcom', 'altnet', 'fwa'] },
  local_authorities: { government_region: GOVERNMENT_REGIONS, country: COUNTRIES },
  forecast_footprint: { tech: [FULL_FIBRE] },
  take_up_quarterly: { tech: TAKE_UP_TECHS, segment: ['residential', 'business'] },
  take_up_postcode: { tech: TAKE_UP_TECHS, segment: ['residential', 'business'] },
};

/** Date columns that must fall on the first of a month, and (optionally) in given months. */
const FIRST_OF_MONTH: Record<string, { column: string; months?: number[] }[]> = {
  upc_output_time_series: [{ column: 'reported_at' }],
  fact_operator_time_series: [{ column: 'reported_at' }, { column: 'activated_date' }],
  forecast_footprint: [{ column: 'reported_at', months: [6, 12] }],
  postcode_attractiveness: [{ column: 'reported_at', months: [1, 4, 7, 10] }],
  take_up_quarterly: [{ column: 'quarter_start', months: [1, 4, 7, 10] }],
};

function findFile(dir: string, table: string): string | undefined {
  for (const ext of ['.parquet', '.csv', '.csv.gz']) {
    const p = join(dir, `${table}${ext}`);
    if (existsSync(p)) return p;
  }
  return undefined;
}

function sqlPath(path: string): string {
  return sqlString(resolve(path));
}

class IssueLog {
  readonly all: ImportIssue[] = [];
  add(issue: ImportIssue): void {
    this.all.push(issue);
  }
}

async function loadRaw(conn: DuckDBConnection, table: ImportTable, file: string): Promise<string[]> {
  const reader = file.endsWith('.parquet')
    ? `SELECT COLUMNS(*)::VARCHAR FROM read_parquet(${sqlPath(file)})`
    : `SELECT * FROM read_csv(${sqlPath(file)}, header = true, all_varchar = true, delim = ',', quote = '"', escape = '"')`;
  const lineOffset = file.endsWith('.parquet') ? 0 : 1;
  await conn.run(
    `CREATE TEMP TABLE raw_${table} AS SELECT *, (row_number() OVER () + ${lineOffset})::BIGINT AS _line FROM (${reader})`,
  );
  const cols = await queryObjects<{ name: string }>(
    conn,
    `SELECT column_name AS name FROM duckdb_columns() WHERE table_name = 'raw_${table}' AND column_name <> '_line'`,
  );
  return cols.map((c) => c.name);
}

/** Runs a check returning (line, column, value, message) rows, read by position. */
async function collect(conn: DuckDBConnection, log: IssueLog, file: string, sql: string): Promise<void> {
  const reader = await conn.runAndReadAll(`SELECT * FROM (${sql}) LIMIT ${MAX_ISSUES_PER_CHECK}`);
  for (const [line, col, value, message] of reader.getRowsJson() as (string | number | null)[][]) {
    log.add({
      file,
      line: line === null || line === undefined ? undefined : Number(line),
      column: col === null || col === undefined ? undefined : String(col),
      value: value === null || value === undefined ? undefined : String(value),
      message: String(message),
    });
  }
}

function typeCheck(t: CatalogTable, column: string): string | undefined {
  const c = t.columns.find((x) => x.name === column)!;
  const v = `"${column}"`;
  switch (c.type) {
    case 'integer':
      return `TRY_CAST(${v} AS INTEGER) IS NULL`;
    case 'double':
      return `TRY_CAST(${v} AS DOUBLE) IS NULL OR NOT isfinite(TRY_CAST(${v} AS DOUBLE))`;
    case 'date':
      return `TRY_CAST(${v} AS DATE) IS NULL OR NOT regexp_matches(${v}, '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')`;
    case 'boolean':
      return `TRY_CAST(${v} AS BOOLEAN) IS NULL`;
    default:
      return undefined;
  }
}

async function validateTable(
  conn: DuckDBConnection,
  log: IssueLog,
  table: ImportTable,
  file: string,
  columns: string[],
): Promise<boolean> {
  const t = catalogTable(table)!;
  const expected = t.columns.map((c) => c.name);
  const missing = expected.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    log.add({ file, message: `missing columns: ${missing.join(', ')} (expected ${expected.join(', ')})` });
    return false;
  }
  const checks: string[] = [];
  for (const c of t.columns) {
    const v = `"${c.name}"`;
    checks.push(
      `SELECT _line AS line, '${c.name}' AS col, ${v} AS value, 'missing value' AS message FROM raw_${table} WHERE ${v} IS NULL OR trim(${v}) = ''`,
    );
    const bad = typeCheck(t, c.name);
    if (bad) {
      checks.push(
        `SELECT _line, '${c.name}', ${v}, 'not a valid ${c.type}${c.type === 'date' ? ' (YYYY-MM-DD)' : ''}' FROM raw_${table}
         WHERE ${v} IS NOT NULL AND trim(${v}) <> '' AND (${bad})`,
      );
    }
  }
  for (const [col, values] of Object.entries(DOMAINS[table] ?? {})) {
    checks.push(
      `SELECT _line, '${col}', "${col}", ${sqlString(`must be one of: ${values.join(', ')}`)} FROM raw_${table}
       WHERE "${col}" IS NOT NULL AND trim("${col}") <> '' AND "${col}" NOT IN (${values.map(sqlString).join(', ')})`,
    );
  }
  for (const { column, months } of FIRST_OF_MONTH[table] ?? []) {
    const d = `TRY_CAST("${column}" AS DATE)`;
    checks.push(
      `SELECT _line, '${column}', "${column}", 'must be the first day of a month${months ? ` in ${months.join('/')}` : ''}' FROM raw_${table}
       WHERE ${d} IS NOT NULL AND (day(${d}) <> 1 ${months ? `OR month(${d}) NOT IN (${months.join(', ')})` : ''})`,
    );
  }
  if (columns.includes('postcode')) {
    checks.push(
      `SELECT _line, 'postcode', postcode, 'not a valid UK postcode (standard form with one space, e.g. SW1A 1AA)' FROM raw_${table}
       WHERE postcode IS NOT NULL AND trim(postcode) <> '' AND NOT regexp_matches(postcode, '${POSTCODE_RE}')`,
    );
  }
  if (columns.includes('la_code')) {
    checks.push(
      `SELECT _line, 'la_code', la_code, 'not an ONS local authority code (e.g. E09000033)' FROM raw_${table}
       WHERE la_code IS NOT NULL AND trim(la_code) <> '' AND NOT regexp_matches(la_code, '${LA_CODE_RE}')`,
    );
  }
  if (columns.includes('quarter')) {
    checks.push(
      `SELECT _line, 'quarter', quarter, 'must look like 2025Q1' FROM raw_${table}
       WHERE quarter IS NOT NULL AND trim(quarter) <> '' AND NOT regexp_matches(quarter, '${QUARTER_RE}')`,
    );
  }
  if (table === 'take_up_quarterly') {
    checks.push(
      `SELECT _line, 'quarter_start', quarter_start, 'does not match quarter ' || quarter FROM raw_take_up_quarterly
       WHERE regexp_matches(quarter, '${QUARTER_RE}') AND TRY_CAST(quarter_start AS DATE) IS NOT NULL
         AND TRY_CAST(quarter_start AS DATE) <> make_date(CAST(left(quarter, 4) AS INTEGER), (CAST(right(quarter, 1) AS INTEGER) - 1) * 3 + 1, 1)`,
    );
  }
  for (const col of [
    'lines',
    'fastest_down',
    'fastest_up',
    'population',
    'households',
    'bus_sites_total',
    'premises',
  ]) {
    if (!columns.includes(col)) continue;
    checks.push(
      `SELECT _line, '${col}', "${col}", 'must not be negative' FROM raw_${table} WHERE TRY_CAST("${col}" AS DOUBLE) < 0`,
    );
  }
  for (const col of ['digital_deprivation', 'general_attractiveness']) {
    if (!columns.includes(col)) continue;
    checks.push(
      `SELECT _line, '${col}', "${col}", 'must be between 0 and 1' FROM raw_${table}
       WHERE TRY_CAST("${col}" AS DOUBLE) < 0 OR TRY_CAST("${col}" AS DOUBLE) > 1`,
    );
  }
  if (table === 'upc_output_time_series') {
    checks.push(
      `SELECT _line, 'premises', premises, 'must equal households + bus_sites_total' FROM raw_upc_output_time_series
       WHERE abs(TRY_CAST(premises AS DOUBLE) - TRY_CAST(households AS DOUBLE) - TRY_CAST(bus_sites_total AS DOUBLE)) > 0.01`,
    );
    checks.push(
      `SELECT _line, 'postcode_district', postcode_district, 'is not the outward code of ' || postcode FROM raw_upc_output_time_series
       WHERE regexp_matches(postcode, '${POSTCODE_RE}') AND split_part(postcode, ' ', 1) <> postcode_district`,
    );
  }
  // Duplicate keys: every line of a duplicated key is reported.
  const key = t.key.map((k) => `"${k}"`).join(', ');
  checks.push(
    `SELECT unnest(lines) AS line, '${t.key.join(', ')}', key_value, 'duplicate key (' || n || ' rows with the same ${t.key.join(', ')})' FROM (
       SELECT list(_line ORDER BY _line) AS lines, concat_ws(' | ', ${key}) AS key_value, count(*) AS n
       FROM raw_${table} GROUP BY ${key} HAVING count(*) > 1)`,
  );
  for (const sql of checks) await collect(conn, log, file, sql);
  return true;
}

async function crossChecks(
  conn: DuckDBConnection,
  log: IssueLog,
  files: Map<ImportTable, string>,
): Promise<void> {
  const f = (t: ImportTable) => files.get(t) ?? t;
  // Postcodes must be known to the upc dataset.
  for (const t of [
    'fact_operator_time_series',
    'forecast_footprint',
    'postcode_attractiveness',
    'take_up_postcode',
  ] as const) {
    if (!files.has(t)) continue;
    await collect(
      conn,
      log,
      f(t),
      `SELECT r._line AS line, 'postcode' AS col, r.postcode AS value, 'postcode not in upc_output_time_series' AS message
       FROM raw_${t} r WHERE r.postcode NOT IN (SELECT postcode FROM raw_upc_output_time_series)`,
    );
  }
  await collect(
    conn,
    log,
    f('fact_operator_time_series'),
    `SELECT r._line, 'operator', r.operator, 'operator not in operators' FROM raw_fact_operator_time_series r
     WHERE r.operator NOT IN (SELECT operator FROM raw_operators)`,
  );
  await collect(
    conn,
    log,
    f('fact_operator_time_series'),
    `SELECT r._line, 'reported_at', r.reported_at, 'snapshot date not in upc_output_time_series' FROM raw_fact_operator_time_series r
     WHERE r.reported_at NOT IN (SELECT DISTINCT reported_at FROM raw_upc_output_time_series)`,
  );
  await collect(
    conn,
    log,
    f('fact_operator_time_series'),
    `SELECT r._line, 'activated_date', r.activated_date, 'activated_date is after reported_at' FROM raw_fact_operator_time_series r
     WHERE TRY_CAST(r.activated_date AS DATE) > TRY_CAST(r.reported_at AS DATE)`,
  );
  // A postcode's snapshots must not skip months of the dataset (the storage keeps one interval per postcode).
  await collect(
    conn,
    log,
    f('upc_output_time_series'),
    `WITH months AS (SELECT DISTINCT TRY_CAST(reported_at AS DATE) AS d FROM raw_upc_output_time_series),
     p AS (SELECT postcode, min(TRY_CAST(reported_at AS DATE)) AS a, max(TRY_CAST(reported_at AS DATE)) AS b,
                  count(*) AS n, min(_line) AS line FROM raw_upc_output_time_series GROUP BY postcode)
     SELECT p.line, 'reported_at', p.postcode, 'postcode ' || p.postcode || ' skips snapshots between ' || p.a || ' and ' || p.b
     FROM p WHERE p.n < (SELECT count(*) FROM months m WHERE m.d BETWEEN p.a AND p.b)`,
  );
  if (files.has('local_authorities')) {
    await collect(
      conn,
      log,
      f('upc_output_time_series'),
      `SELECT min(r._line), 'la_code', r.la_code, 'la_code not in local_authorities' FROM raw_upc_output_time_series r
       WHERE r.la_code NOT IN (SELECT la_code FROM raw_local_authorities) GROUP BY r.la_code`,
    );
  }
  if (files.has('forecast_footprint')) {
    await collect(
      conn,
      log,
      f('forecast_footprint'),
      `WITH dates AS (SELECT DISTINCT TRY_CAST(reported_at AS DATE) AS d FROM raw_forecast_footprint),
       k AS (SELECT postcode, operator, tech, min(TRY_CAST(reported_at AS DATE)) AS a, count(*) AS n, min(_line) AS line
             FROM raw_forecast_footprint GROUP BY ALL)
       SELECT k.line, 'reported_at', k.postcode || ' / ' || k.operator,
         'a network forecast at a postcode must stay present at every later forecast date'
       FROM k WHERE k.n < (SELECT count(*) FROM dates WHERE d >= k.a)`,
    );
  }
  if (files.has('take_up_postcode')) {
    await collect(
      conn,
      log,
      f('take_up_postcode'),
      `WITH latest AS (SELECT postcode, arg_max(TRY_CAST(premises AS DOUBLE), TRY_CAST(reported_at AS DATE)) AS premises
                       FROM raw_upc_output_time_series GROUP BY postcode),
       l AS (SELECT postcode, quarter, sum(TRY_CAST(lines AS BIGINT)) AS lines, min(_line) AS line FROM raw_take_up_postcode GROUP BY ALL)
       SELECT l.line, 'lines', l.postcode || ' ' || l.quarter, 'lines (' || l.lines || ') exceed the postcode''s premises (' || latest.premises || ')'
       FROM l JOIN latest USING (postcode) WHERE l.lines > latest.premises`,
    );
    await collect(
      conn,
      log,
      f('take_up_postcode'),
      `SELECT r._line, 'tech', r.postcode, '${SEGMENTS.full_fibre.takeUpTech} lines where no full fibre (${FULL_FIBRE}) is available'
       FROM raw_take_up_postcode r WHERE r.tech = '${SEGMENTS.full_fibre.takeUpTech}' AND TRY_CAST(r.lines AS INTEGER) > 0
         AND r.postcode NOT IN (SELECT postcode FROM raw_fact_operator_time_series WHERE ${segmentSql('full_fibre', 'row', { alias: '' })})`,
    );
  }
}

function typed(t: CatalogTable, alias = ''): string {
  const p = alias ? `${alias}.` : '';
  const sqlType = {
    text: 'VARCHAR',
    integer: 'INTEGER',
    double: 'DOUBLE',
    date: 'DATE',
    boolean: 'BOOLEAN',
  } as const;
  return t.columns.map((c) => `CAST(${p}"${c.name}" AS ${sqlType[c.type]}) AS "${c.name}"`).join(', ');
}

async function buildStorage(conn: DuckDBConnection, files: Map<ImportTable, string>): Promise<string> {
  const t = (name: string) => catalogTable(name)!;
  await conn.run(
    `CREATE TEMP TABLE upc AS SELECT ${typed(t('upc_output_time_series'))} FROM raw_upc_output_time_series`,
  );
  await conn.run('CREATE TABLE wh_months AS SELECT DISTINCT reported_at FROM upc ORDER BY reported_at');
  const [latestRow] = await queryObjects<{ d: string }>(conn, 'SELECT max(reported_at) AS d FROM wh_months');
  const latest = latestRow?.d ?? '';
  const attrs = t('upc_output_time_series')
    .columns.filter((c) => c.name !== 'postcode' && c.name !== 'reported_at')
    .map((c) => `arg_max("${c.name}", reported_at) AS "${c.name}"`)
    .join(', ');
  await conn.run(`CREATE TABLE wh_postcodes AS
    SELECT postcode, ${attrs}, min(reported_at) AS valid_from, max(reported_at) AS valid_to FROM upc GROUP BY postcode`);

  // Change log: consecutive months with the same attributes become one interval (gaps and islands).
  await conn.run(
    'CREATE TEMP TABLE month_no AS SELECT reported_at, row_number() OVER (ORDER BY reported_at) AS m FROM wh_months',
  );
  await conn.run(
    `CREATE TEMP TABLE fact AS SELECT ${typed(t('fact_operator_time_series'))} FROM raw_fact_operator_time_series`,
  );
  await conn.run(`CREATE TABLE operators AS SELECT ${typed(t('operators'))} FROM raw_operators`);
  const islands = (source: string) => `
    WITH n AS (
      SELECT f.*, m.m, m.m - row_number() OVER (
        PARTITION BY f.postcode, f.operator, f.tech, f.fastest_down, f.fastest_up, f.activated_date ORDER BY m.m) AS island
      FROM (${source}) f JOIN month_no m USING (reported_at)
    )
    SELECT postcode, operator, tech, fastest_down, fastest_up, activated_date,
      min(reported_at) AS valid_from, max(reported_at) AS valid_to
    FROM n GROUP BY postcode, operator, tech, fastest_down, fastest_up, activated_date, island`;
  await conn.run(`CREATE TABLE wh_operator_intervals AS
    SELECT * FROM (${islands('SELECT * FROM fact')}) ORDER BY (valid_to = DATE '${latest}') DESC, tech, postcode`);
  await conn.run(
    `CREATE TABLE wh_altnet_intervals AS ${islands(`
    SELECT f.postcode, o.operator_group AS operator, f.tech, max(f.fastest_down) AS fastest_down,
      max(f.fastest_up) AS fastest_up, min(f.activated_date) AS activated_date, f.reported_at
    FROM fact f JOIN operators o USING (operator) WHERE o.is_altnet
    GROUP BY f.postcode, o.operator_group, f.tech, f.reported_at`)}`,
  );

  if (files.has('local_authorities')) {
    await conn.run(
      `CREATE TABLE local_authorities AS SELECT ${typed(t('local_authorities'))} FROM raw_local_authorities`,
    );
  } else {
    await conn.run(`CREATE TABLE local_authorities AS
      SELECT la_code, any_value(la_name) AS la_name, any_value(government_region) AS government_region,
        any_value(country) AS country, SUM(population) AS population, SUM(households) AS households,
        SUM(premises) AS premises, AVG(latitude) AS latitude, AVG(longitude) AS longitude
      FROM wh_postcodes GROUP BY la_code`);
  }

  if (files.has('forecast_footprint')) {
    await conn.run(
      `CREATE TEMP TABLE fc AS SELECT ${typed(t('forecast_footprint'))} FROM raw_forecast_footprint`,
    );
    await conn.run('CREATE TABLE wh_forecast_dates AS SELECT DISTINCT reported_at FROM fc');
    await conn.run(`CREATE TABLE wh_forecast_intervals AS
      SELECT postcode, operator, tech, min(reported_at) AS valid_from FROM fc GROUP BY postcode, operator, tech`);
  } else {
    await conn.run('CREATE TABLE wh_forecast_dates (reported_at DATE)');
    await conn.run(
      'CREATE TABLE wh_forecast_intervals (postcode VARCHAR, operator VARCHAR, tech VARCHAR, valid_from DATE)',
    );
  }
  await conn.run(contractViewDdl(await snapshotDates(conn)).forecast_footprint);

  const plain = (name: ImportTable) =>
    files.has(name)
      ? `CREATE TABLE ${name} AS SELECT ${typed(t(name))} FROM raw_${name}`
      : `CREATE TABLE ${name} AS SELECT ${typed(t(name))} FROM (SELECT ${t(name)
          .columns.map((c) => `NULL AS "${c.name}"`)
          .join(', ')}) WHERE FALSE`;
  await conn.run(plain('postcode_attractiveness'));
  await conn.run(
    'CREATE TABLE wh_attractiveness_dates AS SELECT DISTINCT reported_at FROM postcode_attractiveness',
  );
  await conn.run(plain('take_up_quarterly'));
  await conn.run(plain('take_up_postcode'));

  const ddl = contractViewDdl(await snapshotDates(conn));
  for (const v of [
    'upc_output_time_series',
    'fact_operator_time_series',
    'fact_altnet_time_series',
  ] as const) {
    await conn.run(ddl[v]);
  }
  await createLatestAndViews(conn, latest, { timeSeriesViews: false });
  return latest;
}

export async function importWarehouse(options: ImportOptions): Promise<ImportResult> {
  const started = Date.now();
  const log = options.onProgress ?? (() => undefined);
  const dir = warehouseDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const finalPath = warehousePath(options.dataDir);
  const tmpPath = join(dir, `warehouse.duckdb.importing-${process.pid}-${Date.now()}`);
  const issues = new IssueLog();
  const files = new Map<ImportTable, string>();
  const result = (ok: boolean, tables: { name: string; rows: number }[] = []): ImportResult => {
    let issuesFile: string | undefined;
    if (issues.all.length > 0) {
      issuesFile = join(dir, 'import-issues.csv');
      const esc = (v: unknown) => (v === undefined ? '' : `"${String(v).replace(/"/g, '""')}"`);
      writeFileSync(
        issuesFile,
        `file,line,column,value,message\n${issues.all
          .map((i) => [i.file, i.line, i.column, i.value, i.message].map(esc).join(','))
          .join('\n')}\n`,
      );
    }
    return { ok, path: finalPath, issues: issues.all, issuesFile, tables, elapsedMs: Date.now() - started };
  };

  if (!existsSync(options.sourceDir)) {
    issues.add({ file: options.sourceDir, message: 'directory not found' });
    return result(false);
  }
  for (const table of [...REQUIRED, ...OPTIONAL]) {
    const file = findFile(options.sourceDir, table);
    if (file) files.set(table, file);
    else if ((REQUIRED as readonly string[]).includes(table)) {
      issues.add({
        file: join(options.sourceDir, `${table}.csv`),
        message: `required file missing (${table}.csv or ${table}.parquet)`,
      });
    }
  }
  const unknown = readdirSync(options.sourceDir).filter((f) => {
    const base = f.replace(/\.(csv\.gz|csv|parquet)$/, '');
    return f !== base && !files.has(base as ImportTable) && !DERIVED.includes(base);
  });
  for (const f of unknown)
    issues.add({ file: join(options.sourceDir, f), message: 'not a table of the contract; not imported' });
  if (issues.all.length > 0) return result(false);

  const instance = await DuckDBInstance.create(tmpPath, { threads: '2', memory_limit: '6GB' });
  const conn = await instance.connect();
  let renamed = false;
  try {
    let structural = true;
    for (const [table, file] of files) {
      log(`reading ${file}`);
      try {
        const columns = await loadRaw(conn, table, file);
        structural = (await validateTable(conn, issues, table, file, columns)) && structural;
      } catch (err) {
        issues.add({ file, message: `cannot be read: ${(err as Error).message.split('\n')[0]}` });
        structural = false;
      }
    }
    if (structural) {
      log('checking references between tables');
      await crossChecks(conn, issues, files);
    }
    if (issues.all.length > 0) return result(false);

    log('building the warehouse');
    const latest = await buildStorage(conn, files);
    for (const t of [...files.keys()]) await conn.run(`DROP TABLE raw_${t}`);
    const counts = await rowCounts(conn);
    await writeMeta(conn, {
      ...counts,
      format_version: WAREHOUSE_FORMAT_VERSION,
      source: 'imported',
      imported_from: resolve(options.sourceDir),
      latest_snapshot: latest,
      built_at: new Date().toISOString(),
    });
    await conn.run('CHECKPOINT');
    conn.closeSync();
    instance.closeSync();
    renameSync(tmpPath, finalPath);
    renamed = true;
    rmSync(`${finalPath}.wal`, { force: true });
    const tables = Object.entries(counts).map(([k, n]) => ({ name: k.replace(/^rows\./, ''), rows: n }));
    log(`imported into ${finalPath}`);
    return result(true, tables);
  } finally {
    if (!renamed) {
      try {
        conn.closeSync();
        instance.closeSync();
      } catch {
        // already closed
      }
    }
    for (const p of [tmpPath, `${tmpPath}.wal`]) if (existsSync(p)) rmSync(p, { force: true });
  }
}
