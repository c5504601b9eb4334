/**
 * Questions answered from the pre-aggregated summary tables give the same answers as the golden SQL that reads
 * the detail tables:
 * - whole-UK questions about the service each postcode has (no gigabit at all, only ADSL, best download under 30 Mbit/s, number of
 *   full fibre networks, the only gigabit option, premises by technology, networks ranked by full fibre or
 *   gigabit reach) come from the per-postcode summaries postcode_service_latest and network_postcode_latest, and
 *   equal the golden SQL that reads fact_operator row by row;
 * - the long speed series (gigabit by quarter, gigabit premises in a nation each month) come from
 *   coverage_by_speed_time_series, and equal the golden SQL that reads the change log (fact_operator_time_series)
 *   postcode by postcode;
 * - full-fibre growth (gains, levels at past snapshots, first-time postcodes) comes from the first full fibre of
 *   the postcode summaries, and forecasts from the forecast summaries (forecast_postcode_entry,
 *   forecast_network_entry, forecast_coverage_by_area), equal to the golden SQL over the change log and
 *   forecast_footprint;
 * - and where the place allows, each of those from the same summaries counted by place (service_by_area,
 *   network_by_area, forecast_entry_by_area, forecast_pair_by_area: schema/area-summary.ts).
 */

import { parseCsv, queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cell, compareResults } from '../../../eval/compare-results.js';
import { questions } from '../../../eval/questions.js';
import type { ClosableAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { openSmallWarehouse } from './support/small-warehouse.js';

const WHOLE_POSTCODE = [
  'comp-04',
  'comp-05',
  'comp-06',
  'ml-01',
  'ml-03',
  'ml-05',
  'ml-07',
  'ts-01',
  'ts-03',
  'ts-05',
].map((id) => questions.find((q) => q.id === id)!);
const SPEED_SERIES = ['cg-04', 'cg-08'].map((id) => questions.find((q) => q.id === id)!);
const FIRST_FULL_FIBRE = ['cg-01', 'cg-02', 'cg-03', 'cg-05', 'cg-06', 'cg-07', 'cg-09', 'cg-10'].map(
  (id) => questions.find((q) => q.id === id)!,
);
const FORECASTS = ['fc-01', 'fc-02', 'fc-03', 'fc-04', 'fc-05', 'fc-06', 'fc-09', 'fc-10'].map(
  (id) => questions.find((q) => q.id === id)!,
);

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

/** Asks the question through POST /api/query and checks the SQL read the summary and the answer equals gold. */
async function expectGoldenAnswer(q: (typeof questions)[number], summary: RegExp, minRows: number) {
  const user = await t.createUser();
  const response = await t.request('POST', '/api/query', {
    token: user.token,
    body: { prompt: q.question },
  });
  expect(response.statusCode).toBe(200);
  const result = queryResultSchema.parse(response.json());
  expect(result.sql_query).toMatch(summary);
  const [header, ...rows] = parseCsv(result.csv_results ?? '');
  const answer = { columns: header ?? [], rows: rows as Cell[][] };
  expect(answer.rows.length).toBeGreaterThanOrEqual(minRows);
  expect(compareResults(answer, await gold(q.gold))).toEqual({ match: true, reason: 'match' });
}

describe('whole-postcode questions from the postcode summaries', () => {
  it.each(WHOLE_POSTCODE)('$id: $question', (q) =>
    expectGoldenAnswer(
      q,
      /postcode_service_latest|network_postcode_latest|service_by_area|network_by_area/,
      1,
    ),
  );
});

describe('speed series from the speed summary', () => {
  it.each(SPEED_SERIES)('$id: $question', (q) => expectGoldenAnswer(q, /coverage_by_speed_time_series/, 2));
});

describe('full-fibre growth from the first full fibre of the postcode summaries', () => {
  it.each(FIRST_FULL_FIBRE)('$id: $question', (q) => expectGoldenAnswer(q, /first_full_fibre/, 1));
});

describe('forecasts from the forecast summaries', () => {
  it.each(FORECASTS)('$id: $question', (q) =>
    expectGoldenAnswer(
      q,
      /forecast_(postcode_entry|network_entry|coverage_by_area|entry_by_area|pair_by_area)/,
      1,
    ),
  );
});
