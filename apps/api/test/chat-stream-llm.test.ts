/**
 * The streaming chat with a real provider code path: a scripted model behind a loopback OpenAI-compatible
 * server. Text arrives as deltas, tools run, usage is reported per step and costed from the price table into
 * the ledger, Stop keeps the partial answer and its usage, and a user over budget is refused before any call.
 */
import { chatHistorySchema, type NestedUsage, usageResponseSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOf } from '../src/analyst/llm/cost.js';
import { findModel } from '../src/analyst/llm/model-table.js';
import { eventsOf, parseChatEvents, streamChat } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { type LoopbackOpenAI, startLoopbackOpenAI } from './support/loopback-openai.js';

const MODEL = 'openai-compatible:gpt-4o-mini';
const TOP_SQL =
  'SELECT la_name, SUM(premises) AS premises FROM upc_output GROUP BY la_name ORDER BY premises DESC';

describe.each(testBackends())('the streaming chat with an LLM on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let llm: LoopbackOpenAI;
  let user: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    llm = await startLoopbackOpenAI();
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      env: { OPENAI_COMPATIBLE_BASE_URL: llm.baseUrl, OPENAI_COMPATIBLE_MODELS: 'gpt-4o-mini' },
    });
    user = await t.createUser();
    baseUrl = await t.listen();
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
    warehouse.close();
  });

  it('lists the configured model as the default', async () => {
    const body = (await t.request('GET', '/api/chat/models', { token: user.token })).json() as {
      models: { id: string; pricing: { input_tokens: number } }[];
      default_model: string;
    };
    expect(body.default_model).toBe(MODEL);
    expect(body.models.map((m) => m.id)).toEqual([MODEL, 'builtin']);
    expect(body.models[0]!.pricing.input_tokens).toBe(0.15);
  });

  it('streams text deltas, a tool call and its result, usage updates, and costs every step in the ledger', async () => {
    llm.push(
      {
        content: 'Let me look that up.',
        toolCalls: [{ id: 'call_top', name: 'run_sql', arguments: { sql: TOP_SQL } }],
        usage: { prompt_tokens: 1200, completion_tokens: 40, cached_tokens: 200 },
        chunkSize: 4,
      },
      {
        content: 'Westminster has the most premises: **900**.',
        usage: { prompt_tokens: 1500, completion_tokens: 30 },
        chunkSize: 4,
      },
    );
    const response = await t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: {
        message: 'Which local authority has the most premises?',
        session_id: 'llm-1',
        model: 'gpt-4o-mini',
      },
    });
    expect(response.statusCode).toBe(200);
    const events = parseChatEvents(response.body);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe('typing_start');
    expect(types.slice(-3)).toEqual(['typing_end', 'message_complete', 'usage_update']);
    expect(types).toContain('tool_preparing');
    expect(types).toContain('tool_args_streaming');

    const deltas = eventsOf(events, 'text_delta').map((e) => e.delta);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe('Let me look that up.\n\nWestminster has the most premises: **900**.');

    const [call] = eventsOf(events, 'tool_call');
    expect(call).toMatchObject({
      tool_call_id: 'call_top',
      tool_name: 'run_sql',
      args: { sql: TOP_SQL },
      is_mcp: false,
    });
    const [result] = eventsOf(events, 'tool_result');
    expect(result).toMatchObject({ tool_call_id: 'call_top', tool_name: 'run_sql' });
    expect((result!.result as { rows: unknown[][] }).rows[0]).toEqual(['Westminster', 900]);

    // The model was given the catalog, the tools, and (second call) the tool's result.
    const first = llm.requests.at(-2)!;
    expect(JSON.stringify(first.messages[0])).toContain('upc_output');
    expect(first.tools?.map((tool) => tool.function.name)).toEqual(
      expect.arrayContaining(['run_sql', 'create_chart', 'create_map', 'la_stats', 'chart_catalog']),
    );
    expect(JSON.stringify(llm.requests.at(-1)!.messages)).toContain('Westminster');

    const price = findModel(MODEL)!;
    const step1 = costOf(price, {
      inputTokens: 1200,
      outputTokens: 40,
      cacheReadTokens: 200,
      cacheWriteTokens: 0,
      audioTokens: 0,
    });
    const step2 = costOf(price, {
      inputTokens: 1500,
      outputTokens: 30,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      audioTokens: 0,
    });
    expect(step1).toBeCloseTo((1000 * 0.15 + 200 * 0.075 + 40 * 0.6) / 1e6, 12);

    const updates = eventsOf(events, 'usage_update').map((e) => e.usage as NestedUsage);
    expect(updates.length).toBe(3);
    expect(updates[0]!.current_request.input_tokens).toBe(1200);
    const final = updates.at(-1)!;
    expect(final.current_request).toMatchObject({
      input_tokens: 2700,
      output_tokens: 70,
      cache_read_tokens: 200,
      total_tokens: 2770,
    });
    expect(final.current_request.cost_usd).toBeCloseTo(step1 + step2, 10);
    expect(final.session_cumulative.requests).toBe(1);
    expect(final.model).toBe(MODEL);
    expect(final.context_window).toBe(128_000);

    const message = eventsOf(events, 'message_complete')[0]!.message;
    const ledger = await t.db
      .selectFrom('llm_usage')
      .selectAll()
      .where('message_id', '=', message.id)
      .orderBy('created_at')
      .execute();
    expect(
      ledger.map((row) => [row.model, row.source, row.session_id, row.input_tokens, row.cache_read_tokens]),
    ).toEqual([
      [MODEL, 'chat', 'llm-1', 1200, 200],
      [MODEL, 'chat', 'llm-1', 1500, 0],
    ]);
    expect(Number(ledger[0]!.cost_usd)).toBeCloseTo(step1, 8);
    expect(Number(ledger[1]!.cost_usd)).toBeCloseTo(step2, 8);

    // The admin's usage report reads the same ledger.
    const usage = usageResponseSchema.parse(
      (await t.request('GET', `/api/users/${user.id}/usage`, { token: t.admin.token })).json(),
    );
    expect(usage.total_cost_usd).toBeCloseTo(step1 + step2, 6);
    expect(usage.monthly_breakdown[0]).toMatchObject({ message_count: 1, sessions_count: 1 });

    // A second message in the session sends the conversation so far and adds to the session's totals.
    llm.push({ content: 'Cardiff has the fewest.', usage: { prompt_tokens: 1800, completion_tokens: 10 } });
    const again = parseChatEvents(
      (
        await t.request('POST', '/api/chat/message/stream', {
          token: user.token,
          body: { message: 'And the fewest?', session_id: 'llm-1', model: MODEL },
        })
      ).body,
    );
    const sent = JSON.stringify(llm.requests.at(-1)!.messages);
    expect(sent).toContain('Which local authority has the most premises?');
    expect(sent).toContain('Westminster has the most premises');
    const cumulative = (eventsOf(again, 'usage_update').at(-1)!.usage as NestedUsage).session_cumulative;
    expect(cumulative.requests).toBe(2);
    expect(cumulative.input_tokens).toBe(2700 + 1800);
  });

  it('sends earlier turns back with their tool calls and results, not only their text', async () => {
    llm.push(
      { toolCalls: [{ id: 'call_first', name: 'run_sql', arguments: { sql: TOP_SQL } }] },
      { content: 'Westminster has the most premises.' },
      { content: 'Cardiff has the fewest of those.' },
    );
    const turn = (message: string) =>
      t.request('POST', '/api/chat/message/stream', {
        token: user.token,
        body: { message, session_id: 'llm-context', model: MODEL },
      });
    await turn('Which local authority has the most premises?');
    const before = llm.requests.length;
    await turn('which of those has the fewest?');
    expect(llm.requests.length).toBe(before + 1);
    const messages = llm.requests.at(-1)!.messages;
    // user, the earlier call, its result, the earlier text, then the new question.
    expect(messages.slice(1).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    const call = messages[2]!.tool_calls as { id: string; function: { name: string; arguments: string } }[];
    expect(call[0]).toMatchObject({ id: 'call_first', function: { name: 'run_sql' } });
    expect(JSON.parse(call[0]!.function.arguments)).toEqual({ sql: TOP_SQL });
    expect(messages[3]!.tool_call_id).toBe('call_first');
    // The earlier result itself, rows and all (each of the four places with its premises).
    const result = String(messages[3]!.content);
    for (const place of ['Westminster', 'Manchester', 'Leeds', 'Cardiff']) expect(result).toContain(place);
    expect(messages[4]!.content).toBe('Westminster has the most premises.');
    expect(messages[5]!.content).toBe('which of those has the fewest?');
  });

  it('sends a tool failure back to the model as the tool result', async () => {
    llm.push(
      {
        reasoning: 'The user wants a table dropped; I will try and see.',
        toolCalls: [{ id: 'call_bad', name: 'run_sql', arguments: { sql: 'DROP TABLE upc_output' } }],
      },
      { content: 'That query is not allowed.' },
    );
    const events = parseChatEvents(
      (
        await t.request('POST', '/api/chat/message/stream', {
          token: user.token,
          body: { message: 'Drop the table', session_id: 'llm-2', model: MODEL },
        })
      ).body,
    );
    expect(
      eventsOf(events, 'thinking_stream')
        .map((e) => e.delta)
        .join(''),
    ).toBe('The user wants a table dropped; I will try and see.');
    const [result] = eventsOf(events, 'tool_result');
    expect((result!.result as { error: string }).error).toMatch(/refused/);
    expect(JSON.stringify(llm.requests.at(-1)!.messages)).toContain('refused');
    expect(eventsOf(events, 'message_complete')[0]!.message.content).toBe('That query is not allowed.');
  });

  it('reports a provider failure as an error event and saves it', async () => {
    llm.push({ status: 500, error: 'upstream exploded' }, { status: 500, error: 'upstream exploded' });
    const events = parseChatEvents(
      (
        await t.request('POST', '/api/chat/message/stream', {
          token: user.token,
          body: { message: 'Hello?', session_id: 'llm-3', model: MODEL },
        })
      ).body,
    );
    expect(eventsOf(events, 'error')[0]!.message).toMatch(/upstream exploded/);
    expect(events.at(-1)?.type).toBe('usage_update');
    const history = chatHistorySchema.parse(
      (await t.request('GET', '/api/chat/history/llm-3', { token: user.token })).json(),
    );
    expect(history.messages.map((m) => m.type)).toEqual(['user', 'error']);
  });

  it('Stop aborts the model call and keeps the partial answer with its usage', async () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    llm.push({
      content: words,
      chunkSize: 6,
      delayMs: 20,
      usage: { prompt_tokens: 900, completion_tokens: 400 },
    });
    const controller = new AbortController();
    let deltas = 0;
    const streamed = await streamChat(
      baseUrl,
      user.token,
      { message: 'Write a long answer', session_id: 'llm-stop', model: MODEL },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === 'text_delta') {
            deltas += 1;
            if (deltas === 5) controller.abort();
          }
        },
      },
    );
    const partial = eventsOf(streamed.events, 'text_delta')
      .map((e) => e.delta)
      .join('');
    expect(partial.length).toBeGreaterThan(0);

    // The server notices the disconnect, aborts the model call and saves what it had. (While the answer streams,
    // checkpoints of it may already be there: wait for one holding all the client was sent.)
    const fetchHistory = async () =>
      chatHistorySchema.parse(
        (await t.request('GET', '/api/chat/history/llm-stop', { token: user.token })).json(),
      );
    let history = await fetchHistory();
    for (let i = 0; i < 50 && !history.messages[1]?.content.startsWith(partial); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      history = await fetchHistory();
    }
    const saved = history.messages[1]!;
    expect(saved.type).toBe('assistant');
    expect(saved.content.startsWith(partial)).toBe(true);
    expect(saved.content.length).toBeLessThan(words.length);
    const row = await t.db
      .selectFrom('chat_messages')
      .select('aborted')
      .where('id', '=', saved.id)
      .executeTakeFirst();
    expect(row?.aborted).toBe(true);
    // The provider never sent this step's usage, so it is estimated from the prompt and the text produced.
    const ledgerRows = () =>
      t.db.selectFrom('llm_usage').selectAll().where('message_id', '=', saved.id).execute();
    let ledger = await ledgerRows();
    for (let i = 0; i < 50 && ledger.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ledger = await ledgerRows();
    }
    expect(ledger).toHaveLength(1);
    expect(ledger[0]!.output_tokens).toBeGreaterThan(0);
    expect(ledger[0]!.input_tokens).toBeGreaterThan(0);
    expect(Number(ledger[0]!.cost_usd)).toBeGreaterThan(0);
  });

  it('refuses a user over budget before any model call, with a clear detail', async () => {
    const spender = await t.createUser();
    await t.db.updateTable('users').set({ monthly_budget_usd: 0.5 }).where('id', '=', spender.id).execute();
    await t.db
      .insertInto('llm_usage')
      .values({ user_id: spender.id, source: 'chat', model: MODEL, cost_usd: 0.75 })
      .execute();
    const calls = llm.requests.length;
    const response = await t.request('POST', '/api/chat/message/stream', {
      token: spender.token,
      body: { message: 'One more question', session_id: 'llm-budget', model: MODEL },
    });
    expect(response.statusCode).toBe(429);
    expect((response.json() as { detail: string }).detail).toMatch(/Monthly LLM budget of \$0\.50 reached/);
    expect(llm.requests.length).toBe(calls);
    // Nothing was saved, and the free built-in analyst is still allowed.
    expect(
      (await t.request('GET', '/api/chat/history/llm-budget', { token: spender.token })).statusCode,
    ).toBe(404);
    const builtin = await t.request('POST', '/api/chat/message/stream', {
      token: spender.token,
      body: { message: 'How many premises are there?', session_id: 'llm-budget', model: 'builtin' },
    });
    expect(builtin.statusCode).toBe(200);
  });
});
