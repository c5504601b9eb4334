/**
 * The starter questions of a first visit (also the help dialog's examples) are answered by the built-in analyst
 * at full confidence, with data, on the real generated warehouse: a question offered to a new user must never be
 * one the product is unsure of.
 */
import { queryResultSchema, STARTER_QUESTIONS } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosableAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';
import { openSmallWarehouse } from './support/small-warehouse.js';

/** What "full confidence" means here: the built-in analyst's confidence for a question it read completely. */
const FULL_CONFIDENCE = 0.85;

let warehouse: ClosableAgentWarehouse;
beforeAll(async () => {
  warehouse = await openSmallWarehouse();
}, 300_000);
afterAll(() => warehouse.close());

describe.each(testBackends())('the starter questions on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      env: { QUERY_PLANNER: 'builtin', RATE_LIMIT_PER_MINUTE: '0' },
    });
  });
  afterAll(() => t.close());

  it.each(STARTER_QUESTIONS.map((s) => [s.theme, s.question]))(
    '%s: "%s" is answered with data at full confidence',
    async (_theme, question) => {
      const user = await t.createUser();
      const response = await t.request('POST', '/api/query', {
        token: user.token,
        body: { prompt: question },
      });
      const result = queryResultSchema.parse(response.json());
      expect(result.response_type).toBe('data_query');
      expect(result.classification?.confidence).toBeGreaterThanOrEqual(FULL_CONFIDENCE);
      expect(result.row_count).toBeGreaterThan(0);
    },
  );
});
