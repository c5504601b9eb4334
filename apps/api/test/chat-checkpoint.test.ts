/**
 * Issue 24, finding 7: a streamed chat answer is written down while it streams, so a crash (kill -9) keeps what
 * the user was shown. A slow scripted model streams an answer; halfway, the database already holds the answer so
 * far, marked as cut short (what a crash would leave); at the end the same row holds the whole answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, testBackends } from './helpers/test-app.js';
import { createFixtureWarehouse, type FixtureWarehouse } from './support/fixture-warehouse.js';
import { type ScriptedModel, scriptedModel } from './support/scripted-model.js';

const SCRIPTED = 'scripted-checkpoint';
const ANSWER = `${'Westminster has the most premises. '.repeat(12)}That is all.`;

describe.each(testBackends())('chat answers checkpointed on $name', (backend) => {
  let t: TestApp;
  let warehouse: FixtureWarehouse;
  let scripted: ScriptedModel;
  let user: TestUser;

  beforeAll(async () => {
    warehouse = await createFixtureWarehouse();
    // About 90 deltas 40 ms apart: some 3.6 s of streaming.
    scripted = scriptedModel([], { chunkSize: 5, chunkDelayMs: 40 });
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

  const answers = (sessionId: string) =>
    t.db
      .selectFrom('chat_messages')
      .select(['id', 'content', 'aborted'])
      .where('session_id', '=', sessionId)
      .where('type', '=', 'assistant')
      .execute();

  it('keeps the answer so far in the database while it streams, and completes it in place', async () => {
    scripted.push({ text: ANSWER, usage: { input: 100, output: 80 } });
    const finished = t.request('POST', '/api/chat/message/stream', {
      token: user.token,
      body: { message: 'Which place has the most premises?', session_id: 'checkpointed', model: SCRIPTED },
    });

    let midway: Array<{ content: string; aborted: boolean }> = [];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      midway = await answers('checkpointed');
      if (midway[0] && midway[0].content.length > 20) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // What a crash at this moment would leave: part of the answer, marked as cut short.
    expect(midway).toHaveLength(1);
    expect(midway[0]!.aborted).toBe(true);
    expect(ANSWER.startsWith(midway[0]!.content)).toBe(true);
    expect(midway[0]!.content.length).toBeLessThan(ANSWER.length);

    expect((await finished).statusCode).toBe(200);
    const saved = await answers('checkpointed');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ content: ANSWER, aborted: false });
    const history = await t.request('GET', '/api/chat/history/checkpointed', { token: user.token });
    const messages = history.json().messages as Array<{ type: string; content: string }>;
    expect(messages.map((m) => m.type)).toEqual(['user', 'assistant']);
    expect(messages[1]!.content).toBe(ANSWER);
  });
});
