/**
 * A series ranked by its figure, end to end: "which month had the biggest net adds" is the month whose addition
 * tops the monthly series over the same window, and "biggest first" lists the same points in that order.
 */
import { parseCsv, queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosableAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { openSmallWarehouse } from './support/small-warehouse.js';

let warehouse: ClosableAgentWarehouse;
let t: TestApp;
let token: string;
beforeAll(async () => {
  warehouse = await openSmallWarehouse();
  t = await createTestApp(
    { name: 'pglite' },
    { warehouse: async () => warehouse, env: { QUERY_PLANNER: 'builtin' } },
  );
  token = (await t.createUser()).token;
}, 300_000);
afterAll(async () => {
  await t?.close();
  await warehouse?.close();
});

async function ask(prompt: string) {
  const response = await t.request('POST', '/api/query', { token, body: { prompt } });
  expect(response.statusCode).toBe(200);
  const result = queryResultSchema.parse(response.json());
  const [header = [], ...rows] = parseCsv(result.csv_results ?? '');
  return { result, header, rows };
}

describe('a series ranked by its figure', () => {
  it('answers "which month" with the month that tops the series, and "biggest first" with the series reordered', async () => {
    const series = await ask('monthly FF net adds over the past year');
    const added = series.header.findIndex((h) => h.startsWith('new_'));
    expect(added).toBeGreaterThan(0);
    const points = series.rows.map((row) => ({ at: row[0], added: Number(row[added]) }));
    expect(points).toHaveLength(12);
    const ranked = [...points].sort((a, b) => b.added - a.added || String(a.at).localeCompare(String(b.at)));

    const which = await ask('which month in the past year had the biggest FF net adds?');
    expect(which.result.interpretation).toMatch(/^The month with the most new premises added/);
    expect(which.rows).toHaveLength(1);
    expect(which.rows[0]?.[0]).toBe(ranked[0]?.at);
    expect(which.result.classification?.confidence).toBeGreaterThanOrEqual(0.85);

    const biggestFirst = await ask('monthly FF net adds over the past year, biggest first');
    expect(biggestFirst.result.interpretation).toMatch(/highest first$/);
    expect(biggestFirst.rows.map((row) => row[0])).toEqual(ranked.map((p) => p.at));
  });
});
