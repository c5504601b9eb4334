/**
 * The speed summary gives the same numbers as the long form it replaces: for speed thresholds, places and
 * snapshot ranges, SUM over coverage_by_speed_time_series equals the DISTINCT postcodes of
 * fact_operator_time_series joined to upc_output — on DuckDB, and on PostgreSQL after the loader copied it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../src/engine/open-warehouse.js';
import type { QueryResultSet, Warehouse } from '../src/engine/types.js';
import { SPEED_SUMMARY_TABLE } from '../src/schema/speed-summary.js';
import { buildTestWarehouse, scratchPostgresWarehouse, type TestWarehouse } from './helpers.js';

const PG_URL = process.env.TEST_DATABASE_URL;

interface Shape {
  name: string;
  threshold: number;
  /** A condition on reported_at (alias f in both forms). */
  when: string;
  /** A condition on geography columns the summary carries, written for alias g (u in the long form, f in the summary). */
  place?: string;
}

const SHAPES: Shape[] = [
  {
    name: 'gigabit by quarter since 2024',
    threshold: 1000,
    when: "f.reported_at >= DATE '2024-01-01' AND EXTRACT(MONTH FROM f.reported_at) IN (1, 4, 7, 10)",
  },
  {
    name: 'gigabit monthly in Wales this year',
    threshold: 1000,
    when: "f.reported_at >= DATE '2026-01-01'",
    place: "g.country = 'Wales'",
  },
  {
    name: 'superfast every month of 2023',
    threshold: 30,
    when: "f.reported_at BETWEEN DATE '2023-01-01' AND DATE '2023-12-01'",
  },
  {
    name: '300 Mbit/s in a region, rural only',
    threshold: 300,
    when: "f.reported_at IN (DATE '2022-06-01', DATE '2025-06-01')",
    place: "g.government_region = 'North West' AND g.urban_rural = 'rural'",
  },
];

function longForm(s: Shape): string {
  const place = s.place ? `WHERE ${s.place.replaceAll('g.', 'u.')}` : '';
  return `WITH g AS (
  SELECT DISTINCT f.reported_at, f.postcode FROM fact_operator_time_series f
  WHERE f.fastest_down >= ${s.threshold} AND ${s.when}
)
SELECT g.reported_at, COUNT(*) AS postcodes, SUM(u.premises) AS premises
FROM g JOIN upc_output u ON u.postcode = g.postcode ${place}
GROUP BY g.reported_at ORDER BY g.reported_at`;
}

function summaryForm(s: Shape): string {
  const place = s.place ? ` AND ${s.place.replaceAll('g.', 'f.')}` : '';
  return `SELECT f.reported_at, SUM(f.postcodes) AS postcodes, SUM(f.premises) AS premises
FROM ${SPEED_SUMMARY_TABLE} f
WHERE f.fastest_down >= ${s.threshold} AND ${s.when}${place}
GROUP BY f.reported_at ORDER BY f.reported_at`;
}

/** Rows as plain numbers and dates (BIGINT sums may come back as strings on one engine and numbers on the other). */
function plain(r: QueryResultSet): unknown[][] {
  return r.rows.map((row) => row.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)));
}

async function expectSame(wh: Warehouse): Promise<void> {
  for (const s of SHAPES) {
    // The long form is the slow shape this table exists for (seconds even at test scale on PostgreSQL).
    const started = Date.now();
    const long = await wh.runGuarded(longForm(s), { timeoutMs: 120_000 });
    const longMs = Date.now() - started;
    const summary = await wh.runGuarded(summaryForm(s));
    console.log(`${wh.kind} ${s.name}: long form ${longMs} ms, summary ${summary.elapsedMs} ms`);
    expect(long.rows.length, s.name).toBeGreaterThan(0);
    expect(plain(summary), s.name).toEqual(plain(long));
  }
}

let built: TestWarehouse;
let duck: Warehouse;

beforeAll(async () => {
  built = await buildTestWarehouse({ prefix: 'qa-wh-speed-' });
  duck = await openWarehouse({ dataDir: built.dataDir });
});

afterAll(async () => {
  await duck?.close();
  built?.cleanup();
});

describe('the speed summary', () => {
  it('gives the same postcodes and premises as the change log on DuckDB', async () => {
    await expectSame(duck);
  });

  it('counts each postcode once per snapshot, by its fastest download of any operator', async () => {
    const r = await duck.runGuarded(`SELECT
  (SELECT SUM(postcodes) FROM ${SPEED_SUMMARY_TABLE} WHERE reported_at = (SELECT MAX(reported_at) FROM upc_output)) AS summary,
  (SELECT COUNT(DISTINCT f.postcode) FROM fact_operator f JOIN upc_output u ON u.postcode = f.postcode) AS served`);
    const [summary, served] = r.rows[0]!.map(Number);
    expect(summary).toBeGreaterThan(0);
    expect(summary).toBe(served);
  });
});

describe.skipIf(!PG_URL)('the speed summary on PostgreSQL (TEST_DATABASE_URL)', () => {
  let pgw: Warehouse;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ warehouse: pgw, drop } = await scratchPostgresWarehouse(PG_URL!, built.dataDir, 'qa_wh_speed'));
  });

  afterAll(async () => {
    await drop?.();
  });

  it('is carried by the loader and gives the same numbers as the change log', async () => {
    await expectSame(pgw);
  }, 300_000);
});
