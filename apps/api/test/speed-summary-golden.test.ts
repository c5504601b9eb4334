/**
 * The long speed series (gigabit by quarter, gigabit premises in a nation each month) are answered from the
 * pre-aggregated coverage_by_speed_time_series, and the answers equal the golden SQL that reads the change log
 * (fact_operator_time_series) postcode by postcode.
 */

import { queryResultSchema } from '@qa/contracts';
import { parseCsv } from '@qa/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cell, compareResults } from '../../../eval/compare-results.js';
import { questions } from '../../../eval/questions.js';
import type { ClosableAgentWarehouse } from '../src/features/agent/warehouse-adapter.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { openSmallWarehouse } from './support/small-warehouse.js';

const SPEED_SERIES = ['cg-04', 'cg-08'].map((id) => questions.find((q) => q.id === id)!);

let warehouse: ClosableAgentWarehouse;
let t: TestApp;
beforeAll(async () => {
  warehouse = await openSmallWarehouse();
  t = await createTestApp(
    { name: 'pglite' },
    { warehouse: async () => warehouse, env: { QUERY_PLANNER: 'builtin' } },
  );
}, 300_000);
afterAll(async () => {
  await t?.close();
  await warehouse?.close();
});

async function gold(sql: string) {
  const guarded = await warehouse.guard(sql, { rowLimit: 10_000 });
  if (!guarded.ok) throw new Error(guarded.reason);
  const result = await warehouse.query(guarded.sql, { rowLimit: 10_000, timeoutMs: 60_000 });
  return { columns: result.columns.map((c) => c.name), rows: result.rows as Cell[][] };
}

describe('speed series from the speed summary', () => {
  it.each(SPEED_SERIES)('$id: $question', async (q) => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/query', {
      token: user.token,
      body: { prompt: q.question },
    });
    expect(response.statusCode).toBe(200);
    const result = queryResultSchema.parse(response.json());
    expect(result.sql_query).toContain('coverage_by_speed_time_series');
    const [header, ...rows] = parseCsv(result.csv_results ?? '');
    const answer = { columns: header ?? [], rows: rows as Cell[][] };
    expect(answer.rows.length).toBeGreaterThan(1);
    expect(compareResults(answer, await gold(q.gold))).toEqual({ match: true, reason: 'match' });
  });
});
