/**
 * A tiny, hand-made broadband warehouse for agent tests: the data contract tables in an in-memory DuckDB,
 * with a dozen postcodes in four local authorities, a handful of operators and 13 monthly snapshots, so expected
 * answers can be worked out by hand. It implements the agent's AgentWarehouse seam with a deliberately simple
 * guard (one SELECT/WITH statement, no write or file keywords, row cap); the real guard and catalog come from
 * @qa/warehouse.
 *
 * Facts worth knowing in tests (latest snapshot 2026-11-01):
 * - premises: Leeds 3 postcodes x 100, Manchester 3 x 200, Westminster 3 x 300, Cardiff 3 x 50 = 1,950 in total;
 * - full fibre (BT fttponly) reaches every Leeds and Westminster postcode since 2025-11, and Manchester's from
 *   2026-06-01, so Manchester gained 600 full-fibre premises in the last 6 months and the others none;
 * - Virgin Cable covers Manchester and Westminster; CityFibre (altnet) covers LS1 1AA and LS1 1AB from 2026-03-01.
 */
import { DuckDBConnection, DuckDBInstance, DuckDBTypeId } from '@duckdb/node-api';
import { createAreaSummaries, createForecastSummaries, createPostcodeService } from '@qa/warehouse';
import type {
  AgentResultSet,
  AgentWarehouse,
  CatalogDataset,
  GuardOutcome,
} from '../../src/analyst/agent/agent-warehouse.js';

export const FIXTURE_LATEST = '2026-11-01';

const LAS = [
  {
    code: 'E08000035',
    name: 'Leeds',
    region: 'Yorkshire and The Humber',
    country: 'England',
    area: 'LS',
    district: 'LS1',
    premises: 100,
  },
  {
    code: 'E08000003',
    name: 'Manchester',
    region: 'North West',
    country: 'England',
    area: 'M',
    district: 'M1',
    premises: 200,
  },
  {
    code: 'E09000033',
    name: 'Westminster',
    region: 'London',
    country: 'England',
    area: 'SW',
    district: 'SW1A',
    premises: 300,
  },
  {
    code: 'W06000015',
    name: 'Cardiff',
    region: 'Wales',
    country: 'Wales',
    area: 'CF',
    district: 'CF10',
    premises: 50,
  },
];

const OPERATORS: [string, string, string, boolean][] = [
  ['BT', 'Openreach', 'openreach', false],
  ['Sky', 'Openreach', 'openreach', false],
  ['Virgin Cable', 'Virgin Media', 'virgin', false],
  ['CityFibre Vodafone', 'CityFibre', 'altnet', true],
  ['Hyperoptic', 'Hyperoptic', 'altnet', true],
];

function months(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const date = `${y}-${String(m).padStart(2, '0')}-01`;
    out.push(date);
    if (date === to) return out;
    m += 1;
    if (m === 13) {
      m = 1;
      y += 1;
    }
  }
}

const q = (v: string) => `'${v.replace(/'/g, "''")}'`;

function buildStatements(): string[] {
  const snapshot = months('2025-11-01', FIXTURE_LATEST);
  const postcodes = LAS.flatMap((la) =>
    ['AA', 'AB', 'AD'].map((unit) => ({ la, postcode: `${la.district} 1${unit}` })),
  );
  const upcRows: string[] = [];
  const factRows: string[] = [];
  for (const date of snapshot) {
    for (const { la, postcode } of postcodes) {
      const households = la.premises * 0.9;
      upcRows.push(
        `(${q(postcode)}, DATE ${q(date)}, ${q(postcode.slice(0, -2))}, ${q(la.district)}, ${q(la.area)}, ${q(la.code)}, ${q(la.name)}, ${q(la.region)}, ${q(la.country)}, 400000, 300000, 51.5, -0.1, 'urban', ${households * 2}, ${households}, ${la.premises * 0.1}, ${la.premises}, 'EX1', 'Exchange')`,
      );
      const add = (operator: string, tech: string, down: number, up: number, activated: string) => {
        if (date >= activated) {
          factRows.push(
            `(${q(postcode)}, ${q(operator)}, ${q(tech)}, ${down}, ${up}, DATE ${q(activated)}, DATE ${q(date)})`,
          );
        }
      };
      add('BT', 'fttc', 80, 20, '2025-11-01');
      add('Sky', 'fttc', 80, 20, '2025-11-01');
      if (la.name === 'Leeds' || la.name === 'Westminster') add('BT', 'fttponly', 1000, 220, '2025-11-01');
      if (la.name === 'Manchester') add('BT', 'fttponly', 1000, 220, '2026-06-01');
      if (la.name === 'Manchester' || la.name === 'Westminster')
        add('Virgin Cable', 'cable', 1130, 104, '2025-11-01');
      if (postcode === 'LS1 1AA' || postcode === 'LS1 1AB')
        add('CityFibre Vodafone', 'fttponly', 2000, 2000, '2026-03-01');
      if (postcode === 'SW1A 1AA') add('Hyperoptic', 'fttponly', 1000, 1000, '2025-11-01');
    }
  }
  const upcColumns = `postcode VARCHAR, reported_at DATE, post_sector VARCHAR, postcode_district VARCHAR, postcode_area VARCHAR,
    la_code VARCHAR, la_name VARCHAR, government_region VARCHAR, country VARCHAR, eastings INTEGER, northings INTEGER,
    latitude DOUBLE, longitude DOUBLE, urban_rural VARCHAR, population DOUBLE, households DOUBLE, bus_sites_total DOUBLE,
    premises DOUBLE, exchange_code VARCHAR, exchange_name VARCHAR`;
  const factColumns = `postcode VARCHAR, operator VARCHAR, tech VARCHAR, fastest_down INTEGER, fastest_up INTEGER,
    activated_date DATE, reported_at DATE`;
  const quarters = ['2026Q2', '2026Q3'];
  const takeUp = quarters.flatMap((quarter, i) => {
    const start = i === 0 ? '2026-04-01' : '2026-07-01';
    return [
      ['BT', 'fttp', 400 + i * 50],
      ['BT', 'fttc', 500 - i * 50],
      ['Sky', 'fttc', 300],
      ['Virgin Media', 'cable', 350],
    ].map(
      ([operator, tech, lines]) =>
        `(${q(quarter)}, DATE ${q(start)}, ${q(String(operator))}, ${q(String(tech))}, 'residential', ${lines})`,
    );
  });
  const forecast = months('2024-12-01', '2030-12-01')
    .filter((d) => d.slice(5, 7) === '06' || d.slice(5, 7) === '12')
    .flatMap((date) =>
      postcodes.map(({ postcode }) => `(${q(postcode)}, 'Openreach', 'fttponly', DATE ${q(date)})`),
    );
  return [
    `CREATE TABLE operators (operator VARCHAR, operator_group VARCHAR, network_type VARCHAR, is_altnet BOOLEAN)`,
    `INSERT INTO operators VALUES ${OPERATORS.map(([o, g, n, a]) => `(${q(o)}, ${q(g)}, ${q(n)}, ${a})`).join(', ')}`,
    `CREATE TABLE local_authorities (la_code VARCHAR, la_name VARCHAR, government_region VARCHAR, country VARCHAR,
      population DOUBLE, households DOUBLE, premises DOUBLE, latitude DOUBLE, longitude DOUBLE)`,
    `INSERT INTO local_authorities VALUES ${LAS.map((la) => `(${q(la.code)}, ${q(la.name)}, ${q(la.region)}, ${q(la.country)}, ${la.premises * 5.4}, ${la.premises * 2.7}, ${la.premises * 3}, 51.5, -0.1)`).join(', ')}`,
    `CREATE TABLE upc_output_time_series (${upcColumns})`,
    `INSERT INTO upc_output_time_series VALUES ${upcRows.join(', ')}`,
    `CREATE TABLE upc_output AS SELECT * FROM upc_output_time_series WHERE reported_at = DATE ${q(FIXTURE_LATEST)}`,
    `CREATE TABLE fact_operator_time_series (${factColumns})`,
    `INSERT INTO fact_operator_time_series VALUES ${factRows.join(', ')}`,
    `CREATE TABLE fact_operator AS SELECT * FROM fact_operator_time_series WHERE reported_at = DATE ${q(FIXTURE_LATEST)}`,
    `CREATE TABLE fact_altnet_time_series AS SELECT f.postcode, o.operator_group AS operator, f.tech, f.fastest_down,
      f.fastest_up, f.activated_date, f.reported_at FROM fact_operator_time_series f JOIN operators o USING (operator)
      WHERE o.is_altnet`,
    `CREATE TABLE fact_altnet AS SELECT * FROM fact_altnet_time_series WHERE reported_at = DATE ${q(FIXTURE_LATEST)}`,
    `CREATE TABLE take_up_quarterly (quarter VARCHAR, quarter_start DATE, operator VARCHAR, tech VARCHAR, segment VARCHAR, lines INTEGER)`,
    `INSERT INTO take_up_quarterly VALUES ${takeUp.join(', ')}`,
    `CREATE TABLE take_up_postcode (postcode VARCHAR, quarter VARCHAR, operator VARCHAR, tech VARCHAR, segment VARCHAR, lines INTEGER)`,
    `INSERT INTO take_up_postcode VALUES ('LS1 1AA', '2026Q3', 'BT', 'fttp', 'residential', 40)`,
    `CREATE TABLE forecast_footprint (postcode VARCHAR, operator VARCHAR, tech VARCHAR, reported_at DATE)`,
    `INSERT INTO forecast_footprint VALUES ${forecast.join(', ')}`,
    `CREATE TABLE postcode_attractiveness (postcode VARCHAR, reported_at DATE, digital_deprivation DOUBLE, general_attractiveness DOUBLE)`,
    `INSERT INTO postcode_attractiveness VALUES ${postcodes.map(({ postcode }, i) => `(${q(postcode)}, DATE '2026-10-01', ${(i % 5) / 5}, ${(i % 3) / 3})`).join(', ')}`,
  ];
}

const DATASETS: CatalogDataset[] = [
  {
    name: 'upc',
    title: 'Availability',
    description: 'which operator reaches each postcode, with which technology and speed, monthly',
  },
  {
    name: 'upc_forecast',
    title: 'Forecasts',
    description: 'forecast network presence to 2030 and postcode attractiveness',
  },
  {
    name: 'take_up',
    title: 'Take-up',
    description: 'subscriber lines by retail operator and technology, quarterly',
  },
];

export const FIXTURE_EXAMPLES = [
  'Which local authorities gained the most full fibre premises in the last 6 months?',
  'What share of premises can get gigabit broadband in each region?',
  'How many premises does CityFibre pass in Leeds?',
];

const FORBIDDEN =
  /\b(insert|update|delete|drop|create|alter|truncate|copy|attach|detach|pragma|set|install|load|call|export|import|vacuum|checkpoint|grant|revoke|read_csv\w*|read_parquet|read_json\w*|glob|read_text|read_blob)\b/i;

/** The fixture's guard: one read-only SELECT/WITH statement without write or file keywords, row cap applied. */
export function fixtureGuard(sql: string, rowLimit: number): GuardOutcome {
  const text = sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .trim()
    .replace(/;\s*$/, '');
  if (!/^(select|with)\b/i.test(text))
    return { ok: false, reason: 'Only a single SELECT (or WITH ... SELECT) query may run' };
  if (text.includes(';')) return { ok: false, reason: 'Only one statement may run' };
  const keyword = FORBIDDEN.exec(text.replace(/'(?:[^']|'')*'/g, "''"));
  if (keyword)
    return { ok: false, reason: `'${keyword[1]?.toUpperCase()}' is not allowed: queries are read-only` };
  return { ok: true, sql: `SELECT * FROM (${text}) AS guarded_result LIMIT ${rowLimit + 1}` };
}

export interface FixtureWarehouse extends AgentWarehouse {
  /** Every SQL text that reached query(), in order. */
  executed: string[];
  close(): void;
}

function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
  return value;
}

export async function createFixtureWarehouse(): Promise<FixtureWarehouse> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await DuckDBConnection.create(instance);
  for (const statement of buildStatements()) await connection.run(statement);
  // Built warehouses carry summaries of the latest snapshot that the built-in analyst's fast paths read; the
  // fixture gets them the same way, from its own fact_operator and operators.
  await createPostcodeService(connection);
  // The forecast summaries read the forecast as intervals over the forecast points; the fixture's forecast is one row
  // per point, so each row is an interval starting at its point, and the points are the fixture's own.
  await connection.run(
    'CREATE VIEW wh_forecast_intervals AS SELECT postcode, operator, tech, reported_at AS valid_from FROM forecast_footprint',
  );
  await connection.run(
    'CREATE TABLE wh_forecast_dates AS SELECT DISTINCT reported_at FROM forecast_footprint ORDER BY reported_at',
  );
  await createForecastSummaries(connection);
  // And the place summaries, from the same tables.
  await createAreaSummaries(connection);
  const columnsReader = await connection.runAndReadAll(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'main' ORDER BY table_name, ordinal_position`,
  );
  const tableColumns: Record<string, string[]> = {};
  for (const [table, column] of columnsReader.getRowsJson() as [string, string][]) {
    tableColumns[table] = [...(tableColumns[table] ?? []), column];
  }
  const catalog = [
    '# Broadband warehouse (test fixture)',
    '',
    "Definitions: full fibre = tech 'fttponly'; gigabit = fastest_down >= 1000; premises passed = SUM(upc_output.premises) over DISTINCT postcodes; networks are operators.operator_group; altnet = operators.is_altnet.",
    '',
    ...Object.entries(tableColumns).map(([table, columns]) => `- \`${table}\`: ${columns.join(', ')}`),
  ].join('\n');
  const executed: string[] = [];
  let queue = Promise.resolve();

  return {
    executed,
    catalogMarkdown: () => catalog,
    datasets: () => DATASETS,
    exampleQuestions: () => FIXTURE_EXAMPLES,
    tableColumns: () => tableColumns,
    guard: async (sql, { rowLimit }) => fixtureGuard(sql, rowLimit),
    query(sql, { rowLimit }) {
      // One DuckDB connection: run queries one at a time.
      const run = queue.then(async (): Promise<AgentResultSet> => {
        executed.push(sql);
        const started = performance.now();
        const reader = await connection.runAndReadAll(sql);
        const names = reader.deduplicatedColumnNames();
        const numeric = names.map((_, i) =>
          [DuckDBTypeId.BIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.DECIMAL, DuckDBTypeId.UBIGINT].includes(
            reader.columnTypeId(i),
          ),
        );
        const all = (reader.getRowsJson() as unknown[][]).map((row) =>
          row.map((value, i) => (numeric[i] ? toNumber(value) : value)),
        );
        const rows = all.slice(0, rowLimit);
        return {
          columns: names.map((name, i) => ({ name, type: reader.columnType(i).toString().toLowerCase() })),
          rows,
          rowCount: rows.length,
          truncated: all.length > rowLimit,
          elapsedMs: performance.now() - started,
        };
      });
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
