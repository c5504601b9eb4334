/**
 * "Did you mean" in the chat: a message with `alternative` asks a reading offered under the conversation's latest
 * answer, whole or streamed, answered by the built-in analyst from the stored plan. The alternatives are written
 * into the stored answer here (plans made by hand), so these tests do not depend on which questions the reader
 * finds ambiguous.
 */
import { chatHistorySchema, chatMessageResponseSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../src/analyst/semantic/plan.js';
import { ALTERNATIVE_NOT_FOUND } from '../src/features/chat/reading-choice.js';
import { eventsOf, parseChatEvents } from './helpers/chat-events.js';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

const QUESTION = 'full fibre coverage in CF';
const CF_AREA: Plan = {
  dataset: 'upc',
  measure: 'coverage_pct',
  subject: { tech: 'fttponly' },
  geo: { column: 'postcode_area', values: ['CF'] },
  time: {},
  notes: [],
  unknowns: [],
  assumptions: [],
};
const CF_AREA_SENTENCE = 'Full fibre coverage in the CF postcode area';

describe.each(testBackends())('"Did you mean" in the chat on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let user: TestUser;
  let session = 0;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    t = await createTestApp(backend, { warehouse: async () => warehouse });
    user = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  const send = (body: Record<string, unknown>, stream = false, token = user.token) =>
    t.request('POST', stream ? '/api/chat/message/stream' : '/api/chat/message', { token, body });

  /** A conversation whose first answer offers the Cardiff postcode area as another reading of "CF". */
  async function askedWithAlternative(): Promise<string> {
    session += 1;
    const sessionId = `alt-${backend.name}-${session}`;
    const response = await send({ message: QUESTION, session_id: sessionId, model: 'builtin' });
    expect(response.statusCode).toBe(200);
    const answer = await t.db
      .selectFrom('chat_messages')
      .select(['id', 'plan'])
      .where('session_id', '=', sessionId)
      .where('type', '=', 'assistant')
      .executeTakeFirstOrThrow();
    expect(answer.plan).toMatchObject({ kind: 'query', question: QUESTION });
    await t.db
      .updateTable('chat_messages')
      .set({
        plan: JSON.stringify({
          ...answer.plan,
          alternatives: [{ interpretation: CF_AREA_SENTENCE, plan: CF_AREA }],
        }),
      })
      .where('id', '=', answer.id)
      .execute();
    return sessionId;
  }

  it('offers the reader’s other readings under a built-in answer, whole and streamed', async () => {
    for (const stream of [false, true]) {
      const response = await send(
        { message: QUESTION, session_id: `alt-${backend.name}-fresh-${stream}`, model: 'builtin' },
        stream,
      );
      const message = stream
        ? eventsOf(parseChatEvents(response.body), 'message_complete')[0]?.message
        : chatMessageResponseSchema.parse(response.json()).message;
      expect(message?.content).toContain('CityFibre');
      expect(message?.alternatives?.map((a) => a.interpretation)).toContainEqual(
        expect.stringContaining('CF postcode area'),
      );
    }
  });

  it('shows the alternatives of an answer in the history, without their plans', async () => {
    const sessionId = await askedWithAlternative();
    const history = chatHistorySchema.parse(
      (await t.request('GET', `/api/chat/history/${sessionId}`, { token: user.token })).json(),
    );
    expect(history.messages.map((m) => [m.type, m.alternatives])).toEqual([
      ['user', undefined],
      ['assistant', [{ interpretation: CF_AREA_SENTENCE }]],
    ]);
  });

  it('answers a chosen reading whole, from its plan, and offers the reading it replaced', async () => {
    const sessionId = await askedWithAlternative();
    const before = await t.db
      .selectFrom('chat_messages')
      .select('plan')
      .where('session_id', '=', sessionId)
      .where('type', '=', 'assistant')
      .executeTakeFirstOrThrow();
    // Whichever model the conversation uses (here one that is not even configured), the built-in analyst answers.
    const response = await send({
      message: CF_AREA_SENTENCE,
      session_id: sessionId,
      alternative: 0,
      model: 'claude-haiku-4-5',
    });
    expect(response.statusCode).toBe(200);
    const { message } = chatMessageResponseSchema.parse(response.json());
    expect(message.model).toBe('builtin');
    expect(message.content).toMatch(/\*\*Answered as:\*\* .*CF/);
    const sql = (message.tool_calls?.[0]?.args as { sql?: string } | undefined)?.sql;
    expect(sql).toContain("postcode_area IN ('CF')");
    expect(message.alternatives).toHaveLength(1);
    expect(message.alternatives?.[0]?.interpretation).toContain('CityFibre');

    // The conversation shows the choice as the user's message; the new answer keeps the replaced plan.
    const history = chatHistorySchema.parse(
      (await t.request('GET', `/api/chat/history/${sessionId}`, { token: user.token })).json(),
    );
    expect(history.messages.map((m) => m.type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(history.messages[2]?.content).toBe(CF_AREA_SENTENCE);
    expect(history.messages[3]?.alternatives).toEqual(message.alternatives);
    const latest = await t.db
      .selectFrom('chat_messages')
      .select('plan')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    const stored = latest.plan as { question: string; alternatives: { plan: unknown }[] };
    expect(stored.question).toBe(QUESTION);
    expect(stored.alternatives[0]?.plan).toEqual((before.plan as { plan: unknown }).plan);
  });

  it('answers a chosen reading streamed, and can choose the replaced reading back', async () => {
    const sessionId = await askedWithAlternative();
    const first = await send({ message: CF_AREA_SENTENCE, session_id: sessionId, alternative: 0 }, true);
    expect(first.statusCode).toBe(200);
    const events = parseChatEvents(first.body);
    expect(eventsOf(events, 'tool_call').map((c) => c.tool_name)).toEqual(['run_sql']);
    const complete = eventsOf(events, 'message_complete')[0]?.message;
    expect(complete?.content).toMatch(/\*\*Answered as:\*\* .*CF/);
    const replaced = complete?.alternatives?.[0]?.interpretation ?? '';
    expect(replaced).toContain('CityFibre');

    const back = await send({ message: replaced, session_id: sessionId, alternative: 0 }, true);
    const again = eventsOf(parseChatEvents(back.body), 'message_complete')[0]?.message;
    expect(again?.content).toContain(`**Answered as:** ${replaced}`);
    expect(again?.alternatives?.[0]?.interpretation).toMatch(/CF/);
  });

  it('refuses, before the stream, a reading not offered, a conversation not theirs, and a choice that edits', async () => {
    const sessionId = await askedWithAlternative();
    const missing = await send({ message: 'x', session_id: sessionId, alternative: 3 }, true);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: ALTERNATIVE_NOT_FOUND });
    const other = await t.createUser();
    const notTheirs = await send({ message: 'x', session_id: sessionId, alternative: 0 }, true, other.token);
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ detail: 'Chat session not found' });
    const unknown = await send({ message: 'x', session_id: 'alt-no-such-session', alternative: 0 });
    expect(unknown.statusCode).toBe(404);
    expect(
      await t.db.selectFrom('chat_sessions').select('id').where('id', '=', 'alt-no-such-session').execute(),
    ).toEqual([]);
    const edit = await send({ message: 'x', session_id: sessionId, alternative: 0, replace_from: 0 });
    expect(edit.statusCode).toBe(422);
    expect(edit.json()).toEqual({ detail: 'alternative: cannot be combined with replace_from' });
    const negative = await send({ message: 'x', session_id: sessionId, alternative: -1 });
    expect(negative.statusCode).toBe(422);
    // Nothing was added to the conversation.
    const count = await t.db
      .selectFrom('chat_messages')
      .select('id')
      .where('session_id', '=', sessionId)
      .execute();
    expect(count).toHaveLength(2);
  });
});
