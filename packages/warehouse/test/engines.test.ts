import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLES, TABLES } from '../src/catalog/catalog.js';
import { DuckDbWarehouse } from '../src/engine/duckdb-engine.js';
import { openWarehouse } from '../src/engine/open-warehouse.js';
import { type QueryResultSet, type Warehouse, WarehouseError } from '../src/engine/types.js';
import { warehousePath } from '../src/generator/build.js';
import { LATEST_SNAPSHOT } from '../src/generator/calendar.js';
import {
  buildTestWarehouse,
  expectCatalogTables,
  scratchPostgresWarehouse,
  type TestWarehouse,
} from './helpers.js';

const PG_URL = process.env.TEST_DATABASE_URL;
let wh: TestWarehouse;
let duck: Warehouse;

beforeAll(async () => {
  wh = await buildTestWarehouse();
  duck = await openWarehouse({ dataDir: wh.dataDir });
});

afterAll(async () => {
  await duck?.close();
  wh?.cleanup();
});

async function expectError(p: Promise<unknown>, code: string): Promise<WarehouseError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(WarehouseError);
    expect((err as WarehouseError).code).toBe(code);
    return err as WarehouseError;
  }
  throw new Error(`expected a ${code} error`);
}

describe('the DuckDB engine', () => {
  it('returns JSON-friendly columns and rows', async () => {
    const r = await duck.query(
      `SELECT COUNT(*) AS n, MAX(reported_at) AS latest, 1.5 AS d, CAST(2 AS BIGINT) AS b, TRUE AS t, 'x' AS s FROM upc_output`,
    );
    expect(r.columns).toEqual([
      { name: 'n', type: 'bigint' },
      { name: 'latest', type: 'date' },
      { name: 'd', type: 'numeric' },
      { name: 'b', type: 'bigint' },
      { name: 't', type: 'boolean' },
      { name: 's', type: 'text' },
    ]);
    expect(typeof r.rows[0]?.[0]).toBe('number');
    expect(r.rows[0]?.slice(1)).toEqual([LATEST_SNAPSHOT, 1.5, 2, true, 'x']);
    expect(r).toMatchObject({ rowCount: 1, truncated: false });
  });

  it('caps rows and says when it did', async () => {
    const r = await duck.runGuarded('SELECT postcode FROM upc_output ORDER BY postcode', { rowLimit: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.truncated).toBe(true);
    const all = await duck.runGuarded('SELECT operator FROM operators', { rowLimit: 1000 });
    expect(all.truncated).toBe(false);
  });

  it('refuses unguarded SQL through runGuarded with the reason', async () => {
    const e = await expectError(duck.runGuarded('DELETE FROM operators'), 'guard_rejected');
    expect(e.message).toMatch(/SELECT/);
  });

  it('cannot write or read files even when asked directly', async () => {
    await expectError(duck.query('CREATE TABLE x AS SELECT 1'), 'query_failed');
    await expectError(duck.query("SELECT * FROM read_csv('/etc/passwd')"), 'query_failed');
    await expectError(duck.query('SET threads = 8'), 'query_failed');
  });

  it('interrupts a huge cross join at its timeout and stays usable', async () => {
    const sql =
      'SELECT COUNT(*) FROM fact_operator a, fact_operator b, fact_operator c WHERE a.fastest_down + b.fastest_down > c.fastest_down';
    const guarded = await duck.runGuarded(sql, { timeoutMs: 1 }).catch((e) => e);
    expect(guarded).toBeInstanceOf(WarehouseError);
    const started = Date.now();
    const e = await expectError(duck.runGuarded(sql, { timeoutMs: 1500 }), 'timeout');
    expect(e.message).toMatch(/1500 ms/);
    expect(Date.now() - started).toBeLessThan(15_000);
    const after = await duck.query('SELECT COUNT(*) FROM operators');
    expect(Number(after.rows[0]?.[0])).toBeGreaterThan(10);
  });

  it('cancels a running query when its signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await expectError(
      duck.query('SELECT COUNT(*) FROM fact_operator a, fact_operator b', {
        signal: controller.signal,
        timeoutMs: 60_000,
      }),
      'cancelled',
    );
  });

  it('reports dataset status, distinct values and the catalog', async () => {
    const status = await duck.datasetStatus();
    expect(status.map((s) => s.dataset)).toEqual(['upc', 'upc_forecast', 'take_up']);
    expect(status[0]).toMatchObject({ earliest: '2021-01-01', latest: LATEST_SNAPSHOT });
    expect(status[1]).toMatchObject({ earliest: '2024-12-01', latest: '2030-12-01' });
    expect(status[2]).toMatchObject({ earliest: '2021Q1', latest: '2026Q4' });
    expect(status[0]?.tables.find((t) => t.name === 'upc_output')?.rows).toBeGreaterThan(10_000);
    expect(await duck.distinctValues('fact_operator_time_series', 'tech')).toEqual([
      'adsl',
      'cable',
      'fttc',
      'fttponly',
      'fwa',
    ]);
    expect(await duck.distinctValues('operators', 'operator', { search: 'cityfib' })).toEqual([
      'CityFibre Sky',
      'CityFibre TalkTalk',
      'CityFibre Vodafone',
      'CityFibre Zen',
    ]);
    expect((await duck.distinctValues('upc_output_time_series', 'reported_at', { limit: 2 })).length).toBe(2);
    expect(await duck.distinctValues('take_up_postcode', 'tech')).toEqual([
      'adsl',
      'cable',
      'fttc',
      'fttp',
      'fwa',
    ]);
    expect(await duck.distinctValues('take_up_postcode', 'segment')).toEqual(['business', 'residential']);
    await expectError(duck.distinctValues('upc_output', 'nope'), 'not_found');
    // The calendar comes from the small date tables, in order: every monthly snapshot, forecast point and quarter.
    const calendar = await duck.calendar();
    expect(calendar.months[0]).toBe('2021-01-01');
    expect(calendar.months.at(-1)).toBe(LATEST_SNAPSHOT);
    expect(calendar.months).toHaveLength(71);
    expect(calendar.forecastDates).toEqual(
      Array.from({ length: 13 }, (_, i) => `${2024 + Math.ceil(i / 2)}-${i % 2 ? '06' : '12'}-01`),
    );
    expect([calendar.quarters[0], calendar.quarters.at(-1)]).toEqual(['2021Q1', '2026Q4']);
    const d = await duck.describe();
    expect(d).toMatchObject({ engine: 'duckdb', source: 'generated', seed: 42, scale: 0.01 });
    expect(d.catalog.tables.length).toBe(TABLES.length);
  });

  it('reopens the file when a new build replaces it', async () => {
    const engine = await DuckDbWarehouse.open({ path: warehousePath(wh.dataDir) });
    try {
      const before = (await engine.describe()).builtAt;
      const { buildWarehouse } = await import('../src/generator/build.js');
      await buildWarehouse({ dataDir: wh.dataDir, scale: 0.005, seed: 1, onWarning: () => undefined });
      const after = await engine.describe();
      expect(after.builtAt).not.toBe(before);
      expect(after.scale).toBe(0.005);
    } finally {
      await engine.close();
      const { buildWarehouse } = await import('../src/generator/build.js');
      await buildWarehouse({ dataDir: wh.dataDir, scale: 0.01, seed: 42, onWarning: () => undefined });
    }
  });
});

function normalise(r: QueryResultSet): unknown[][] {
  return r.rows.map((row) => row.map((v) => (typeof v === 'number' ? Number(v.toPrecision(9)) : v)));
}

describe.skipIf(!PG_URL)('the PostgreSQL engine (TEST_DATABASE_URL)', () => {
  let pgw: Warehouse;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ warehouse: pgw, drop } = await scratchPostgresWarehouse(PG_URL!, wh.dataDir, 'qa_wh_test'));
  });

  afterAll(async () => {
    await drop?.();
  });

  it('has every contract table and view with the catalog columns and types', async () => {
    await expectCatalogTables(pgw);
  });

  it('gives the same results as DuckDB for every worked example', async () => {
    for (const e of EXAMPLES) {
      const [a, b] = [await duck.runGuarded(e.sql), await pgw.runGuarded(e.sql)];
      expect(
        b.columns.map((c) => c.name),
        e.id,
      ).toEqual(a.columns.map((c) => c.name));
      expect(normalise(b), e.id).toEqual(normalise(a));
    }
  });

  it('gives the same take-up lines per postcode as DuckDB', async () => {
    const sql = `SELECT quarter, operator, tech, segment, SUM(lines) AS lines, COUNT(*) AS n FROM take_up_postcode
                 GROUP BY quarter, operator, tech, segment ORDER BY 1, 2, 3, 4`;
    expect(normalise(await pgw.query(sql))).toEqual(normalise(await duck.query(sql)));
  });

  it('runs questions read-only with a timeout', async () => {
    await expectError(pgw.query('DELETE FROM operators'), 'query_failed');
    await expectError(pgw.query('SELECT 1; SELECT 2'), 'query_failed');
    const e = await expectError(pgw.query('SELECT pg_sleep(5)', { timeoutMs: 300 }), 'timeout');
    expect(e.message).toMatch(/300 ms/);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    await expectError(pgw.query('SELECT pg_sleep(5)', { signal: controller.signal }), 'cancelled');
    const status = await pgw.datasetStatus();
    expect(status[0]).toMatchObject({ earliest: '2021-01-01', latest: LATEST_SNAPSHOT });
    expect(await pgw.distinctValues('fact_operator', 'tech')).toEqual([
      'adsl',
      'cable',
      'fttc',
      'fttponly',
      'fwa',
    ]);
  });
});
