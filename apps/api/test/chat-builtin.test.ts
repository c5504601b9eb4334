/**
 * The chat with no key at all: the built-in analyst as the model runs the same loop and tools, draws charts and
 * maps, and its pages are served to their owner only.
 */
import {
  chartCatalogSchema,
  chatHistorySchema,
  chatMessageResponseSchema,
  chatModelsResponseSchema,
} from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHART_PAGE_CSP } from '../src/features/charts/chart-page.js';
import { eventsOf, parseChatEvents } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

describe.each(testBackends())('the built-in chat on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let user: TestUser;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    t = await createTestApp(backend, { warehouse: async () => warehouse });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  const ask = (message: string, sessionId: string, token = user.token) =>
    t.request('POST', '/api/chat/message/stream', {
      token,
      body: { message, session_id: sessionId, model: 'builtin' },
    });

  it('offers only the built-in analyst without keys, and makes it the default', async () => {
    const response = await t.request('GET', '/api/chat/models', { token: user.token });
    const body = chatModelsResponseSchema.parse(response.json());
    expect(body.models.map((m) => m.id)).toEqual(['builtin']);
    expect(body.default_model).toBe('builtin');
  });

  it('answers "full fibre coverage by region as a chart" with run_sql and create_chart, streamed', async () => {
    const response = await ask('Show me full fibre coverage by region as a chart', 'builtin-chart');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events = parseChatEvents(response.body);
    expect(events[0]?.type).toBe('typing_start');
    expect(events.at(-1)?.type).toBe('usage_update');
    const calls = eventsOf(events, 'tool_call');
    expect(calls.map((c) => c.tool_name)).toEqual(['run_sql', 'create_chart']);
    expect(calls.every((c) => c.is_mcp === false)).toBe(true);
    // Results come as the tools finish; each names its call.
    const results = ['run_sql', 'create_chart'].map(
      (name) => eventsOf(events, 'tool_result').find((r) => r.tool_name === name)!,
    );
    expect(results.map((r) => r.tool_call_id)).toEqual(calls.map((c) => c.tool_call_id));
    const sqlResult = results[0]!.result as { columns: string[]; rows: unknown[][] };
    expect(sqlResult.columns).toContain('government_region');
    expect(results[0]!.details.result_length).toBe(JSON.stringify(results[0]!.result).length);
    const chart = (results[1]!.result as { chart: { url: string; kind: string; title: string } }).chart;
    expect(chart.kind).toBe('chart');
    // Titled with the question as answered, not its words.
    expect(chart.title).toBe(
      'Share of premises by region where full fibre is available, November 2026 snapshot',
    );
    expect(chart.url).toMatch(/^\/api\/charts\/[\w-]{20,}\?token=\d+\.\d+\.[\w-]+\.[\w-]+$/);

    const text = eventsOf(events, 'text_delta')
      .map((e) => e.delta)
      .join('');
    expect(eventsOf(events, 'text_delta').length).toBeGreaterThan(3);
    // Every figure quoted comes from the result: London and the North West at 100%, Wales at 0%.
    expect(text).toContain('London');
    expect(text).toContain('100%');
    // The answer opens with the question it answered, generated from the analyst's plan.
    expect(text).toContain(
      '**Answered as:** Share of premises by region where full fibre is available, November 2026 snapshot',
    );
    const complete = eventsOf(events, 'message_complete')[0]!;
    expect(complete.message.content).toBe(text);
    expect(complete.message.type).toBe('assistant');
    const usage = eventsOf(events, 'usage_update').at(-1)!.usage as {
      current_request: { cost_usd: number; input_tokens: number };
    };
    expect(usage.current_request.cost_usd).toBe(0);
    expect(usage.current_request.input_tokens).toBeGreaterThan(0);

    // The page is the owner's: the signed link works, the bare URL, another user and a forged token do not.
    const page = await t.request('GET', chart.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CHART_PAGE_CSP);
    const script = /\/api\/charts\/assets\/chart-page-chart-[0-9a-f]{16}\.js/.exec(page.body)?.[0];
    expect(script).toBeTruthy();
    expect(page.body).toContain('"type":"bar"');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    const bare = chart.url.split('?')[0]!;
    expect((await t.request('GET', bare)).statusCode).toBe(404);
    expect((await t.request('GET', bare, { token: user.token })).statusCode).toBe(200);
    const other = await t.createUser();
    expect((await t.request('GET', bare, { token: other.token })).statusCode).toBe(404);
    const [expires, ...rest] = chart.url.split('token=')[1]!.split('.');
    expect(
      (await t.request('GET', `${bare}?token=${Number(expires) + 1}.${rest.join('.')}`)).statusCode,
    ).toBe(404);
    expect((await t.request('GET', `${bare}?token=1000.${rest.join('.')}`)).statusCode).toBe(404);
    const assets = await t.request('GET', script!);
    expect(assets.statusCode).toBe(200);
    expect(assets.headers['content-type']).toContain('javascript');
  });

  it('answers "Map altnet coverage by local authority" with run_sql and create_map', async () => {
    const response = await ask('Map altnet coverage by local authority', 'builtin-map');
    const events = parseChatEvents(response.body);
    const calls = eventsOf(events, 'tool_call');
    expect(calls.map((c) => c.tool_name)).toEqual(['run_sql', 'create_map']);
    expect(calls[1]!.args).toMatchObject({ area_column: 'la_name', value_column: 'coverage_pct' });
    const map = eventsOf(events, 'tool_result').find((r) => r.tool_name === 'create_map')!.result as {
      chart: { url: string; kind: string };
      places_matched: number;
    };
    expect(map.chart.kind).toBe('map');
    expect(map.places_matched).toBe(4);
    const page = await t.request('GET', map.chart.url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"kind":"map"');
    // Filled ONS boundaries (a choropleth), loaded from the boundary asset.
    expect(page.body).toContain('"type":"map"');
    expect(page.body).toMatch(/\/api\/charts\/assets\/boundaries-lad-[0-9a-f]{16}\.js/);
    expect(eventsOf(events, 'message_complete')[0]!.message.content).toContain('Leeds');
  });

  it('gives local authority statistics with a la_stats chart, and describes the data', async () => {
    const stats = parseChatEvents((await ask('Tell me about Leeds', 'builtin-la')).body);
    expect(eventsOf(stats, 'tool_call').map((c) => c.tool_name)).toEqual(['la_stats']);
    const result = eventsOf(stats, 'tool_result')[0]!.result as { chart: { kind: string }; premises: number };
    expect(result.chart.kind).toBe('la_stats');
    expect(result.premises).toBe(300);
    expect(eventsOf(stats, 'message_complete')[0]!.message.content).toContain('CityFibre');

    const about = parseChatEvents((await ask('What data do you have?', 'builtin-describe')).body);
    expect(eventsOf(about, 'tool_call').map((c) => c.tool_name)).toEqual(['describe_datasets']);
    expect(eventsOf(about, 'message_complete')[0]!.message.content).toContain('Availability');
  });

  it('restores the conversation from history, signed afresh, for its owner only', async () => {
    await ask('How many premises are there in each region?', 'builtin-history');
    const response = await t.request('GET', '/api/chat/history/builtin-history', { token: user.token });
    expect(response.statusCode).toBe(200);
    const history = chatHistorySchema.parse(response.json());
    expect(history.messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect(history.messages[0]!.content).toBe('How many premises are there in each region?');
    expect(history.messages[1]!.tool_calls?.[0]?.tool_name).toBe('run_sql');
    expect(history.usage?.requests).toBe(1);

    const chartHistory = chatHistorySchema.parse(
      (await t.request('GET', '/api/chat/history/builtin-chart', { token: user.token })).json(),
    );
    const url = (chartHistory.messages[1]!.tool_results![1]!.result as { chart: { url: string } }).chart.url;
    expect(url).toMatch(/\?token=/);
    expect((await t.request('GET', url)).statusCode).toBe(200);

    const other = await t.createUser();
    expect(
      (await t.request('GET', '/api/chat/history/builtin-history', { token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await t.request('GET', '/api/chat/history/no-such-session', { token: user.token })).statusCode,
    ).toBe(404);
    // Someone else's session id cannot be written to either.
    expect((await ask('hello', 'builtin-history', other.token)).statusCode).toBe(404);

    const sessions = (await t.request('GET', '/api/chat/sessions', { token: user.token })).json() as {
      sessions: { session_id: string; message_count: number }[];
    };
    expect(sessions.sessions.find((s) => s.session_id === 'builtin-history')?.message_count).toBe(2);
    const others = (await t.request('GET', '/api/chat/sessions', { token: other.token })).json() as {
      sessions: unknown[];
    };
    expect(others.sessions).toEqual([]);
  });

  it('follows the conversation: a regional map, "which of those", "the same for gigabit", on both endpoints', async () => {
    const whole = (message: string, sessionId: string) =>
      t.request('POST', '/api/chat/message', {
        token: user.token,
        body: { message, session_id: sessionId, model: 'builtin' },
      });
    const answerOf = (body: string) => eventsOf(parseChatEvents(body), 'message_complete')[0]!.message;

    const map = answerOf((await ask('Map altnet coverage by local authority', 'builtin-thread')).body);
    expect(map.tool_calls?.map((c) => c.tool_name)).toEqual(['run_sql', 'create_map']);
    // The plan is saved with the answer: a follow-up works on any server process and after a reload.
    const stored = await t.db
      .selectFrom('chat_messages')
      .select(['plan'])
      .where('session_id', '=', 'builtin-thread')
      .where('type', '=', 'assistant')
      .executeTakeFirstOrThrow();
    expect(stored.plan).toMatchObject({
      kind: 'query',
      plan: { measure: 'coverage_pct', dimension: 'la_name', subject: { altnet: true } },
      shown: expect.arrayContaining(['Leeds', 'Cardiff']),
    });

    // The second turn goes through the whole-answer endpoint: the context comes from the database.
    const lowest = chatMessageResponseSchema.parse(
      (await whole('which of those has the lowest coverage?', 'builtin-thread')).json(),
    ).message;
    const lowestSql = String((lowest.tool_calls![0]!.args as { sql: string }).sql);
    expect(lowestSql).toMatch(/ORDER BY coverage_pct ASC/i);
    expect(lowestSql).toMatch(/LIMIT 1\b/);
    const lowestRows = (lowest.tool_results![0]!.result as { rows: unknown[][] }).rows;
    expect(lowestRows).toHaveLength(1);
    // The altnet (CityFibre in Leeds, Hyperoptic in Westminster) is absent from Manchester and Cardiff.
    expect(['Manchester', 'Cardiff']).toContain(lowestRows[0]![0]);
    expect(lowest.content).toContain(
      '**Answered as:** Same as before, the lowest one — The local authority with the lowest share of premises where an altnet is present',
    );

    const gigabit = answerOf((await ask('now the same for gigabit', 'builtin-thread')).body);
    const gigabitRows = (gigabit.tool_results![0]!.result as { columns: string[]; rows: unknown[][] }).rows;
    // Gigabit (full fibre or cable) reaches Leeds, Manchester and Westminster; not Cardiff.
    expect(gigabitRows).toHaveLength(1);
    expect(gigabitRows[0]!.slice(0, 2)).toEqual(['Cardiff', 0]);
    expect(gigabit.content).toContain(
      '**Answered as:** Same as before, for gigabit-capable broadband — The local authority with the lowest share of premises where gigabit-capable broadband is available',
    );

    // "and in Cardiff?" after a question about Leeds asks the same question for Cardiff.
    await ask('Full fibre coverage in Leeds', 'builtin-place');
    const cardiff = answerOf((await ask('and in Cardiff?', 'builtin-place')).body);
    expect(cardiff.content).toContain(
      '**Answered as:** Same as before, for Cardiff — Share of premises in Cardiff where full fibre is available',
    );
    expect(String((cardiff.tool_calls![0]!.args as { sql: string }).sql)).toContain("'Cardiff'");
  });

  it('draws "show that as a line chart" over regions as bars, titled by the interpretation, and says why', async () => {
    await ask('Full fibre coverage by region', 'builtin-line');
    const events = parseChatEvents((await ask('show that as a line chart', 'builtin-line')).body);
    const drawn = eventsOf(events, 'tool_result').find((r) => r.tool_name === 'create_chart')!;
    const result = drawn.result as { chart_type: string; chart_type_note?: string; chart: { title: string } };
    expect(result.chart_type).toBe('bar');
    // The follow-up is titled with what the chart shows, not with how it followed ("Same as before, as a line chart").
    expect(result.chart.title).toBe(
      'Share of premises by region where full fibre is available, November 2026 snapshot',
    );
    const text = eventsOf(events, 'text_delta')
      .map((e) => e.delta)
      .join('');
    expect(text).toContain('A line chart joins points in time order, and regions have no order');
    // No preamble: nothing announces the query after its results have been shown.
    expect(text).not.toContain('I will query');
  });

  it('answers the older non-streaming endpoint with the whole reply', async () => {
    const response = await t.request('POST', '/api/chat/message', {
      token: user.token,
      body: { message: 'Plot full fibre premises over time', session_id: 'builtin-whole', model: 'builtin' },
    });
    expect(response.statusCode).toBe(200);
    const body = chatMessageResponseSchema.parse(response.json());
    expect(body.message.type).toBe('assistant');
    expect(body.message.tool_calls?.map((c) => c.tool_name)).toEqual(['run_sql', 'create_chart']);
    expect(body.message.tool_calls?.[1]?.args).toMatchObject({ chart_type: 'line' });
    expect(body.usage).toBeDefined();
    // The whole answer signs its chart link like the stream does, so the chart opens on first render.
    const chart = (body.message.tool_results![1]!.result as { chart: { url: string } }).chart;
    expect(chart.url).toMatch(/\?token=\d+\.\d+\.[\w-]+\.[\w-]+$/);
    expect((await t.request('GET', chart.url)).statusCode).toBe(200);
  });

  it('serves the chart catalog as JSON, CSV and a chart page', async () => {
    const catalog = chartCatalogSchema.parse(
      (await t.request('GET', '/api/charts/catalog', { token: user.token })).json(),
    );
    expect(catalog.charts['coverage/full-fibre-by-region']?.public_periods[0]).toBe('latest');
    expect(catalog.example_url).toBe(
      '/api/charts/catalog/coverage/full-fibre-by-region?period=latest&format=json',
    );
    const json = await t.request('GET', catalog.example_url, { token: user.token });
    expect(json.statusCode).toBe(200);
    expect((json.json() as { columns: string[] }).columns).toEqual(['government_region', 'full_fibre_pct']);
    const csv = await t.request(
      'GET',
      '/api/charts/catalog/take-up/lines-by-technology?period=4q&format=csv',
      {
        token: user.token,
      },
    );
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('"quarter","tech","lines"');
    const html = await t.request(
      'GET',
      '/api/charts/catalog/coverage/full-fibre-trend?period=12m&format=html',
      {
        token: user.token,
      },
    );
    expect(html.statusCode).toBe(302);
    expect((await t.request('GET', html.headers.location as string)).statusCode).toBe(200);
    // Asked again, the same chart is drawn, not one more stored (it was stored on every call).
    const countCharts = async () =>
      Number(
        (
          await t.db
            .selectFrom('charts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countCharts();
    for (let i = 0; i < 5; i++) {
      const again = await t.request(
        'GET',
        '/api/charts/catalog/coverage/full-fibre-trend?period=12m&format=html',
        {
          token: user.token,
        },
      );
      expect(String(again.headers.location).split('?')[0]).toBe(String(html.headers.location).split('?')[0]);
    }
    expect(await countCharts()).toBe(before);
    expect(
      (await t.request('GET', '/api/charts/catalog/no/such?format=json', { token: user.token })).statusCode,
    ).toBe(404);
    expect((await t.request('GET', '/api/charts/catalog')).statusCode).toBe(401);
  });

  it('refuses a bad request before streaming', async () => {
    const empty = await t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: { message: '   ', session_id: 's' },
    });
    expect(empty.statusCode).toBe(422);
    const unknown = await t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: { message: 'hi', session_id: 's', model: 'no-such-model' },
    });
    expect(unknown.statusCode).toBe(422);
    expect((await t.request('POST', '/api/chat/message/stream', { body: { message: 'x' } })).statusCode).toBe(
      401,
    );
  });
});
