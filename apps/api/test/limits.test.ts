/**
 * Issue 24, acceptance 4 and finding 5: limits wherever a user can make the server hold data. run_sql on a
 * 300 MB value through a chat turn (a scripted model): the server's peak memory grows by less than a stated bound,
 * the answer says the result is too large, and nothing over the limits is saved. Also: what a saved tool result
 * may hold, and the custom MCP server cap under parallel adds.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_RESULT_CHAR_LIMIT } from '../src/analyst/tools/run-sql.tool.js';
import { TOOL_RESULT_CHAR_LIMIT } from '../src/analyst/tools/tool-types.js';
import { CELL_CHAR_LIMIT } from '../src/analyst/tools/warehouse-sql.js';
import { MAX_USER_SERVERS } from '../src/features/mcp/mcp.service.js';
import { eventsOf, parseChatEvents } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { type ScriptedModel, scriptedModel } from './support/scripted-model.js';

const SCRIPTED = 'scripted-limits';
const TEST_SERVER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures/mcp/test-stdio-server.mjs',
);
/**
 * The stated bound: a 300 MB value may raise the server's peak memory (RSS) by at most this much. The database
 * engine computes the value (DuckDB folds the constant when planning: about 600 MB); none of it is read into
 * JavaScript. Before the limits the server went from 1.2 to 5.4 GB.
 */
const PEAK_GROWTH_BOUND_MB = 1024;

/** The error of the last tool result the model was sent, if it was one. */
function lastToolError(prompt: unknown): string | undefined {
  const messages = prompt as Array<{
    role: string;
    content: Array<{ output?: { value?: { error?: string } } }>;
  }>;
  const tool = messages.filter((message) => message.role === 'tool').at(-1);
  return tool?.content.at(-1)?.output?.value?.error;
}

describe.each(testBackends())('limits on what the server holds, on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let scripted: ScriptedModel;
  let user: TestUser;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    scripted = scriptedModel([]);
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      overrides: { models: { [SCRIPTED]: scripted.model } },
    });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  const chat = async (sessionId: string, sqlText: string) => {
    // The model passes on what the tool said, as a model would.
    scripted.push(
      { toolCalls: [{ toolName: 'run_sql', input: { sql: sqlText }, id: `call_${sessionId}` }] },
      (call) => {
        const error = lastToolError(call.prompt);
        return { text: error ? `I could not show that. ${error}` : 'Here it is.' };
      },
    );
    const response = await t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: { message: 'Show me the data', session_id: sessionId, model: SCRIPTED },
    });
    expect(response.statusCode).toBe(200);
    return parseChatEvents(response.body);
  };

  it('answers "result too large" for a 300 MB value, within the memory bound, and saves nothing over the limits', async () => {
    const peakBefore = process.resourceUsage().maxRSS / 1024;
    const started = Date.now();
    const events = await chat('huge', "SELECT repeat('x', 300000000) AS big");
    const peakAfter = process.resourceUsage().maxRSS / 1024;
    console.log(
      `run_sql on a 300 MB value (${backend.name}): peak RSS ${Math.round(peakBefore)} -> ${Math.round(peakAfter)} MB ` +
        `(+${Math.round(peakAfter - peakBefore)} MB, bound ${PEAK_GROWTH_BOUND_MB} MB), ${Date.now() - started} ms`,
    );
    expect(peakAfter - peakBefore).toBeLessThan(PEAK_GROWTH_BOUND_MB);

    const [result] = eventsOf(events, 'tool_result');
    expect((result!.result as { error: string }).error).toMatch(
      /^The result is too large: a value of column "big" is 300,000,000 characters long; the limit is 10,000 per value/,
    );
    const answer = eventsOf(events, 'message_complete')[0]!.message.content;
    expect(answer).toContain('The result is too large');

    const history = await t.request('GET', '/api/chat/history/huge', { token: user.token });
    expect(history.body.length).toBeLessThan(50_000);
    const { rows } = await sql<{ bytes: number }>`
      select coalesce(max(octet_length(tool_results::text)), 0) as bytes from chat_messages`.execute(t.db);
    expect(Number(rows[0]!.bytes)).toBeLessThan(TOOL_RESULT_CHAR_LIMIT);
  });

  it('hands the model rows up to its character budget and says the rest were left out', async () => {
    const width = CELL_CHAR_LIMIT - 10;
    const events = await chat(
      'wide',
      `SELECT i, repeat('y', ${width}) AS pad FROM range(50) AS r(i) ORDER BY i`,
    );
    const [result] = eventsOf(events, 'tool_result');
    const output = result!.result as {
      rows: unknown[][];
      row_count: number;
      returned_rows: number;
      truncated: boolean;
    };
    expect(output.row_count).toBe(50);
    expect(output.returned_rows).toBe(Math.floor(MODEL_RESULT_CHAR_LIMIT / (width + 10)));
    expect(output.rows).toHaveLength(output.returned_rows);
    expect(output.truncated).toBe(true);
    expect(JSON.stringify(output).length).toBeLessThan(TOOL_RESULT_CHAR_LIMIT);
  });

  it('refuses a result whose rows together are over the limit', async () => {
    const events = await chat('many', `SELECT i, repeat('z', 5000) AS pad FROM range(1000) AS r(i)`);
    const [result] = eventsOf(events, 'tool_result');
    expect((result!.result as { error: string }).error).toMatch(
      /^The result is too large: the rows are more than 2,000,000 characters long in all/,
    );
  });

  it(`stores at most ${MAX_USER_SERVERS} custom MCP servers when 30 are added at once`, async () => {
    const adder = await t.createUser();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request('POST', '/api/mcp/servers/user', {
          token: adder.token,
          body: { name: `Server ${i}`, config: { command: 'node', args: [TEST_SERVER] } },
        }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 201 || code === 200)).toHaveLength(MAX_USER_SERVERS);
    expect(codes.filter((code) => code === 422)).toHaveLength(30 - MAX_USER_SERVERS);
    const stored = await t.db
      .selectFrom('mcp_user_servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', adder.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(MAX_USER_SERVERS);
  });
});
