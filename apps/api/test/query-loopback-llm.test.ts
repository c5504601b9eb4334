/**
 * The query tool end to end over HTTP with a real OpenAI-compatible provider: the app talks to a loopback server
 * (test/support/loopback-openai.ts) configured through OPENAI_COMPATIBLE_BASE_URL, exactly as it would talk to
 * Ollama or vLLM, and every call's tokens land in the ledger with the cost of the price table.
 */
import { queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_SQL_NOTE } from '../src/analyst/agent/llm-planner.js';
import { costOf } from '../src/analyst/llm/cost.js';
import { findModel } from '../src/analyst/llm/model-table.js';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { GROWTH_PLAN, planDraft } from './support/llm-plan.js';
import { type LoopbackOpenAI, startLoopbackOpenAI } from './support/loopback-openai.js';

const QUESTION = 'Which local authorities gained the most full fibre premises in the last 6 months?';
const GOOD_SQL = `WITH ff AS (
  SELECT DISTINCT postcode, reported_at FROM fact_operator_time_series
  WHERE tech = 'fttponly' AND reported_at IN (DATE '2026-05-01', DATE '2026-11-01')
)
SELECT u.la_name,
  SUM(CASE WHEN ff.reported_at = DATE '2026-11-01' THEN u.premises ELSE 0 END)
  - SUM(CASE WHEN ff.reported_at = DATE '2026-05-01' THEN u.premises ELSE 0 END) AS premises_gained
FROM ff JOIN upc_output u ON u.postcode = ff.postcode
GROUP BY u.la_name ORDER BY premises_gained DESC LIMIT 10`;

let warehouse: FixtureWarehouse;
let server: LoopbackOpenAI;
beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
  server = await startLoopbackOpenAI();
});
afterAll(async () => {
  warehouse.close();
  await server.close();
});

/** A new user asks over HTTP; the answer is parsed as the API's query result. */
async function ask(t: TestApp, path: string, body: Record<string, unknown>) {
  const user = await t.createUser();
  const response = await t.request('POST', path, { token: user.token, body });
  expect(response.statusCode).toBe(200);
  return { user, result: queryResultSchema.parse(response.json()) };
}

/** Plans through structured output: compiled, restated, cross-checked; an invalid plan corrected or refused. */
function planTests(app: () => TestApp) {
  it('plans through structured output: the plan is compiled, restated and cross-checked as the same plan', async () => {
    const t = app();
    const first = server.requests.length;
    server.push(
      {
        content: JSON.stringify(planDraft(GROWTH_PLAN)),
        usage: { prompt_tokens: 5000, completion_tokens: 150 },
      },
      {
        content: 'Manchester gained 600 full-fibre premises.',
        usage: { prompt_tokens: 700, completion_tokens: 20 },
      },
    );
    const { result } = await ask(t, '/api/query/v2', { prompt: QUESTION });
    expect(result).toMatchObject({ planner: 'llm', response_type: 'data_query', row_count: 3 });
    expect(result.interpretation).toBe(
      'The 10 local authorities with the most premises gained where full fibre is available, between the May 2026 and November 2026 snapshots',
    );
    expect(result.csv_results).toContain('"Manchester"');
    expect(result.sql_explanation).toMatch(/DISTINCT postcodes|each postcode counted once/);
    expect(result.csv_analysis).not.toContain(FREE_SQL_NOTE);
    expect(result.classification?.confidence).toBeGreaterThanOrEqual(0.85);
    const system = server.requests[first]?.messages.find((m) => m.role === 'system')?.content;
    expect(system).toContain('subject.minNetworks');
    expect(server.requests.slice(first)).toHaveLength(2);
  });

  it('refuses a plan that is still invalid after one correction, and the built-in analyst answers', async () => {
    const t = app();
    const unknownNetwork = JSON.stringify(
      planDraft({ ...GROWTH_PLAN, subject: { operatorGroups: ['Gigaclear'] } }),
    );
    server.push({ content: unknownNetwork }, { content: unknownNetwork });
    const first = server.requests.length;
    const { result } = await ask(t, '/api/query', { prompt: QUESTION });
    expect(server.requests.length - first).toBe(2);
    expect(JSON.stringify(server.requests[first + 1]?.messages)).toContain('unknown network \\"Gigaclear\\"');
    expect(result.planner).toBe('builtin');
    expect(result.csv_analysis).toMatch(
      /plan was still invalid after a correction \(unknown network "Gigaclear".*built-in analyst answered instead/s,
    );
  });
}

/** Free SQL (labelled, capped, repaired), the ledger's costs, and the fall-back when the server fails. */
function freeSqlAndFailureTests(app: () => TestApp) {
  it('repairs free SQL and analyses through HTTP, recording each call with the table’s cost', async () => {
    const t = app();
    const first = server.requests.length;
    const draft = (sql: string) =>
      JSON.stringify({
        classification: {
          type: 'data_query',
          confidence: 0.75,
          reasoning: 'Full-fibre growth by local authority over six months.',
          suggested_databases: ['upc'],
        },
        plan: null,
        sql,
        interpretation: 'Full-fibre premises gained per local authority, May to November 2026',
        explanation: 'Compares full-fibre premises on 1 May and 1 November 2026 per local authority.',
      });
    server.push(
      {
        content: draft(GOOD_SQL.replaceAll('u.la_name', 'u.la_nam')),
        usage: { prompt_tokens: 5200, completion_tokens: 210, cached_tokens: 4096 },
      },
      {
        content: JSON.stringify({ sql: GOOD_SQL, explanation: 'Corrected la_name.' }),
        usage: { prompt_tokens: 5600, completion_tokens: 180 },
      },
      {
        content: 'Manchester gained 600 full-fibre premises; Leeds and Westminster gained none.',
        usage: { prompt_tokens: 900, completion_tokens: 45 },
      },
    );

    const { user, result } = await ask(t, '/api/query/v2', { prompt: QUESTION, progress_channel: 'tab-1' });
    expect(result).toMatchObject({ planner: 'llm', response_type: 'data_query', row_count: 3 });
    expect(result.sql_query).toBe(GOOD_SQL);
    expect(result.sql_explanation).toBe('Corrected la_name.');
    expect(result.csv_analysis).toContain('Manchester gained 600');
    // The built-in analyst agreed, but free SQL is labelled and never stated above 0.6.
    expect(result.classification?.confidence).toBe(0.6);
    expect(result.csv_analysis).toContain(FREE_SQL_NOTE);

    const requests = server.requests.slice(first);
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.model === 'gpt-4.1-mini')).toBe(true);
    expect(server.authorizations.at(-1)).toBe('Bearer loopback-key');
    const system = requests[0]?.messages.find((m) => m.role === 'system')?.content;
    expect(system).toContain(warehouse.catalogMarkdown());
    expect(JSON.stringify(requests[1]?.messages)).toMatch(/la_nam/);

    const ledger = await t.db
      .selectFrom('llm_usage')
      .selectAll()
      .where('user_id', '=', user.id)
      .orderBy('input_tokens')
      .execute();
    expect(
      ledger.map((r) => [
        r.model,
        r.input_tokens,
        r.output_tokens,
        r.cache_read_tokens,
        r.session_id,
        r.message_id,
      ]),
    ).toEqual([
      ['openai-compatible:gpt-4.1-mini', 900, 45, 0, 'tab-1', result.id],
      ['openai-compatible:gpt-4.1-mini', 5200, 210, 4096, 'tab-1', result.id],
      ['openai-compatible:gpt-4.1-mini', 5600, 180, 0, 'tab-1', result.id],
    ]);
    const prices = findModel('gpt-4.1-mini')!;
    // gpt-4.1-mini: $0.40 in, $0.10 cached, $1.60 out per million.
    expect(Number(ledger.find((r) => r.input_tokens === 5200)?.cost_usd)).toBeCloseTo(
      ((5200 - 4096) * 0.4 + 4096 * 0.1 + 210 * 1.6) / 1e6,
      8,
    );
    for (const row of ledger) {
      expect(Number(row.cost_usd)).toBeCloseTo(
        costOf(prices, {
          inputTokens: row.input_tokens,
          outputTokens: row.output_tokens,
          cacheReadTokens: row.cache_read_tokens,
          cacheWriteTokens: 0,
          audioTokens: 0,
        }),
        8,
      );
    }
  });

  it('falls back to the built-in analyst, saying why, when the server fails', async () => {
    const t = app();
    server.push({ status: 500, error: 'model crashed' }, { status: 500, error: 'model crashed' });
    const { result } = await ask(t, '/api/query', { prompt: QUESTION });
    expect(result.planner).toBe('builtin');
    expect(result.csv_results).toContain('"Manchester","0","600","600"');
    expect(result.csv_analysis).toMatch(/language model call failed.*built-in analyst answered instead/s);
  });
}

describe.each(testBackends())(
  'the query tool over a loopback OpenAI-compatible server on $name',
  (backend) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend, {
        warehouse: async () => warehouse,
        env: {
          OPENAI_COMPATIBLE_BASE_URL: server.baseUrl,
          OPENAI_COMPATIBLE_API_KEY: 'loopback-key',
          // A proxy serving a table model: the table's prices apply.
          OPENAI_COMPATIBLE_MODELS: 'gpt-4.1-mini',
        },
      });
    });
    afterAll(() => t.close());

    planTests(() => t);
    freeSqlAndFailureTests(() => t);
  },
);
