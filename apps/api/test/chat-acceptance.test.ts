/**
 * Acceptance 1 without a browser: on the small generated warehouse (real SQL guard, real catalog), with no key,
 * the built-in chat answers the two acceptance questions with a chart and a map whose pages load, and the
 * conversation comes back from history.
 */
import { chatHistorySchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosableAgentWarehouse } from '../src/analyst/agent/warehouse-adapter.js';
import { eventsOf, parseChatEvents } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser } from './helpers/test-app.js';
import { openSmallWarehouse } from './support/small-warehouse.js';

describe('the chat on the small generated warehouse, with no key', () => {
  let t: TestApp;
  let warehouse: ClosableAgentWarehouse;
  let user: TestUser;

  beforeAll(async () => {
    warehouse = await openSmallWarehouse();
    t = await createTestApp({ name: 'pglite' }, { warehouse: async () => warehouse });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    await warehouse.close();
  });

  const resultOf = (events: ReturnType<typeof parseChatEvents>, tool: string) =>
    eventsOf(events, 'tool_result').find((r) => r.tool_name === tool)?.result as Record<string, unknown>;

  const ask = async (message: string) => {
    const response = await t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: { message, session_id: 'acceptance' },
    });
    expect(response.statusCode).toBe(200);
    return parseChatEvents(response.body);
  };

  it('draws full fibre coverage by region as a chart', async () => {
    const events = await ask('Show me full fibre coverage by region as a chart');
    expect(eventsOf(events, 'tool_call').map((c) => c.tool_name)).toEqual(['run_sql', 'create_chart']);
    const sql = resultOf(events, 'run_sql');
    const chart = resultOf(events, 'create_chart');
    expect(sql!.error).toBeUndefined();
    expect(sql!.row_count).toBe(12);
    expect(chart!.error).toBeUndefined();
    expect(chart!.categories).toBe(12);
    const page = await t.request('GET', (chart!.chart as { url: string }).url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('London');
    expect(eventsOf(events, 'error')).toEqual([]);
  });

  it('maps altnet coverage by local authority', async () => {
    const events = await ask('Map altnet coverage by local authority');
    expect(eventsOf(events, 'tool_call').map((c) => c.tool_name)).toEqual(['run_sql', 'create_map']);
    const sql = resultOf(events, 'run_sql');
    const map = resultOf(events, 'create_map');
    expect(sql!.error).toBeUndefined();
    expect(map!.error).toBeUndefined();
    // One row per authority becomes a choropleth of the authorities' boundaries, not a cloud of dots.
    expect(map!.mapped_by).toBe('la_name');
    expect(map!.places_matched).toBeGreaterThan(300);
    expect(map!.areas_drawn).toBeGreaterThanOrEqual(map!.places_matched as number);
    expect(map!.dots).toBeUndefined();
    const page = await t.request('GET', (map!.chart as { url: string }).url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"kind":"map"');
    // The model saw 100 of the 361 rows; the answer says so instead of claiming the query was cut, and names the
    // map's measure in words, not its column.
    const text = eventsOf(events, 'text_delta')
      .map((e) => e.delta)
      .join('');
    expect(text).not.toContain('cut at the row limit');
    expect(text).toMatch(
      /read from the first 100 of 3\d\d rows, in the query's order; the map draws every row/,
    );
    expect(text).toContain('colours each place by “Altnet coverage”');
    expect(text).not.toContain('coverage pct');
  });

  it('restores the conversation', async () => {
    const history = chatHistorySchema.parse(
      (await t.request('GET', '/api/chat/history/acceptance', { token: user.token })).json(),
    );
    expect(history.messages.map((m) => m.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(history.messages[3]!.tool_calls?.map((c) => c.tool_name)).toEqual(['run_sql', 'create_map']);
  });
});
