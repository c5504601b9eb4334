/**
 * Questions asked over HTTP of an app with the built-in analyst on the small warehouse, as a user asks them:
 * each answer parsed, with its CSV split into the header, the rows and the rows keyed by column.
 */
import { parseCsv, queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ClosableAgentWarehouse } from '../../src/analyst/agent/warehouse-adapter.js';
import { openSmallWarehouse } from '../support/small-warehouse.js';
import { createTestApp, type TestApp } from './test-app.js';

export interface BuiltinQuestions {
  ask(prompt: string): Promise<{
    result: ReturnType<typeof queryResultSchema.parse>;
    header: string[];
    rows: (string | undefined)[][];
    table: Record<string, string | undefined>[];
  }>;
  close(): Promise<void>;
}

export async function builtinQuestions(): Promise<BuiltinQuestions> {
  const warehouse: ClosableAgentWarehouse = await openSmallWarehouse();
  const t: TestApp = await createTestApp(
    { name: 'pglite' },
    { warehouse: async () => warehouse, env: { QUERY_PLANNER: 'builtin' } },
  );
  const { token } = await t.createUser();
  return {
    async ask(prompt) {
      const response = await t.request('POST', '/api/query', { token, body: { prompt } });
      expect(response.statusCode).toBe(200);
      const result = queryResultSchema.parse(response.json());
      const [header = [], ...rows] = parseCsv(result.csv_results ?? '');
      const table = rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i]])));
      return { result, header, rows, table };
    },
    async close() {
      await t.close();
      await warehouse.close();
    },
  };
}

/** The same, opened before a file's tests and closed after them: its `ask` is ready inside each test. */
export function useBuiltinQuestions(): BuiltinQuestions['ask'] {
  let questions: BuiltinQuestions | undefined;
  beforeAll(async () => {
    questions = await builtinQuestions();
  }, 300_000);
  afterAll(async () => {
    await questions?.close();
  });
  return (prompt) => {
    if (!questions) throw new Error('the app is not open yet');
    return questions.ask(prompt);
  };
}
