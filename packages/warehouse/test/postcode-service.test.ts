/**
 * The per-postcode service summary selects the same postcodes as the long forms it replaces (fact_operator grouped
 * by postcode, joined to operators for networks): every pair below must give the same rows, with none missing on
 * either side — on DuckDB, and on PostgreSQL after the loader copied the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWarehouse } from '../src/engine/open-warehouse.js';
import type { Warehouse } from '../src/engine/types.js';
import {
  NETWORK_POSTCODE_TABLE as N,
  POSTCODE_SERVICE_TECHS,
  POSTCODE_SERVICE_TABLE as S,
} from '../src/schema/postcode-service.js';
import { buildTestWarehouse, scratchPostgresWarehouse, type TestWarehouse } from './helpers.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const FO = 'fact_operator f JOIN operators o ON o.operator = f.operator';

/** Pairs of row sets (same columns) that must be equal: the long form and the summary form. */
const PAIRS: { name: string; long: string; summary: string }[] = [
  {
    name: 'only ADSL',
    long: "SELECT f.postcode FROM fact_operator f GROUP BY f.postcode HAVING SUM(CASE WHEN f.tech <> 'adsl' THEN 1 ELSE 0 END) = 0",
    summary: `SELECT f.postcode FROM ${S} f WHERE f.only_tech = 'adsl'`,
  },
  {
    name: 'only FTTC',
    long: "SELECT f.postcode FROM fact_operator f GROUP BY f.postcode HAVING SUM(CASE WHEN f.tech <> 'fttc' THEN 1 ELSE 0 END) = 0",
    summary: `SELECT f.postcode FROM ${S} f WHERE f.only_tech = 'fttc'`,
  },
  {
    name: 'best download under 30',
    long: 'SELECT f.postcode FROM fact_operator f GROUP BY f.postcode HAVING MAX(f.fastest_down) < 30',
    summary: `SELECT f.postcode FROM ${S} f WHERE f.fastest_down < 30`,
  },
  {
    // The USO's decent broadband is 10 down and 1 up on the same row; postcodes with no service are below it too.
    name: 'below the USO',
    long: `SELECT u.postcode FROM upc_output u WHERE NOT EXISTS (SELECT 1 FROM fact_operator f
      WHERE f.postcode = u.postcode AND f.fastest_down >= 10 AND f.fastest_up >= 1)`,
    summary: `SELECT u.postcode FROM upc_output u LEFT JOIN ${S} f ON f.postcode = u.postcode
      WHERE f.postcode IS NULL OR NOT f.meets_uso`,
  },
  {
    name: 'best download of every postcode',
    long: 'SELECT f.postcode, MAX(f.fastest_down) AS d FROM fact_operator f GROUP BY f.postcode',
    summary: `SELECT f.postcode, f.fastest_down AS d FROM ${S} f`,
  },
  {
    name: 'Virgin Media the only gigabit network',
    long: `SELECT f.postcode FROM ${FO} WHERE f.fastest_down >= 1000 GROUP BY f.postcode
      HAVING COUNT(DISTINCT o.operator_group) = 1 AND MIN(o.operator_group) = 'Virgin Media'`,
    summary: `SELECT f.postcode FROM ${S} f WHERE f.gigabit_networks = 1 AND f.sole_gigabit_network = 'Virgin Media'`,
  },
  {
    name: 'Openreach the only gigabit network',
    long: `SELECT f.postcode FROM ${FO} WHERE f.fastest_down >= 1000 GROUP BY f.postcode
      HAVING COUNT(DISTINCT o.operator_group) = 1 AND MIN(o.operator_group) = 'Openreach'`,
    summary: `SELECT f.postcode FROM ${S} f WHERE f.gigabit_networks = 1 AND f.sole_gigabit_network = 'Openreach'`,
  },
  {
    name: 'full fibre networks per postcode',
    long: `SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks FROM ${FO} WHERE f.tech = 'fttponly' GROUP BY f.postcode`,
    summary: `SELECT f.postcode, f.full_fibre_networks AS networks FROM ${S} f WHERE f.full_fibre_networks > 0`,
  },
  {
    name: 'gigabit networks per postcode',
    long: `SELECT f.postcode, COUNT(DISTINCT o.operator_group) AS networks FROM ${FO} WHERE f.fastest_down >= 1000 GROUP BY f.postcode`,
    summary: `SELECT f.postcode, f.gigabit_networks AS networks FROM ${S} f WHERE f.gigabit_networks > 0`,
  },
  {
    name: 'every technology present at each postcode',
    long: 'SELECT DISTINCT f.tech AS tech, f.postcode FROM fact_operator f',
    summary: POSTCODE_SERVICE_TECHS.map(
      (t) => `SELECT '${t}' AS tech, f.postcode FROM ${S} f WHERE f.has_${t}`,
    ).join(' UNION ALL '),
  },
  {
    // The analyst's form: the union under an outer WHERE, to which "without full fibre" is appended.
    name: 'every technology present at each postcode without full fibre',
    long: `SELECT DISTINCT f.tech AS tech, f.postcode FROM fact_operator f
      WHERE f.postcode NOT IN (SELECT DISTINCT f.postcode FROM fact_operator f WHERE f.tech = 'fttponly')`,
    summary: `SELECT f.tech, f.postcode FROM (${POSTCODE_SERVICE_TECHS.map(
      (t) => `SELECT '${t}' AS tech, postcode FROM ${S} WHERE has_${t}`,
    ).join(' UNION ALL ')}) f WHERE f.postcode IS NOT NULL
      AND f.postcode NOT IN (SELECT f.postcode FROM ${S} f WHERE f.has_fttponly)`,
  },
  {
    name: 'every network at each postcode',
    long: `SELECT DISTINCT o.operator_group, f.postcode FROM ${FO}`,
    summary: `SELECT f.operator_group, f.postcode FROM ${N} f`,
  },
  {
    name: 'full fibre networks at each postcode',
    long: `SELECT DISTINCT o.operator_group, f.postcode FROM ${FO} WHERE f.tech = 'fttponly'`,
    summary: `SELECT f.operator_group, f.postcode FROM ${N} f WHERE f.has_fttponly`,
  },
  {
    name: 'gigabit networks at each postcode',
    long: `SELECT DISTINCT o.operator_group, f.postcode FROM ${FO} WHERE f.fastest_down >= 1000`,
    summary: `SELECT f.operator_group, f.postcode FROM ${N} f WHERE f.fastest_down >= 1000`,
  },
  {
    name: 'cable networks with 300 Mbit/s or more',
    long: `SELECT DISTINCT o.operator_group, f.postcode FROM ${FO} WHERE f.fastest_down >= 300 AND o.operator_group IN ('Virgin Media', 'Openreach')`,
    summary: `SELECT f.operator_group, f.postcode FROM ${N} f WHERE f.fastest_down >= 300 AND f.operator_group IN ('Virgin Media', 'Openreach')`,
  },
  {
    name: 'Openreach full fibre postcodes',
    long: `SELECT DISTINCT f.postcode FROM ${FO} WHERE f.tech = 'fttponly' AND o.operator_group IN ('Openreach')`,
    summary: `SELECT DISTINCT f.postcode FROM ${N} f WHERE f.operator_group IN ('Openreach') AND f.has_fttponly`,
  },
];

async function expectSame(wh: Warehouse): Promise<void> {
  for (const p of PAIRS) {
    const r = await wh.runGuarded(`SELECT
  (SELECT COUNT(*) FROM (${p.long}) a) AS long_rows,
  (SELECT COUNT(*) FROM (${p.summary}) b) AS summary_rows,
  (SELECT COUNT(*) FROM (SELECT * FROM (${p.long}) l EXCEPT SELECT * FROM (${p.summary}) s) c) AS only_long,
  (SELECT COUNT(*) FROM (SELECT * FROM (${p.summary}) s EXCEPT SELECT * FROM (${p.long}) l) d) AS only_summary`);
    const [longRows, summaryRows, onlyLong, onlySummary] = r.rows[0]!.map(Number);
    expect(longRows, p.name).toBeGreaterThan(0);
    expect({ summaryRows, onlyLong, onlySummary }, p.name).toEqual({
      summaryRows: longRows,
      onlyLong: 0,
      onlySummary: 0,
    });
  }
}

let built: TestWarehouse;
let duck: Warehouse;

beforeAll(async () => {
  built = await buildTestWarehouse({ prefix: 'qa-wh-pcservice-' });
  duck = await openWarehouse({ dataDir: built.dataDir });
});

afterAll(async () => {
  await duck?.close();
  built?.cleanup();
});

describe('the postcode service summary', () => {
  it('selects the same postcodes as grouping fact_operator on DuckDB', async () => {
    await expectSame(duck);
  });

  it('has one row per postcode with any service', async () => {
    const r = await duck.runGuarded(`SELECT
  (SELECT COUNT(*) FROM ${S}) AS summary, (SELECT COUNT(DISTINCT postcode) FROM ${S}) AS distinct_summary,
  (SELECT COUNT(DISTINCT postcode) FROM fact_operator) AS served`);
    const [summary, distinct, served] = r.rows[0]!.map(Number);
    expect(served).toBeGreaterThan(0);
    expect([summary, distinct]).toEqual([served, served]);
  });
});

describe.skipIf(!PG_URL)('the postcode service summary on PostgreSQL (TEST_DATABASE_URL)', () => {
  let pgw: Warehouse;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ warehouse: pgw, drop } = await scratchPostgresWarehouse(PG_URL!, built.dataDir, 'qa_wh_pcservice'));
  }, 300_000);

  afterAll(async () => {
    await drop?.();
  });

  it('is carried by the loader and selects the same postcodes', async () => {
    await expectSame(pgw);
  }, 300_000);
});
