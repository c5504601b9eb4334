import { type LiveFeedMessage, liveFeedMessageSchema, queryResultSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testBackends } from './helpers/test-app.js';
import { connectSocket, type OpenSocket, waitFor } from './helpers/websocket.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

type Feed = OpenSocket<LiveFeedMessage>;
const connect = (url: string, protocols?: string[]): Promise<Feed> =>
  connectSocket(url, (m) => liveFeedMessageSchema.parse(m), protocols);

const PING_MS = 100;
/** A ping proves the server has authenticated the socket and subscribed it. */
const subscribed = (feed: Feed) => waitFor(() => feed.messages.find((m) => m.message === 'ping'));
const withoutPings = (feed: Feed) => feed.messages.filter((m) => m.message !== 'ping');

let warehouse: FixtureWarehouse;
beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
});
afterAll(() => warehouse.close());

describe.each(testBackends())('/api/ws/progress on $name', (backend) => {
  let t: TestApp;
  let wsBase: string;
  beforeAll(async () => {
    t = await createTestApp(backend, {
      warehouse: async () => warehouse,
      overrides: { progressPingMs: PING_MS },
    });
    wsBase = `${(await t.listen()).replace('http', 'ws')}/api/ws/progress`;
  });
  afterAll(() => t.close());

  it('streams the stages of a query to the asking tab only, with keep-alive pings', async () => {
    const asker = await t.createUser();
    const someoneElse = await t.createUser();
    const tab = await connect(`${wsBase}?channel=tab-a`, ['bearer', asker.token]);
    const otherTab = await connect(`${wsBase}?channel=tab-b`, ['bearer', asker.token]);
    // Another user who guessed the channel id.
    const eavesdropper = await connect(`${wsBase}?channel=tab-a`, ['bearer', someoneElse.token]);
    await Promise.all([tab, otherTab, eavesdropper].map(subscribed));

    const response = await t.request('POST', '/api/query/v2', {
      token: asker.token,
      body: {
        prompt: 'Which local authorities gained the most full fibre premises in the last 6 months?',
        progress_channel: 'tab-a',
      },
    });
    const result = queryResultSchema.parse(response.json());

    const done = await waitFor(() => tab.messages.find((m) => m.message === 'Analysis complete'));
    const stages = withoutPings(tab);
    expect(stages[0]?.message).toBe('Classifying question...');
    expect(stages.map((m) => m.message)).toContain(`Executing SQL query: ${result.sql_query}`);
    expect(stages.map((m) => m.message)).toContain('Query executed successfully');
    for (const message of stages) {
      expect(message.query_id).toBe(result.id);
      expect(message.stage).toBeTruthy();
      expect(Number.isNaN(Date.parse(message.timestamp ?? ''))).toBe(false);
    }
    expect(done.stage).toBe('complete');

    // The saved progress log is the same sequence.
    const saved = await t.db
      .selectFrom('queries')
      .select('progress_log')
      .where('id', '=', result.id!)
      .executeTakeFirstOrThrow();
    expect(saved.progress_log.map((p) => p.message)).toEqual(stages.map((m) => m.message));

    await new Promise((resolve) => setTimeout(resolve, PING_MS * 2));
    expect(withoutPings(otherTab)).toEqual([]);
    expect(withoutPings(eavesdropper)).toEqual([]);
    expect(eavesdropper.messages.filter((m) => m.message === 'ping').length).toBeGreaterThan(0);
    for (const feed of [tab, otherTab, eavesdropper]) feed.socket.close();
  });

  it('closes unauthenticated sockets with 4401 and sockets without a channel with 1008', async () => {
    const anonymous = await connect(`${wsBase}?channel=x`, ['bearer', 'not-a-token']);
    expect((await anonymous.closed).code).toBe(4401);
    expect(anonymous.messages).toEqual([]);
    const user = await t.createUser();
    const noChannel = await connect(wsBase, ['bearer', user.token]);
    expect((await noChannel.closed).code).toBe(1008);
  });
});
