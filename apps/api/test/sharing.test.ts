/**
 * Sharing (docs/product.md#sharing): a conversation's read-only link opens for any other signed-in user, never for
 * anonymous visitors, and ends when the conversation is deleted; an answer's link (its detail page) is read-only
 * for others.
 */
import { chatShareResponseSchema, queryDetailSchema, sharedConversationSchema } from '@qa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';

let warehouse: FixtureWarehouse;
beforeAll(async () => {
  warehouse = await createFixtureWarehouse();
});
afterAll(() => warehouse.close());

describe.each(testBackends())('sharing on $name', (backend) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(backend, { warehouse: async () => warehouse });
    owner = await t.createUser();
    other = await t.createUser();
  });
  afterAll(() => t.close());

  it('a shared conversation opens read-only for other signed-in users, and its link ends when it is deleted', async () => {
    const sessionId = `shared-${backend.name}`;
    const asked = await t.request('POST', '/api/chat/message', {
      token: owner.token,
      body: { message: 'Full fibre coverage in Leeds', session_id: sessionId, model: 'builtin' },
    });
    expect(asked.statusCode).toBe(200);

    // Only the owner can share it (anyone else: not found); sharing again gives the same link.
    expect((await t.request('POST', `/api/chat/sessions/${sessionId}/share`)).statusCode).toBe(401);
    expect(
      (await t.request('POST', `/api/chat/sessions/${sessionId}/share`, { token: other.token })).statusCode,
    ).toBe(404);
    const shared = chatShareResponseSchema.parse(
      (await t.request('POST', `/api/chat/sessions/${sessionId}/share`, { token: owner.token })).json(),
    );
    const again = chatShareResponseSchema.parse(
      (await t.request('POST', `/api/chat/sessions/${sessionId}/share`, { token: owner.token })).json(),
    );
    expect(again.share_id).toBe(shared.share_id);
    expect(shared.path).toBe(`/shared/conversations/${shared.share_id}`);

    const url = `/api/chat/shared/${shared.share_id}`;
    expect((await t.request('GET', url)).statusCode).toBe(401);
    for (const viewer of [owner, other, t.admin]) {
      const response = await t.request('GET', url, { token: viewer.token });
      expect(response.statusCode).toBe(200);
      const conversation = sharedConversationSchema.parse(response.json());
      expect(conversation.owner_email).toBe(owner.email);
      expect(conversation.messages.map((m) => m.type)).toEqual(['user', 'assistant']);
      expect(conversation.messages[0]?.content).toBe('Full fibre coverage in Leeds');
    }
    // The link gives no way into the conversation itself.
    expect(
      (await t.request('GET', `/api/chat/history/${sessionId}`, { token: other.token })).statusCode,
    ).toBe(404);

    expect(
      (await t.request('DELETE', `/api/chat/sessions/${sessionId}`, { token: owner.token })).statusCode,
    ).toBe(204);
    expect((await t.request('GET', url, { token: other.token })).statusCode).toBe(404);
    expect((await t.request('GET', '/api/chat/shared/unknown', { token: other.token })).statusCode).toBe(404);
  });

  it('an answer’s link is read-only for other signed-in users and closed to anonymous visitors', async () => {
    const asked = await t.request('POST', '/api/query', {
      token: owner.token,
      body: { prompt: 'Full fibre coverage in Leeds' },
    });
    const id = asked.json().id as string;
    expect((await t.request('GET', `/api/history/queries/${id}`)).statusCode).toBe(401);
    const seen = queryDetailSchema.parse(
      (await t.request('GET', `/api/history/queries/${id}`, { token: other.token })).json(),
    );
    expect(seen).toMatchObject({
      prompt: 'Full fibre coverage in Leeds',
      can_archive: false,
      can_choose: false,
      can_verify: false,
    });
  });
});
