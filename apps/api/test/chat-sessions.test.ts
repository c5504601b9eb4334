/**
 * Managing conversations: rename, delete, full-text search over titles and messages, and replacing a question
 * (regenerate, edit-and-resend), each for the owner only.
 */
import { chatHistorySchema, chatSessionSummarySchema, chatSessionsResponseSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

describe.each(testBackends())('managing conversations on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    t = await createTestApp(backend, { warehouse: async () => warehouse });
    user = await t.createUser();
    other = await t.createUser();
  });
  afterAll(async () => {
    await t.close();
    warehouse.close();
  });

  const ask = async (message: string, sessionId: string, extra: Record<string, unknown> = {}) => {
    const response = await t.request('POST', '/api/chat/message', {
      token: user.token,
      body: { message, session_id: sessionId, model: 'builtin', ...extra },
    });
    return response;
  };
  const sessions = async (token: string, q?: string) => {
    const response = await t.request(
      'GET',
      `/api/chat/sessions${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`,
      { token },
    );
    expect(response.statusCode).toBe(200);
    return chatSessionsResponseSchema.parse(response.json()).sessions;
  };
  const history = async (sessionId: string) =>
    chatHistorySchema.parse(
      (await t.request('GET', `/api/chat/history/${sessionId}`, { token: user.token })).json(),
    );

  it('renames a conversation for its owner; others get 404 and an empty title is a 422', async () => {
    expect((await ask('Tell me about Leeds', 'rename-me')).statusCode).toBe(200);
    const renamed = await t.request('PATCH', '/api/chat/sessions/rename-me', {
      token: user.token,
      body: { title: '  Leeds notes  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(chatSessionSummarySchema.parse(renamed.json())).toMatchObject({
      session_id: 'rename-me',
      title: 'Leeds notes',
      message_count: 2,
    });
    expect((await sessions(user.token)).find((s) => s.session_id === 'rename-me')?.title).toBe('Leeds notes');

    const stolen = await t.request('PATCH', '/api/chat/sessions/rename-me', {
      token: other.token,
      body: { title: 'Mine now' },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: 'Chat session not found' });
    const empty = await t.request('PATCH', '/api/chat/sessions/rename-me', {
      token: user.token,
      body: { title: '   ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(
      (await t.request('PATCH', '/api/chat/sessions/rename-me', { body: { title: 'x' } })).statusCode,
    ).toBe(401);
    expect((await sessions(user.token)).find((s) => s.session_id === 'rename-me')?.title).toBe('Leeds notes');
  });

  it('deletes a conversation with its messages and charts; others cannot', async () => {
    expect((await ask('Show me full fibre coverage by region as a chart', 'delete-me')).statusCode).toBe(200);
    const chartCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('charts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('session_id', '=', 'delete-me')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await chartCount()).toBe(1);
    expect(
      (await t.request('DELETE', '/api/chat/sessions/delete-me', { token: other.token })).statusCode,
    ).toBe(404);
    expect((await sessions(user.token)).map((s) => s.session_id)).toContain('delete-me');

    const deleted = await t.request('DELETE', '/api/chat/sessions/delete-me', { token: user.token });
    expect(deleted.statusCode).toBe(204);
    expect((await sessions(user.token)).map((s) => s.session_id)).not.toContain('delete-me');
    expect((await t.request('GET', '/api/chat/history/delete-me', { token: user.token })).statusCode).toBe(
      404,
    );
    expect(await chartCount()).toBe(0);
    const messages = await t.db
      .selectFrom('chat_messages')
      .select('id')
      .where('session_id', '=', 'delete-me')
      .execute();
    expect(messages).toEqual([]);
    expect(
      (await t.request('DELETE', '/api/chat/sessions/delete-me', { token: user.token })).statusCode,
    ).toBe(404);
  });

  it('searches past conversations by the words of their messages, stemmed, for the owner only', async () => {
    expect((await ask('How many premises are there in each region?', 'search-premises')).statusCode).toBe(
      200,
    );
    expect((await ask('Map altnet coverage by local authority', 'search-altnet')).statusCode).toBe(200);

    const premises = await sessions(user.token, 'premise');
    expect(premises.map((s) => s.session_id)).toContain('search-premises');
    const altnet = (await sessions(user.token, 'altnets')).map((s) => s.session_id);
    expect(altnet).toContain('search-altnet');
    expect(altnet).not.toContain('search-premises');
    expect(premises.find((s) => s.session_id === 'search-premises')?.snippet).toMatch(/premises/i);
    // A word only in the answer finds the conversation too.
    const answer = (await history('search-altnet')).messages[1]!.content;
    expect(answer).toMatch(/Leeds/);
    expect((await sessions(user.token, 'leeds')).map((s) => s.session_id)).toContain('search-altnet');
    // The title (renamed above) is searched as well.
    expect((await sessions(user.token, 'notes')).map((s) => s.session_id)).toEqual(['rename-me']);
    // Another user's search never sees these conversations.
    expect(await sessions(other.token, 'premises')).toEqual([]);
    // Odd input is no syntax error; an empty query lists everything.
    expect(await sessions(user.token, '"unclosed & (')).toEqual([]);
    expect((await sessions(user.token, '')).length).toBeGreaterThanOrEqual(3);
  });

  it('regenerates the last answer and edits an earlier question, replacing what followed', async () => {
    expect((await ask('Tell me about Leeds', 'replace-me')).statusCode).toBe(200);
    expect((await ask('What data do you have?', 'replace-me')).statusCode).toBe(200);
    const before = await history('replace-me');
    expect(before.messages.map((m) => m.type)).toEqual(['user', 'assistant', 'user', 'assistant']);

    // Regenerate: the last question again, replacing itself and its answer.
    const again = await ask('What data do you have?', 'replace-me', { replace_from: 1 });
    expect(again.statusCode).toBe(200);
    const regenerated = await history('replace-me');
    expect(regenerated.messages.map((m) => m.content.slice(0, 20))).toHaveLength(4);
    expect(regenerated.messages[3]!.id).not.toBe(before.messages[3]!.id);
    expect(regenerated.messages[2]!.content).toBe('What data do you have?');

    // Edit the first question and resend: everything after it goes.
    const edited = await ask('Map altnet coverage by local authority', 'replace-me', { replace_from: 0 });
    expect(edited.statusCode).toBe(200);
    const after = await history('replace-me');
    expect(after.messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect(after.messages[0]!.content).toBe('Map altnet coverage by local authority');
    expect((await sessions(user.token)).find((s) => s.session_id === 'replace-me')?.title).toBe(
      'Map altnet coverage by local authority',
    );
    expect(after.messages[1]!.tool_calls?.map((c) => c.tool_name)).toEqual(['run_sql', 'create_map']);

    // No such question: 404, nothing changed. Someone else's conversation: 404 before anything runs.
    const missing = await ask('Hello', 'replace-me', { replace_from: 5 });
    expect(missing.statusCode).toBe(404);
    expect((await history('replace-me')).messages).toHaveLength(2);
    const foreign = await t.request('POST', '/api/chat/message/stream', {
      token: other.token,
      body: { message: 'hi', session_id: 'replace-me', model: 'builtin', replace_from: 0 },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await history('replace-me')).messages).toHaveLength(2);
  });
});
